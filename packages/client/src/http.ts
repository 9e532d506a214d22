/**
 * The client's one way to the service: a call's answer as it came (`exchange`), or read as a typed
 * result (`request`). Every route function is these with its path and types.
 */
import type { CommandReply, GameId, PlayerKey, RefusalReply } from "./types.js";

/** Where the API is and how to reach it. */
export interface Connection {
  /** The server's origin (and path prefix), e.g. http://localhost:8080; "" for the page's own. */
  base: string;
  /** Injected for tests and other runtimes; globalThis.fetch when left out. */
  fetch?: typeof fetch;
  /** Signs requests: a key, or a function read at each call (the key may change). */
  player?: PlayerKey;
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
  /** Sent as JSON; a string is sent as it is (a line a proxy forwards: the server judges it). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Overrides the connection's timeout for this call. */
  timeoutMs?: number;
}

/** What came back: status, parsed JSON (undefined when not JSON), ETag and Retry-After. */
export interface Exchange {
  ok: true;
  status: number;
  json: unknown;
  etag?: string;
  retryAfter?: number;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The Authorization header of a key. */
export function authorization(key: PlayerKey | undefined): Record<string, string> {
  return key ? { authorization: `Bearer ${key.player}.${key.secret}` } : {};
}

/** One call, its answer as it came (any status, any body): what the typed routes read. */
export async function exchange(
  conn: Connection,
  method: "GET" | "POST",
  path: string,
  options: RequestOptions = {},
): Promise<Exchange | NetworkFailure> {
  const ms = options.timeoutMs ?? conn.timeoutMs;
  const abort = new AbortController();
  const timer = ms === undefined ? undefined : setTimeout(() => abort.abort(), ms);
  const body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  try {
    // Read at each call, so a fetch replaced after the client was made is the one used.
    const response = await (conn.fetch ?? fetch)(conn.base + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...authorization(conn.player),
        ...options.headers,
      },
      body,
      signal: abort.signal,
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {}
    const retry = response.headers.get("retry-after");
    return {
      ok: true,
      status: response.status,
      json,
      etag: response.headers.get("etag") ?? undefined,
      // Seconds; the HTTP-date form (which the service never sends) reads as none.
      retryAfter: retry !== null && +retry >= 0 ? +retry : undefined,
    };
  } catch (err) {
    const timeout = abort.signal.aborted;
    const why = timeout
      ? `no answer in ${ms} ms`
      : ((err as { cause?: { code?: string } }).cause?.code ?? err);
    return {
      ok: false,
      kind: "network",
      message: `cannot reach ${conn.base || "the server"}: ${why}`,
      timeout,
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An exchange as a result: success, 304, the server's refusal, a command the engine refused (its
 * reply: ok false, error, state), or not the service's answer.
 */
export function toResult<T>(answer: Exchange | NetworkFailure): Result<T> | NotModified | CommandRefused {
  if (!answer.ok) return answer;
  const { status, json, etag } = answer;
  if (status === 304) return { ok: true, status, notModified: true, etag };
  if (json !== undefined && status < 300) return { ok: true, status, value: json as T, etag };
  const error = isRecord(json) && isRecord(json.error) ? json.error : {};
  const { code, message } = error;
  if (typeof code !== "string" || typeof message !== "string") {
    return {
      ok: false,
      kind: "bad-reply",
      status,
      message: `the server answered ${status} without the service's JSON`,
    };
  }
  if (isRecord(json) && json.ok === false && isRecord(json.state)) {
    return { ok: false, kind: "refused", status, code, message, reply: json as never };
  }
  return { ok: false, kind: "http", status, code, message, retryAfter: answer.retryAfter };
}

/**
 * One call to the service, any route: JSON in and out, the error shape read, never throwing.
 * Every route function is this with its path and types.
 */
export async function request<T>(
  conn: Connection,
  method: "GET" | "POST",
  path: string,
  options: RequestOptions = {},
): Promise<Result<T> | NotModified> {
  return toResult<T>(await exchange(conn, method, path, options)) as Result<T> | NotModified;
}

/** `request` of a route that never answers 304. */
export const call = request as <T>(
  conn: Connection,
  method: "GET" | "POST",
  path: string,
  options?: RequestOptions,
) => Promise<Result<T>>;

export const segment = encodeURIComponent;
