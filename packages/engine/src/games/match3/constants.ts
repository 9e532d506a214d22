/**
 * Every fixed text and number of Match-3 Falling Bricks in one place (docs/games/match3.md). The
 * terminal and the browser read the prompts from here, so a prompt is written exactly once.
 */
import type { ArcadeConfig } from "./types.js";

/** The four symbols a cell may hold (docs/games/match3.md "Bricks"). */
export const SYMBOLS = ["^", "*", "@", "~"] as const;
export const EMPTY_CELL = ".";
/** Arcade only: a cell of the risen floor, which never matches and never moves (docs: "Arcade mode"). */
export const STONE_CELL = "#";

/** The init prompt (docs/games/match3.md "The terminal dialogue"), verbatim. */
export const INIT_PROMPT = "Please enter field size (width and height) and up to 5 bricks set:";
/** The command prompt of every frame, verbatim. */
export const FRAME_PROMPT =
  "Enter up to 2 commands to process before moving to the next frame (valid commands are L,R,D)";
/** The end prompt, verbatim. */
export const END_PROMPT = "Enter S to start over or Q to quit";
export const GOODBYE = "Thank you for playing Match-3!";
export const EXAMPLE_INPUT = "5 8 H^^* V*@^";

export const MAX_BRICKS = 5;
/** Valid commands a frame takes; the rest of its line is dropped (docs/games/match3.md "A frame"). */
export const COMMANDS_PER_FRAME = 2;
/**
 * No upper bound is given for the field; one is needed so a typo such as `5 80000000` is a clear
 * error instead of a process running out of memory
 * (docs/games/match3.md "Decisions where the rules are silent").
 */
export const MAX_SIDE = 100;

// ---- Arcade mode (docs/games/match3.md "Arcade mode") ----

/** The field sizes Arcade mode accepts: room for a brick to spawn and move, small enough to read. */
export const ARCADE_MIN_WIDTH = 4;
export const ARCADE_MAX_WIDTH = 16;
export const ARCADE_MIN_HEIGHT = 6;
export const ARCADE_MAX_HEIGHT = 30;

/** Ready-made fields for the front ends to offer; any size within the limits is a valid config. */
export const ARCADE_FIELDS = [
  { name: "small", width: 5, height: 10 },
  { name: "medium", width: 7, height: 14 },
  { name: "large", width: 9, height: 18 },
] as const;

/** The Arcade defaults: the medium field, the classic bricks, level 1. */
export const ARCADE_DEFAULTS: ArcadeConfig = {
  mode: "arcade",
  width: 7,
  height: 14,
  bricks: "classic",
  level: 1,
};

/**
 * The brick sets the stream draws from: orientations and symbols, each drawn uniformly. `easy`
 * has three symbols, so runs come more often; `flat` and `tall` keep one orientation.
 */
export const BRICK_SETS = {
  classic: { orientations: ["H", "V"], symbols: ["^", "*", "@", "~"] },
  easy: { orientations: ["H", "V"], symbols: ["^", "*", "@"] },
  flat: { orientations: ["H"], symbols: ["^", "*", "@", "~"] },
  tall: { orientations: ["V"], symbols: ["^", "*", "@", "~"] },
} as const;

/** Bricks the player sees coming, besides the falling one. */
export const ARCADE_PREVIEW = 3;
/**
 * Bricks locked per stage: each stage the level goes up one (to MAX_LEVEL at most) and the floor
 * rises one row of stone, so every game ends (docs/games/match3.md "Score, chains, combo and stages").
 */
export const BRICKS_PER_LEVEL = 25;
export const MAX_LEVEL = 15;
/**
 * Points per cell removed (times the link of the chain that removed it: 1, 2, 3 ...), and per
 * earlier lock in an unbroken combo, all times the level.
 */
export const CELL_POINTS = 10;
export const COMBO_POINTS = 20;
/** A combo counter is kept exact and small; no real game comes near it. */
export const MAX_COMBO = 1_000_000;
/** The fall interval: FIRST_FALL_MS at level 1, FALL_SPEEDUP times that per level, never below MIN_FALL_MS. */
export const FIRST_FALL_MS = 800;
export const FALL_SPEEDUP = 0.85;
export const MIN_FALL_MS = 100;
