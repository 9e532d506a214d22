/**
 * Every number and table of Block Puzzle's rules in one place (docs/games/puzzle.md "Rules"): the
 * grid's limits, the tray, the scoring constants and the palette. The web reads them from here too,
 * so a number is never written twice.
 */
import type { PuzzleConfig } from "./types.js";

/** Each side of the grid, rows and columns separately (docs/games/puzzle.md "Grid"). */
export const MIN_SIDE = 5;
export const MAX_SIDE = 20;
export const DEFAULT_CONFIG: Readonly<PuzzleConfig> = { rows: 8, cols: 8 };

/** Blocks dealt per round (docs/games/puzzle.md "Dealing"). */
export const TRAY_SIZE = 3;

/** Scoring (docs/games/puzzle.md "Scoring"). */
export const LINE_POINTS = 12;
/** Each further line of one move adds this share of LINE_POINTS to the one before. */
export const LINE_STEP = 0.5;
export const FULL_CLEAR_BONUS = 200;

/** The 7-colour palette, in the order the rules draw from. */
export const BLOCK_COLOURS = [
  "#0000FF",
  "#FF0000",
  "#FFFF00",
  "#00FF00",
  "#800080",
  "#FFA500",
  "#00FFFF",
] as const;

/**
 * One board character per palette colour (same order as BLOCK_COLOURS), so the protocol's board
 * keeps the colour of every placed cell: Blue, Red, Yellow, Green, Purple, Orange, Cyan.
 */
export const COLOUR_LETTERS = ["B", "R", "Y", "G", "P", "O", "C"] as const;
/** A filled cell of unknown colour (accepted by `load`, e.g. from hand-written fixtures). */
export const PLAIN_FILLED = "#";
export const EMPTY_CELL = ".";

/** Rounds and lines a loaded state may hold: as far as scores go, and exact on top. */
export const MAX_COUNT = 1e15;
/** The largest block of the pool is 3 x 3 and the longest line 5 cells: no tray shape is larger. */
export const MAX_SHAPE_SIDE = 5;
