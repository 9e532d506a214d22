/**
 * The one game loop every front end uses (2048's game manager, react-tetris's tick): a command goes
 * through the protocol, an accepted one is saved and rendered with its events, and an optional clock
 * schedules the game's `tick`. The runner reads no time itself: a front end passes in its clock
 * (the browser's timers, Node's), so the engine stays pure and the loop is tested with a fake clock.
 */
import type { BaseCommand, BaseEvent, BaseState, GameDefinition } from "./game.js";
import { handleCommand, type LoggedCommand, type Reply } from "./protocol.js";

/** A front end's clock: the runner asks it for the time and for one timer at a time. */
export interface Clock {
  now(): number;
  /** Calls `callback` once after `ms`; the returned function cancels it. */
  after(ms: number, callback: () => void): () => void;
}

/**
 * When the game's `tick` is due: after every accepted command (and at start or resume) the runner
 * asks how long until the next tick; `null` means no tick is due (game over, nothing falling).
 */
export interface TickPolicy<S extends BaseState, E extends BaseEvent> {
  delayAfter(state: S, events: readonly E[], command: BaseCommand | undefined, now: number): number | null;
}

export interface RunnerHooks<S extends BaseState, E extends BaseEvent> {
  /**
   * Called with every command that changed the state, as a log keeps it (known fields only), before
   * save: a journal of the game's seed, config and these records replays it exactly.
   */
  log?(record: LoggedCommand, state: S): void;
  /** Called with every accepted state, before render. */
  save?(state: S): void;
  /** Called after every accepted command with its events. */
  render(state: S, events: E[], reply: Reply): void;
}

export interface RunnerOptions<S extends BaseState, E extends BaseEvent> {
  clock?: Clock;
  ticks?: TickPolicy<S, E>;
  /** Starts paused (a resumed game waits for the player). */
  paused?: boolean;
}

export interface Runner<S extends BaseState> {
  readonly state: S;
  readonly paused: boolean;
  /** Applies one protocol command; a refused one, or a question, changes, saves and renders nothing. */
  dispatch(command: unknown): Reply;
  /** Pausing stops the clock; commands are still applied when dispatched. */
  setPaused(paused: boolean): void;
  /** Stops the clock for good (the screen is leaving). */
  dispose(): void;
}

export function createRunner<S extends BaseState, C extends BaseCommand, E extends BaseEvent, Cfg>(
  game: GameDefinition<S, C, E, Cfg>,
  initial: S,
  hooks: RunnerHooks<S, E>,
  options: RunnerOptions<S, E> = {},
): Runner<S> {
  let state = initial;
  let paused = options.paused ?? false;
  let disposed = false;
  let cancel: (() => void) | undefined;
  const { clock, ticks } = options;

  const schedule = (events: readonly E[], command: BaseCommand | undefined) => {
    cancel?.();
    cancel = undefined;
    if (!clock || !ticks || paused || disposed || state.over) return;
    const delay = ticks.delayAfter(state, events, command, clock.now());
    if (delay === null) return;
    cancel = clock.after(Math.max(0, delay), () => {
      cancel = undefined;
      runner.dispatch({ cmd: "tick" });
    });
  };

  const runner: Runner<S> = {
    get state() {
      return state;
    },
    get paused() {
      return paused;
    },
    dispatch(command) {
      // Through the protocol, so every front end plays exactly what the CLI and the service play.
      const step = handleCommand(game, state, command);
      // A refused command, or a question (`state`, `legal`, `hint`), changes, saves and renders nothing.
      if (!step.reply.ok || step.state === state) return step.reply;
      state = step.state as S;
      const events = step.reply.events as E[];
      if (step.record) hooks.log?.(step.record, state);
      hooks.save?.(state);
      schedule(events, command as BaseCommand);
      hooks.render(state, events, step.reply);
      return step.reply;
    },
    setPaused(value) {
      if (value === paused) return;
      paused = value;
      schedule([], undefined);
    },
    dispose() {
      disposed = true;
      cancel?.();
      cancel = undefined;
    },
  };
  schedule([], undefined);
  return runner;
}

/** A clock whose time moves only when a test says so. */
export function manualClock(start = 0): Clock & { advance(ms: number): void; pending(): number } {
  let now = start;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 0;
  return {
    now: () => now,
    after(ms, callback) {
      const id = nextId++;
      timers.push({ at: now + ms, callback, id });
      return () => {
        timers = timers.filter((t) => t.id !== id);
      };
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.callback();
      }
      now = end;
    },
    pending: () => timers.length,
  };
}
