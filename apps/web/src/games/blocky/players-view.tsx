/** The status line over the board and the list of players with goals and scores. */
import type { BlockyState, Player } from "@blockarcade/engine/games/blocky";
import { FILL } from "./board-view";
import { goalShort, kindText } from "./words";

export function StatusLine({ game }: { game: BlockyState }) {
  const current = game.players[game.current] as Player;
  const text = game.over
    ? "Game over"
    : `Turn ${game.turn + 1} of ${game.turns} · Player ${game.current + 1} (${kindText(current)}) · Score ${current.score} · Goal: ${goalShort(current.goal)}`;
  return (
    <p class="blocky-status" aria-live="polite">
      {!game.over && (
        <span class="blocky-swatch" style={{ background: FILL[current.goal.colour] }} aria-hidden="true" />
      )}
      {text}
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
            <span class="blocky-swatch" style={{ background: FILL[p.goal.colour] }} aria-hidden="true" />
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
