import type { Settings } from "./settings";

/** What the shell gives a game's screen. */
export interface GameScreenProps {
  /** The URL path after `/games/<id>`: "" for the game's own home, e.g. "/leaderboard". */
  subpath: string;
  /** The URL's query string, e.g. "?seed=42" (browser tests use `seed`). */
  search: string;
  /**
   * Moves within the game (pushState, so the back button works): `navigate("/leaderboard")` goes to
   * `/games/<id>/leaderboard`, `navigate("")` to the game's own home; a query string may follow.
   */
  navigate: (subpath: string, options?: { replace?: boolean }) => void;
  /** Back to the arcade's home page. */
  exit: () => void;
  settings: Settings;
}
