/**
 * Blocky's state, config, commands and events: the block tree as plain JSON data
 * (docs/games/blocky.md "The model").
 */
import type { BaseState } from "../../core/game.js";
import type { ACTIONS, COLOURS, GOAL_TYPES, PLAYER_KINDS } from "./constants.js";

export type Colour = (typeof COLOURS)[number];

/**
 * A block: a leaf is its colour, a split block the array of its 4 children in the order
 * upper-right, upper-left, lower-left, lower-right.
 */
export type Block = Colour | Split;
export type Split = readonly [Block, Block, Block, Block];

/** Child indices from the top-level block down to a block; `[]` is the top-level block. */
export type Path = readonly number[];

export type Action = (typeof ACTIONS)[number];
export type GoalType = (typeof GOAL_TYPES)[number];
export type PlayerKind = (typeof PLAYER_KINDS)[number];

export interface Goal {
  type: GoalType;
  colour: Colour;
}

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
