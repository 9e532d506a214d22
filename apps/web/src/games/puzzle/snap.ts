/**
 * Centre-based snapping (block-puzzle.md "Block Placement"): where a dragged block lands, from its
 * position over the board in cell units. Pure: no DOM, so it is unit-tested.
 */

export interface SnapInput {
  /** The dragged block's bounding box top-left, relative to the board's top-left, in cells. */
  x: number;
  y: number;
  /** The block's bounding box, in cells. */
  height: number;
  width: number;
  /** The board, in cells. */
  rows: number;
  cols: number;
}

export interface Cell {
  row: number;
  col: number;
}

/**
 * The board cell for the block's top-left cell: the grid position the block overlaps most. Along
 * each axis the overlap of a box at x with a cell-aligned box at c is (size - |x - c|), largest at
 * the nearest whole number, so rounding (halves round the same way on both axes: down-right)
 * gives the most-overlapped position; it is then kept inside the board. A block whose centre is off
 * the board snaps nowhere (null): dropping it there puts it back in the tray.
 */
export function snapToCell(input: SnapInput): Cell | null {
  const { x, y, height, width, rows, cols } = input;
  if (![x, y].every(Number.isFinite)) return null;
  if (height > rows || width > cols) return null;
  const centreX = x + width / 2;
  const centreY = y + height / 2;
  if (centreX < 0 || centreY < 0 || centreX > cols || centreY > rows) return null;
  return {
    row: clamp(Math.floor(y + 0.5), 0, rows - height),
    col: clamp(Math.floor(x + 0.5), 0, cols - width),
  };
}

/** The top-left cell that puts the block's centre on the given cell (tap-to-place, keyboard start). */
export function centredOn(cell: Cell, height: number, width: number, rows: number, cols: number): Cell {
  return {
    row: clamp(cell.row - Math.floor((height - 1) / 2), 0, Math.max(0, rows - height)),
    col: clamp(cell.col - Math.floor((width - 1) / 2), 0, Math.max(0, cols - width)),
  };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
