/**
 * A ranked session's rules (docs/service.md "Fair play"), kept with the session as one JSON text:
 * who plays it, whether it is the day's game (and the player's ranked attempt or practice), whether
 * the computer player helped, when it started and, for a real-time game, its clock.
 */
import { isPlainObject } from "@blockarcade/engine/core";
import type { GameClock } from "./clock.js";

export type RankedKind = "ranked" | "daily";

export interface Fairness {
  kind: RankedKind;
  player: string;
  /** The UTC day (YYYY-MM-DD) of a daily session; null for a ranked one. */
  day: string | null;
  /** A daily session after the player's first of the day and game: played, never entered. */
  practice: boolean;
  /** A `hint` or `ai` was asked: the game goes on the "with help" board. */
  assisted: boolean;
  /** When the session started, ms since 1970 (the server's clock). */
  startedAt: number;
  /** Real-time games only (fair/clock.ts). */
  clock: GameClock | null;
}

/** A ranked game left unfinished this long is no longer entered (ms). */
export const RANKED_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function fairText(fair: Fairness): string {
  return JSON.stringify(fair);
}

/** The stored text read back; null for an unranked session (or a damaged text: then unranked). */
export function readFairness(text: string | null | undefined): Fairness | null {
  if (text === null || text === undefined) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return isPlainObject(value) && (value.kind === "ranked" || value.kind === "daily")
      ? (value as unknown as Fairness)
      : null;
  } catch {
    return null;
  }
}
