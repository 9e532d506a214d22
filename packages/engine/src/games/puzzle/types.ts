/**
 * Block Puzzle's state, commands and events (docs/games/puzzle.md "State and protocol").
 */
import type { BaseState } from "../../core/game.js";
import type { BLOCK_COLOURS } from "./constants.js";

export interface PuzzleConfig {
  rows: number;
  cols: number;
}

export type BlockColour = (typeof BLOCK_COLOURS)[number];

/** A block in the tray; `shape` in the protocol's rows of `#`/`.`. */
export interface TrayBlock {
  /** Unique id of this orientation in the pool, e.g. "L3". */
  id: string;
  /** The drawn shape it comes from, e.g. "L". */
  baseShape: string;
  colour: BlockColour;
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
      colour: BlockColour;
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
      /** FULL_CLEAR_BONUS when the board ended empty, else 0. */
      fullClear: number;
    }
  | { type: "dealt"; round: number; tray: TrayBlock[] }
  | { type: "game_over"; score: number };

/** What dropping a tray block at a cell would do: the drop preview of every front end. */
export interface PlacementPreview {
  fits: boolean;
  /** Board cells the block would cover, [row, col] (also when it does not fit, for a cursor). */
  cells: [number, number][];
  /** Lines the drop would complete (empty when it does not fit). */
  rows: number[];
  cols: number[];
}
