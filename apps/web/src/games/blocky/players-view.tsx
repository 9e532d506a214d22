/** The status line over the board and the list of players with goals and scores. */
import type { BlockyState, Player } from "@blockarcade/engine/games/blocky";
import { Swatch } from "./swatch";
import { goalShort, kindText } from "./words";

export function StatusLine({ game }: { game: BlockyState }) {
  const current = game.players[game.current] as Player;
  // On a phone the kind and score (shown in the score strip) are hidden: the line stays two rows.
  return (
    <p class="blocky-status" aria-live="polite">
      {game.over ? (
        "Game over"
      ) : (
        <>
          <Swatch colour={current.goal.colour} />
          Turn {game.turn + 1} of {game.turns} · Player {game.current + 1}
          <span class="blocky-status-extra">
            {" "}
            ({kindText(current)}) · Score {current.score}
          </span>{" "}
          · <span class="blocky-status-extra">Goal: </span>
          {goalShort(current.goal)}
        </>
      )}
    </p>
  );
}

export function PlayersView({ game }: { game: BlockyState }) {
  return (
    <ol class="blocky-players" aria-label="Players">
      {game.players.map((p, i) => {
        const current = !game.over && i === game.current;
        return (
          <li key={i} class={current ? "is-current" : ""} aria-current={current ? "true" : undefined}>
            <Swatch colour={p.goal.colour} />
            <span class="blocky-player-name">
              Player {i + 1} <small>({kindText(p)})</small>
            </span>
            <span class="blocky-player-goal">{goalShort(p.goal)}</span>
            <span class="blocky-player-score">
              {p.score} <small>points</small>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
