/** The player routes (docs/service.md "Players"). */
import { type Connection, call, type Result } from "./http.js";
import type { Credentials, Me } from "./types.js";

/** POST /api/players: a new player (keep the secret and the recovery code private). */
export function createPlayer(conn: Connection): Promise<Result<Credentials>> {
  return call(conn, "POST", "/api/players", { body: {} });
}

/** POST /api/players/recover: the player of a recovery code, with a new secret and code. */
export function recoverPlayer(conn: Connection, recoveryCode: string): Promise<Result<Credentials>> {
  return call(conn, "POST", "/api/players/recover", { body: { recoveryCode } });
}

/** GET /api/players/me (signed in). */
export function getMe(conn: Connection): Promise<Result<Me>> {
  return call(conn, "GET", "/api/players/me");
}
