/**
 * Every number of Block Blast's rules and look (docs/games/blast.md), in one place. The engine uses
 * the rule constants; the web imports the visual ones from here too so a number is never written
 * twice.
 */

// Board and rules.
export const GRID_SIZE = 8;
export const TRAY_SIZE = 3;

// Scoring (docs/games/blast.md "Scoring").
export const POINTS_PER_CELL = 10;
export const COMBO_BASE_BONUS = 20;
export const COMBO_INCREMENT = 10;
export const STREAK_MULTIPLIER = 0.5;
export const PERFECT_CLEAR_BONUS = 300;

// Revives (docs/games/blast.md "Game over and revives").
export const REVIVES_PER_GAME = 3;
export const REVIVE_CELLS_CLEARED = 20;

// Adaptive generation (docs/games/blast.md "Piece generation").
/** Weight of one table row (category); it is split evenly over the row's orientations. */
export const CATEGORY_BASE_WEIGHT = 1;
/** No piece's final weight goes below this. */
export const MIN_PIECE_WEIGHT = 0.1;
export const DIFFICULTY_SCORE_THRESHOLD = 3000;
export const DIFFICULTY_SCORE_CEILING = 15000;
export const DIFFICULTY_HARD_BOOST_MAX = 3.0;
export const DIFFICULTY_EASY_PENALTY_MAX = 0.3;
export const STREAK_HARDENING_THRESHOLD = 2;
/** Hard-piece multiplier at the threshold streak: 1 + 0.5 per streak level above 1. */
export const STREAK_HARD_BOOST = 1.5;
export const STREAK_HARD_STEP = 0.5;
export const STREAK_EASY_STEP = 0.15;
export const STREAK_EASY_FLOOR = 0.4;
export const BOARD_OPEN_THRESHOLD = 0.6;
export const BOARD_CRITICAL_THRESHOLD = 0.25;
/** Largest multiplier of the board-state system (C). */
export const BOARD_STATE_BOOST_MAX = 1.5;
export const PITY_THRESHOLD = 7;
export const SOLUTION_THRESHOLD = 15;
export const PITY_WEIGHT_BOOST = 3.0;
export const SOLUTION_WEIGHT_BOOST = 5.0;
/** A piece "fits easily" when it has at least this many legal positions (system D). */
export const PITY_MIN_POSITIONS = 5;

// Look (docs/games/blast.md "Look", "Celebrations", "Dragging and dropping").
export const CELL_SIZE = 48;
export const CELL_GAP = 2;
export const FINGER_OFFSET = 40;
export const CLEAR_ANIMATION_MS = 450;
/** How long the celebration text stays up unless the player acts first. */
export const CELEBRATION_MS = 1200;

export const THEME = {
  background: "#1a1a2e",
  boardBackground: "#16213e",
  emptyCell: "#1e2d4a",
  cellBorder: "#0f1b30",
  ghostValid: "rgba(46, 204, 113, 0.4)",
  ghostInvalid: "rgba(231, 76, 60, 0.4)",
  textPrimary: "#ffffff",
  textSecondary: "#8899aa",
  streakGlow: "#f1c40f",
} as const;

/** Piece colours in the rules' order; a tray piece's `colour` indexes this list. */
export const PIECE_COLOURS = [
  { name: "red", hex: "#e74c3c" },
  { name: "orange", hex: "#e67e22" },
  { name: "yellow", hex: "#f1c40f" },
  { name: "green", hex: "#2ecc71" },
  { name: "teal", hex: "#1abc9c" },
  { name: "blue", hex: "#3498db" },
  { name: "indigo", hex: "#5c6bc0" },
  { name: "purple", hex: "#9b59b6" },
  { name: "pink", hex: "#fd79a8" },
  { name: "brown", hex: "#a0522d" },
] as const;

/** Board letter of colour i is COLOUR_LETTERS[i]; `#` is a filled cell of no known colour. */
export const COLOUR_LETTERS = "ABCDEFGHIJ";
export const UNCOLOURED_CELL = "#";
export const EMPTY_CELL = ".";

/** Celebration text by lines cleared in one placement; 4 or more use the last. */
export const CELEBRATION_TEXT = ["Good Work!", "Excellent!", "Amazing!", "Perfect!"] as const;

export function celebrationText(lines: number): string | undefined {
  if (lines < 1) return undefined;
  return CELEBRATION_TEXT[Math.min(lines, CELEBRATION_TEXT.length) - 1];
}

// Ranges a loaded state must keep (docs/games/blast.md "Loading a position").
/**
 * The most placements in a row without a clear: each one adds at least one cell to a board of 64,
 * and only a revive takes cells away without a clear (up to REVIVE_CELLS_CLEARED, REVIVES_PER_GAME
 * times).
 */
export const MAX_MOVES_SINCE_CLEAR = GRID_SIZE * GRID_SIZE + REVIVES_PER_GAME * REVIVE_CELLS_CLEARED;
/**
 * The longest streak a loaded state may hold. A streak of s needs s clears of at least
 * 100 x (1 + 0.5 k) points each (k = 0..s-1), more than MAX_SCORE long before this; and a clear's
 * points stay exact integers at this streak.
 */
export const MAX_STREAK = 10_000_000;
