/**
 * Pointer, wheel and touch selection (docs/games/blocky.md "Browser"): the pointer points at a unit
 * cell, and the selection is the block at the current level that covers it, or the leaf covering it
 * when the tree stops above that level (the original selected "the smallest block containing" the
 * point). Pure: the board view turns screen points into board units and calls these.
 */
import { type Block, isLeaf, pathAtCell, regionOf } from "@blockarcade/engine/games/blocky";

export interface Cursor {
  row: number;
  col: number;
}

/** The path of the selected block: down from the top-level block towards the cell, at most `level` steps. */
export function selectedPath(tree: Block, cursor: Cursor, level: number, maxDepth: number): number[] {
  const full = pathAtCell(cursor.row, cursor.col, level, maxDepth);
  const path: number[] = [];
  let block = tree;
  for (const i of full) {
    if (isLeaf(block)) break;
    path.push(i);
    block = block[i] as Block;
  }
  return path;
}

/** The unit cell under a point given in board units (one unit a cell), or null outside the board. */
export function cellAt(x: number, y: number, maxDepth: number): Cursor | null {
  const n = 2 ** maxDepth;
  const col = Math.floor(x);
  const row = Math.floor(y);
  if (!Number.isFinite(x) || !Number.isFinite(y) || row < 0 || col < 0 || row >= n || col >= n) return null;
  return { row, col };
}

/** The level step of one wheel notch: up (towards the top-level block) is -1, down +1, none 0. */
export function wheelStep(deltaY: number): -1 | 0 | 1 {
  return deltaY < 0 ? -1 : deltaY > 0 ? 1 : 0;
}

/** The level after a step, kept within 0 (the top-level block) and maxDepth (unit cells). */
export function stepLevel(level: number, step: number, maxDepth: number): number {
  return Math.min(maxDepth, Math.max(0, level + step));
}

/** The first level a new or resumed game shows: the four quadrants, or the only block of a depth-0 board. */
export function firstLevel(maxDepth: number): number {
  return Math.min(1, maxDepth);
}

/**
 * Zoom (docs/games/blocky.md "Playing on a phone"): the board can show one quadrant, one quadrant of
 * that, and so on, down to a view of 8 x 8 unit cells, so a unit cell of a depth-6 board is as wide
 * on a phone as on a depth-3 board. Zoom z shows the level-z square that holds the cursor, so the
 * view follows the selection (arrow keys pan to the next square at the same zoom).
 */
export const ZOOM_MIN_CELLS_LOG2 = 3;

/** How far a board can zoom: 0 for boards of 8 x 8 cells or fewer. */
export function maxZoom(maxDepth: number): number {
  return Math.max(0, maxDepth - ZOOM_MIN_CELLS_LOG2);
}

/** The square the board shows at zoom `zoom` around the cursor, in unit cells. */
export function viewOf(
  cursor: Cursor,
  zoom: number,
  maxDepth: number,
): { row: number; col: number; size: number } {
  return regionOf(pathAtCell(cursor.row, cursor.col, Math.min(zoom, maxZoom(maxDepth)), maxDepth), maxDepth);
}

/** Level and zoom together: the view never shows less than the selected level's square (zoom <= level). */
export interface LevelZoom {
  level: number;
  zoom: number;
}

/** A zoom step: zooming in past the level takes the level down with it (smaller blocks). */
export function stepZoom(at: LevelZoom, step: -1 | 1, maxDepth: number): LevelZoom {
  const zoom = Math.min(maxZoom(maxDepth), Math.max(0, at.zoom + step));
  return { zoom, level: Math.max(at.level, zoom) };
}

/** A level step: going up past the zoom zooms out with it, so the selection stays inside the view. */
export function stepLevelZoom(at: LevelZoom, step: number, maxDepth: number): LevelZoom {
  const level = stepLevel(at.level, step, maxDepth);
  return { level, zoom: Math.min(at.zoom, level) };
}

/** Selects a block (a hint's): its level, the zoom kept within it, and the cursor on its top-left cell. */
export function selectBlock(
  at: LevelZoom,
  path: readonly number[],
  maxDepth: number,
): { at: LevelZoom; cursor: Cursor } {
  const { row, col } = regionOf(path, maxDepth);
  return { at: { level: path.length, zoom: Math.min(at.zoom, path.length) }, cursor: { row, col } };
}
