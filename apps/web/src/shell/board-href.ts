/** A link to a leaderboard page, apart from boards-api.ts so that a game page does not download that. */
import type { BoardKind } from "./boards-api";

/** The leaderboard page of a game, opened on one config (and board) when given. */
export function leaderboardHref(game: string, config?: unknown, board?: BoardKind): string {
  const params = new URLSearchParams();
  if (config !== undefined) params.set("config", JSON.stringify(config));
  if (board === "help") params.set("board", "help");
  const query = params.toString();
  return `/games/${game}/leaderboard${query ? `?${query}` : ""}`;
}
