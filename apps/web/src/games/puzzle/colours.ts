/** Colours and names for drawing and announcing blocks. */
import { BLOCK_COLOURS, COLOUR_LETTERS, type TrayBlock } from "@blockarcade/engine/games/puzzle";
import { type PuzzleMessage, t } from "./messages";

const COLOUR_NAMES = ["blue", "red", "yellow", "green", "purple", "orange", "cyan"];
/** A loaded board may carry "#" (filled, colour unknown). */
const PLAIN = "#8A8F98";

/** The engine's base shapes that have a name in the catalogue (shape_<name>). */
const SHAPE_NAMES = new Set([
  "square",
  "L",
  "smallLine",
  "mediumLine",
  "longLine",
  "extraLongLine",
  "hook",
  "extendedL",
  "squarePlus",
  "largeSquare",
  "zigzag",
  "rectangle",
]);

/**
 * The colour-blind palette (same order as BLOCK_COLOURS): every pair stays apart under simulated
 * deuteranopia, protanopia and tritanopia (colours.test.ts). The second cue is the colour's board
 * letter (B, R, Y, G, P, O, C), drawn in each cell.
 */
export const COLOUR_BLIND_COLOURS = [
  "#446677",
  "#aa3322",
  "#ffcc11",
  "#11ffcc",
  "#aa00ff",
  "#dd7755",
  "#55aabb",
];
export const CUES: readonly string[] = [...COLOUR_LETTERS];

/** The colour shown for a rules colour: itself, or its colour-blind stand-in. */
export function shownColour(hex: string, colourBlind: boolean): string {
  const i = (BLOCK_COLOURS as readonly string[]).indexOf(hex);
  return colourBlind && i >= 0 ? (COLOUR_BLIND_COLOURS[i] as string) : hex;
}

/** The letter drawn in a cell of a rules colour in colour-blind mode (none for an unknown colour). */
export function cueOf(hex: string): string | undefined {
  return CUES[(BLOCK_COLOURS as readonly string[]).indexOf(hex)];
}

/** The colour of a board character ("." = none). */
export function cellColour(ch: string): string | null {
  if (ch === ".") return null;
  const i = (COLOUR_LETTERS as readonly string[]).indexOf(ch);
  return i >= 0 ? (BLOCK_COLOURS[i] as string) : PLAIN;
}

/** The same colour 35% darker: the 1 px border of a filled cell. */
export function darker(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const f = (v: number) =>
    Math.round(v * 0.65)
      .toString(16)
      .padStart(2, "0");
  return `#${f((n >> 16) & 255)}${f((n >> 8) & 255)}${f(n & 255)}`;
}

export function colourName(hex: string): string {
  return t(
    `colour_${COLOUR_NAMES[(BLOCK_COLOURS as readonly string[]).indexOf(hex)] ?? "grey"}` as PuzzleMessage,
  );
}

export function describeBlock(block: TrayBlock): string {
  const cells = block.shape.join("").split("#").length - 1;
  const shape = SHAPE_NAMES.has(block.baseShape)
    ? t(`shape_${block.baseShape}` as PuzzleMessage)
    : block.baseShape;
  return t("describe", {
    colour: colourName(block.colour),
    shape,
    n: cells,
    tall: block.shape.length,
    wide: block.shape[0]?.length ?? 0,
  });
}
