/**
 * The day's shared seed: derived from the UTC date and the game by a hash, so every process (and
 * every restart) agrees without storing anything.
 */
import { createHash } from "node:crypto";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of `at` as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The seed of `game` on `day` (YYYY-MM-DD): 32 bits of SHA-256, 0..MAX_SEED. */
export function dailySeed(game: string, day: string): number {
  return createHash("sha256").update(`blockarcade daily ${day} ${game}`).digest().readUInt32BE(0);
}

/**
 * The days whose seed is still ranked at `at`: today and yesterday (UTC), so a game begun before
 * midnight can be posted after it.
 */
export function rankedDays(at: Date): string[] {
  return [utcDay(at), utcDay(new Date(at.getTime() - DAY_MS))];
}

/** Whether `seed` is the day's seed of `game` today or yesterday. */
export function isDailySeed(game: string, seed: number, at: Date): boolean {
  return rankedDays(at).some((day) => dailySeed(game, day) === seed);
}
