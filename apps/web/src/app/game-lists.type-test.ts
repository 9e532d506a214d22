/**
 * Type-level test, checked by `tsc -b` (tests/game-lists.test.ts): each per-game table of the web
 * refuses to compile without one game's entry. Were a table loosened to `Record<string, ...>` or
 * `Partial`, its @ts-expect-error would go unused, and that is a compile error too.
 */
import type { GameId } from "@blockarcade/engine/core";
import { DAILY_CONFIGS } from "../shell/daily-api";
import { configWords } from "../shell/daily-words";
import { GAME_PAGES } from "./pages";
import { THUMBNAILS } from "./thumbnails";

/** A table as a contributor who forgot Blocky's entry would have written it. */
function withoutBlocky<T extends Readonly<Record<GameId, unknown>>>(table: T): Omit<T, "blocky"> {
  const { blocky: _, ...rest } = table;
  return rest;
}

// @ts-expect-error: the thumbnails need a picture for every game
export const thumbnails: typeof THUMBNAILS = withoutBlocky(THUMBNAILS);
// @ts-expect-error: the pages need a list for every game
export const pages: typeof GAME_PAGES = withoutBlocky(GAME_PAGES);
// @ts-expect-error: the daily configs need one for every game
export const daily: typeof DAILY_CONFIGS = withoutBlocky(DAILY_CONFIGS);
// @ts-expect-error: the day's words are a switch over GameId, so an unknown id is refused
export const words = configWords("chess", {});
