/**
 * Type-level test, checked by `tsc -b` (tests/game-lists.test.ts): each per-game table of the CLI
 * refuses to compile without one game's entry. Were a table loosened to `Record<string, ...>` or
 * `Partial`, its @ts-expect-error would go unused, and that is a compile error too.
 */
import type { GameId } from "@blockarcade/engine/core";
import { PLAYERS } from "../src/play/index.js";
import { GAME_DEFINITIONS } from "./games.js";

/** A table as a contributor who forgot Blocky's entry would have written it. */
function withoutBlocky<T extends Readonly<Record<GameId, unknown>>>(table: T): Omit<T, "blocky"> {
  const { blocky: _, ...rest } = table;
  return rest;
}

// @ts-expect-error: every game has a terminal version
export const players: typeof PLAYERS = withoutBlocky(PLAYERS);
// @ts-expect-error: the tests compare the binary with every game's definition
export const definitions: typeof GAME_DEFINITIONS = withoutBlocky(GAME_DEFINITIONS);
