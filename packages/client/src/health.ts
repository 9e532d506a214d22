/** Liveness and readiness (docs/service.md "Operations"), and the error shape as the service sends it. */
import { type CommandRefused, type Connection, call, type HttpFailure, type Result } from "./http.js";
import type { ErrorBody, Health, Ready } from "./types.js";

/** GET /api/health: the process answers. */
export function getHealth(conn: Connection): Promise<Result<Health>> {
  return call(conn, "GET", "/api/health");
}

/** GET /api/ready: the process and its database answer (503 with retryAfter while not). */
export function getReady(conn: Connection): Promise<Result<Ready>> {
  return call(conn, "GET", "/api/ready");
}

/** The error body of a failure as the service would send it (for logs and tests). */
export function errorBody(failure: HttpFailure | CommandRefused): ErrorBody {
  return { error: { code: failure.code, message: failure.message } };
}
