/**
 * Bricks as the init line spells them (`H^^*`, `V*@^`) and where they spawn
 * (docs/games/match3.md "Bricks", "Spawn").
 */
import { SYMBOLS } from "./constants.js";
import type { ActiveCell, Brick, BrickSymbol, BrickText } from "./types.js";

const BRICK_PATTERN = /^[HV][\^*@~]{3}$/;

export function isBrickSymbol(ch: string): ch is BrickSymbol {
  return (SYMBOLS as readonly string[]).includes(ch);
}

export function isBrickText(text: unknown): text is BrickText {
  return typeof text === "string" && BRICK_PATTERN.test(text);
}

/** Symbols A, B, C: left to right for H, top to bottom for V. */
export function parseBrick(text: BrickText): Brick {
  return {
    orientation: text[0] === "V" ? "V" : "H",
    symbols: [text[1], text[2], text[3]] as [BrickSymbol, BrickSymbol, BrickSymbol],
  };
}

/** Spawn cells: centre column floor((W - 1) / 2), so even widths lean left; row 0 (rows 0-2 for V). */
export function spawnCells(brick: BrickText, width: number): [ActiveCell, ActiveCell, ActiveCell] {
  const { orientation, symbols } = parseBrick(brick);
  const centre = Math.floor((width - 1) / 2);
  const [a, b, c] = symbols;
  return orientation === "H"
    ? [
        [0, centre - 1, a],
        [0, centre, b],
        [0, centre + 1, c],
      ]
    : [
        [0, centre, a],
        [1, centre, b],
        [2, centre, c],
      ];
}
