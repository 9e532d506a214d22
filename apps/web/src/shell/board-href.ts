/** A game's leaderboard page address: small, so a game page links to it without the boards' API client. */
import type { BoardKind } from "./boards-api";

/** The leaderboard page of a game, opened on one config (and board) when given. */
export function leaderboardHref(game: string, config?: unknown, board?: BoardKind): string {
  const params = new URLSearchParams();
  if (config !== undefined) params.set("config", JSON.stringify(config));
  if (board === "help") params.set("board", "help");
  const query = params.toString();
  return `/games/${game}/leaderboard${query ? `?${query}` : ""}`;
}
