/**
 * The terminal of the real-time games (Block Stacker, Match-3 Arcade): raw keys, the alternate
 * screen, frames drawn in place, and one way out that gives the terminal back as it was, whatever
 * ends the game (its end, a quit key, end of input, SIGINT/SIGTERM/SIGHUP, an error).
 */
import type { TerminalIo } from "./types.js";

export const ESC = "\u001b[";

export interface RawTerminalHandlers {
  /** A chunk of keys as typed; a throw ends the game with status 1 and the message on stderr. */
  input(text: string): void;
  /** The terminal asked to end (a signal: 130, end of input: 0), or an input handler threw (1). */
  end(code: number, error?: unknown): void;
  /** The window changed size: the screen was cleared, draw again. */
  resize?(): void;
}

export interface RawTerminal {
  /** Draws `lines` from the top left, each cleared to its end, and clears below; skips a repeat. */
  draw(lines: readonly string[]): void;
  /** Gives the terminal back: cooked mode, the cursor, the normal screen; listeners removed. */
  close(): void;
}

/** Opens the raw terminal; the caller has checked `io.stdin` is a TTY with setRawMode. */
export function openRawTerminal(io: TerminalIo, handlers: RawTerminalHandlers): RawTerminal {
  const { stdin, stdout: out } = io;
  const setRawMode = (raw: boolean) => stdin.setRawMode?.call(stdin, raw);
  let lastFrame = "";
  let closed = false;

  const onData = (data: Buffer | string) => {
    try {
      handlers.input(data.toString());
    } catch (error) {
      handlers.end(1, error);
    }
  };
  const onEnd = () => handlers.end(0);
  const onSignal = () => handlers.end(130);
  const onResize = () => {
    // A new size can leave old characters anywhere: clear once, then draw afresh.
    out.write(`${ESC}2J`);
    lastFrame = "";
    handlers.resize?.();
  };

  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);
  setRawMode(true);
  stdin.resume();
  stdin.on("data", onData);
  stdin.on("end", onEnd);
  out.on("resize", onResize);
  // Alternate screen, cursor hidden, cleared once; every later frame overwrites in place.
  out.write(`${ESC}?1049h${ESC}?25l${ESC}2J`);

  return {
    draw(lines) {
      if (closed) return;
      const frame = `${ESC}H${lines.map((l) => `${l}${ESC}K`).join("\r\n")}\r\n${ESC}J`;
      if (frame !== lastFrame) out.write(frame);
      lastFrame = frame;
    },
    close() {
      if (closed) return;
      closed = true;
      stdin.removeListener("data", onData);
      stdin.removeListener("end", onEnd);
      out.removeListener("resize", onResize);
      try {
        setRawMode(false);
      } catch {
        // the terminal may already be gone
      }
      stdin.pause();
      out.write(`${ESC}0m${ESC}?25h${ESC}?1049l`);
      process.removeListener("SIGINT", onSignal);
      process.removeListener("SIGTERM", onSignal);
      process.removeListener("SIGHUP", onSignal);
    },
  };
}

/** Writes an error that ended a game, as the CLI does everywhere. */
export function reportError(io: TerminalIo, error: unknown): void {
  io.stderr.write(`blockarcade: ${error instanceof Error ? error.message : String(error)}\n`);
}
