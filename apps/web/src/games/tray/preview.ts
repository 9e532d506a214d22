/**
 * What a drop would do, for the preview: whether the block fits at a cell, which board cells it
 * covers and which lines it would complete (highlighted in the block's colour). Uses the engine's
 * row-bitmask grid, so the preview and the rules cannot disagree.
 */
import {
  boardFromText,
  canPlace,
  fullCols,
  fullRows,
  parseShape,
  placeShape,
  shapeMasks,
} from "@blockarcade/engine";

export interface DropPreview {
  fits: boolean;
  /** Board cells the block would cover, [row, col] (also when it does not fit, for the keyboard cursor). */
  cells: [number, number][];
  /** Lines the drop would complete (empty when it does not fit). */
  rows: number[];
  cols: number[];
}

export function previewDrop(
  board: readonly string[],
  shape: readonly string[],
  row: number,
  col: number,
): DropPreview {
  const width = board[0]?.length ?? 0;
  const parsed = parseShape(shape);
  const masks = shapeMasks(parsed);
  const cells = parsed.cells.map(([r, c]) => [row + r, col + c] as [number, number]);
  const grid = boardFromText(board);
  if (!canPlace(grid, width, masks, row, col)) return { fits: false, cells, rows: [], cols: [] };
  placeShape(grid, masks, row, col);
  return { fits: true, cells, rows: fullRows(grid, width), cols: fullCols(grid, width) };
}

/** Is (row, col) in one of the lines? */
export function isInLines(preview: DropPreview, row: number, col: number): boolean {
  return preview.rows.includes(row) || preview.cols.includes(col);
}
