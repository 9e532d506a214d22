/**
 * The game service's API as the browser speaks it: the boards (GET /api/leaderboards/:game) and the
 * path ranked sessions and players take (shell/ranked-session.ts, shell/player.ts). Every call has a
 * timeout, never throws and never logs, and a failure is one of three kinds with a text a player can
 * read: offline (no answer), refused (the server's own message) or a reply the page cannot read.
 * Ranked games are server sessions: POST /api/seeds and /api/scores answer 410 and are not called.
 * Every call goes through the typed client (@blockarcade/client); this file reads its answers.
 */
import {
  type CommandResult,
  type Connection,
  type GameId,
  getBoard,
  type NotModified,
  type PlayerKey,
  type Result,
  request,
} from "@blockarcade/client";

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

/** The client's connection (packages/client) for these options: the page's origin, or `base`. */
export function connection(
  options: ApiOptions,
  fallbackTimeout: number = API_TIMEOUT_MS,
  player?: PlayerKey,
): Connection {
  const conn: Connection = { base: options.base ?? "", timeoutMs: options.timeoutMs ?? fallbackTimeout };
  if (player) conn.player = player;
  return conn;
}

/**
 * A client answer as the page reads it: its JSON object, or one of the three failures (the server's
 * own message cut to a length a page can show).
 */
export function fromClient(
  answer: Result<unknown> | NotModified | CommandResult,
): ApiResult<Record<string, unknown>> {
  if (answer.ok) {
    return "value" in answer && isRecord(answer.value) ? { ok: true, value: answer.value } : badReply();
  }
  // No answer at all (offline, refused connection, timeout): the same for the player.
  if (answer.kind === "network") return { ok: false, kind: "offline", message: OFFLINE_TEXT };
  if (answer.kind === "bad-reply") {
    const { status } = answer;
    return status < 300 || status >= 500 || status === 404
      ? offlineOrBad(status)
      : { ok: false, kind: "refused", message: `The score server refused it (HTTP ${status}).` };
  }
  if (answer.status >= 500 || !answer.message) return offlineOrBad(answer.status);
  return {
    ok: false,
    kind: "refused",
    code: answer.code.slice(0, 40),
    message: answer.message.slice(0, 300),
  };
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
  return fromClient(await request(connection(options, fallbackTimeout), method, path, { body, headers }));
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
  // The unaided board is the server's default; games played with Hint or Watch have their own.
  const reply = fromClient(
    await getBoard(connection(options), game as GameId, {
      limit,
      ...(config === undefined ? {} : { config: config as never }),
      ...(options.board === "help" ? { board: "help" as const } : {}),
    }),
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
