/**
 * One finger's swipe at a time on a game's field (touch and pen; the mouse has the keys and the
 * buttons): the first pointer down starts a gesture, its moves and its lifting go to that gesture,
 * and any other pointer is ignored. What a gesture means stays in the game's own pointer.ts.
 */
import { useMemo } from "preact/hooks";
import { useLatest } from "./use-latest";

/** What a swipe reads of a pointer event. */
export interface SwipePointer {
  pointerType: string;
  pointerId: number;
  clientX: number;
  clientY: number;
  timeStamp: number;
  currentTarget: EventTarget | null;
}

export interface SwipeHooks<G> {
  /** A finger (or pen) goes down: the gesture to follow. */
  start(event: SwipePointer): G;
  move(gesture: G, event: SwipePointer): void;
  /** The finger lifts (not on a cancel). */
  end?(gesture: G, event: SwipePointer): void;
}

/** Handlers to put on the field's element. */
export interface SwipeHandlers {
  onPointerDown(event: SwipePointer): void;
  onPointerMove(event: SwipePointer): void;
  onPointerUp(event: SwipePointer): void;
  onPointerCancel(): void;
}

export function createPointerSwipes<G>(hooks: { readonly current: SwipeHooks<G> }): SwipeHandlers {
  let current: { id: number; gesture: G } | null = null;
  return {
    onPointerDown(event) {
      if (event.pointerType === "mouse") return;
      current = { id: event.pointerId, gesture: hooks.current.start(event) };
    },
    onPointerMove(event) {
      if (current && current.id === event.pointerId) hooks.current.move(current.gesture, event);
    },
    onPointerUp(event) {
      const was = current;
      current = null;
      if (was && was.id === event.pointerId) hooks.current.end?.(was.gesture, event);
    },
    onPointerCancel() {
      current = null;
    },
  };
}

/** Swipe handlers for a page's lifetime, always calling the latest hooks. */
export function usePointerSwipes<G>(hooks: SwipeHooks<G>): SwipeHandlers {
  const latest = useLatest(hooks);
  return useMemo(() => createPointerSwipes(latest), []);
}
