/**
 * The game service's API as the browser speaks it: the boards (GET /api/leaderboards/:game) and the
 * path ranked sessions and players take (shell/ranked-session.ts, shell/player.ts). Every call has a
 * timeout, never throws and never logs, and a failure is one of three kinds with a text a player can
 * read: offline (no answer), refused (the server's own message) or a reply the page cannot read.
 * Ranked games are server sessions: POST /api/seeds and /api/scores answer 410 and are not called.
 */

export type ApiFailure = {
  ok: false;
  kind: "offline" | "refused" | "bad-reply";
  code?: string;
  message: string;
};
export type ApiResult<T> = { ok: true; value: T } | ApiFailure;

export interface BoardEntry {
  rank: number;
  name: string;
  score: number;
  date: string;
}

export interface Board {
  game: string;
  entries: BoardEntry[];
}

export const API_TIMEOUT_MS = 8000;

export const OFFLINE_TEXT = "Could not reach the score server. Check your connection and try again.";
const BAD_REPLY_TEXT = "The score server gave an answer this page cannot read.";

/** Where the API lives: the page's own origin, or `base` (tests). */
export interface ApiOptions {
  base?: string;
  timeoutMs?: number;
}

/** One call to the service: JSON in and out, a timeout, never throwing (also the ranked sessions' path). */
export async function callApi(
  method: "GET" | "POST",
  path: string,
  body: unknown,
  options: ApiOptions,
  fallbackTimeout: number = API_TIMEOUT_MS,
  headers: Record<string, string> = {},
): Promise<ApiResult<Record<string, unknown>>> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? fallbackTimeout);
  try {
    const response = await fetch(`${options.base ?? ""}${path}`, {
      method,
      headers: {
        ...(body === undefined ? { accept: "application/json" } : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: abort.signal,
    });
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    if (!isRecord(json)) {
      return response.ok || response.status >= 500 || response.status === 404
        ? offlineOrBad(response.status)
        : { ok: false, kind: "refused", message: `The score server refused it (HTTP ${response.status}).` };
    }
    if (response.ok) return { ok: true, value: json };
    const error = isRecord(json.error) ? json.error : {};
    const message = typeof error.message === "string" ? error.message.slice(0, 300) : undefined;
    const code = typeof error.code === "string" ? error.code.slice(0, 40) : undefined;
    if (response.status >= 500 || !message) return offlineOrBad(response.status);
    return { ok: false, kind: "refused", code, message };
  } catch {
    // No answer at all (offline, refused connection, timeout): the same for the player.
    return { ok: false, kind: "offline", message: OFFLINE_TEXT };
  } finally {
    clearTimeout(timer);
  }
}

function offlineOrBad(status: number): ApiFailure {
  // A page served without the service (a static host) answers 404 with HTML: that is "no server".
  if (status === 404 || status >= 500) return { ok: false, kind: "offline", message: OFFLINE_TEXT };
  return badReply();
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

/** The failure for an answer the page cannot read (a new object each time). */
export function badReply(): ApiFailure {
  return { ok: false, kind: "bad-reply", message: BAD_REPLY_TEXT };
}

/** The top `limit` of a game's board for one config (the server's default config when absent). */
export async function fetchBoard(
  game: string,
  config?: unknown,
  limit = 10,
  options: ApiOptions & { board?: "unaided" | "help" } = {},
): Promise<ApiResult<Board>> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (config !== undefined) query.set("config", JSON.stringify(config));
  // The unaided board is the server's default; games played with Hint or Watch have their own.
  if (options.board === "help") query.set("board", "help");
  const reply = await callApi(
    "GET",
    `/api/leaderboards/${encodeURIComponent(game)}?${query}`,
    undefined,
    options,
    API_TIMEOUT_MS,
  );
  if (!reply.ok) return reply;
  const raw = reply.value.entries;
  if (!Array.isArray(raw)) return badReply();
  const entries: BoardEntry[] = [];
  for (const e of raw.slice(0, limit)) {
    if (!isRecord(e) || !isCount(e.rank) || !isCount(e.score) || typeof e.name !== "string")
      return badReply();
    entries.push({
      rank: e.rank,
      name: e.name,
      score: e.score,
      date: typeof e.date === "string" ? e.date : "",
    });
  }
  return { ok: true, value: { game, entries } };
}
