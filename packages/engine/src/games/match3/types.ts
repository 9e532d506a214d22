/**
 * Match-3 Falling Bricks (docs/games/match3.md): the shapes of its state, commands and events.
 * Everything is plain JSON so states replay and travel unchanged.
 */
import type { BaseState } from "../../core/game.js";
import type { SYMBOLS } from "./constants.js";

/** One of the four symbols; nothing else may stand in a cell. */
export type BrickSymbol = (typeof SYMBOLS)[number];

export type Orientation = "H" | "V";

/** A brick as the init line spells it: `H^^*` or `V*@^` (orientation, then symbols A, B, C). */
export type BrickText = string;

export interface Brick {
  orientation: Orientation;
  symbols: [BrickSymbol, BrickSymbol, BrickSymbol];
}

/** One cell of the active brick: row, column, symbol. */
export type ActiveCell = [number, number, BrickSymbol];

export interface ActiveBrick {
  /** Cells in brick order: A, B, C (left to right for H, top to bottom for V). */
  cells: [ActiveCell, ActiveCell, ActiveCell];
}

/**
 * The classic game's config as the protocol carries it: the init line (docs/games/match3.md
 * "Init line"). `mode` may say "classic"; the config a game keeps leaves it out.
 */
export interface ClassicConfig {
  mode?: "classic";
  input: string;
}

/** A brick set of Arcade mode (docs/games/match3.md "Arcade mode"): which bricks the stream draws. */
export type BrickSetName = "classic" | "easy" | "flat" | "tall";

/** Arcade mode's config (docs/games/match3.md "Arcade mode"), every field filled in. */
export interface ArcadeConfig {
  mode: "arcade";
  width: number;
  height: number;
  bricks: BrickSetName;
  /** The level the game starts at. */
  level: number;
}

/** Either mode's config: no `mode` (or "classic") is the classic game. */
export type Match3Config = ClassicConfig | ArcadeConfig;

/** What an init line means once it has been validated. */
export interface InitLine {
  width: number;
  height: number;
  bricks: BrickText[];
}

/** `topped-out`: Arcade only, the rising floor would have pushed a symbol out of the top row. */
export type GameOverReason = "no-bricks" | "spawn-blocked" | "topped-out";

/** Arcade: one symbol that fell into a gap: [row, column, row it fell to, symbol]. */
export type DroppedCell = [number, number, number, BrickSymbol];

export interface Match3State extends BaseState {
  game: "match3";
  config: Match3Config;
  /** Stationary cells only; the active brick is drawn over them by the views. */
  board: string[];
  /** The falling brick, or null once the game is over. */
  active: ActiveBrick | null;
  /** Bricks not yet spawned, in input order (a brick whose spawn failed stays here). */
  queue: BrickText[];
  /** Arcade only (docs/games/match3.md "Arcade mode"): the level, which sets the fall interval. */
  level?: number;
  /** Arcade only: cells removed so far, which raise the level. */
  cells?: number;
  /** Arcade only: locks in a row that removed cells (0 after one that removed none). */
  combo?: number;
  /** Arcade only: bricks locked so far, which set the stage: the level and the stone rows. */
  placed?: number;
  /** Present once the game is over. */
  reason?: GameOverReason;
}

export type MoveCommand = "L" | "R" | "D";

/** `commands` holds the 0 to 2 valid commands of the frame, already parsed from the raw text. */
export interface FrameCommand {
  cmd: "frame";
  commands: string;
}

/** Arcade: one move of the active brick, at once (docs/games/match3.md "Arcade mode"). */
export interface ArcadeMoveCommand {
  cmd: "move";
  move: MoveCommand;
}

/** Arcade: one step of time, the classic frame's automatic drop. */
export interface TickCommand {
  cmd: "tick";
}

export type Match3Command = FrameCommand | ArcadeMoveCommand | TickCommand;

export type Match3Event =
  /** A command that moved the brick; `rows` is how far D dropped it. */
  | { type: "moved"; command: MoveCommand; rows?: number }
  /** A valid command that could not move the brick (ignored, yet it counts as one of the two). */
  | { type: "blocked"; command: MoveCommand }
  /** The frame's automatic drop moved the brick one row. */
  | { type: "fell" }
  | { type: "locked"; cells: ActiveCell[] }
  /** Cells matched runs removed; in Arcade `chain` says which link of the chain (1 for the first). */
  | { type: "removed"; cells: ActiveCell[]; chain?: number }
  /** Arcade: symbols fell into gaps; chain 0 after the lock itself, k after link k's removal. */
  | { type: "dropped"; cells: DroppedCell[]; chain: number }
  /** Arcade: a new stage raised the floor one row of stone; `stones` rows now lie at the bottom. */
  | { type: "risen"; stones: number }
  | { type: "spawned"; brick: BrickText; cells: ActiveCell[] }
  | { type: "game_over"; reason: GameOverReason }
  /** Arcade: the points a lock earned (cells removed by each link, the combo bonus, times the level). */
  | { type: "scored"; points: number; cells: number; combo: number; chain: number }
  /** Arcade: the cells removed so far reached a new level; the fall gets faster. */
  | { type: "level_up"; level: number };
