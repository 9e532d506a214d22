/**
 * The one way a screen reaches the engine: the engine's runner (dispatch -> protocol -> save ->
 * render(state, events), with an optional clock that schedules `tick`), given the browser's clock,
 * and a Preact hook that re-renders the screen with every accepted state.
 */
import {
  type BaseCommand,
  type BaseEvent,
  type BaseState,
  type Clock,
  createRunner,
  type GameDefinition,
  type Reply,
  type Runner,
  type RunnerOptions,
} from "@blockarcade/engine/core";
import { useEffect, useRef, useState } from "preact/hooks";

export { createRunner, type Runner } from "@blockarcade/engine/core";

/** The browser's clock: performance.now() and setTimeout, owned here and nowhere in the engine. */
export const browserClock: Clock = {
  now: () => performance.now(),
  after(ms, callback) {
    const id = window.setTimeout(callback, ms);
    return () => window.clearTimeout(id);
  },
};

export interface UseRunnerHooks<S extends BaseState, E extends BaseEvent> {
  save?(state: S): void;
  /** Effects of an accepted command (sounds, animations, announcements), after the state is set. */
  onEvents?(state: S, events: E[], reply: Reply): void;
}

/**
 * A runner for the lifetime of the component (or until `key` changes, which starts it again from
 * `initial()`): `state` is what to draw, `runner.state` the latest state for event handlers.
 */
export function useRunner<S extends BaseState, C extends BaseCommand, E extends BaseEvent, Cfg>(
  game: GameDefinition<S, C, E, Cfg>,
  initial: () => S,
  hooks: UseRunnerHooks<S, E> = {},
  options: Omit<RunnerOptions<S, E>, "clock"> & { clock?: Clock | "browser" } = {},
  key: unknown = undefined,
): { state: S; runner: Runner<S> } {
  const hooksRef = useRef(hooks);
  hooksRef.current = hooks;
  const [state, setState] = useState<S>(initial);
  const made = useRef<{ key: unknown; runner: Runner<S> } | undefined>(undefined);
  if (!made.current || made.current.key !== key) {
    made.current?.runner.dispose();
    const start = made.current ? initial() : state;
    const clock = options.clock === "browser" ? browserClock : options.clock;
    const runner = createRunner(
      game,
      start,
      {
        save: (s) => hooksRef.current.save?.(s),
        render: (s, events, reply) => {
          setState(() => s);
          hooksRef.current.onEvents?.(s, events, reply);
        },
      },
      { ...options, clock },
    );
    made.current = { key, runner };
    if (start !== state) setState(() => start);
  }
  const runner = made.current.runner;
  useEffect(() => () => runner.dispose(), [runner]);
  return { state, runner };
}
