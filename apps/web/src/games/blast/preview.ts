/**
 * What a drop would do, before it happens: the ghost's cells, whether it fits, and the rows and
 * columns it would clear. Pure, from the engine's own fit test, so the view never disagrees with
 * the rules.
 */
import {
  type BlastState,
  bitsFromText,
  fitsAt,
  fullColumnBits,
  fullRowBits,
  GRID_SIZE,
  pieceByRows,
} from "@blockarcade/engine/games/blast";

export interface DropPreview {
  piece: number;
  row: number;
  col: number;
  valid: boolean;
  /** The ghost's cells that are on the board. */
  cells: [number, number][];
  /** Lines a valid drop would clear. */
  rows: number[];
  cols: number[];
}

export function shapeCells(shape: readonly string[]): [number, number][] {
  const cells: [number, number][] = [];
  shape.forEach((line, r) => {
    for (let c = 0; c < line.length; c++) if (line[c] === "#") cells.push([r, c]);
  });
  return cells;
}

export function previewDrop(
  state: BlastState,
  piece: number,
  row: number,
  col: number,
): DropPreview | undefined {
  const slot = state.tray[piece];
  if (!slot) return undefined;
  const pooled = pieceByRows(slot.shape);
  if (!pooled) return undefined;
  const bits = bitsFromText(state.board);
  const valid = !state.over && fitsAt(bits, pooled.index, row, col);
  const cells = shapeCells(slot.shape)
    .map(([r, c]) => [row + r, col + c] as [number, number])
    .filter(([r, c]) => r >= 0 && c >= 0 && r < GRID_SIZE && c < GRID_SIZE);
  const rows: number[] = [];
  const cols: number[] = [];
  if (valid) {
    let { lo, hi } = bits;
    for (const [r, c] of cells) {
      if (r < 4) lo |= 1 << (r * 8 + c);
      else hi |= 1 << ((r - 4) * 8 + c);
    }
    const rb = fullRowBits(lo, hi);
    const cb = fullColumnBits(lo, hi);
    for (let i = 0; i < GRID_SIZE; i++) {
      if (rb & (1 << i)) rows.push(i);
      if (cb & (1 << i)) cols.push(i);
    }
  }
  return { piece, row, col, valid, cells, rows, cols };
}

/** The first position where the piece fits, row-major (keyboard play starts its ghost there). */
export function firstFit(state: BlastState, piece: number): { row: number; col: number } {
  const slot = state.tray[piece];
  const pooled = slot ? pieceByRows(slot.shape) : undefined;
  if (pooled) {
    const bits = bitsFromText(state.board);
    for (let row = 0; row < GRID_SIZE; row++) {
      for (let col = 0; col < GRID_SIZE; col++) if (fitsAt(bits, pooled.index, row, col)) return { row, col };
    }
  }
  return { row: 0, col: 0 };
}

/** Moves a ghost by (dr, dc), keeping the whole piece on the board. */
export function moveGhost(
  shape: readonly string[],
  at: { row: number; col: number },
  dr: number,
  dc: number,
): { row: number; col: number } {
  const height = shape.length;
  const width = shape[0]?.length ?? 1;
  return {
    row: Math.min(GRID_SIZE - height, Math.max(0, at.row + dr)),
    col: Math.min(GRID_SIZE - width, Math.max(0, at.col + dc)),
  };
}

/** Geometry of the board on screen: its grid's top-left corner and the distance between cells. */
export interface BoardGeometry {
  left: number;
  top: number;
  /** Cell size plus gap, in CSS pixels. */
  pitch: number;
}

/**
 * The board cell under the dragged piece's top-left cell, given where that cell is drawn; undefined
 * when the piece is clearly off the board (the drop then goes back to the tray).
 */
export function anchorAt(
  geometry: BoardGeometry,
  pieceLeft: number,
  pieceTop: number,
  shape: readonly string[],
): { row: number; col: number } | undefined {
  const col = Math.round((pieceLeft - geometry.left) / geometry.pitch);
  const row = Math.round((pieceTop - geometry.top) / geometry.pitch);
  const height = shape.length;
  const width = shape[0]?.length ?? 1;
  // Off the board unless at least one row and column of the piece's box overlap it.
  if (row + height <= 0 || col + width <= 0 || row >= GRID_SIZE || col >= GRID_SIZE) return undefined;
  return { row, col };
}
