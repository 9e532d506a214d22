/** Replays of entered games (docs/service.md "Replays"). */
import { type Connection, call, type RequestOptions, type Result, segment } from "./http.js";
import type { GameId, Replay, ScoreCurve } from "./types.js";

/** GET /api/replays/:id: an entered game's seed, config and commands. */
export function getReplay<G extends GameId = GameId>(
  conn: Connection,
  id: number | string,
  options?: Omit<RequestOptions, "body">,
): Promise<Result<Replay<G>>> {
  return call(conn, "GET", `/api/replays/${segment(String(id))}`, options);
}

/** GET /api/replays/:id/scores: the score after each move. */
export function getScoreCurve(
  conn: Connection,
  id: number | string,
  options?: Omit<RequestOptions, "body">,
): Promise<Result<ScoreCurve>> {
  return call(conn, "GET", `/api/replays/${segment(String(id))}/scores`, options);
}
