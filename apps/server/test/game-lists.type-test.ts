/**
 * Type-level test, checked by `tsc -b` (tests/game-lists.test.ts): the server's per-game tables
 * refuse to compile without one game's entry. Were a table loosened to `Record<string, ...>` or
 * `Partial`, its @ts-expect-error would go unused, and that is a compile error too.
 */
import type { GameId } from "@blockarcade/engine/core";
import { DAILY_CONFIGS } from "../src/scores/leaderboards.js";

/** A table as a contributor who forgot Blocky's entry would have written it. */
function withoutBlocky<T extends Readonly<Record<GameId, unknown>>>(table: T): Omit<T, "blocky"> {
  const { blocky: _, ...rest } = table;
  return rest;
}

// @ts-expect-error: every game offered has its day's config written out
export const daily: typeof DAILY_CONFIGS = withoutBlocky(DAILY_CONFIGS);
