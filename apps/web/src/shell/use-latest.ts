/**
 * A ref that always holds the value of the last render, so a handler registered once (a window
 * listener, a timer, the watcher) reads fresh state and the latest callbacks. It replaces the
 * hand-rolled "ref mirrors" (`ref.current = value` after every render) the play pages kept.
 */
import { useRef } from "preact/hooks";

export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
