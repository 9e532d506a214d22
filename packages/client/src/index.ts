/**
 * A typed client for the Block Arcade HTTP API (docs/service.md): one function per route, each
 * taking a `Connection` so a page bundles only the routes it calls. Nothing throws: every answer is
 * a value, a success, the server's refusal (its error shape, with `code`), a command the engine
 * refused (its reply), a reply that is not the service's, or no answer at all (network).
 */
import type {
  Board,
  BoardQuery,
  CommandReply,
  CreateGame,
  Credentials,
  Daily,
  ErrorBody,
  GameCommand,
  GameId,
  Health,
  Me,
  PlayerKey,
  Ready,
  RefusalReply,
  Replay,
  ScoreCurve,
  Session,
} from "./types.js";

export type * from "./types.js";

/** Where the API is and how to reach it. */
export interface Connection {
  /** The server's origin (and path prefix), e.g. http://localhost:8080; "" for the page's own. */
  base: string;
  /** Injected for tests and other runtimes; globalThis.fetch when left out. */
  fetch?: typeof fetch;
  /** Signs requests: a key, or a function read at each call (the key may change). */
  player?: PlayerKey | (() => PlayerKey | undefined);
  /** Aborts a call with no answer after this long (a network failure, `timeout` true). */
  timeoutMs?: number;
}

/** A route's answer: its JSON, with the status and ETag. */
export interface Success<T> {
  ok: true;
  status: number;
  value: T;
  etag?: string;
  notModified?: false;
}

/** 304 to If-None-Match: what the caller holds is still the answer. */
export interface NotModified {
  ok: true;
  status: 304;
  notModified: true;
  etag?: string;
}

/** The server refused: its status and error code; `retryAfter` (seconds) with 429 and 503. */
export interface HttpFailure {
  ok: false;
  kind: "http";
  status: number;
  code: string;
  message: string;
  retryAfter?: number;
}

/** No answer: offline, connection refused, DNS, timeout. */
export interface NetworkFailure {
  ok: false;
  kind: "network";
  message: string;
  timeout: boolean;
}

/** An answer that is not the service's (a static host's HTML page, a proxy's error). */
export interface BadReply {
  ok: false;
  kind: "bad-reply";
  status: number;
  message: string;
}

/** A command the engine refused (400 or 422): its reply, with the unchanged state. */
export interface CommandRefused<G extends GameId = GameId> {
  ok: false;
  kind: "refused";
  status: number;
  code: string;
  message: string;
  reply: RefusalReply<G>;
}

export type Failure = HttpFailure | NetworkFailure | BadReply;
export type Result<T> = Success<T> | Failure;
export type CommandResult<G extends GameId = GameId> = Success<CommandReply<G>> | CommandRefused<G> | Failure;

export interface RequestOptions {
  body?: unknown;
  /** A body sent as it is, unparsed (a proxy forwarding a line it was given): the server judges it. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The caller's own abort (a page left); the connection's timeout still applies. */
  signal?: AbortSignal;
  /** Overrides the connection's timeout for this call. */
  timeoutMs?: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The Authorization header of a key. */
export function authorization(key: PlayerKey | undefined): Record<string, string> {
  return key ? { authorization: `Bearer ${key.player}.${key.secret}` } : {};
}

/** What came back: status, parsed JSON (undefined when not JSON), ETag and Retry-After. */
export interface Exchange {
  ok: true;
  status: number;
  json: unknown;
  etag?: string;
  retryAfter?: number;
}

/** One call, its answer as it came (any status, any body): what the typed routes read. */
export async function exchange(
  conn: Connection,
  method: "GET" | "POST",
  path: string,
  options: RequestOptions = {},
): Promise<Exchange | NetworkFailure> {
  const doFetch = conn.fetch ?? globalThis.fetch;
  const key = typeof conn.player === "function" ? conn.player() : conn.player;
  const timeoutMs = options.timeoutMs ?? conn.timeoutMs;
  const abort = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          abort.abort();
        }, timeoutMs);
  const onAbort = () => abort.abort();
  options.signal?.addEventListener("abort", onAbort);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  try {
    const response = await doFetch(`${conn.base}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...authorization(key),
        ...options.headers,
      },
      body,
      signal: abort.signal,
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const answer: Exchange = { ok: true, status: response.status, json };
    const etag = response.headers.get("etag");
    if (etag !== null) answer.etag = etag;
    const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
    if (Number.isFinite(retryAfter) && retryAfter >= 0) answer.retryAfter = retryAfter;
    return answer;
  } catch (err) {
    const where = conn.base || "the server";
    const message = timedOut
      ? `no answer from ${where} within ${timeoutMs} ms`
      : `cannot reach ${where}: ${describeCause(err)}`;
    return { ok: false, kind: "network", message, timeout: timedOut };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}

/** An exchange as a result: success, 304, the server's refusal, or not the service's answer. */
function toResult<T>(answer: Exchange | NetworkFailure): Result<T> | NotModified {
  if (!answer.ok) return answer;
  const { status, json, etag } = answer;
  if (status === 304)
    return etag === undefined
      ? { ok: true, status, notModified: true }
      : { ok: true, status, notModified: true, etag };
  if (status >= 200 && status < 300) {
    if (json === undefined) return badReply(status);
    return etag === undefined
      ? { ok: true, status, value: json as T }
      : { ok: true, status, value: json as T, etag };
  }
  const error = isRecord(json) && isRecord(json.error) ? json.error : undefined;
  if (!error || typeof error.code !== "string" || typeof error.message !== "string") return badReply(status);
  const failure: HttpFailure = { ok: false, kind: "http", status, code: error.code, message: error.message };
  if (answer.retryAfter !== undefined) failure.retryAfter = answer.retryAfter;
  return failure;
}

/**
 * One call to the service, any route: JSON in and out, the error shape read, never throwing.
 * The routes below are this with their paths and types.
 */
export async function request<T>(
  conn: Connection,
  method: "GET" | "POST",
  path: string,
  options: RequestOptions = {},
): Promise<Result<T> | NotModified> {
  return toResult<T>(await exchange(conn, method, path, options));
}

function badReply(status: number): BadReply {
  return {
    ok: false,
    kind: "bad-reply",
    status,
    message: `the server answered ${status} with something that is not the game service's JSON`,
  };
}

function describeCause(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return err instanceof Error ? err.message : String(err);
}

/** A route that never answers 304. */
async function call<T>(
  conn: Connection,
  method: "GET" | "POST",
  path: string,
  options?: RequestOptions,
): Promise<Result<T>> {
  return (await request<T>(conn, method, path, options)) as Result<T>;
}

const segment = encodeURIComponent;

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

/** POST /api/games: a session; ranked and daily ones need a player and never take a seed. */
export function startGame<G extends GameId>(
  conn: Connection,
  body: CreateGame<G>,
  options?: Omit<RequestOptions, "body">,
): Promise<Result<Session<G>>> {
  return call(conn, "POST", "/api/games", { ...options, body });
}

/**
 * GET /api/games/:id. With `ifNoneMatch` (the seq or ETag held) an unchanged session answers
 * NotModified and no state.
 */
export function getSession<G extends GameId = GameId>(
  conn: Connection,
  id: string,
  options: { ifNoneMatch?: number | string; signal?: AbortSignal } = {},
): Promise<Result<Session<G>> | NotModified> {
  const tag = options.ifNoneMatch;
  return request(conn, "GET", `/api/games/${segment(id)}`, {
    signal: options.signal,
    headers: tag === undefined ? {} : { "if-none-match": typeof tag === "number" ? `"${tag}"` : tag },
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
  options: { ifMatch?: number; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<CommandResult<G>> {
  const answer = await exchange(conn, "POST", `/api/games/${segment(id)}/commands`, {
    ...(typeof command === "string" ? { rawBody: command } : { body: command }),
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    headers: options.ifMatch === undefined ? {} : { "if-match": `"${options.ifMatch}"` },
  });
  // A command the engine refused is its reply (ok false, error, state), not the plain error shape.
  const json = answer.ok ? answer.json : undefined;
  if (answer.ok && answer.status >= 400 && isRecord(json) && json.ok === false && isRecord(json.state)) {
    const error = isRecord(json.error) ? json.error : {};
    return {
      ok: false,
      kind: "refused",
      status: answer.status,
      code: String(error.code),
      message: String(error.message),
      reply: json as unknown as RefusalReply<G>,
    };
  }
  return toResult<CommandReply<G>>(answer) as Result<CommandReply<G>>;
}

/** GET /api/leaderboards/:game: one page of one board; with `ifNoneMatch`, NotModified when unchanged. */
export function getBoard<G extends GameId>(
  conn: Connection,
  game: G,
  query: BoardQuery<G> = {},
  options: { ifNoneMatch?: string; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<Result<Board<G>> | NotModified> {
  return request(conn, "GET", boardPath(game, query), {
    signal: options.signal,
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
