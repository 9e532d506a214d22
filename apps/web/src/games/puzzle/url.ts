/**
 * A game asked for in the URL: `?seed=N` starts that exact game (browser tests rely on it) and
 * `?rows=R&cols=C` that grid size. A size the engine refuses is reported with the engine's reason,
 * never silently replaced by the default (docs/games/puzzle.md "Pages").
 */
import { newGame, type PuzzleState, parseConfig } from "@blockarcade/engine/games/puzzle";
import { seedFromSearch } from "../../shell/seed";

export type UrlGame =
  | { kind: "none" }
  | { kind: "game"; state: PuzzleState }
  | { kind: "refused"; reason: string };

/** Digits as a number; anything else stays text, so the engine's message quotes what was typed. */
function sideValue(text: string): number | string {
  return /^\d{1,6}$/.test(text) ? Number(text) : text;
}

export function gameFromUrl(search: string, randomSeed: () => number): UrlGame {
  const params = new URLSearchParams(search);
  const rows = params.get("rows");
  const cols = params.get("cols");
  const seed = seedFromSearch(search);
  if (seed === undefined && rows === null && cols === null) return { kind: "none" };
  const config = parseConfig({
    ...(rows !== null ? { rows: sideValue(rows) } : {}),
    ...(cols !== null ? { cols: sideValue(cols) } : {}),
  });
  if (!config.ok) return { kind: "refused", reason: config.error.message };
  return { kind: "game", state: newGame(config.value, seed ?? randomSeed()) };
}
