/** The leaderboards and the day's game (docs/service.md "Leaderboards", "Daily"). */
import {
  type Connection,
  call,
  type NotModified,
  type RequestOptions,
  type Result,
  request,
  segment,
} from "./http.js";
import type { Board, BoardQuery, Daily, GameId } from "./types.js";

/** GET /api/leaderboards/:game: one page of one board; with `ifNoneMatch`, NotModified when unchanged. */
export function getBoard<G extends GameId>(
  conn: Connection,
  game: G,
  query: BoardQuery<G> = {},
  options: { ifNoneMatch?: string; timeoutMs?: number } = {},
): Promise<Result<Board<G>> | NotModified> {
  return request(conn, "GET", boardPath(game, query), {
    timeoutMs: options.timeoutMs,
    headers: options.ifNoneMatch === undefined ? {} : { "if-none-match": options.ifNoneMatch },
  });
}

/** The path of a board page (also what a cache keys it by). */
export function boardPath(game: string, query: BoardQuery = {}): string {
  const q = new URLSearchParams();
  if (query.config !== undefined) q.set("config", JSON.stringify(query.config));
  if (query.board !== undefined) q.set("board", query.board);
  if (query.day !== undefined) q.set("day", query.day);
  if (query.period !== undefined) q.set("period", query.period);
  if (query.limit !== undefined) q.set("limit", String(query.limit));
  if (query.offset !== undefined) q.set("offset", String(query.offset));
  if (query.rules !== undefined) q.set("rules", String(query.rules));
  if (query.aroundMe) q.set("around", "me");
  const text = q.toString();
  return `/api/leaderboards/${segment(game)}${text ? `?${text}` : ""}`;
}

/** GET /api/daily/:game: the day's game (and, signed in, the player's part in it). */
export function getDaily<G extends GameId>(
  conn: Connection,
  game: G,
  options?: Omit<RequestOptions, "body">,
): Promise<Result<Daily<G>>> {
  return call(conn, "GET", `/api/daily/${segment(game)}`, options);
}
