/**
 * The falling piece's own moves, as functions of the board alone: one step (left, right, down) and
 * one SRS turn with its wall kicks (docs/games/stacker.md "Rotation"). `apply` builds its states and
 * events from these, and the computer player searches with the very same functions, so every
 * position it finds is one the keys really reach.
 */
import { canStep, fits, shifted } from "./board.js";
import { boxOrigin, kickTests, placedCells } from "./pieces.js";
import type { ActivePiece, Rotation } from "./types.js";

/** The piece moved by (dr, dc), or null when a cell would leave the board or hit a block. */
export function stepPiece(
  board: readonly string[],
  size: number,
  piece: ActivePiece,
  dr: number,
  dc: number,
): ActivePiece | null {
  if (!canStep(board, size, piece.cells, dr, dc)) return null;
  return { type: piece.type, rotation: piece.rotation, cells: shifted(piece.cells, dr, dc) };
}

export interface Turn {
  piece: ActivePiece;
  /** Index of the SRS test that fitted (0 = no kick) and its offset, x right and y up. */
  kick: number;
  offset: [number, number];
}

/** A quarter turn (1 clockwise, 3 counter-clockwise) trying the kick tests in order; null when none fits. */
export function turnPiece(
  board: readonly string[],
  size: number,
  piece: ActivePiece,
  turn: 1 | 3,
): Turn | null {
  const from = piece.rotation;
  const to = ((from + turn) % 4) as Rotation;
  const [row, col] = boxOrigin(piece.type, from, piece.cells);
  const tests = kickTests(piece.type, from, to);
  for (let i = 0; i < tests.length; i++) {
    const [x, y] = tests[i] as readonly [number, number];
    // The tables' y points up; board rows count down.
    const cells = placedCells(piece.type, to, row - y, col + x);
    if (fits(board, size, cells))
      return { piece: { type: piece.type, rotation: to, cells }, kick: i, offset: [x, y] };
  }
  return null;
}
