/**
 * Block Stacker state, commands and events (docs/games/stacker.md "State"). Everything here is
 * plain JSON: the state is what the protocol emits and loads.
 */
import type { BaseState } from "../../core/game.js";
import type { KEY_ACTIONS, PIECE_TYPES } from "./constants.js";

export type PieceType = (typeof PIECE_TYPES)[number];

/** 0 is the spawn orientation, 1 after one clockwise turn, 2 after two, 3 after three. */
export type Rotation = 0 | 1 | 2 | 3;

/** A board cell as [row, col], row 0 at the top. */
export type Cell = [number, number];

export interface ActivePiece {
  type: PieceType;
  rotation: Rotation;
  /** The piece's four cells, row-major. */
  cells: Cell[];
}

export interface StackerConfig {
  /** The board is size x size cells. */
  size: number;
}

export interface StackerState extends BaseState {
  game: "stacker";
  config: StackerConfig;
  /** The falling piece; null only once the game is over. */
  active: ActivePiece | null;
  /** The next pieces, first to spawn first. */
  next: PieceType[];
  /** What is left of the current 7-bag after `next` (refilled with a fresh shuffled bag when empty). */
  bag: PieceType[];
  /** The held piece, if any. */
  hold: PieceType | null;
  /** Hold may be used once per piece: false from a hold until the next lock. */
  canHold: boolean;
  lines: number;
  /** 1 + floor(lines / 10). */
  level: number;
}

export type StackerKey = keyof typeof KEY_ACTIONS;
export type KeyAction = (typeof KEY_ACTIONS)[StackerKey];

export type StackerCommand = { cmd: "key"; key: StackerKey } | { cmd: "tick" };

export type StackerEvent =
  | { type: "moved"; direction: "left" | "right" | "down" }
  | { type: "fell" }
  | {
      type: "rotated";
      direction: "cw" | "ccw";
      from: Rotation;
      to: Rotation;
      /** Index of the SRS test that fitted (0 = no kick) and its offset, x right and y up. */
      kick: number;
      offset: [number, number];
    }
  | { type: "hard_dropped"; rows: number }
  | { type: "locked"; piece: PieceType; cells: Cell[] }
  | { type: "cleared"; rows: number[] }
  | { type: "scored"; points: number; reason: "lines" | "soft_drop" | "hard_drop" }
  | { type: "level_up"; level: number }
  | { type: "held"; piece: PieceType; released: PieceType | null }
  | { type: "spawned"; piece: PieceType }
  | { type: "game_over"; piece: PieceType };
