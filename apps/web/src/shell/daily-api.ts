/**
 * The daily challenge as the browser speaks it (docs/service.md "Daily"): the day's game and the
 * player's part in it (GET /api/daily/:game), the day's board (GET /api/leaderboards/:game?day=),
 * the day's leader's score after each move for "race the best" (GET /api/replays/:id/scores), and
 * the last copy of each game's daily page kept for offline. Built on shell/leaderboard.ts: every
 * call has a timeout and never throws. The words the page shows are made here, so they are tested.
 */
import {
  type GameId,
  getBoard,
  getDaily,
  getScoreCurve,
  type NotModified,
  type Result,
} from "@blockarcade/client";
import { t } from "./daily-messages";
import { type ApiOptions, type ApiResult, badReply, connection, fromClient, isRecord } from "./leaderboard";
import { forgetPlayer, type PlayerIdentity, readPlayer } from "./player";
import { createStore } from "./storage";

export type Attempt = "none" | "playing" | "done";

export interface DailyWinner {
  rank: number;
  name: string;
  score: number;
  replay?: number;
}

export interface DailyInfo {
  game: string;
  /** The UTC day, YYYY-MM-DD. */
  date: string;
  config: unknown;
  /** When the next day's challenge begins (ISO). */
  nextAt: string;
  leader: { name: string; score: number; replay: number } | null;
  yesterday: DailyWinner[];
  /** The player's part, when this browser has a player. */
  /** `canWatch`: today's replays open for the player (the server's daily lock); absent from an older server. */
  me?: { attempt: Attempt; score?: number; rank?: number; streak: number; canWatch?: boolean };
}

export interface DailyEntry {
  rank: number;
  name: string;
  score: number;
  replay?: number;
}

export interface DailyBoard {
  total: number;
  entries: DailyEntry[];
  /** The player's own line on the day's board (null: none yet; absent: not asked). */
  me?: { rank: number; entry: DailyEntry } | null;
}

/** The day's config of each game (daily-configs.ts: a game page reads it without this module). */
export { DAILY_CONFIGS } from "./daily-configs";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const isId = (v: unknown): v is number => isCount(v) && v > 0;

/** The start of the UTC day after `day` (YYYY-MM-DD), as ISO text. */
export function nextDayStart(day: string): string {
  const start = Date.parse(`${day}T00:00:00Z`);
  return new Date(start + 86_400_000).toISOString();
}

function readWinner(v: unknown): DailyWinner | undefined {
  if (!isRecord(v) || !isCount(v.score) || typeof v.name !== "string") return undefined;
  return {
    rank: isCount(v.rank) ? v.rank : 0,
    name: v.name,
    score: v.score,
    ...(isId(v.replay) ? { replay: v.replay } : {}),
  };
}

/** Reads GET /api/daily/:game's answer; the parts a server may leave out have their plain defaults. */
export function readDailyInfo(v: Record<string, unknown>): DailyInfo | undefined {
  if (typeof v.game !== "string" || typeof v.date !== "string" || !DAY.test(v.date)) return undefined;
  const leaderRaw = readWinner(v.leader);
  const leader =
    leaderRaw && leaderRaw.replay !== undefined
      ? { name: leaderRaw.name, score: leaderRaw.score, replay: leaderRaw.replay }
      : null;
  const yesterday = Array.isArray(v.yesterday)
    ? v.yesterday.map(readWinner).filter((w): w is DailyWinner => w !== undefined)
    : [];
  const info: DailyInfo = {
    game: v.game,
    date: v.date,
    config: v.config,
    nextAt:
      typeof v.nextAt === "string" && !Number.isNaN(Date.parse(v.nextAt)) ? v.nextAt : nextDayStart(v.date),
    leader,
    yesterday: yesterday.slice(0, 3),
  };
  if (isRecord(v.me)) {
    const m = v.me;
    const attempt: Attempt = m.attempt === "playing" || m.attempt === "done" ? m.attempt : "none";
    info.me = {
      attempt,
      streak: isCount(m.streak) ? m.streak : 0,
      ...(isCount(m.score) ? { score: m.score } : {}),
      ...(isId(m.rank) ? { rank: m.rank } : {}),
      ...(typeof m.canWatch === "boolean" ? { canWatch: m.canWatch } : {}),
    };
  }
  return info;
}

/**
 * A GET about "me" (`get(player)`: the player this browser keeps, none made just to look), or without
 * the player when this browser has none or the server no longer knows it (401 BAD_PLAYER: forgotten,
 * as a ranked game would).
 */
async function getAsMe(get: (player: PlayerIdentity | undefined) => Promise<Result<unknown> | NotModified>) {
  const player = readPlayer();
  const reply = fromClient(await get(player));
  if (!player || reply.ok || reply.code !== "BAD_PLAYER") return reply;
  forgetPlayer();
  return fromClient(await get(undefined));
}

/** The day's game of `game` and, when this browser has a player, their attempt, rank and streak. */
export async function fetchDaily(game: string, options: ApiOptions = {}): Promise<ApiResult<DailyInfo>> {
  const reply = await getAsMe((player) => getDaily(connection(options, undefined, player), game as GameId));
  if (!reply.ok) return reply;
  const info = readDailyInfo(reply.value);
  return info ? { ok: true, value: info } : badReply();
}

function readEntry(v: unknown): DailyEntry | undefined {
  if (!isRecord(v) || !isId(v.rank) || !isCount(v.score) || typeof v.name !== "string") return undefined;
  return { rank: v.rank, name: v.name, score: v.score, ...(isId(v.replay) ? { replay: v.replay } : {}) };
}

/** Reads a daily board's answer (GET /api/leaderboards/:game?day=). */
export function readDailyBoard(v: Record<string, unknown>, limit = 10): DailyBoard | undefined {
  if (!Array.isArray(v.entries)) return undefined;
  const entries: DailyEntry[] = [];
  for (const raw of v.entries.slice(0, limit)) {
    const entry = readEntry(raw);
    if (!entry) return undefined;
    entries.push(entry);
  }
  const board: DailyBoard = { total: isCount(v.total) ? v.total : entries.length, entries };
  if (v.me === null) board.me = null;
  else if (isRecord(v.me)) {
    const entry = readEntry(v.me.entry);
    board.me = entry && isId(v.me.rank) ? { rank: v.me.rank, entry } : null;
  }
  return board;
}

/** The top `limit` of the day's board (unaided), with the player's own line when this browser has a player. */
export async function fetchDailyBoard(
  info: Pick<DailyInfo, "game" | "date" | "config">,
  limit = 10,
  options: ApiOptions = {},
): Promise<ApiResult<DailyBoard>> {
  const config = info.config === undefined ? {} : { config: info.config as never };
  const reply = await getAsMe((player) =>
    getBoard(connection(options, undefined, player), info.game as GameId, {
      day: info.date,
      limit,
      ...config,
      aroundMe: player !== undefined,
    }),
  );
  if (!reply.ok) return reply;
  const board = readDailyBoard(reply.value, limit);
  return board ? { ok: true, value: board } : badReply();
}

/** A replay's score after each move (never locked: per-move scores show no deal). */
export interface ScoreCurve {
  name: string;
  score: number;
  scores: number[];
}

export async function fetchScoreCurve(
  replay: number,
  options: ApiOptions = {},
): Promise<ApiResult<ScoreCurve>> {
  const reply = fromClient(await getScoreCurve(connection(options), replay));
  if (!reply.ok) return reply;
  const v = reply.value;
  if (typeof v.name !== "string" || !isCount(v.score) || !Array.isArray(v.scores) || !v.scores.every(isCount))
    return badReply();
  return { ok: true, value: { name: v.name, score: v.score, scores: v.scores as number[] } };
}

/** What the daily page keeps of its last answer, for offline. */
export interface DailyCopy {
  info: DailyInfo;
  board: DailyBoard | null;
  /** When it was fetched (ms since the epoch). */
  savedAt: number;
}

const isCopy = (v: unknown): v is DailyCopy =>
  isRecord(v) &&
  isRecord(v.info) &&
  readDailyInfo(v.info) !== undefined &&
  typeof v.savedAt === "number" &&
  (v.board === null || (isRecord(v.board) && readDailyBoard(v.board) !== undefined));

const copyStore = (game: string) => createStore(`blockarcade-daily-${game}`, isCopy);

export const dailyCopy = {
  read: (game: string): DailyCopy | undefined => copyStore(game).read(),
  write: (game: string, copy: DailyCopy): boolean => copyStore(game).write(copy),
};

/** "You 1,240 · #1 Ana 1,580 at move 37": the player beside the leader (or their own best) at the same move. */
export function raceText(
  you: number,
  move: number,
  leader: { name: string; scores: number[] },
  mine: boolean,
): string | undefined {
  if (move < 1 || leader.scores.length === 0) return undefined;
  const at = Math.min(move, leader.scores.length);
  const theirs = leader.scores[at - 1] ?? 0;
  const who = mine ? t("raceMine") : t("raceLeader", { name: leader.name });
  const when = at < move ? t("raceAtEnd", { move: at }) : t("raceAt", { move: at });
  return t("race", { you, who, theirs, when });
}
