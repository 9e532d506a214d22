/**
 * The web app's pages, so an unknown URL is answered 404 (with the app, which shows its not-found
 * page) instead of 200. The same list as apps/web/src/app/pages.ts; e2e/shell-pages.spec.ts checks
 * that the two agree.
 */
import { GAME_IDS, type GameId } from "@blockarcade/engine/core";

const GAME_PAGES: Readonly<Record<GameId, readonly string[]>> = {
  blast: ["", "/play", "/how-to-play", "/leaderboard", "/daily"],
  puzzle: ["", "/new", "/leaderboard", "/daily"],
  stacker: ["", "/leaderboard", "/daily"],
  match3: ["", "/how-to-play", "/leaderboard", "/daily"],
  blocky: ["", "/leaderboard", "/daily"],
};

/**
 * Whether a URL (a path, with or without its query) is the API's: `/api` or below it. What is not
 * is the web app's, with its files, pages and page headers.
 */
export function isApiPath(url: string): boolean {
  return url.startsWith("/api") && (url.length === 4 || url[4] === "/" || url[4] === "?");
}

/** Whether `path` (no query) is a page of the web app; trailing slashes are ignored, as the app does. */
export function isWebPage(path: string): boolean {
  if (path === "/") return true;
  // The replays (apps/web/src/app/pages.ts isShellPage): /replays, /replay (#packed) and /replay/<id>.
  const trimmed = path.replace(/\/+$/, "");
  if (trimmed === "/replays" || trimmed === "/replay" || /^\/replay\/[1-9]\d{0,14}$/.test(trimmed))
    return true;
  const m = /^\/games\/([a-z0-9]+)(\/.*)?$/.exec(path);
  if (!m) return false;
  const id = m[1] as GameId;
  const subpath = (m[2] ?? "").replace(/\/+$/, "");
  return GAME_IDS.includes(id) && GAME_PAGES[id].includes(subpath);
}
