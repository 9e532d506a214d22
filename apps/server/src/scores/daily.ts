/**
 * The day's shared game: its seed is HMAC-SHA256(the server's daily secret, "blockarcade daily
 * <day> <game>"), so every process that shares the secret (env DAILY_SECRET, else one kept in the
 * database's `meta` table) agrees, and no client can work out a day's seed from the date.
 */
import { createHmac, randomBytes } from "node:crypto";

/** The `meta` key of the daily secret kept in the database. */
export const DAILY_SECRET_KEY = "daily-secret";

/** A new secret for a database that has none: 32 random bytes. */
export function freshDailySecret(): string {
  return randomBytes(32).toString("base64url");
}

/** The UTC day of `at` as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The seed of `game` on `day` (YYYY-MM-DD) under `secret`: 32 bits of the HMAC, 0..MAX_SEED. */
export function dailySeed(secret: string, game: string, day: string): number {
  return createHmac("sha256", secret).update(`blockarcade daily ${day} ${game}`).digest().readUInt32BE(0);
}
