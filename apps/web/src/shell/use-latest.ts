/**
 * A ref that always holds the value of the last render, so a handler registered once (a window
 * listener, a timer, the watcher) reads fresh state and the latest callbacks. It replaces the
 * hand-rolled "ref mirrors" (`ref.current = value` after every render) the play pages kept.
 */
import { useRef, useState } from "preact/hooks";

export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * State whose newest value handlers can read before the next render: `[value to draw, set, latest]`.
 * Two keys pressed faster than a render (D then Enter) both see the first one's change in `latest`.
 */
export function useLatestState<T>(initial: T): [T, (next: T) => void, { readonly current: T }] {
  const latest = useRef(initial);
  const [value, setValue] = useState<T>(initial);
  const set = (next: T) => {
    latest.current = next;
    setValue(() => next);
  };
  return [value, set, latest];
}
