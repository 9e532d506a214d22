/**
 * The game-definition contract every game implements, and the result types of the protocol.
 * A game is a set of pure functions over plain JSON state (boardgame.io style): a refused command
 * is a returned error, never an exception, and never changes the state it was given.
 */
import type { RngState } from "./rng.js";

export const GAME_IDS = ["blast", "puzzle", "stacker", "match3", "blocky"] as const;
export type GameId = (typeof GAME_IDS)[number];

export function isGameId(value: unknown): value is GameId {
  return typeof value === "string" && (GAME_IDS as readonly string[]).includes(value);
}

export type ErrorCode =
  | "ILLEGAL_MOVE"
  | "GAME_OVER"
  | "BAD_JSON"
  | "UNKNOWN_COMMAND"
  | "BAD_ARGUMENT"
  | "BAD_CONFIG"
  | "BAD_STATE";

export interface GameError {
  code: ErrorCode;
  message: string;
}

/** Fields every game's state has (docs/protocol.md "State fields"). */
export interface BaseState {
  game: GameId;
  seed: number;
  score: number;
  over: boolean;
  /** One string per row, top row first; `.` is an empty cell. */
  board: string[];
  /** The random source; advancing it is part of applying a command. */
  rng: RngState;
}

export interface BaseCommand {
  cmd: string;
}

export interface BaseEvent {
  type: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: GameError };

export type ApplyResult<S, E> =
  | {
      ok: true;
      state: S;
      events: E[] /** Extra reply fields, e.g. blocky's `value`. */;
      reply?: Record<string, unknown>;
    }
  | { ok: false; error: GameError };

/**
 * What the game's computer player would do in a position: the commands to send, in order (one for
 * most games; the keys that bring a Block Stacker piece to its place), and a short reason a player
 * can read ("clears 2 lines", "keeps the board open").
 */
export interface Hint<C extends BaseCommand = BaseCommand> {
  commands: C[];
  reason: string;
}

export interface GameDefinition<
  S extends BaseState = BaseState,
  C extends BaseCommand = BaseCommand,
  E extends BaseEvent = BaseEvent,
  Cfg = unknown,
> {
  readonly id: GameId;
  readonly title: string;
  /** Game-specific command names (`place`, `tick`, ...), besides the protocol's own. */
  readonly commands: readonly string[];
  readonly defaultConfig: Cfg;
  /** Validates a config from outside (`undefined` means the defaults); BAD_CONFIG when refused. */
  parseConfig(raw: unknown): Result<Cfg>;
  newGame(config: Cfg, seed: number): S;
  /**
   * Validates a command from outside whose `cmd` is one of `commands`: BAD_ARGUMENT when its
   * arguments have the wrong type or range.
   */
  parseCommand(raw: BaseCommand & Record<string, unknown>): Result<C>;
  apply(state: S, command: C): ApplyResult<S, E>;
  /**
   * The whole position as text (board with any falling or offered pieces, score): what the terminal
   * shows, what golden replays pin, and what a log or a bug report quotes.
   */
  toText(state: S): string;
  /** Every legal move command in this state. */
  legal(state: S): C[];
  /**
   * The computer player's move for whoever is to move, and why; pure, changes nothing. GAME_OVER
   * once the game has ended (unless a move is still open, such as a Block Blast revive),
   * ILLEGAL_MOVE when there is nothing to play. The protocol's `hint` answers it; its `ai` plays it
   * (unless the game has an `ai` command of its own).
   */
  hint(state: S): Result<Hint<C>>;
  /**
   * Builds a position from a state object of the same shape the game emits; fields left out take
   * their defaults from `current`'s config. The `rng` field is the exact random source, so loading an
   * emitted state gives the same future; a `seed` without `rng` reseeds (core/read.ts `readRandom`).
   * BAD_STATE when the position breaks the game's invariants, a number leaves its range, a key is
   * unknown or `game` names another game.
   */
  load(raw: Record<string, unknown>, current: S): Result<S>;
  /**
   * State fields, besides `rng` and `seed`, that tell the future beyond what the game shows a player
   * (Block Stacker's `bag`: the order of the bag after the preview). `publicView` leaves them out
   * and `load` must take a state without them (core/public-view.ts).
   */
  readonly hidden?: readonly string[];
  /**
   * The version of the rules a game of this (parsed) config plays: 1 until a change makes a stored
   * game play differently (a seed and its commands no longer give the same game, or a saved state
   * no longer loads). The server stores it with every session, entry and replay, and refuses to go
   * on with one of another version (docs/service.md "Rules versions"). Absent: always 1.
   */
  readonly rulesVersion?: (config: Cfg) => number;
  /** How the contract suite plays this game (configs, seeds, playthrough length). */
  readonly contract?: {
    configs?: unknown[];
    seeds?: number[];
    steps?: number;
    legalSample?: number;
    hintSample?: number;
  };
}

/** Any game definition, for registries and generic code (CLI, server, contract suite). */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds games of different state types.
export type AnyGame = GameDefinition<any, any, any, any>;

/**
 * The rules version of a game of `config` as given from outside (undefined: the defaults); 1 for
 * a config the game refuses (nothing of it was ever played) or a game without versions.
 */
export function rulesVersionOf(game: AnyGame, config: unknown): number {
  if (!game.rulesVersion) return 1;
  const parsed = game.parseConfig(config);
  return parsed.ok ? game.rulesVersion(parsed.value) : 1;
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(code: ErrorCode, message: string): { ok: false; error: GameError } {
  return { ok: false, error: { code, message } };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isInt(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value);
}
