/**
 * The init line `<width> <height> <brick1> ... <brick5>` (docs/games/match3.md "Init line"): the
 * game's config, what the terminal reads at its first prompt and what the browser's setup form takes.
 */
import { fail, ok, type Result } from "../../core/game.js";
import { isBrickText } from "./bricks.js";
import { MAX_BRICKS, MAX_SIDE } from "./constants.js";
import type { InitLine } from "./types.js";

const DECIMAL = /^[0-9]+$/;

/** A token quoted in a message, cut short: a line may be as long as anyone types. */
function quote(token: string): string {
  return JSON.stringify(token.length > 20 ? `${token.slice(0, 17)}...` : token);
}

function parseSide(token: string | undefined, name: "width" | "height"): Result<number> {
  if (token === undefined) {
    return fail("BAD_CONFIG", `the ${name} is missing: expected <width> <height> <brick1> ... <brick5>`);
  }
  if (!DECIMAL.test(token) || Number(token) <= 0) {
    return fail("BAD_CONFIG", `the ${name} ${quote(token)} is not a whole number greater than 0`);
  }
  const value = Number(token);
  if (value > MAX_SIDE) {
    return fail("BAD_CONFIG", `the ${name} ${quote(token)} is too large (at most ${MAX_SIDE})`);
  }
  return ok(value);
}

/**
 * Splits the line on runs of blanks. One bad token rejects the whole line; the message names the
 * token and what is wrong with it.
 */
export function parseInitLine(line: string): Result<InitLine> {
  const tokens = line
    .trim()
    .split(/\s+/)
    .filter((t) => t !== "");
  if (tokens.length === 0) {
    return fail(
      "BAD_CONFIG",
      "the line is empty: expected <width> <height> and up to 5 bricks, e.g. 5 8 H^^* V*@^",
    );
  }
  const width = parseSide(tokens[0], "width");
  if (!width.ok) return width;
  const height = parseSide(tokens[1], "height");
  if (!height.ok) return height;
  const bricks = tokens.slice(2);
  if (bricks.length > MAX_BRICKS) {
    return fail("BAD_CONFIG", `${bricks.length} bricks given: at most ${MAX_BRICKS} are allowed`);
  }
  for (let i = 0; i < bricks.length; i++) {
    const brick = bricks[i] as string;
    if (!isBrickText(brick)) {
      return fail(
        "BAD_CONFIG",
        `brick ${i + 1} ${quote(brick)} is not valid: a brick is H or V followed by exactly 3 of ^ * @ ~ (e.g. H^^*)`,
      );
    }
  }
  return ok({ width: width.value, height: height.value, bricks });
}
