import type { BaseState } from "@blockarcade/engine/core";
import type { RemoteEntry, RemoteStart } from "./remote-session.js";

/** What a terminal front end is given: the process's streams, passed in so tests can replace them. */
export interface TerminalIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number; rows?: number };
  stderr: NodeJS.WritableStream;
}

/** Plays one game in the terminal; `args` are the options after the game's name. Resolves to the exit status. */
export type PlayFn = (args: string[], io: TerminalIo) => Promise<number>;

/** A game's terminal version: `blockarcade <game> --help` prints its `usage` (its own options). */
export interface PlayModule {
  play: PlayFn;
  usage?: string;
  /**
   * One game played by a person against `driver` (a daily session on a server, daily.ts), where the
   * terminal version can: the line games (Blast, Puzzle, Blocky). Real-time games have none.
   */
  playSession?: (driver: GameDriver<BaseState>, io: TerminalIo, mode: DriverMode) => Promise<number>;
  /**
   * The real-time games' counterpart (Stacker, Match-3 Arcade): one game on a server's session in
   * the real-time view, every command (ticks included) sent to it (remote-session.ts).
   */
  playRemote?: (start: RemoteStart, io: TerminalIo, mode: DriverMode) => Promise<number>;
}

/** A reply as a terminal game reads it, from the engine's runner or from a game server. */
export type DriverReply =
  | { ok: true; events: { type: string; points?: number }[]; hint?: unknown; [key: string]: unknown }
  | { ok: false; error: { code: string; message: string } };

/**
 * Where a terminal game's commands go: the engine's runner here, or a session on a game server
 * (`--daily`, daily.ts), whose answers carry the position.
 */
export interface GameDriver<S> {
  readonly state: S;
  dispatch(command: Record<string, unknown>): Promise<DriverReply>;
}

/** How one game is played: a daily game on a server is one game and says the day's board after it. */
export interface DriverMode {
  /** A daily game on a server: no `new`, and a hint puts the game on the board "with help". */
  daily?: boolean;
  /**
   * Said after the final line (the day's board after a daily game); a real-time game on a server
   * passes the entry its last reply carried (null when the game was not entered).
   */
  after?: (end?: { entry: RemoteEntry | null }) => Promise<void>;
}
