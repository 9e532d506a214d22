/**
 * What a drop would do, before it happens: the ghost's cells, whether it fits, and the rows and
 * columns it would clear. The fit test and the lines are the tray games' shared preview
 * (../tray/preview.ts, the engine's grid); Block Blast adds its ghost rules (no valid ghost once the
 * game is over, an invalid ghost clipped to the board) and its drag anchor.
 */
import { type BlastState, GRID_SIZE } from "@blockarcade/engine/games/blast";
import { firstFit as firstFitOn, moveWithin, previewDrop as previewOn } from "../tray/preview";

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

export function previewDrop(
  state: BlastState,
  piece: number,
  row: number,
  col: number,
): DropPreview | undefined {
  const slot = state.tray[piece];
  if (!slot) return undefined;
  const drop = previewOn(state.board, slot.shape, row, col);
  const valid = !state.over && drop.fits;
  // Block Blast draws the part of an invalid ghost that is on the board (in red).
  const cells = drop.cells.filter(([r, c]) => r >= 0 && c >= 0 && r < GRID_SIZE && c < GRID_SIZE);
  return { piece, row, col, valid, cells, rows: valid ? drop.rows : [], cols: valid ? drop.cols : [] };
}

/** The first position where the piece fits, row-major (keyboard play starts its ghost there). */
export function firstFit(state: BlastState, piece: number): { row: number; col: number } {
  const slot = state.tray[piece];
  return (slot && firstFitOn(state.board, slot.shape)) ?? { row: 0, col: 0 };
}

/** Moves a ghost by (dr, dc), keeping the whole piece on the board. */
export function moveGhost(
  shape: readonly string[],
  at: { row: number; col: number },
  dr: number,
  dc: number,
): { row: number; col: number } {
  return moveWithin(shape, at, dr, dc, GRID_SIZE, GRID_SIZE);
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
