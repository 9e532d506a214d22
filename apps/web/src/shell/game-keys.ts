/**
 * The one key hook for the game pages: window keydown and keyup (and window blur, where held keys
 * are let go) heard from the first paint on, always calling the latest handlers, so a key pressed
 * faster than a render reads fresh state. Which keys a game takes, and when, stays in the game's
 * own keyboard.ts.
 */
import { useLayoutEffect } from "preact/hooks";
import { useLatest } from "./use-latest";

/** The parts of a key event's target that decide whether a game takes the key (an HTMLElement in the page). */
export interface KeyTarget {
  tagName?: string;
  isContentEditable?: boolean;
  closest?(selector: string): unknown;
}

/** What a key event carries that a game page's keys read (a KeyboardEvent in the page; plain objects in tests). */
export interface PageKeyEvent {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  repeat: boolean;
  target: KeyTarget | EventTarget | null;
  preventDefault(): void;
}

export interface GameKeyHandlers {
  down(event: KeyboardEvent): void;
  up?(event: KeyboardEvent): void;
  /** The window lost focus: keys held now will never be heard going up. */
  blur?(): void;
}

/** Listens on `target` (the window) once, calling whatever `handlers.current` is at each event. */
export function listenGameKeys(
  target: EventTarget,
  handlers: { readonly current: GameKeyHandlers },
): () => void {
  const down = (event: Event) => handlers.current.down(event as KeyboardEvent);
  const up = (event: Event) => handlers.current.up?.(event as KeyboardEvent);
  const blur = () => handlers.current.blur?.();
  target.addEventListener("keydown", down);
  target.addEventListener("keyup", up);
  target.addEventListener("blur", blur);
  return () => {
    target.removeEventListener("keydown", down);
    target.removeEventListener("keyup", up);
    target.removeEventListener("blur", blur);
  };
}

export function useGameKeys(handlers: GameKeyHandlers): void {
  const latest = useLatest(handlers);
  // A layout effect: keys are heard from the first paint on, not a frame later.
  useLayoutEffect(() => listenGameKeys(window, latest), []);
}
