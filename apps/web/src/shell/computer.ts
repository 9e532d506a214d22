/**
 * The computer player in the browser, the same for every game: a hint is the protocol's `hint`
 * asked through the runner (it changes nothing); Watch lets the computer play the current game at a
 * pace a person can follow, one command at a time through the same runner, until the game ends or
 * the player takes over. Keys: H asks for a hint, V starts or stops watching (docs/architecture.md
 * "The computer player").
 */
import type { BaseCommand, BaseState, Clock, Hint, Runner } from "@blockarcade/engine/core";
import { useEffect, useRef, useState } from "preact/hooks";
import { browserClock } from "./runner";

/** Milliseconds between the computer's commands at each speed. */
export const WATCH_SPEEDS = { slow: 900, normal: 450, fast: 150 } as const;
export type WatchSpeed = keyof typeof WATCH_SPEEDS;

export const HINT_KEY = "h";
export const WATCH_KEY = "v";

/** The computer player's move in the runner's position, or why there is none. */
export function askHint<S extends BaseState>(runner: Runner<S>): { hint: Hint } | { error: string } {
  const reply = runner.dispatch({ cmd: "hint" });
  if (!reply.ok) return { error: reply.error.message };
  return { hint: reply.hint as Hint<BaseCommand> };
}

export interface Watcher {
  readonly watching: boolean;
  start(): void;
  stop(): void;
  setSpeed(speed: WatchSpeed): void;
}

/**
 * Plays the game for the player: every `speed` ms it asks for a hint and sends the hint's first
 * command (a Block Stacker piece walks to its place key by key). It stops when the computer has
 * nothing to play (game over) or when `stop` is called; `onChange` hears every start and stop.
 */
export function createWatcher<S extends BaseState>(
  runner: Runner<S>,
  options: { clock?: Clock; speed?: WatchSpeed; onChange?: (watching: boolean) => void } = {},
): Watcher {
  const clock = options.clock ?? browserClock;
  let speed: WatchSpeed = options.speed ?? "normal";
  let cancel: (() => void) | undefined;
  const change = (watching: boolean) => options.onChange?.(watching);

  const step = () => {
    cancel = undefined;
    const asked = askHint(runner);
    const command = "hint" in asked ? asked.hint.commands[0] : undefined;
    if (!command || !runner.dispatch(command).ok) {
      change(false);
      return;
    }
    cancel = clock.after(WATCH_SPEEDS[speed], step);
  };

  return {
    get watching() {
      return cancel !== undefined;
    },
    start() {
      if (cancel) return;
      cancel = clock.after(0, step);
      change(true);
    },
    stop() {
      if (!cancel) return;
      cancel();
      cancel = undefined;
      change(false);
    },
    setSpeed(next) {
      speed = next;
      // The new pace counts from now, so a change of speed shows at once.
      if (cancel) {
        cancel();
        cancel = clock.after(WATCH_SPEEDS[speed], step);
      }
    },
  };
}

/** A watcher for a screen's lifetime, with `watching` and `speed` as state to draw. */
export function useWatch<S extends BaseState>(runner: Runner<S>) {
  const [watching, setWatching] = useState(false);
  const [speed, setSpeedState] = useState<WatchSpeed>("normal");
  const watcher = useRef<{ runner: Runner<S>; watcher: Watcher } | undefined>(undefined);
  if (!watcher.current || watcher.current.runner !== runner) {
    watcher.current?.watcher.stop();
    watcher.current = { runner, watcher: createWatcher(runner, { speed, onChange: setWatching }) };
  }
  const current = watcher.current.watcher;
  useEffect(() => () => current.stop(), [current]);
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
  };
}
