/** The session routes (docs/service.md "The API"): start, read (polling), command. */
import {
  type CommandResult,
  type Connection,
  call,
  type NotModified,
  type RequestOptions,
  type Result,
  request,
  segment,
} from "./http.js";
import type { CreateGame, GameCommand, GameId, Session } from "./types.js";

/** POST /api/games: a session; ranked and daily ones need a player and never take a seed. */
export function startGame<G extends GameId>(
  conn: Connection,
  body: CreateGame<G>,
  options?: Omit<RequestOptions, "body">,
): Promise<Result<Session<G>>> {
  return call(conn, "POST", "/api/games", { ...options, body });
}

/**
 * GET /api/games/:id. With `ifNoneMatch` (the seq held: a session's ETag is its seq) an unchanged
 * session answers NotModified and no state.
 */
export function getSession<G extends GameId = GameId>(
  conn: Connection,
  id: string,
  options: { ifNoneMatch?: number } = {},
): Promise<Result<Session<G>> | NotModified> {
  const seq = options.ifNoneMatch;
  return request(conn, "GET", `/api/games/${segment(id)}`, {
    headers: seq === undefined ? {} : { "if-none-match": `"${seq}"` },
  });
}

/**
 * POST /api/games/:id/commands. With `ifMatch` (the seq the client holds) a session another client
 * moved first is refused (409 SEQ_MISMATCH) instead of moved. A command the engine refuses answers
 * `kind: "refused"` with its reply. A string is sent as it is (a line a proxy forwards: the server
 * judges its JSON).
 */
export async function sendCommand<G extends GameId = GameId>(
  conn: Connection,
  id: string,
  command: GameCommand<G> | Record<string, unknown> | string,
  options: { ifMatch?: number; timeoutMs?: number } = {},
): Promise<CommandResult<G>> {
  return (await request(conn, "POST", `/api/games/${segment(id)}/commands`, {
    body: command,
    timeoutMs: options.timeoutMs,
    headers: options.ifMatch === undefined ? {} : { "if-match": `"${options.ifMatch}"` },
  })) as CommandResult<G>;
}
