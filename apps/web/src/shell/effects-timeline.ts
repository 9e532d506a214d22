/**
 * The one scheduler for a game page's flashes, banners, popups, sounds and their timers: every timer
 * goes through one timeline, so a restart (`clear()`) or leaving the page cancels them together and
 * puts every timed value back to rest. The clock is injected (the browser's, or a manual one in
 * tests); no page calls `setTimeout` itself.
 */
import type { Clock } from "@blockarcade/engine/core";
import { useEffect, useMemo, useState } from "preact/hooks";
import { browserClock } from "./runner";

export interface Timeline {
  /** Calls `fn` once, `ms` from now, unless cancelled (the returned function) or cleared first. */
  after(ms: number, fn: () => void): () => void;
  /** Cancels every pending timer and puts every timed value back to rest. */
  clear(): void;
  /** `reset` runs on every `clear()` until the returned function is called (timed values use it). */
  onClear(reset: () => void): () => void;
}

export function createTimeline(clock: Clock): Timeline {
  const pending = new Set<() => void>();
  const resets = new Set<() => void>();
  return {
    after(ms, fn) {
      let cancelClock: (() => void) | undefined;
      const cancel = () => {
        if (!pending.delete(cancel)) return;
        cancelClock?.();
      };
      pending.add(cancel);
      cancelClock = clock.after(ms, () => {
        if (!pending.delete(cancel)) return;
        fn();
      });
      return cancel;
    },
    clear() {
      for (const cancel of [...pending]) cancel();
      for (const reset of [...resets]) reset();
    },
    onClear(reset) {
      // A wrapper, so the same function registered twice is two registrations.
      const entry = () => reset();
      resets.add(entry);
      return () => {
        resets.delete(entry);
      };
    },
  };
}

/** A value that shows for a while: `show(value, ms)` sets it, and it goes back to `rest` after `ms`. */
export interface Timed<T> {
  /** Shows `value`; back to rest after `ms` (`null`: until set again or cleared). Restarts the timer. */
  show(value: T, ms: number | null): void;
  /** Cancels its timer and leaves the timeline (the value is left as it is). */
  dispose(): void;
}

export function createTimed<T>(timeline: Timeline, rest: T, set: (value: T) => void): Timed<T> {
  let cancel: (() => void) | undefined;
  const stop = () => {
    cancel?.();
    cancel = undefined;
  };
  const leave = timeline.onClear(() => {
    stop();
    set(rest);
  });
  return {
    show(value, ms) {
      stop();
      set(value);
      if (ms !== null)
        cancel = timeline.after(ms, () => {
          cancel = undefined;
          set(rest);
        });
    },
    dispose() {
      stop();
      leave();
    },
  };
}

/** A list whose items each stay for their own time (the "+points" popups); cleared with the timeline. */
export interface TimedList<T> {
  add(item: T, ms: number): void;
  dispose(): void;
}

export function createTimedList<T>(timeline: Timeline, set: (items: readonly T[]) => void): TimedList<T> {
  let items: { item: T; cancel: () => void }[] = [];
  const publish = () => set(items.map((entry) => entry.item));
  const empty = () => {
    for (const entry of items) entry.cancel();
    items = [];
  };
  const leave = timeline.onClear(() => {
    empty();
    publish();
  });
  return {
    add(item, ms) {
      const entry = {
        item,
        cancel: timeline.after(ms, () => {
          items = items.filter((e) => e !== entry);
          publish();
        }),
      };
      items = [...items, entry];
      publish();
    },
    dispose() {
      empty();
      leave();
    },
  };
}

/** One timeline for a page's lifetime (the browser's clock unless given one); cleared on unmount. */
export function useTimeline(clock: Clock = browserClock): Timeline {
  const timeline = useMemo(() => createTimeline(clock), []);
  useEffect(() => () => timeline.clear(), [timeline]);
  return timeline;
}

/**
 * State that shows a value for a while (a flash, a banner, a message): `[value, show]`, where
 * `show(value, ms)` shows `value` and goes back to `rest` after `ms` (`null`: it stays until set
 * again or the timeline is cleared); a new value restarts its timer.
 */
export function useTimed<T>(timeline: Timeline, rest: T): [T, (value: T, ms: number | null) => void] {
  const [value, setValue] = useState<T>(rest);
  const timed = useMemo(() => createTimed<T>(timeline, rest, (v) => setValue(() => v)), [timeline]);
  useEffect(() => () => timed.dispose(), [timed]);
  return [value, timed.show];
}

/** A list of items that each stay for their own time: `[items, add]`; cleared with the timeline. */
export function useTimedList<T>(timeline: Timeline): [readonly T[], (item: T, ms: number) => void] {
  const [items, setItems] = useState<readonly T[]>([]);
  const list = useMemo(() => createTimedList<T>(timeline, setItems), [timeline]);
  useEffect(() => () => list.dispose(), [list]);
  return [items, list.add];
}
