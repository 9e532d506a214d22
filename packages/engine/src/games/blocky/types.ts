/**
 * Blocky (blocky.md, clarifications.md "Blocky"): the block tree as plain JSON data.
 */
import type { BaseState } from "../../core/game.js";

/** Blue, red, green (olive) and yellow, as the protocol spells them. */
export const COLOURS = ["B", "R", "G", "Y"] as const;
export type Colour = (typeof COLOURS)[number];

export const COLOUR_NAMES: Record<Colour, string> = { B: "blue", R: "red", G: "green", Y: "yellow" };

/**
 * A block: a leaf is its colour, a split block the array of its 4 children in the order
 * upper-right, upper-left, lower-left, lower-right (the original course edition's order).
 */
export type Block = Colour | Split;
export type Split = readonly [Block, Block, Block, Block];

/** Child indices, named after the quadrant they stand for. */
export const UR = 0;
export const UL = 1;
export const LL = 2;
export const LR = 3;

/** Child indices from the top-level block down to a block; `[]` is the top-level block. */
export type Path = readonly number[];

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
export type Action = (typeof ACTIONS)[number];

export const GOAL_TYPES = ["blob", "perimeter"] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

export interface Goal {
  type: GoalType;
  colour: Colour;
}

export const PLAYER_KINDS = ["human", "random", "smart"] as const;
export type PlayerKind = (typeof PLAYER_KINDS)[number];

/** A player as configured: a goal given here is kept, otherwise one is drawn. */
export interface PlayerConfig {
  kind: PlayerKind;
  /** Smart players only: how many random valid moves it tries. */
  difficulty?: number;
  goal?: Goal;
}

export interface BlockyConfig {
  maxDepth: number;
  players: PlayerConfig[];
  turns: number;
}

export interface Player {
  kind: PlayerKind;
  difficulty?: number;
  goal: Goal;
  /** Points lost to smash (3), paint (1) and combine (1). */
  penalty: number;
  /** Goal score minus penalty on the current board. */
  score: number;
}

export interface BlockyState extends BaseState {
  game: "blocky";
  config: BlockyConfig;
  tree: Block;
  maxDepth: number;
  players: Player[];
  /** The configured number of turns (rounds: every player moves once per turn). */
  turns: number;
  /** Completed turns, from 0. */
  turn: number;
  /** Index into `players` of whose move it is. */
  current: number;
  /** Index of the winner once the game is over (highest score, ties to the lowest index). */
  winner: number | null;
}

export type BlockyCommand =
  | { cmd: "move"; action: Action; path: number[] }
  | { cmd: "ai" }
  | { cmd: "score"; goal: GoalType; colour: Colour };

export type BlockyEvent =
  | { type: "moved"; player: number; action: Action; path: number[] }
  | { type: "game_over"; winner: number; scores: number[] };

export const MAX_LOAD_DEPTH = 8;
export const MIN_CONFIG_DEPTH = 2;
export const MAX_CONFIG_DEPTH = 6;
export const MAX_PLAYERS = 4;
export const MAX_TURNS = 1000;
export const MAX_DIFFICULTY = 1000;

export const PENALTY: Record<Action, number> = {
  rotate_cw: 0,
  rotate_ccw: 0,
  swap_h: 0,
  swap_v: 0,
  smash: 3,
  paint: 1,
  combine: 1,
  pass: 0,
};
