/**
 * Blocky's fixed numbers and vocabularies (docs/games/blocky.md "The model", "Rules", "Config and
 * load ranges").
 */

/** Blue, red, green (olive) and yellow, as the protocol spells them. */
export const COLOURS = ["B", "R", "G", "Y"] as const;

export const COLOUR_NAMES = { B: "blue", R: "red", G: "green", Y: "yellow" } as const;

/** Child indices, named after the quadrant they stand for (docs/games/blocky.md "The model"). */
export const UR = 0;
export const UL = 1;
export const LL = 2;
export const LR = 3;

export const ACTIONS = [
  "rotate_cw",
  "rotate_ccw",
  "swap_h",
  "swap_v",
  "smash",
  "paint",
  "combine",
  "pass",
] as const;

export const GOAL_TYPES = ["blob", "perimeter"] as const;

export const PLAYER_KINDS = ["human", "random", "smart", "expert"] as const;

/** What each action costs the mover (docs/games/blocky.md "Rules"). */
export const PENALTY = {
  rotate_cw: 0,
  rotate_ccw: 0,
  swap_h: 0,
  swap_v: 0,
  smash: 3,
  paint: 1,
  combine: 1,
  pass: 0,
} as const satisfies Record<(typeof ACTIONS)[number], number>;

/** `load` takes boards of maxDepth 0 to 8, a config makes 2 to 6 (docs/games/blocky.md "Config and load ranges"). */
export const MAX_LOAD_DEPTH = 8;
export const MIN_CONFIG_DEPTH = 2;
export const MAX_CONFIG_DEPTH = 6;
export const DEFAULT_DEPTH = 4;
export const MAX_PLAYERS = 4;
export const MAX_TURNS = 1000;
export const DEFAULT_TURNS = 5;
/** See docs/games/blocky.md "Bounded work" for what one `ai` move costs at this difficulty. */
export const MAX_DIFFICULTY = 1000;
/**
 * The most work one smart move may take: `difficulty` candidate boards scored over 4^maxDepth unit
 * cells, as much as the largest config makes (difficulty 1000 at depth 6). A loaded board deeper
 * than a config makes takes a proportionally lower difficulty (docs/games/blocky.md "Bounded work").
 */
export const MAX_SMART_WORK = MAX_DIFFICULTY * 4 ** MAX_CONFIG_DEPTH;
/** A smart player's difficulty when none is given. */
export const DEFAULT_DIFFICULTY = 3;

/** Every move costs at most 3 and a player moves once per turn, so no penalty can grow past this. */
export const MAX_PENALTY = 3 * MAX_TURNS;
/** A goal never scores more than the number of unit cells of the largest loadable board. */
export const MAX_GOAL_SCORE = 4 ** MAX_LOAD_DEPTH;
