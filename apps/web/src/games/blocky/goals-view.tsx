/** The goals page: every player's goal before play starts, and the scoring rule in one line. */
import { GAME_INFO } from "@blockarcade/engine/core";
import { type BlockyState, PENALTY } from "@blockarcade/engine/games/blocky";
import type { ComponentChildren } from "preact";
import { useColourBlind } from "../../shell/look";
import { fills } from "./colours";
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
      <h1 class="blocky-visually-hidden">{GAME_INFO.blocky.title}</h1>
      <h2>Your goals</h2>
      {ranked}
      <p class="blocky-lede">
        Score = goal points - penalties (smash {PENALTY.smash}, paint {PENALTY.paint}, combine{" "}
        {PENALTY.combine}). {game.turns} turns; every player moves once a turn.
      </p>
      <ul class="blocky-goal-cards">
        {game.players.map((p, i) => (
          <li key={i} class="blocky-goal-card" style={{ borderColor: fill[p.goal.colour] }}>
            <Swatch colour={p.goal.colour} big />
            <div>
              <strong>
                Player {i + 1} ({kindText(p)})
              </strong>
              <p>{goalSentence(p.goal)}</p>
            </div>
          </li>
        ))}
      </ul>
      <button type="button" class="button primary" onClick={onStart}>
        Start playing
      </button>
    </main>
  );
}
