/**
 * Block Stacker state, commands and events (block-stacker.md as settled by clarifications.md and
 * protocol.md). Everything here is plain JSON: the state is what the protocol emits and loads.
 */
import type { BaseState } from "../../core/game.js";

export const PIECE_TYPES = ["I", "O", "T", "S", "Z", "J", "L"] as const;
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

export const MIN_SIZE = 10;
export const MAX_SIZE = 30;
export const DEFAULT_SIZE = 20;
/** How many upcoming pieces the state shows (the preview). */
export const PREVIEW_LENGTH = 3;

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

/**
 * Keys the engine understands. A/D/S/Q are the spec's; the rest are what players of falling-block
 * games expect. Letters may also be sent in lower case.
 */
export const KEY_ACTIONS = {
  A: "left",
  ArrowLeft: "left",
  D: "right",
  ArrowRight: "right",
  S: "soft_drop",
  ArrowDown: "soft_drop",
  Q: "rotate_cw",
  X: "rotate_cw",
  ArrowUp: "rotate_cw",
  E: "rotate_ccw",
  Z: "rotate_ccw",
  Space: "hard_drop",
  C: "hold",
  Shift: "hold",
} as const;

export type StackerKey = keyof typeof KEY_ACTIONS;
export type KeyAction = (typeof KEY_ACTIONS)[StackerKey];
export const STACKER_KEYS = Object.keys(KEY_ACTIONS) as StackerKey[];

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
