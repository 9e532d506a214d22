/**
 * How a dragged piece follows the pointer, the same in both tray games: the piece keeps the point
 * where it was grabbed under the pointer, and on touch it is lifted above the finger so the finger
 * never hides where it will land. The anchor (the board cell under the piece's top-left cell) is
 * fractional here; `snapToFit` (drop-snap.ts) turns it into the cell the piece drops on.
 */

/** How far above the finger a piece rides on touch, in CSS pixels; mouse and pen need no lift. */
export const TOUCH_LIFT_PX = 40;

export function liftFor(pointerType: string): number {
  return pointerType === "touch" ? TOUCH_LIFT_PX : 0;
}

export interface DragGeometry {
  /** The pointer, in client pixels. */
  x: number;
  y: number;
  /** Where the piece was grabbed, in pixels from its top-left corner, at board cell size. */
  grabX: number;
  grabY: number;
  /** The board's top-left corner in client pixels and one cell's size in pixels. */
  boardLeft: number;
  boardTop: number;
  cell: number;
  /** Pixels the piece rides above the pointer (`liftFor`). */
  lift: number;
}

/** The fractional board cell under the dragged piece's top-left cell. */
export function dragAnchor(g: DragGeometry): { row: number; col: number } {
  return {
    row: (g.y - g.lift - g.grabY - g.boardTop) / g.cell,
    col: (g.x - g.grabX - g.boardLeft) / g.cell,
  };
}
