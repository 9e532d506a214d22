/**
 * The Block Blast leaderboard as data (docs/games/blast.md "Leaderboard"): the top 5 `{score, date}`,
 * highest first, and the old single high score folded in. Pure: storage.ts reads and writes it.
 */
import { MAX_SCORE } from "@blockarcade/engine/core";

export const LEADERBOARD_SIZE = 5;

export interface LeaderboardEntry {
  score: number;
  /** ISO 8601 date-time of the game's end. */
  date: string;
}

function isScore(v: unknown): v is number {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0 && v <= MAX_SCORE;
}

function isEntry(v: unknown): v is LeaderboardEntry {
  if (typeof v !== "object" || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    isScore(e.score) && typeof e.date === "string" && e.date.length <= 40 && !Number.isNaN(Date.parse(e.date))
  );
}

function sorted(entries: LeaderboardEntry[]): LeaderboardEntry[] {
  // Equal scores keep the earlier game first.
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.score - a.e.score || a.i - b.i)
    .map(({ e }) => ({ score: e.score, date: e.date }))
    .slice(0, LEADERBOARD_SIZE);
}

/** The valid entries of a stored value, sorted and capped; anything unreadable gives []. */
export function parseLeaderboard(value: unknown): LeaderboardEntry[] {
  return Array.isArray(value) ? sorted(value.filter(isEntry)) : [];
}

/** The list with a new score in its place (kept only if it makes the top 5). */
export function withScore(
  list: readonly LeaderboardEntry[],
  score: number,
  date: string,
): LeaderboardEntry[] {
  return sorted([...list, { score, date }]);
}

/**
 * The score of an old `blockblast-highscore` value (a number, or a number in a string), or undefined
 * when it is not one. A best of 0 is a real score and is kept.
 */
export function legacyScore(value: unknown): number | undefined {
  const n = typeof value === "string" && /^\d{1,16}$/.test(value.trim()) ? Number(value.trim()) : value;
  return isScore(n) ? n : undefined;
}
