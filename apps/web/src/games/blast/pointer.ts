/**
 * Drag and drop with Pointer Events (mouse, touch and pen alike). The adapter turns a drag into
 * frames (where the lifted piece is drawn and which board cell its top-left is over) and ends it
 * with a drop or a tap; the screen decides what that means for the game. Telling a tap from a drag
 * is the tray games' shared press (../tray/press.ts); the lift and the anchor are Block Blast's.
 */
import { CELL_GAP, FINGER_OFFSET } from "@blockarcade/engine/games/blast";
import { trackPress } from "../tray/press";
import { anchorAt, type BoardGeometry } from "./preview";

export interface DragFrame {
  piece: number;
  /** Where the lifted piece's box is drawn, in viewport pixels. */
  left: number;
  top: number;
  pitch: number;
  anchor: { row: number; col: number } | undefined;
}

export interface DragHandlers {
  geometry(): BoardGeometry | undefined;
  onFrame(frame: DragFrame): void;
  onDrop(frame: DragFrame): void;
  /** A press and release without moving: the piece is picked for keyboard play. */
  onTap(piece: number): void;
}

/** Where the lifted piece sits for a pointer at (x, y): centred on it, above the finger on touch. */
export function liftedBox(
  x: number,
  y: number,
  shape: readonly string[],
  pitch: number,
  pointerType: string,
): { left: number; top: number } {
  const width = (shape[0]?.length ?? 1) * pitch - CELL_GAP;
  const height = shape.length * pitch - CELL_GAP;
  const left = x - width / 2;
  // On touch the piece floats FINGER_OFFSET above the finger so the finger does not hide it.
  const top = pointerType === "touch" ? y - FINGER_OFFSET - height : y - height / 2;
  return { left, top };
}

export function beginDrag(
  event: PointerEvent,
  piece: number,
  shape: readonly string[],
  handlers: DragHandlers,
): void {
  if (event.pointerType === "mouse" && event.button !== 0) return;
  const target = event.currentTarget as HTMLElement;
  event.preventDefault();
  try {
    target.setPointerCapture(event.pointerId);
  } catch {
    // Capture can fail for a synthetic pointer; window listeners below still see the moves.
  }
  const startX = event.clientX;
  const startY = event.clientY;
  const pointerType = event.pointerType;

  const frameAt = (x: number, y: number): DragFrame | undefined => {
    const geometry = handlers.geometry();
    if (!geometry) return undefined;
    const box = liftedBox(x, y, shape, geometry.pitch, pointerType);
    return { piece, ...box, pitch: geometry.pitch, anchor: anchorAt(geometry, box.left, box.top, shape) };
  };

  trackPress(event, {
    onDragMove(x, y) {
      const frame = frameAt(x, y);
      if (frame) handlers.onFrame(frame);
    },
    onDragEnd(x, y, dropped) {
      const frame = frameAt(x, y);
      const anchor = dropped ? frame?.anchor : undefined;
      handlers.onDrop({
        piece,
        left: frame?.left ?? 0,
        top: frame?.top ?? 0,
        pitch: frame?.pitch ?? 0,
        anchor,
      });
    },
    onTap(released) {
      // A press the browser cancelled before any move is no tap: the piece simply stays.
      if (released) handlers.onTap(piece);
      else handlers.onDrop({ piece, left: 0, top: 0, pitch: 0, anchor: undefined });
    },
  });
  if (pointerType === "touch") {
    // A touch lifts the piece at once: the player sees it above the finger before moving.
    const frame = frameAt(startX, startY);
    if (frame) handlers.onFrame({ ...frame, anchor: undefined });
  }
}
