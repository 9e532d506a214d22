/**
 * Board primitives for rectangular grids of up to 30 columns: a board is one bitmask per row (bit c
 * set = column c filled), so a fit test or a full-row check is a handful of integer operations.
 */
import type { Shape } from "./shapes.js";

export const MAX_GRID_WIDTH = 30;

export interface GridSize {
  readonly height: number;
  readonly width: number;
}

/** One bitmask per row, top row first. */
export type RowMasks = Uint32Array;

/** A shape as one bitmask per row with its left edge at column 0. */
export interface ShapeMasks {
  readonly height: number;
  readonly width: number;
  readonly rows: readonly number[];
  readonly size: number;
}

export function fullRowMask(width: number): number {
  return width >= 32 ? 0xffffffff : ((1 << width) - 1) >>> 0;
}

export function emptyBoard(size: GridSize): RowMasks {
  return new Uint32Array(size.height);
}

export function shapeMasks(shape: Shape): ShapeMasks {
  const rows = new Array<number>(shape.height).fill(0);
  for (const [r, c] of shape.cells) rows[r] = ((rows[r] as number) | (1 << c)) >>> 0;
  return { height: shape.height, width: shape.width, rows, size: shape.cells.length };
}

/** Reads a text board: `.` is empty, any other character filled. */
export function boardFromText(rows: readonly string[]): RowMasks {
  const board = new Uint32Array(rows.length);
  rows.forEach((line, r) => {
    let m = 0;
    for (let c = 0; c < line.length; c++) if (line[c] !== ".") m |= 1 << c;
    board[r] = m >>> 0;
  });
  return board;
}

export function boardToText(board: RowMasks, width: number, filled = "#"): string[] {
  const out: string[] = [];
  for (let r = 0; r < board.length; r++) {
    let line = "";
    const m = board[r] as number;
    for (let c = 0; c < width; c++) line += m & (1 << c) ? filled : ".";
    out.push(line);
  }
  return out;
}

export function countFilled(board: RowMasks): number {
  let n = 0;
  for (let r = 0; r < board.length; r++) {
    let m = board[r] as number;
    while (m) {
      m &= m - 1;
      n++;
    }
  }
  return n;
}

/** Does the shape fit with its bounding box's top-left cell at (row, col)? */
export function canPlace(
  board: RowMasks,
  width: number,
  shape: ShapeMasks,
  row: number,
  col: number,
): boolean {
  if (row < 0 || col < 0 || row + shape.height > board.length || col + shape.width > width) return false;
  for (let i = 0; i < shape.height; i++) {
    if (((board[row + i] as number) & ((shape.rows[i] as number) << col)) !== 0) return false;
  }
  return true;
}

/** Sets the shape's cells; the caller has checked `canPlace`. Mutates `board`. */
export function placeShape(board: RowMasks, shape: ShapeMasks, row: number, col: number): void {
  for (let i = 0; i < shape.height; i++) {
    board[row + i] = ((board[row + i] as number) | ((shape.rows[i] as number) << col)) >>> 0;
  }
}

/** Every (row, col) where the shape fits, row-major. */
export function fitPositions(board: RowMasks, width: number, shape: ShapeMasks): [number, number][] {
  const out: [number, number][] = [];
  for (let r = 0; r + shape.height <= board.length; r++) {
    for (let c = 0; c + shape.width <= width; c++) if (canPlace(board, width, shape, r, c)) out.push([r, c]);
  }
  return out;
}

/**
 * Bit c is set when the shape fits with its top-left cell at (row, c): every column of one row is
 * tested at once (a shape cell at column offset j collides where the board row shifted right by j
 * has a bit), so a whole-board search costs O(rows x cells) instead of O(rows x cols x height).
 */
export function fitColumns(board: RowMasks, width: number, shape: ShapeMasks, row: number): number {
  if (row < 0 || row + shape.height > board.length || shape.width > width) return 0;
  let blocked = 0;
  for (let i = 0; i < shape.height; i++) {
    const line = board[row + i] as number;
    let bits = shape.rows[i] as number;
    for (let j = 0; bits !== 0; j++, bits >>>= 1) if (bits & 1) blocked |= line >>> j;
  }
  return (~blocked & fullRowMask(width - shape.width + 1)) >>> 0;
}

/** Number of positions where the shape fits, stopping early once `limit` is reached. */
export function countFits(board: RowMasks, width: number, shape: ShapeMasks, limit = Infinity): number {
  let n = 0;
  for (let r = 0; r + shape.height <= board.length; r++) {
    let m = fitColumns(board, width, shape, r);
    while (m !== 0) {
      m &= m - 1;
      if (++n >= limit) return n;
    }
  }
  return n;
}

export function canFitAnywhere(board: RowMasks, width: number, shape: ShapeMasks): boolean {
  return countFits(board, width, shape, 1) > 0;
}

/** Indices of full rows. */
export function fullRows(board: RowMasks, width: number): number[] {
  const full = fullRowMask(width);
  const out: number[] = [];
  for (let r = 0; r < board.length; r++) if (board[r] === full) out.push(r);
  return out;
}

/** Indices of full columns. */
export function fullCols(board: RowMasks, width: number): number[] {
  let and = fullRowMask(width);
  for (let r = 0; r < board.length; r++) and &= board[r] as number;
  const out: number[] = [];
  for (let c = 0; c < width; c++) if (and & (1 << c)) out.push(c);
  return out;
}

/**
 * Empties the given rows and columns in place (no gravity) and returns how many distinct cells were
 * filled before, so a cell where a row and a column cross counts once.
 */
export function clearLines(
  board: RowMasks,
  width: number,
  rows: readonly number[],
  cols: readonly number[],
): number {
  let colMask = 0;
  for (const c of cols) colMask |= 1 << c;
  const rowSet = new Set(rows);
  const before = countFilled(board);
  for (let r = 0; r < board.length; r++) {
    board[r] = rowSet.has(r) ? 0 : ((board[r] as number) & ~colMask & fullRowMask(width)) >>> 0;
  }
  return before - countFilled(board);
}

/** Removes full rows and shifts the rows above down (line-clear gravity); returns the cleared rows. */
export function collapseFullRows(board: RowMasks, width: number): number[] {
  const cleared = fullRows(board, width);
  if (cleared.length === 0) return cleared;
  const full = fullRowMask(width);
  let write = board.length - 1;
  for (let r = board.length - 1; r >= 0; r--) {
    const m = board[r] as number;
    if (m !== full) board[write--] = m;
  }
  while (write >= 0) board[write--] = 0;
  return cleared;
}
