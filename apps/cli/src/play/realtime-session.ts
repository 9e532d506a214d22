/**
 * One session of a real-time terminal game (Block Stacker, Match-3 Arcade): the raw terminal
 * (raw-terminal.ts) opened, the engine's runner on a Node clock, keys read and handed to the game,
 * the frame redrawn after every key, command and resize, the computer player paced on the same
 * clock, and one way out (`finish`) that stops the clock and the computer, gives the terminal back
 * and prints the summary. Each game brings only what is its own: how keys read, what they do, the
 * frame and the summary.
 */
import {
  type BaseCommand,
  type BaseEvent,
  type BaseState,
  type Clock,
  createRunner,
  type GameDefinition,
  type Runner,
  type RunnerHooks,
  type TickPolicy,
} from "@blockarcade/engine/core";
import { openRawTerminal, type RawTerminal, reportError } from "./raw-terminal.js";
import type { TerminalIo } from "./types.js";

/** Node's clock for the runner: the terminal owns time, the engine never reads it. */
export const nodeClock: Clock = {
  now: () => performance.now(),
  after: (ms, cb) => {
    const t = setTimeout(cb, ms);
    return () => clearTimeout(t);
  },
};

/** Whether stdin is a terminal that can be put in raw mode (else a real-time game cannot run). */
export function hasRawTerminal(stdin: TerminalIo["stdin"]): boolean {
  return stdin.isTTY === true && typeof stdin.setRawMode === "function";
}

/** Colour unless the user opted out (NO_COLOR) or the terminal cannot show it. */
export function terminalColour(): boolean {
  return process.env.NO_COLOR === undefined && process.env.TERM !== "dumb";
}

/** What a game's own code sees of its running session. */
export interface RealtimeSession<S extends BaseState> {
  readonly runner: Runner<S>;
  readonly finished: boolean;
  /** Draws the game's frame now (nothing once finished). */
  draw(): void;
  /** Ends the session with `code` (an error is reported on stderr); later calls do nothing. */
  finish(code: number, error?: unknown): void;
  /** Stops the computer's pacing and ends the session `ms` later, so the last board stays a moment. */
  finishAfter(ms: number): void;
}

export interface RealtimeGame<S extends BaseState, C extends BaseCommand, E extends BaseEvent, Cfg, I> {
  io: TerminalIo;
  game: GameDefinition<S, C, E, Cfg>;
  initial: S;
  /** When the game's `tick` is due (the engine's policy for the game). */
  ticks: TickPolicy<S, E>;
  /** Node's clock unless given (tests pass the engine's manual clock). */
  clock?: Clock;
  /** A chunk of raw terminal input as the game's inputs, in order. */
  parseInput(text: string): I[];
  /** Acts on one input; the rest of its chunk is dropped once this finishes the session. */
  handle(input: I, session: RealtimeSession<S>): void;
  /** After every accepted command, before the redraw (which it may prevent by finishing). */
  onRender?(state: S, events: E[], session: RealtimeSession<S>): void;
  /** The screen as lines; called only while the session runs. */
  frame(session: RealtimeSession<S>): readonly string[];
  /** The text printed on the normal screen once the terminal is given back (no final newline). */
  summary(state: S): string;
  /**
   * Makes the runner: a session on a game server (remote-session.ts) for the daily challenge; the
   * engine's runner on `clock` unless given. A runner with `settled` has the last word on the
   * summary: it is printed once every command has the server's answer.
   */
  makeRunner?(
    hooks: RunnerHooks<S, E>,
    options: { clock: Clock; ticks: TickPolicy<S, E> },
  ): Runner<S> & { settled?(): Promise<void> };
  /** The computer plays: `step` every `pace` ms, skipped while paused. */
  ai?: { pace: number; step(session: RealtimeSession<S>): void };
}

/**
 * Runs one session until it finishes; resolves to the exit status. The caller has checked
 * `hasRawTerminal(io.stdin)`.
 */
export function runRealtimeSession<S extends BaseState, C extends BaseCommand, E extends BaseEvent, Cfg, I>(
  spec: RealtimeGame<S, C, E, Cfg, I>,
): Promise<number> {
  const clock = spec.clock ?? nodeClock;
  const { io, ai } = spec;
  return new Promise<number>((resolve) => {
    let finished = false;
    let cancelAi = () => {};

    const session: RealtimeSession<S> = {
      get runner() {
        return runner;
      },
      get finished() {
        return finished;
      },
      draw() {
        if (finished) return;
        term.draw(spec.frame(session));
      },
      finish(code, error) {
        if (finished) return;
        cancelAi();
        runner.dispose();
        term.close();
        finished = true;
        if (error !== undefined) reportError(io, error);
        const end = () => {
          io.stdout.write(`${spec.summary(runner.state)}\n`);
          resolve(code);
        };
        if (runner.settled) void runner.settled().then(end);
        else end();
      },
      finishAfter(ms) {
        cancelAi();
        cancelAi = clock.after(ms, () => session.finish(0));
      },
    };

    const hooks: RunnerHooks<S, E> = {
      render: (state, events) => {
        spec.onRender?.(state, events, session);
        session.draw();
      },
    };
    const runner: Runner<S> & { settled?(): Promise<void> } = spec.makeRunner
      ? spec.makeRunner(hooks, { clock, ticks: spec.ticks })
      : createRunner(spec.game, spec.initial, hooks, { clock, ticks: spec.ticks });

    /** One step of the computer every `pace` ms; the game's own clock keeps running meanwhile. */
    const aiStep = () => {
      if (!ai) return;
      cancelAi = clock.after(ai.pace, aiStep);
      if (finished || runner.paused) return;
      ai.step(session);
    };

    const term: RawTerminal = openRawTerminal(io, {
      input(text) {
        for (const input of spec.parseInput(text)) {
          spec.handle(input, session);
          if (finished) return;
        }
        session.draw();
      },
      end: session.finish,
      resize: session.draw,
    });
    session.draw();
    if (ai) cancelAi = clock.after(ai.pace, aiStep);
  });
}
