/**
 * Block Puzzle (block-puzzle.md, clarifications.md "Block Puzzle"): state, commands and events.
 */
import type { BaseState } from "../../core/game.js";

export const MIN_SIDE = 5;
export const MAX_SIDE = 20;
export const TRAY_SIZE = 3;

export interface PuzzleConfig {
  rows: number;
  cols: number;
}

/** The spec's 7-colour palette, in its order. */
export const BLOCK_COLORS = [
  "#0000FF",
  "#FF0000",
  "#FFFF00",
  "#00FF00",
  "#800080",
  "#FFA500",
  "#00FFFF",
] as const;
export type BlockColor = (typeof BLOCK_COLORS)[number];

/**
 * One board character per palette colour (same order as BLOCK_COLORS), so the protocol's board
 * keeps the colour of every placed cell: Blue, Red, Yellow, Green, Purple, Orange, Cyan.
 */
export const COLOR_LETTERS = ["B", "R", "Y", "G", "P", "O", "C"] as const;
/** A filled cell of unknown colour (accepted by `load`, e.g. from hand-written fixtures). */
export const PLAIN_FILLED = "#";

/** A block in the tray: the spec's block definition, `shape` in the protocol's rows of `#`/`.`. */
export interface TrayBlock {
  /** Unique id of this orientation in the pool, e.g. "L3". */
  id: string;
  /** The drawn shape it comes from, e.g. "L". */
  baseShape: string;
  color: BlockColor;
  shape: string[];
}

export interface PuzzleState extends BaseState {
  game: "puzzle";
  config: PuzzleConfig;
  /** Three entries, `null` once placed. */
  tray: (TrayBlock | null)[];
  /** Number of trays dealt so far (the first tray is round 1). */
  round: number;
  /** Lines (rows + columns) cleared so far. */
  lines: number;
}

export type PuzzleCommand = { cmd: "place"; piece: number; row: number; col: number };

export type PuzzleEvent =
  | {
      type: "placed";
      piece: number;
      id: string;
      color: BlockColor;
      row: number;
      col: number;
      /** Board cells the block covers, [row, col]. */
      cells: [number, number][];
    }
  | {
      type: "cleared";
      rows: number[];
      cols: number[];
      /** Distinct cells emptied (a crossing counts once). */
      cells: [number, number][];
    }
  | {
      type: "scored";
      points: number;
      /** Cells of the block placed. */
      block: number;
      /** Line points, doubled already when rows and columns cleared together. */
      lines: number;
      doubled: boolean;
      /** 200 when the board ended empty, else 0. */
      fullClear: number;
    }
  | { type: "dealt"; round: number; tray: TrayBlock[] }
  | { type: "game_over"; score: number };
