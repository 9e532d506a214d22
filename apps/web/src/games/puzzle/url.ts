/**
 * A game asked for in the URL: `?seed=N` starts that exact game (browser tests rely on it) and
 * `?rows=R&cols=C` that grid size. A size the engine refuses is reported with why (the side, its
 * range and what was typed, in the catalogue), never silently replaced by the default
 * (docs/games/puzzle.md "Pages").
 */
import { MAX_SIDE, MIN_SIDE, newGame, type PuzzleState, parseConfig } from "@blockarcade/engine/games/puzzle";
import { seedFromSearch } from "../../shell/seed";
import { t } from "./messages";

export type UrlGame =
  | { kind: "none" }
  | { kind: "game"; state: PuzzleState }
  | { kind: "refused"; reason: string };

const DIGITS = /^\d{1,6}$/;

/** Digits as a number; anything else stays text, which the engine refuses. */
function sideValue(text: string): number | string {
  return DIGITS.test(text) ? Number(text) : text;
}

/**
 * Why the engine refused the size, in the player's words: the side it refuses alone (asked of the
 * engine side by side), else the engine's own sentence.
 */
function refusalWords(params: URLSearchParams, message: string): string {
  for (const side of ["rows", "cols"] as const) {
    const typed = params.get(side);
    if (typed === null || parseConfig({ [side]: sideValue(typed) }).ok) continue;
    // The side is named as the URL names it (`rows`, `cols`): that is what the player typed.
    // Text is quoted, so an empty `?cols=` still reads.
    const value = DIGITS.test(typed) ? typed : JSON.stringify(typed);
    return t("badSide", { side, min: MIN_SIDE, max: MAX_SIDE, value });
  }
  return message;
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
  if (!config.ok) return { kind: "refused", reason: refusalWords(params, config.error.message) };
  return { kind: "game", state: newGame(config.value, seed ?? randomSeed()) };
}
