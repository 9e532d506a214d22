/**
 * Block Stacker's numbers and names, the one place front ends read them from
 * (docs/games/stacker.md "Rules as implemented").
 */

export const PIECE_TYPES = ["I", "O", "T", "S", "Z", "J", "L"] as const;

export const MIN_SIZE = 10;
export const MAX_SIZE = 30;
export const DEFAULT_SIZE = 20;
/** How many upcoming pieces the state shows (the preview). */
export const PREVIEW_LENGTH = 3;
export const EMPTY_CELL = ".";

/**
 * Keys the engine understands. A/D/S/Q are the spec's; the rest are what players of falling-block
 * games expect (docs/games/stacker.md "Keys"). Letters may also be sent in lower case.
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

/** Guideline points for 1 to 4 lines cleared by one piece, times the level ("Scoring"). */
export const LINE_POINTS = [0, 100, 300, 500, 800] as const;
export const SOFT_DROP_POINTS_PER_ROW = 1;
export const HARD_DROP_POINTS_PER_ROW = 2;
export const LINES_PER_LEVEL = 10;
/**
 * The most lines a state may count: far past any game, and small enough that the level and the
 * points of a clear stay tiny beside MAX_SCORE.
 */
export const MAX_LINES = 1_000_000_000;
/** Past this level gravity stops getting faster (the guideline curve is only defined that far). */
export const MAX_GRAVITY_LEVEL = 20;

/** The front ends' lock delay ("Lock delay"): how long a resting piece waits before its lock. */
export const LOCK_DELAY_MS = 500;
/** How often a successful move or turn may restart the lock delay for one piece. */
export const MAX_LOCK_RESETS = 15;

export const STACKER_KEYS = Object.keys(KEY_ACTIONS) as (keyof typeof KEY_ACTIONS)[];
