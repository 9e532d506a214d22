/**
 * A game's boards as the leaderboard page reads them (GET /api/leaderboards/:game, docs/service.md
 * "Leaderboards"): one config, unaided or "with help", today / this week / all time, a page of
 * entries from `offset`, the board's `total`, and with `around=me` the player's own place with its
 * neighbours. Each answer read is kept in localStorage, so the page still shows the last copy when
 * the server cannot be reached, and says when it was read. Like shell/leaderboard.ts: never throws.
 */

import {
  type BoardQuery as ClientQuery,
  boardPath as clientBoardPath,
  type GameId,
  getBoard,
} from "@blockarcade/client";
import { canonicalJson } from "@blockarcade/engine/core";
import { type ApiOptions, type ApiResult, badReply, connection, fromClient, isRecord } from "./leaderboard";
import { type PlayerIdentity, readPlayer } from "./player";
import { readJson, writeJson } from "./storage";

export type BoardKind = "unaided" | "help";
export type BoardPeriod = "today" | "week" | "all";

export const PERIODS: readonly { id: BoardPeriod; label: string }[] = [
  { id: "today", label: "Today" },
  { id: "week", label: "This week" },
  { id: "all", label: "All time" },
];
export const BOARD_KINDS: readonly { id: BoardKind; label: string }[] = [
  { id: "unaided", label: "Played alone" },
  { id: "help", label: "With help" },
];

/** Entries on one page of a board. */
export const PAGE_SIZE = 10;
/** The server's largest offset (the contract's `offset=0..1000000`). */
export const MAX_OFFSET = 1_000_000;

export interface BoardQuery {
  game: string;
  config: unknown;
  board: BoardKind;
  period: BoardPeriod;
  offset: number;
  limit: number;
}

export interface PagedEntry {
  rank: number;
  name: string;
  score: number;
  date: string;
  /** The replay's id (GET /api/replays/:id); absent from a server that keeps none. */
  replay?: number;
}

export interface MyPlace {
  rank: number;
  entry: PagedEntry;
  /** Up to 2 entries above the player's best, that entry, and up to 2 below. */
  around: PagedEntry[];
}

export interface PagedBoard {
  game: string;
  board: BoardKind;
  period: BoardPeriod;
  /** Entries on this board and period, all pages together. */
  total: number;
  offset: number;
  limit: number;
  entries: PagedEntry[];
  /** The player's place: absent when not asked (no player on this device), null when not on the board. */
  me?: MyPlace | null;
}

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

function readEntry(v: unknown): PagedEntry | undefined {
  if (!isRecord(v) || !isCount(v.rank) || !isCount(v.score) || typeof v.name !== "string") return undefined;
  const entry: PagedEntry = {
    rank: v.rank,
    name: v.name.slice(0, 100),
    score: v.score,
    date: typeof v.date === "string" ? v.date.slice(0, 40) : "",
  };
  if (isCount(v.replay)) entry.replay = v.replay;
  return entry;
}

function readEntries(v: unknown, max: number): PagedEntry[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: PagedEntry[] = [];
  for (const raw of v.slice(0, max)) {
    const entry = readEntry(raw);
    if (!entry) return undefined;
    out.push(entry);
  }
  return out;
}

function readMe(v: unknown): MyPlace | null | undefined {
  if (v === null) return null;
  if (!isRecord(v) || !isCount(v.rank)) return undefined;
  const entry = readEntry(v.entry);
  const around = readEntries(v.around, 5);
  return entry && around ? { rank: v.rank, entry, around } : undefined;
}

/**
 * A board from the server's answer to `query`, or undefined when it is not one. An older server's
 * answer (no `total`, `offset` or `period`) reads as the page it asked for: its entries are all it has.
 */
export function parsePagedBoard(value: unknown, query: BoardQuery): PagedBoard | undefined {
  if (!isRecord(value)) return undefined;
  const entries = readEntries(value.entries, query.limit);
  if (!entries) return undefined;
  const offset = isCount(value.offset) ? value.offset : query.offset;
  const board: PagedBoard = {
    game: query.game,
    board: value.board === "help" ? "help" : value.board === "unaided" ? "unaided" : query.board,
    period:
      value.period === "today" || value.period === "week" || value.period === "all"
        ? value.period
        : query.period,
    total: isCount(value.total) ? Math.max(value.total, offset + entries.length) : offset + entries.length,
    offset,
    limit: isCount(value.limit) && value.limit > 0 ? value.limit : query.limit,
    entries,
  };
  if ("me" in value) {
    const me = readMe(value.me);
    if (me === undefined) return undefined;
    board.me = me;
  }
  return board;
}

/** The URL of one page of a board (relative to the API's base). */
export function boardPath(query: BoardQuery, aroundMe: boolean): string {
  return clientBoardPath(query.game, clientQuery(query, aroundMe));
}

function clientQuery(query: BoardQuery, aroundMe: boolean): ClientQuery {
  const { board, period, limit, offset } = query;
  return { config: (query.config ?? {}) as never, board, period, limit, offset, aroundMe };
}

/**
 * One page of a board; with the player's identity also the player's place ("around me"). A server
 * that no longer knows the player (401) still gives the page, without the place.
 */
export async function fetchPagedBoard(
  query: BoardQuery,
  options: ApiOptions & { player?: PlayerIdentity } = {},
): Promise<ApiResult<PagedBoard>> {
  const player = options.player;
  const game = query.game as GameId;
  let reply = fromClient(
    await getBoard(connection(options, undefined, player), game, clientQuery(query, player !== undefined)),
  );
  if (!reply.ok && player && reply.kind === "refused") {
    reply = fromClient(await getBoard(connection(options), game, clientQuery(query, false)));
  }
  if (!reply.ok) return reply;
  const board = parsePagedBoard(reply.value, query);
  return board ? { ok: true, value: board } : badReply();
}

/** The pages kept for offline use, under one localStorage key. */
export const COPIES_KEY = "blockarcade-board-copies";
/** How many pages are kept: the oldest read goes first. */
export const MAX_COPIES = 24;

interface Copy {
  savedAt: string;
  query: BoardQuery;
  board: unknown;
}
type Copies = Record<string, Copy>;

const isCopies = (v: unknown): v is Copies => isRecord(v);

/** Which stored copy a query reads: the same game, config (in any key order), board, period and page. */
export function copyKey(query: BoardQuery): string {
  return [
    query.game,
    canonicalJson(query.config ?? {}),
    query.board,
    query.period,
    query.offset,
    query.limit,
  ].join("|");
}

/** Keeps a page read from the server, stamped with when it was read. */
export function saveCopy(query: BoardQuery, board: PagedBoard, now: Date = new Date()): void {
  const copies = { ...(readJson(COPIES_KEY, isCopies) ?? {}) };
  copies[copyKey(query)] = { savedAt: now.toISOString(), query, board };
  const keys = Object.keys(copies).sort((a, b) =>
    String(copies[b]?.savedAt).localeCompare(String(copies[a]?.savedAt)),
  );
  for (const key of keys.slice(MAX_COPIES)) delete copies[key];
  writeJson(COPIES_KEY, copies);
}

/** The last copy of a page, if one was kept and still reads as a board. */
export function readCopy(query: BoardQuery): { board: PagedBoard; savedAt: string } | undefined {
  const copy = readJson(COPIES_KEY, isCopies)?.[copyKey(query)];
  if (!isRecord(copy) || typeof copy.savedAt !== "string" || Number.isNaN(Date.parse(copy.savedAt))) {
    return undefined;
  }
  const board = parsePagedBoard(copy.board, query);
  return board ? { board, savedAt: copy.savedAt } : undefined;
}

/** A page to show: fresh from the server, or the last copy (with when it was read) when offline. */
export interface ShownBoard {
  board: PagedBoard;
  /** Set when the server could not be reached and this is the copy read then. */
  offlineSince?: string;
}

/**
 * One page of a board for the page: the server's answer (kept as the copy), else, when the server
 * cannot be reached, the last copy; a refusal or an unreadable answer is said as it is.
 */
export async function loadBoard(
  query: BoardQuery,
  options: ApiOptions & { now?: () => Date } = {},
): Promise<ApiResult<ShownBoard>> {
  const reply = await fetchPagedBoard(query, { ...options, player: readPlayer() });
  if (reply.ok) {
    saveCopy(query, reply.value, options.now?.() ?? new Date());
    return { ok: true, value: { board: reply.value } };
  }
  if (reply.kind === "offline") {
    const copy = readCopy(query);
    if (copy) return { ok: true, value: { board: copy.board, offlineSince: copy.savedAt } };
  }
  return reply;
}

/** Where the previous and next pages start, when there are any. */
export function pagesOf(board: Pick<PagedBoard, "offset" | "limit" | "total">): {
  previous?: number;
  next?: number;
  /** "11-20 of 37" (with an en dash), or "" for an empty board. */
  label: string;
} {
  const { offset, limit, total } = board;
  const last = Math.min(total, offset + limit);
  return {
    previous: offset > 0 ? Math.max(0, offset - limit) : undefined,
    next: last < total && offset + limit <= MAX_OFFSET ? offset + limit : undefined,
    label: total === 0 || last <= offset ? "" : `${offset + 1}\u2013${last} of ${total}`,
  };
}

/** The replay viewer's page for a board entry's game. */
export const watchHref = (replay: number): string => `/replay/${replay}`;

/** The leaderboard page of a game (board-href.ts: a game page links to it without this module). */
export { leaderboardHref } from "./board-href";
