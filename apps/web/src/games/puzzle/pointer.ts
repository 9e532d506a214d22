/**
 * Pointer input (Pointer Events: mouse, touch and pen alike): a press on a tray block becomes a tap
 * or a drag. While dragging it reports where the floating block is drawn and the cell it would drop
 * on; on release, the drop (target null = back to the tray). It draws nothing.
 *
 * The feel is the tray games' one (../tray/drag-feel.ts): the block keeps the point where it was
 * grabbed under the pointer and rides TOUCH_LIFT_PX above a finger. Where it lands is
 * docs/games/puzzle.md "Dropping a block": the position it overlaps most (centre-based snapping),
 * or when that does not fit, the nearest fitting one within one cell (../tray/drop-snap.ts); when
 * none fits, the spot it is over (`aim`) is where the red ghost shows the drop would be refused.
 */
import { dragAnchor, liftFor } from "../tray/drag-feel";
import { snapToFit } from "../tray/drop-snap";
import { trackPress } from "../tray/press";

export interface Cell {
  row: number;
  col: number;
}

/** The board on screen: its box in client pixels and its size in cells. */
export interface BoardGeometry {
  rect: { left: number; top: number; width: number };
  rows: number;
  cols: number;
}

/** The board's 1 px padding and 1 px gaps (puzzle.css `.puzzle-board`): one cell plus one line. */
const LINE_PX = 1;

/** One cell plus one grid line, in pixels, and the top-left of cell (0, 0). */
export function boardMetrics(g: BoardGeometry): { pitch: number; left: number; top: number } {
  return {
    pitch: (g.rect.width - LINE_PX) / g.cols,
    left: g.rect.left + LINE_PX,
    top: g.rect.top + LINE_PX,
  };
}

export interface DragFrame {
  /** Top-left of the floating block, client pixels. */
  left: number;
  top: number;
  /** One board cell plus its line, pixels: the floating block is drawn at board size. */
  pitch: number;
  /** The cell its top-left cell drops on, null when it does not land anywhere. */
  target: Cell | null;
  /**
   * Where the block is over the board (its top-left cell, rounded) when its centre is on the board,
   * else null: with no `target`, a release there is a refused drop and the red ghost shows it.
   */
  aim: Cell | null;
}

/**
 * Where a dragged block drops, from its top-left's fractional board cell: rounding gives the position
 * it overlaps most (along each axis the overlap with a cell-aligned box at c is size - |x - c|), and
 * `snapToFit` keeps that when it fits, else takes the nearest fitting anchor within one cell. A block
 * whose centre is off the board drops nowhere.
 */
export function dropTarget(
  at: { row: number; col: number },
  size: { height: number; width: number },
  board: { rows: number; cols: number },
  fits: (row: number, col: number) => boolean,
): Cell | null {
  if (!aimAt(at, size, board)) return null;
  return snapToFit(at, fits, 1) ?? null;
}

/**
 * The spot a dragged block is over (its top-left's fractional cell, rounded) while its centre is
 * on the board, fitting or not; null when its centre is off the board (a release puts it back).
 */
export function aimAt(
  at: { row: number; col: number },
  size: { height: number; width: number },
  board: { rows: number; cols: number },
): Cell | null {
  if (!Number.isFinite(at.row) || !Number.isFinite(at.col)) return null;
  const centreRow = at.row + size.height / 2;
  const centreCol = at.col + size.width / 2;
  if (centreRow < 0 || centreCol < 0 || centreRow > board.rows || centreCol > board.cols) return null;
  return { row: Math.round(at.row), col: Math.round(at.col) };
}

/** The board cell under a client point (tap-to-place), or null outside the board. */
export function cellAt(g: BoardGeometry, x: number, y: number): Cell | null {
  const { pitch, left, top } = boardMetrics(g);
  const col = Math.floor((x - left) / pitch);
  const row = Math.floor((y - top) / pitch);
  if (row < 0 || col < 0 || row >= g.rows || col >= g.cols) return null;
  return { row, col };
}

/** The top-left cell that puts a block's centre on `cell`, kept inside the board (taps, keyboard). */
export function centredOn(cell: Cell, height: number, width: number, rows: number, cols: number): Cell {
  return {
    row: clamp(cell.row - Math.floor((height - 1) / 2), 0, Math.max(0, rows - height)),
    col: clamp(cell.col - Math.floor((width - 1) / 2), 0, Math.max(0, cols - width)),
  };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

export interface DragCallbacks {
  onLift(): void;
  onMove(frame: DragFrame): void;
  /** Released over `frame.target` (null: back to the tray), or cancelled (frame null). */
  onDrop(frame: DragFrame | null): void;
  onTap(): void;
}

/**
 * Starts following a pointer pressed on a tray block. `shapeEl` draws the shape at tray size (its box
 * is the shape's bounding box); `fits` is the engine's fit test for this block. Returns a function
 * that stops following.
 */
export function followPointer(
  down: PointerEvent,
  shapeEl: HTMLElement,
  shape: { height: number; width: number },
  board: () => BoardGeometry | null,
  fits: (row: number, col: number) => boolean,
  callbacks: DragCallbacks,
): () => void {
  const box = shapeEl.getBoundingClientRect();
  // Where in the block it was grabbed, as a fraction of its box: kept under the pointer at board size.
  const fx = box.width > 0 ? clamp((down.clientX - box.left) / box.width, 0, 1) : 0.5;
  const fy = box.height > 0 ? clamp((down.clientY - box.top) / box.height, 0, 1) : 0.5;
  const lift = liftFor(down.pointerType);
  let last: DragFrame | null = null;

  const frameAt = (x: number, y: number): DragFrame | null => {
    const g = board();
    if (!g) return null;
    const { pitch, left, top } = boardMetrics(g);
    const grabX = fx * shape.width * pitch;
    const grabY = fy * shape.height * pitch;
    const at = dragAnchor({ x, y, grabX, grabY, boardLeft: left, boardTop: top, cell: pitch, lift });
    return {
      left: x - grabX,
      top: y - lift - grabY,
      pitch,
      target: dropTarget(at, shape, g, fits),
      aim: aimAt(at, shape, g),
    };
  };

  return trackPress(
    down,
    {
      onDragStart: () => callbacks.onLift(),
      onDragMove(x, y) {
        const frame = frameAt(x, y);
        if (!frame) return;
        last = frame;
        callbacks.onMove(frame);
      },
      // The drop lands where the last move showed it; a cancelled drag (or Escape) puts it back.
      onDragEnd: (_x, _y, dropped) => callbacks.onDrop(dropped ? last : null),
      onTap: () => callbacks.onTap(),
    },
    { escapeCancels: true, preventMoveDefaults: true },
  );
}

/** Pixels from where a dragged block was let go to the cells it lands on: the snap's start. */
export function dropOffset(frame: DragFrame, g: BoardGeometry | null): { dx: number; dy: number } | null {
  if (!g || !frame.target) return null;
  const { pitch, left, top } = boardMetrics(g);
  return {
    dx: frame.left - (left + frame.target.col * pitch),
    dy: frame.top - (top + frame.target.row * pitch),
  };
}

/** The board on screen, measured from its element; null before it is drawn. */
export function measureBoard(el: Element | null, size: { rows: number; cols: number }): BoardGeometry | null {
  return el ? { rect: el.getBoundingClientRect(), rows: size.rows, cols: size.cols } : null;
}

/**
 * Where a tap on the board puts the chosen block: centred on the tapped cell, kept inside the board;
 * null for a tap outside the cells.
 */
export function tapTarget(
  g: BoardGeometry,
  x: number,
  y: number,
  size: { height: number; width: number },
): Cell | null {
  const cell = cellAt(g, x, y);
  return cell && centredOn(cell, size.height, size.width, g.rows, g.cols);
}

/** Follows one drag at a time: a new press stops following the last one; `stop` ends the one in progress. */
export interface DragFollower {
  follow(...args: Parameters<typeof followPointer>): void;
  stop(): void;
}

export function createDragFollower(): DragFollower {
  let stop: (() => void) | null = null;
  return {
    follow(down, shapeEl, shape, board, fits, callbacks) {
      stop?.();
      stop = followPointer(down, shapeEl, shape, board, fits, {
        ...callbacks,
        onDrop(frame) {
          stop = null;
          callbacks.onDrop(frame);
        },
        onTap() {
          stop = null;
          callbacks.onTap();
        },
      });
    },
    stop() {
      stop?.();
      stop = null;
    },
  };
}
