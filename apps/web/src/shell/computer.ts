/**
 * The computer player in the browser, the same for every game: a hint is the protocol's `hint`
 * asked through the runner (it changes nothing); Watch lets the computer play the current game at a
 * pace a person can follow, one command at a time through the same runner, until the game ends or
 * the player takes over. Keys: H asks for a hint, V starts or stops watching (docs/architecture.md
 * "The computer player"). A game with computer seats (Blocky) gives the watcher its own `next`:
 * the same watcher then paces those seats' turns too, watching or not (docs/computer-player.md
 * "In the browser"). Watch plays moves, never choices: a game over (a revive, a new game, posting
 * the score) or a hint that is a choice ends watching and hands the choice back to the player.
 */
import type { BaseCommand, BaseState, Clock, Hint, Reply, Runner } from "@blockarcade/engine/core";
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "./play-messages";
import { waitingFor } from "./ranked-session";
import { browserClock } from "./runner";
import { useLatest } from "./use-latest";

/** Milliseconds between the computer's commands at each speed. */
export const WATCH_SPEEDS = { slow: 900, normal: 450, fast: 150 } as const;
export type WatchSpeed = keyof typeof WATCH_SPEEDS;

/**
 * Commands that are the player's choice, never a move: the computer player never sends one (a Block
 * Blast hint at a game over is a revive).
 */
export const CHOICE_COMMANDS: ReadonlySet<string> = new Set(["revive", "new", "load"]);

/** Whether the computer may send `command` in `state`: a move of a game still going, not a choice. */
export function isMove(state: BaseState, command: BaseCommand): boolean {
  return !state.over && !CHOICE_COMMANDS.has(command.cmd);
}

/** The computer player's move in the runner's position, or why there is none (in the player's words). */
export function askHint<S extends BaseState>(
  runner: Runner<S>,
): { hint: Hint } | { error: string; waiting?: boolean } {
  const reply = runner.dispatch({ cmd: "hint" });
  if (reply.ok) return { hint: reply.hint as Hint<BaseCommand> };
  // A ranked game waiting for the server's deal asks nothing meanwhile (shell/ranked-session.ts).
  const waiting = (reply as { waiting?: boolean }).waiting === true;
  // Not the engine's sentence: the page asks only in a game going on, so there is nothing to play
  // yet (no piece, or a ranked move waiting for the server's deal).
  const error = t("noHint");
  return waiting ? { error, waiting } : { error };
}

/** The computer's next turn: after how many ms, and what it sends (by default its hint's first command). */
export interface Turn {
  after: number;
  command?: BaseCommand;
}

/** What `next` is told besides the position. */
export interface WatchView {
  watching: boolean;
  speed: WatchSpeed;
  /** The first turn after `start()`. */
  starting: boolean;
}

export interface WatchOptions<S extends BaseState> {
  clock?: Clock;
  speed?: WatchSpeed;
  onChange?: (watching: boolean) => void;
  /**
   * The computer's next turn in `state`, or null when it has none (the player's move); watching
   * ends when it has none. By default it plays only while watching: at once on start, then every
   * `speed` ms.
   */
  next?(state: S, view: WatchView): Turn | null;
  /**
   * Hears each command the computer sent, with the position before it and the reply (a refused
   * one too: watching then ends and nothing more is planned). Returns how many ms to hold before
   * the next turn is planned (a move shown in two beats), or nothing. A ranked move waiting for the
   * server's deal is heard when the deal comes, with the server's reply; no turn is planned meanwhile.
   */
  played?(before: S, reply: Reply): number | undefined;
}

export interface Watcher {
  readonly watching: boolean;
  start(): void;
  stop(): void;
  setSpeed(speed: WatchSpeed): void;
  /** The position changed outside the watcher (a player's own move): plan the next turn again. */
  update(): void;
  /** Cancels everything for good (the page is gone). */
  dispose(): void;
}

/** Watching only, at the chosen pace: the first command at once, the others `speed` ms apart. */
export const watchOnly = (_state: BaseState, view: WatchView): Turn | null =>
  view.watching ? { after: view.starting ? 0 : WATCH_SPEEDS[view.speed] } : null;

/**
 * Plays the game for the player: every `speed` ms it asks for a hint and sends the hint's first
 * command (a Block Stacker piece walks to its place key by key). It stops when the computer has
 * nothing to play (game over) or when `stop` is called; `onChange` hears every start and stop.
 * With `next`, it also plays the turns the game gives the computer when nobody watches.
 */
export function createWatcher<S extends BaseState>(
  runner: Runner<S>,
  options: WatchOptions<S> = {},
): Watcher {
  const clock = options.clock ?? browserClock;
  const next = options.next ?? watchOnly;
  let speed: WatchSpeed = options.speed ?? "normal";
  let watching = false;
  let disposed = false;
  // The one timer: the next turn, or the hold after a move (`holding`).
  let cancel: (() => void) | undefined;
  let holding = false;
  // True while a command of the computer's is dispatched: what the page does meanwhile plans nothing.
  let playing = false;

  const end = () => {
    if (!watching) return;
    watching = false;
    options.onChange?.(false);
  };
  const drop = () => {
    cancel?.();
    cancel = undefined;
    holding = false;
  };

  const plan = (starting: boolean) => {
    if (holding || playing) return;
    drop();
    if (disposed) return;
    // A game over is the player's to answer (revive, play again, post the score): nothing is planned.
    if (runner.state.over) return end();
    const turn = next(runner.state, { watching, speed, starting });
    if (!turn) return end();
    cancel = clock.after(turn.after, () => play(turn));
  };

  const play = (turn: Turn) => {
    cancel = undefined;
    const before = runner.state;
    let command = turn.command;
    if (!command) {
      const asked = askHint(runner);
      // The deal is on its way: the computer asks again at its pace.
      if ("waiting" in asked && asked.waiting) return plan(false);
      command = "hint" in asked ? asked.hint.commands[0] : undefined;
    }
    // A choice (or a position that ended meanwhile, by the clock) is handed back: watching ends.
    if (!command || !isMove(runner.state, command)) return end();
    playing = true;
    const reply = runner.dispatch(command);
    playing = false;
    // A ranked move the server deals (shell/ranked-session.ts) is heard with its real reply, the next
    // turn held until then. Only for a game that hears its moves: Watch's pace is otherwise unchanged.
    const dealt = options.played && waitingFor(reply);
    if (!dealt) return heard(before, reply);
    holding = true;
    void dealt.then((settled) => {
      if (disposed) return;
      holding = false;
      // The move was dropped (the game went on without it): the computer plans its turn again.
      if (!settled.ok && (settled as { waiting?: boolean }).waiting) return plan(false);
      heard(before, settled);
    });
  };

  const heard = (before: S, reply: Reply) => {
    playing = true;
    const hold = options.played?.(before, reply) ?? 0;
    playing = false;
    // A ranked game waiting for the server's deal (shell/ranked-session.ts) refuses for a moment:
    // the computer tries again at its pace instead of giving up.
    if (!reply.ok) return (reply as { waiting?: boolean }).waiting ? plan(false) : end();
    if (hold <= 0 || disposed) return plan(false);
    holding = true;
    cancel = clock.after(hold, () => {
      cancel = undefined;
      holding = false;
      plan(false);
    });
  };

  return {
    get watching() {
      return watching;
    },
    start() {
      if (watching || disposed || runner.state.over) return;
      watching = true;
      options.onChange?.(true);
      plan(true);
    },
    stop() {
      if (!watching) return;
      watching = false;
      // A computer seat's turn is planned again: its pace counts from now, as a new speed's does.
      plan(false);
      options.onChange?.(false);
    },
    setSpeed(value) {
      speed = value;
      // The new pace counts from now, so a change of speed shows at once.
      if (cancel) plan(false);
    },
    update() {
      plan(false);
    },
    dispose() {
      disposed = true;
      drop();
      watching = false;
    },
  };
}

/**
 * A watcher for a screen's lifetime, with `watching` and `speed` as state to draw; `next` and
 * `played` are read from the latest render.
 */
export function useWatch<S extends BaseState>(
  runner: Runner<S>,
  options: Pick<WatchOptions<S>, "next" | "played"> = {},
) {
  const [watching, setWatching] = useState(false);
  const [speed, setSpeedState] = useState<WatchSpeed>("normal");
  const latest = useLatest(options);
  const made = useRef<{ runner: Runner<S>; watcher: Watcher } | undefined>(undefined);
  if (!made.current || made.current.runner !== runner) {
    made.current?.watcher.stop();
    made.current?.watcher.dispose();
    const next = options.next && ((s: S, view: WatchView) => (latest.current.next ?? watchOnly)(s, view));
    const played = (before: S, reply: Reply) => latest.current.played?.(before, reply);
    const watcher = createWatcher(runner, { speed, onChange: setWatching, next, played });
    made.current = { runner, watcher };
  }
  const current = made.current.watcher;
  useEffect(() => {
    // A resumed game whose next seat is the computer's starts playing here.
    current.update();
    return () => current.dispose();
  }, [current]);
  return {
    watching,
    speed,
    start: () => current.start(),
    stop: () => current.stop(),
    toggle: () => (current.watching ? current.stop() : current.start()),
    setSpeed: (next: WatchSpeed) => {
      current.setSpeed(next);
      setSpeedState(next);
    },
    update: () => current.update(),
  };
}
