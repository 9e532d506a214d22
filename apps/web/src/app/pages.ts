/**
 * Every page of the arcade: the home page and each game's pages under /games/<id>. Anything else is
 * the not-found page (and the server answers it with 404: apps/server/src/web-pages.ts keeps the
 * same list, and e2e/shell-pages.spec.ts checks the two agree).
 */
import type { GameId } from "@blockarcade/engine/core";

/** Each game's pages after `/games/<id>`: "" is the game's own first page. */
export const GAME_PAGES: Readonly<Record<GameId, readonly string[]>> = {
  blast: ["", "/play", "/how-to-play", "/leaderboard", "/daily"],
  puzzle: ["", "/new", "/leaderboard", "/daily"],
  stacker: ["", "/leaderboard", "/daily"],
  match3: ["", "/how-to-play", "/leaderboard", "/daily"],
  blocky: ["", "/leaderboard", "/daily"],
};

/** Where the home card sends a player who has a game waiting ("" is the game's first page). */
export const CONTINUE_PAGE: Readonly<Partial<Record<GameId, string>>> = { blast: "/play" };

/**
 * The arcade's own pages besides home and the games': the last games of this device (/replays), a
 * local game's replay packed in the fragment (/replay#...) and a server replay by id (/replay/<n>).
 */
export function isShellPage(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return trimmed === "/replays" || trimmed === "/replay" || /^\/replay\/[1-9]\d{0,14}$/.test(trimmed);
}

export function isGamePage(id: string, subpath: string): boolean {
  return Object.hasOwn(GAME_PAGES, id) && (GAME_PAGES[id as GameId] as readonly string[]).includes(subpath);
}
