/**
 * What the service sends and takes (apps/server/src/routes, docs/service.md), typed with the engine's
 * own types: a game's config, commands, state and events are the engine's, so a client knows every
 * game's commands. Types only: nothing here reaches a bundle.
 */
import type { BaseState, ErrorCode, GameId, PublicView } from "@blockarcade/engine/core";
import type { BlastCommand, BlastConfig, BlastEvent, BlastState } from "@blockarcade/engine/games/blast";
import type { BlockyCommand, BlockyConfig, BlockyEvent, BlockyState } from "@blockarcade/engine/games/blocky";
import type { Match3Command, Match3Config, Match3Event, Match3State } from "@blockarcade/engine/games/match3";
import type { PuzzleCommand, PuzzleConfig, PuzzleEvent, PuzzleState } from "@blockarcade/engine/games/puzzle";
import type {
  StackerCommand,
  StackerConfig,
  StackerEvent,
  StackerState,
} from "@blockarcade/engine/games/stacker";

export type { ErrorCode, GameId };

/** Each game's types, by id: a new game id is a compile error here until it is added. */
export interface GameTypes {
  blast: { config: BlastConfig; command: BlastCommand; state: BlastState; event: BlastEvent };
  puzzle: { config: PuzzleConfig; command: PuzzleCommand; state: PuzzleState; event: PuzzleEvent };
  stacker: { config: StackerConfig; command: StackerCommand; state: StackerState; event: StackerEvent };
  match3: { config: Match3Config; command: Match3Command; state: Match3State; event: Match3Event };
  blocky: { config: BlockyConfig; command: BlockyCommand; state: BlockyState; event: BlockyEvent };
}

type Holds<T extends true> = T;
/** Fails to compile while a game id has no entry in GameTypes. */
export type EveryGameTyped = Holds<[Exclude<GameId, keyof GameTypes>] extends [never] ? true : false>;

/** The protocol's own commands, for every game (docs/protocol.md). */
export type ProtocolCommand =
  | { cmd: "state" }
  | { cmd: "legal" }
  | { cmd: "hint" }
  | { cmd: "ai" }
  | { cmd: "new"; seed?: number; config?: unknown }
  | { cmd: "load"; state: unknown };

export type GameConfig<G extends GameId = GameId> = GameTypes[G]["config"];
export type GameCommand<G extends GameId = GameId> = GameTypes[G]["command"] | ProtocolCommand;
export type GameEvent<G extends GameId = GameId> = GameTypes[G]["event"];
/**
 * A state as the service answers it: a ranked session's is the public view (no seed, no rng); an
 * unranked one's has them too.
 */
export type GameState<G extends GameId = GameId> = PublicView<GameTypes[G]["state"]> &
  Partial<Pick<BaseState, "seed" | "rng">>;

/** The one error shape of every refusal: the code is stable, the message is for people. */
export interface ErrorBody {
  error: { code: string; message: string };
}

/** POST /api/players and /api/players/recover. */
export interface Credentials {
  player: string;
  secret: string;
  recoveryCode: string;
}

/** What signs a request (Authorization: Bearer <player>.<secret>). */
export type PlayerKey = Pick<Credentials, "player" | "secret">;

/** GET /api/players/me. */
export interface Me {
  player: string;
  names: string[];
}

/** POST /api/games: an unranked game takes a seed; a ranked or daily one never does. */
export type CreateGame<G extends GameId = GameId> = {
  game: G;
  config?: GameConfig<G>;
  name?: string;
} & ({ seed?: number; ranked?: false; daily?: false } | { ranked: true } | { daily: true });

/** A session (POST /api/games 201, GET /api/games/:id 200). */
export interface Session<G extends GameId = GameId> {
  id: string;
  game: G;
  /** Commands logged so far, also the ETag: send it back as If-Match. */
  seq: number;
  ranked: boolean;
  kind?: "ranked" | "daily";
  day?: string;
  practice?: boolean;
  assisted?: boolean;
  state: GameState<G>;
}

/** Where the command that ended a ranked game was entered. */
export interface Entry {
  board: "unaided" | "help";
  day?: string;
  name: string;
  score: number;
  rank: number;
  /** GET /api/replays/:replay */
  replay: number;
}

/** A command the engine applied (200). */
export interface CommandReply<G extends GameId = GameId> {
  ok: true;
  seq: number;
  state: GameState<G>;
  events: GameEvent<G>[];
  /** The answer to `legal`: ready-to-send commands. */
  legal?: GameTypes[G]["command"][];
  hint?: { commands: GameTypes[G]["command"][]; reason: string };
  assisted?: boolean;
  entry?: Entry;
}

/** A command the engine refused (400, 422): nothing changed. */
export interface RefusalReply<G extends GameId = GameId> {
  ok: false;
  seq: number;
  error: { code: ErrorCode; message: string };
  state: GameState<G>;
}

export interface BoardEntry {
  rank: number;
  name: string;
  score: number;
  date: string;
  replay: number;
}

/** GET /api/leaderboards/:game. */
export interface Board<G extends GameId = GameId> {
  game: G;
  config: GameConfig<G>;
  board: "unaided" | "help";
  period: "all" | "week" | "today";
  day?: string;
  rules?: number;
  total: number;
  offset: number;
  limit: number;
  entries: BoardEntry[];
  /** With around=me: the player's best entry and its neighbours, or null. */
  me?: { rank: number; entry: BoardEntry; around: BoardEntry[] } | null;
}

export interface BoardQuery<G extends GameId = GameId> {
  config?: GameConfig<G>;
  board?: "unaided" | "help";
  day?: string;
  period?: "all" | "week" | "today";
  limit?: number;
  offset?: number;
  rules?: number;
  /** The signed-in player's own place (needs a player). */
  aroundMe?: boolean;
}

/** GET /api/daily/:game. */
export interface Daily<G extends GameId = GameId> {
  game: G;
  date: string;
  config: GameConfig<G>;
  nextAt: string;
  leader: { name: string; score: number; replay: number } | null;
  yesterday: { rank: number; name: string; score: number; replay: number }[];
  /** The signed-in player's part in today's game. */
  me?: DailyMe;
}

export interface DailyMe {
  /** none: not started today; playing: started, not over; done: its game is over. */
  attempt: "none" | "playing" | "done";
  /** The attempt's session (to resume it while playing). */
  session?: string;
  score?: number;
  rank?: number;
  board?: "unaided" | "help";
  /** Days in a row with an attempt. */
  streak: number;
  /** Today's replays are open to the player (its attempt has nothing left to play). */
  canWatch?: boolean;
}

/** GET /api/replays/:id. */
export interface Replay<G extends GameId = GameId> {
  id: number;
  game: G;
  config: GameConfig<G>;
  seed: number;
  commands: GameTypes[G]["command"][];
  score: number;
  name: string;
  date: string;
  board: "unaided" | "help";
  day?: string;
  moves: number;
}

/** GET /api/replays/:id/scores. */
export interface ScoreCurve {
  id: number;
  name: string;
  score: number;
  scores: number[];
}

export interface Health {
  status: "ok";
}

export interface Ready {
  status: "ok";
  database: "ok";
}
