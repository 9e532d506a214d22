/**
 * Drag and drop with Pointer Events (mouse, touch and pen alike), with the tray games' shared feel
 * (docs/games/blast.md "Dragging and dropping"): telling a tap from a drag is ../tray/press.ts; the
 * point where the piece was grabbed stays under the pointer and a touch lifts the piece above the
 * finger (../tray/drag-feel.ts). The adapter reports frames (where the lifted piece is drawn and the
 * fractional board cell under its top-left cell) and ends with a drop or a tap; the screen decides
 * where that lands (preview.ts `dragGhost`).
 */
import { CELL_GAP } from "@blockarcade/engine/games/blast";
import { dragAnchor, liftFor } from "../tray/drag-feel";
import { trackPress } from "../tray/press";

/** The board on screen: its first cell's top-left corner and the distance between cells. */
export interface BoardGeometry {
  left: number;
  top: number;
  /** Cell size plus gap, in CSS pixels. */
  pitch: number;
}

export interface DragFrame {
  piece: number;
  /** Where the lifted piece's box is drawn, in viewport pixels. */
  left: number;
  top: number;
  pitch: number;
  /** The fractional board cell under the piece's top-left cell. */
  anchor: { row: number; col: number };
}

export interface DragHandlers {
  geometry(): BoardGeometry | undefined;
  onFrame(frame: DragFrame): void;
  /** The piece was let go (`frame` undefined: the drag was cancelled). */
  onDrop(frame: DragFrame | undefined): void;
  /** A press and release without moving: the piece is picked for keyboard play. */
  onTap(piece: number): void;
}

/**
 * The grab point in cells from the piece's top-left, from a press at (x, y) on the tray drawing
 * `box` whose cells are `pitch` apart; clamped into the piece's box.
 */
export function grabInCells(
  x: number,
  y: number,
  box: { left: number; top: number; width: number; height: number },
  pitch: number,
): { x: number; y: number } {
  if (pitch <= 0) return { x: 0, y: 0 };
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  return { x: clamp(x - box.left, box.width) / pitch, y: clamp(y - box.top, box.height) / pitch };
}

/** Where the lifted piece is drawn and the cell under its top-left, for a pointer at (x, y). */
export function frameAt(
  piece: number,
  x: number,
  y: number,
  grab: { x: number; y: number },
  geometry: BoardGeometry,
  pointerType: string,
): DragFrame {
  const grabX = grab.x * geometry.pitch;
  const grabY = grab.y * geometry.pitch;
  const lift = liftFor(pointerType);
  const anchor = dragAnchor({
    x,
    y,
    grabX,
    grabY,
    boardLeft: geometry.left,
    boardTop: geometry.top,
    cell: geometry.pitch,
    lift,
  });
  return { piece, left: x - grabX, top: y - lift - grabY, pitch: geometry.pitch, anchor };
}

export function beginDrag(event: PointerEvent, piece: number, handlers: DragHandlers): void {
  if (event.pointerType === "mouse" && event.button !== 0) return;
  const target = event.currentTarget as HTMLElement;
  event.preventDefault();
  try {
    target.setPointerCapture(event.pointerId);
  } catch {
    // Capture can fail for a synthetic pointer; window listeners below still see the moves.
  }
  const pointerType = event.pointerType;
  // The tray drawing's cells are one cell plus CELL_GAP apart (its cell size follows the slot); the
  // grab point is kept in cells.
  const drawing = target.querySelector<HTMLElement>(".blast-shape");
  const box = drawing?.getBoundingClientRect();
  const firstCell = drawing?.firstElementChild?.getBoundingClientRect();
  const trayPitch = firstCell ? firstCell.width + CELL_GAP : 0;
  const grab = box ? grabInCells(event.clientX, event.clientY, box, trayPitch) : { x: 0, y: 0 };

  const frame = (x: number, y: number): DragFrame | undefined => {
    const geometry = handlers.geometry();
    return geometry && frameAt(piece, x, y, grab, geometry, pointerType);
  };

  trackPress(event, {
    onDragMove(x, y) {
      const f = frame(x, y);
      if (f) handlers.onFrame(f);
    },
    onDragEnd(x, y, dropped) {
      handlers.onDrop(dropped ? frame(x, y) : undefined);
    },
    onTap(released) {
      // A press the browser cancelled before any move is no tap: the piece simply stays.
      if (released) handlers.onTap(piece);
      else handlers.onDrop(undefined);
    },
  });
  if (pointerType === "touch") {
    // A touch lifts the piece at once: the player sees it above the finger before moving.
    const f = frame(event.clientX, event.clientY);
    if (f) handlers.onFrame(f);
  }
}

/** The board on screen, measured from its first two drawn cells; undefined before it is drawn. */
export function measureBoard(board: HTMLElement | null): BoardGeometry | undefined {
  const first = board?.querySelector<HTMLElement>('[data-row="0"][data-col="0"]');
  const second = board?.querySelector<HTMLElement>('[data-row="0"][data-col="1"]');
  if (!first || !second) return undefined;
  const a = first.getBoundingClientRect();
  return { left: a.left, top: a.top, pitch: second.getBoundingClientRect().left - a.left };
}

/** The board cell a click landed on (its data-row and data-col), or undefined off the cells. */
export function clickedCell(target: EventTarget | null): { row: number; col: number } | undefined {
  const cell = (target as Element | null)?.closest?.("[data-row]");
  if (!cell) return undefined;
  return { row: Number(cell.getAttribute("data-row")), col: Number(cell.getAttribute("data-col")) };
}
