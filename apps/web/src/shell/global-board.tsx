/**
 * A game's global leaderboard (GET /api/leaderboards/:game): the top 10 for one config, with its
 * loading, offline and empty states. The local boards never wait on it.
 */
import { useEffect, useState } from "preact/hooks";
import { type ApiResult, type Board, fetchBoard } from "./leaderboard";

export interface GlobalBoardProps {
  game: string;
  /** The config the board is for; the game's default config when absent. */
  config?: unknown;
  limit?: number;
  /** The class of the list, so it matches the game's own local list. */
  listClass?: string;
  /** The board of games played alone (the default), or the "with help" one. */
  board?: "unaided" | "help";
}

export function GlobalBoard({
  game,
  config,
  limit = 10,
  listClass = "",
  board = "unaided",
}: GlobalBoardProps) {
  const [reply, setReply] = useState<ApiResult<Board> | undefined>(undefined);
  const configKey = JSON.stringify(config ?? null);
  useEffect(() => {
    let live = true;
    setReply(undefined);
    fetchBoard(game, config, limit, { board }).then((r) => {
      if (live) setReply(r);
    });
    return () => {
      live = false;
    };
  }, [game, configKey, limit, board]);

  if (!reply)
    return (
      <p class="global-board-note" data-testid="global-board-loading">
        Loading the global board…
      </p>
    );
  if (!reply.ok) {
    return (
      <p class="global-board-note" data-testid="global-board-offline">
        {reply.kind === "offline" ? "The global board is offline right now." : reply.message}
      </p>
    );
  }
  if (reply.value.entries.length === 0) {
    return (
      <p class="global-board-note" data-testid="global-board-empty">
        No games on this board yet. Finish a ranked game to be the first!
      </p>
    );
  }
  return (
    <ol class={`global-board ${listClass}`} data-testid="global-board" data-board={board}>
      {reply.value.entries.map((e) => (
        <li key={e.rank}>
          <span class="global-board-rank">{e.rank}</span>
          <span class="global-board-name">{e.name}</span>
          <span class="global-board-score">{e.score}</span>
        </li>
      ))}
    </ol>
  );
}
