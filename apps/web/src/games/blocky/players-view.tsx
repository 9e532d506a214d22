/** The status line over the board and the list of players with goals and scores. */
import type { BlockyState, Player } from "@blockarcade/engine/games/blocky";
import { t } from "./messages";
import { Swatch } from "./swatch";
import { goalShort, kindText } from "./words";

export function StatusLine({ game }: { game: BlockyState }) {
  const current = game.players[game.current] as Player;
  // On a phone the kind and score (shown in the score strip) are hidden: the line stays two rows.
  return (
    <p class="blocky-status" aria-live="polite">
      {game.over ? (
        t("gameOver")
      ) : (
        <>
          <Swatch colour={current.goal.colour} />
          {t("turnOf", { turn: game.turn + 1, turns: game.turns, n: game.current + 1 })}
          <span class="blocky-status-extra">
            {t("statusScore", { kind: kindText(current), score: current.score })}
          </span>{" "}
          · <span class="blocky-status-extra">{t("goalColon")}</span>
          {goalShort(current.goal)}
        </>
      )}
    </p>
  );
}

export function PlayersView({ game }: { game: BlockyState }) {
  return (
    <ol class="blocky-players" aria-label={t("players")}>
      {game.players.map((p, i) => {
        const current = !game.over && i === game.current;
        return (
          <li key={i} class={current ? "is-current" : ""} aria-current={current ? "true" : undefined}>
            <Swatch colour={p.goal.colour} />
            <span class="blocky-player-name">
              {t("playerN", { n: i + 1 })} <small>({kindText(p)})</small>
            </span>
            <span class="blocky-player-goal">{goalShort(p.goal)}</span>
            <span class="blocky-player-score">
              {p.score} <small>{t("points")}</small>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
