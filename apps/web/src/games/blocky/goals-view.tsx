import { type BlockyState, PENALTY } from "@blockarcade/engine/games/blocky";
import type { ComponentChildren } from "preact";
import { useColourBlind } from "../../shell/look";
import { fills } from "./colours";
import { t } from "./messages";
import { Swatch } from "./swatch";
import { goalSentence, kindText } from "./words";

export function GoalsView({
  game,
  onStart,
  ranked,
}: {
  game: BlockyState;
  onStart: () => void;
  /** Whether the game is ranked, said before it starts. */
  ranked: ComponentChildren;
}) {
  const fill = fills(useColourBlind("blocky"));
  return (
    <main class="blocky-goals">
      <h1 class="blocky-visually-hidden">{t("title")}</h1>
      <h2>{t("yourGoals")}</h2>
      {ranked}
      <p class="blocky-lede">
        {t("goalsLede", {
          smash: PENALTY.smash,
          paint: PENALTY.paint,
          combine: PENALTY.combine,
          turns: game.turns,
        })}
      </p>
      <ul class="blocky-goal-cards">
        {game.players.map((p, i) => (
          <li key={i} class="blocky-goal-card" style={{ borderColor: fill[p.goal.colour] }}>
            <Swatch colour={p.goal.colour} big />
            <div>
              <strong>{t("playerKind", { n: i + 1, kind: kindText(p) })}</strong>
              <p>{goalSentence(p.goal)}</p>
            </div>
          </li>
        ))}
      </ul>
      <button type="button" class="button primary" onClick={onStart}>
        {t("startPlaying")}
      </button>
    </main>
  );
}
