import type { BaseState } from "../../core/game.js";

/** Block Blast takes no options; the object is kept so `new` without config keeps it. */
export type BlastConfig = Record<string, never>;

/** A piece waiting in the tray. */
export interface TrayPiece {
  /** Rows of `#` and `.`: the shape's bounding box, as drawn (pieces never rotate). */
  shape: string[];
  /** Index into PIECE_COLOURS; its cells take the board letter COLOUR_LETTERS[colour]. */
  colour: number;
}

export type TraySlot = TrayPiece | null;

export interface BlastState extends BaseState {
  game: "blast";
  config: BlastConfig;
  /** Always TRAY_SIZE entries; null once placed. */
  tray: TraySlot[];
  /** Consecutive placements that cleared at least one line. */
  streak: number;
  /** Placements since the last one that cleared a line (pity and solution timers). */
  movesSinceLastClear: number;
  revivesLeft: number;
}

export type BlastCommand = { cmd: "place"; piece: number; row: number; col: number } | { cmd: "revive" };

export type BlastEvent =
  | { type: "placed"; piece: number; row: number; col: number; colour: number; cells: [number, number][] }
  | { type: "cleared"; rows: number[]; cols: number[]; cells: [number, number][] }
  | {
      type: "scored";
      points: number;
      /** Lines cleared by this placement. */
      lines: number;
      cells: number;
      /** The streak before this clear: the multiplier is 1 + 0.5 x streak. */
      streak: number;
      perfect: boolean;
    }
  | { type: "dealt"; tray: TraySlot[] }
  | { type: "game_over"; revivesLeft: number }
  | { type: "revived"; removed: [number, number][]; revivesLeft: number };

/** What a placement would do, before it is made (`previewPlacement`). */
export interface PlacementPreview {
  fits: boolean;
  /** Board cells the piece would cover, [row, col]; also when it does not fit (some may be off the board). */
  cells: [number, number][];
  /** Lines the placement would complete (empty when it does not fit). */
  rows: number[];
  cols: number[];
}
