/**
 * Pointer input adapter (Pointer Events: mouse, touch and pen alike): turns a press on a tray block
 * into a tap or a drag. While dragging it reports where the floating block is and which board cell
 * it snaps to; on release it reports the drop (target null = put it back). It draws nothing. Telling a
 * tap from a drag is the tray games' shared press (../tray/press.ts); the grab point, the lift on
 * touch and the snapping are Block Puzzle's.
 */
import { trackPress } from "../tray/press";
import { type Cell, snapToCell } from "./snap";

export interface BoardGeometry {
  rect: DOMRect;
  rows: number;
  cols: number;
}

export interface DragFrame {
  /** Top-left of the floating block, viewport pixels. */
  left: number;
  top: number;
  /** One board cell, pixels: the floating block is drawn at board size. */
  pitch: number;
  target: Cell | null;
}

export interface DragCallbacks {
  onLift(): void;
  onMove(frame: DragFrame): void;
  onDrop(target: Cell | null): void;
  onTap(): void;
}

/** On touch the block rides this far above the finger, so the finger does not hide it. */
const TOUCH_LIFT = 56;

/**
 * Starts following a pointer pressed on a tray block. `shapeEl` is the element drawing the shape at
 * tray size (its box is the shape's bounding box). Returns a function that stops following.
 */
export function followPointer(
  down: PointerEvent,
  shapeEl: HTMLElement,
  shape: { height: number; width: number },
  board: () => BoardGeometry | null,
  callbacks: DragCallbacks,
): () => void {
  const box = shapeEl.getBoundingClientRect();
  // Where in the block it was grabbed, as a fraction: the same spot stays under the pointer.
  const fx = box.width > 0 ? Math.min(1, Math.max(0, (down.clientX - box.left) / box.width)) : 0.5;
  const fy = box.height > 0 ? Math.min(1, Math.max(0, (down.clientY - box.top) / box.height)) : 0.5;
  const lift = down.pointerType === "touch" ? TOUCH_LIFT : 0;
  let target: Cell | null = null;

  const frameAt = (x: number, y: number): DragFrame | null => {
    const g = board();
    if (!g) return null;
    const pitch = g.rect.width / g.cols;
    const left = x - fx * shape.width * pitch;
    const top = y - fy * shape.height * pitch - lift;
    const snapped = snapToCell({
      x: (left - g.rect.left) / pitch,
      y: (top - g.rect.top) / pitch,
      height: shape.height,
      width: shape.width,
      rows: g.rows,
      cols: g.cols,
    });
    return { left, top, pitch, target: snapped };
  };

  return trackPress(
    down,
    {
      onDragStart: () => callbacks.onLift(),
      onDragMove(x, y) {
        const frame = frameAt(x, y);
        if (!frame) return;
        target = frame.target;
        callbacks.onMove(frame);
      },
      // The drop lands where the last move showed it; a cancelled drag (or Escape) puts it back.
      onDragEnd: (_x, _y, dropped) => callbacks.onDrop(dropped ? target : null),
      onTap: () => callbacks.onTap(),
    },
    { escapeCancels: true, preventMoveDefaults: true },
  );
}

/** The board cell under a viewport point (tap-to-place), or null outside the board. */
export function cellAt(g: BoardGeometry, x: number, y: number): Cell | null {
  const pitch = g.rect.width / g.cols;
  const col = Math.floor((x - g.rect.left) / pitch);
  const row = Math.floor((y - g.rect.top) / pitch);
  if (row < 0 || col < 0 || row >= g.rows || col >= g.cols) return null;
  return { row, col };
}
