/**
 * What a drop would do, before it happens, from the engine's own `previewPlacement` (the rules' fit
 * test and line check): the ghost's cells, whether it fits, and the lines it would clear. Block
 * Blast adds its ghost rules (an invalid ghost clipped to the board, drawn red) and its forgiving
 * drop (docs/games/blast.md "Dragging and dropping").
 */
import {
  type BlastCommand,
  type BlastState,
  firstPlacement,
  GRID_SIZE,
  previewPlacement,
} from "@blockarcade/engine/games/blast";
import { dropTarget, moveWithin } from "../tray/preview";

/** How far (in cells) a drop may miss a fitting spot and still land on it. */
export const SNAP_RADIUS = 1;

export interface Ghost {
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

/** The ghost of tray piece `piece` with its top-left at (row, col); undefined for an empty slot. */
export function previewDrop(state: BlastState, piece: number, row: number, col: number): Ghost | undefined {
  const p = previewPlacement(state, piece, row, col);
  if (!p) return undefined;
  const cells = p.cells.filter(([r, c]) => r >= 0 && c >= 0 && r < GRID_SIZE && c < GRID_SIZE);
  return { piece, row, col, valid: p.fits, cells, rows: p.rows, cols: p.cols };
}

/**
 * Where a drag with the piece's top-left over the fractional cell `anchor` lands: the nearest
 * fitting anchor within SNAP_RADIUS (a valid ghost there), else a red ghost where the piece is when
 * it overlaps the board, else nothing (clearly off the board).
 */
export function dragGhost(
  state: BlastState,
  piece: number,
  anchor: { row: number; col: number },
): Ghost | undefined {
  if (state.over) return undefined;
  const target = dropTarget(anchor, (r, c) => previewPlacement(state, piece, r, c), SNAP_RADIUS);
  if (target) return previewDrop(state, piece, target.at.row, target.at.col);
  const ghost = previewDrop(state, piece, Math.round(anchor.row), Math.round(anchor.col));
  return ghost && ghost.cells.length > 0 ? ghost : undefined;
}

/** The first position where the piece fits, row-major (keyboard play starts its ghost there). */
export function firstFit(state: BlastState, piece: number): { row: number; col: number } {
  return firstPlacement(state, piece) ?? { row: 0, col: 0 };
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

/** The piece picked for keyboard or taps and where its ghost is (its top-left cell). */
export interface Selection {
  piece: number;
  row: number;
  col: number;
  /** Chosen by the computer's hint: drawn as the hint, gone when the position changes. */
  hint?: boolean;
}

/**
 * The selection after picking tray piece `piece` (a tap, a key, focus): its ghost starts at the first
 * fit; picking the piece already picked keeps its ghost where it is, and an empty slot or a game over
 * picks nothing (the selection stays).
 */
export function pickPiece(
  state: BlastState,
  selection: Selection | undefined,
  piece: number,
): Selection | undefined {
  if (state.over || !state.tray[piece] || selection?.piece === piece) return selection;
  return { piece, ...firstFit(state, piece) };
}

/** The selection moved by an arrow key, the whole piece kept on the board; undefined when none is picked. */
export function moveSelection(
  state: BlastState,
  selection: Selection | undefined,
  dr: number,
  dc: number,
): Selection | undefined {
  const slot = selection && state.tray[selection.piece];
  if (!selection || !slot) return undefined;
  return { piece: selection.piece, ...moveGhost(slot.shape, selection, dr, dc) };
}

/** The ghost to draw: the dragged piece's landing spot, else the picked piece's, else none. */
export function ghostOf(
  state: BlastState,
  drag: { piece: number; anchor: { row: number; col: number } } | undefined,
  selection: Selection | undefined,
): Ghost | undefined {
  if (drag) return dragGhost(state, drag.piece, drag.anchor);
  return selection && previewDrop(state, selection.piece, selection.row, selection.col);
}

/** The selection a hint shows: the computer's piece where it would go (none unless it is a placement). */
export function hintSelection(command: BlastCommand | undefined): Selection | undefined {
  if (command?.cmd !== "place") return undefined;
  return { piece: command.piece, row: command.row, col: command.col, hint: true };
}
