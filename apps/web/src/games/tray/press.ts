/**
 * A press on a tray piece, followed to its end with Pointer Events (mouse, touch and pen alike): a
 * tap when the pointer stays within TAP_SLOP, else a drag with its moves and its end (released, or
 * cancelled by the browser). Both tray games use it; where the lifted piece is drawn and which
 * cell it lands on stay each game's own (blast/pointer.ts, puzzle/drag-controller.ts).
 */

/** Moves shorter than this (CSS px) are a tap, not a drag. */
export const TAP_SLOP = 6;

/** The part of a PointerEvent a press reads. */
export interface PressPoint {
  pointerId: number;
  clientX: number;
  clientY: number;
}

export interface PressCallbacks {
  /** The pointer went past TAP_SLOP: from now on the press is a drag (called once, before its first move). */
  onDragStart?(): void;
  onDragMove(x: number, y: number): void;
  /** The drag is over: `dropped` when released, not when cancelled (pointercancel, Escape). */
  onDragEnd(x: number, y: number, dropped: boolean): void;
  /** The press ended without a drag; `released` is false when the browser cancelled it. */
  onTap(released: boolean): void;
}

export interface PressOptions {
  /** Escape during a drag ends it, not dropped. */
  escapeCancels?: boolean;
  /** Calls preventDefault on the drag's moves. */
  preventMoveDefaults?: boolean;
  /** Where moves, releases and keys are heard: the window, unless a test passes its own target. */
  target?: EventTarget;
}

/** Follows the press that `down` started; returns the function that stops following it. */
export function trackPress(
  down: PressPoint,
  callbacks: PressCallbacks,
  options: PressOptions = {},
): () => void {
  const target = options.target ?? window;
  const id = down.pointerId;
  let dragging = false;
  let lastX = down.clientX;
  let lastY = down.clientY;

  const move = (event: Event) => {
    const e = event as unknown as PressPoint;
    if (e.pointerId !== id) return;
    if (!dragging) {
      if (Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) < TAP_SLOP) return;
      dragging = true;
      callbacks.onDragStart?.();
    }
    if (options.preventMoveDefaults) event.preventDefault();
    lastX = e.clientX;
    lastY = e.clientY;
    callbacks.onDragMove(e.clientX, e.clientY);
  };
  const end = (event: Event) => {
    const e = event as unknown as PressPoint;
    if (e.pointerId !== id) return;
    stop();
    const released = event.type === "pointerup";
    if (dragging) callbacks.onDragEnd(e.clientX, e.clientY, released);
    else callbacks.onTap(released);
  };
  const key = (event: Event) => {
    if ((event as KeyboardEvent).key !== "Escape" || !dragging) return;
    event.preventDefault();
    stop();
    callbacks.onDragEnd(lastX, lastY, false);
  };
  const stop = () => {
    target.removeEventListener("pointermove", move);
    target.removeEventListener("pointerup", end);
    target.removeEventListener("pointercancel", end);
    if (options.escapeCancels) target.removeEventListener("keydown", key, true);
  };
  target.addEventListener("pointermove", move, { passive: false });
  target.addEventListener("pointerup", end);
  target.addEventListener("pointercancel", end);
  if (options.escapeCancels) target.addEventListener("keydown", key, true);
  return stop;
}
