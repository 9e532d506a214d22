/** The board as rows of letters: what fits where, how far a piece can fall, where it would land. */
import { EMPTY_CELL } from "./constants.js";
import type { Cell, StackerState } from "./types.js";

export function emptyRow(size: number): string {
  return EMPTY_CELL.repeat(size);
}

function isFree(board: readonly string[], size: number, row: number, col: number): boolean {
  return row >= 0 && row < size && col >= 0 && col < size && board[row]?.[col] === EMPTY_CELL;
}

/** Are all cells on the board and empty? */
export function fits(board: readonly string[], size: number, cells: readonly Cell[]): boolean {
  for (const [r, c] of cells) if (!isFree(board, size, r, c)) return false;
  return true;
}

/** Would the cells fit moved by (dr, dc)? Allocates nothing. */
export function canStep(
  board: readonly string[],
  size: number,
  cells: readonly Cell[],
  dr: number,
  dc: number,
): boolean {
  for (const [r, c] of cells) if (!isFree(board, size, r + dr, c + dc)) return false;
  return true;
}

export function shifted(cells: readonly Cell[], dr: number, dc: number): Cell[] {
  return cells.map(([r, c]) => [r + dr, c + dc] as Cell);
}

/** How many rows the piece can still fall. */
export function dropDistance(board: readonly string[], size: number, cells: readonly Cell[]): number {
  let d = 0;
  while (canStep(board, size, cells, d + 1, 0)) d++;
  return d;
}

/** Where the active piece would land (the ghost); empty when there is no active piece. */
export function ghostCells(state: StackerState): Cell[] {
  if (!state.active) return [];
  const size = state.config.size;
  return shifted(state.active.cells, dropDistance(state.board, size, state.active.cells), 0);
}

/**
 * Is the active piece resting: its next step down blocked, so the next tick or soft drop locks it
 * (docs/games/stacker.md "Locking")?
 */
export function isResting(state: StackerState): boolean {
  if (!state.active) return false;
  return !canStep(state.board, state.config.size, state.active.cells, 1, 0);
}
