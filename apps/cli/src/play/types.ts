import type { TrayPlayOptions } from "./tray-play.js";

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
  /** The tray games' options (tray-play.ts): the daily challenge plays them through a server session. */
  tray?: TrayPlayOptions;
}
