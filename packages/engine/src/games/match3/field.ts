/**
 * The field as an array of row strings (`.` for empty): fit tests, writing cells, and finding the
 * runs a lock removes (docs/games/match3.md "Matching").
 */
import { EMPTY_CELL } from "./constants.js";
import type { ActiveBrick, ActiveCell, Match3State } from "./types.js";

export function emptyBoard(width: number, height: number): string[] {
  const row = EMPTY_CELL.repeat(width);
  return Array.from({ length: height }, () => row);
}

export function boardWidth(board: readonly string[]): number {
  return board[0]?.length ?? 0;
}

function isFree(board: readonly string[], row: number, col: number): boolean {
  const line = board[row];
  return line !== undefined && col >= 0 && col < line.length && line[col] === EMPTY_CELL;
}

/** Whether the cells, moved by (dRow, dCol), are all inside the field and empty. */
export function fits(
  board: readonly string[],
  cells: readonly ActiveCell[],
  dRow: number,
  dCol: number,
): boolean {
  return cells.every(([r, c]) => isFree(board, r + dRow, c + dCol));
}

export function shifted(active: ActiveBrick, dRow: number, dCol: number): ActiveBrick {
  const [a, b, c] = active.cells;
  return {
    cells: [
      [a[0] + dRow, a[1] + dCol, a[2]],
      [b[0] + dRow, b[1] + dCol, b[2]],
      [c[0] + dRow, c[1] + dCol, c[2]],
    ],
  };
}

/** Writes cells into the rows in place (each touched row rebuilt once). */
export function setCells(board: string[], cells: readonly (readonly [number, number, string])[]): void {
  const byRow = new Map<number, [number, string][]>();
  for (const [r, c, ch] of cells) {
    const list = byRow.get(r) ?? [];
    list.push([c, ch]);
    byRow.set(r, list);
  }
  for (const [r, list] of byRow) {
    const chars = (board[r] as string).split("");
    for (const [c, ch] of list) chars[c] = ch;
    board[r] = chars.join("");
  }
}

/**
 * Every horizontal and vertical run of 3 or more equal symbols on the field, as a set of
 * `row * width + col` keys. Scans the whole field: the rule read literally.
 */
export function findMatches(board: readonly string[]): Set<number> {
  const width = boardWidth(board);
  const matched = new Set<number>();
  for (let r = 0; r < board.length; r++) markRuns(board, r, 0, 0, 1, width, matched);
  for (let c = 0; c < width; c++) markRuns(board, 0, c, 1, 0, width, matched);
  return matched;
}

/** Marks the runs of 3+ along the line from (r, c) in direction (dr, dc). */
function markRuns(
  board: readonly string[],
  r0: number,
  c0: number,
  dr: number,
  dc: number,
  width: number,
  matched: Set<number>,
): void {
  const at = (k: number): string => board[r0 + dr * k]?.[c0 + dc * k] ?? EMPTY_CELL;
  const length = dr === 0 ? width : board.length;
  let start = 0;
  for (let k = 1; k <= length; k++) {
    const startSymbol = at(start);
    if (k < length && at(k) === startSymbol) continue;
    if (startSymbol !== EMPTY_CELL && k - start >= 3) {
      for (let j = start; j < k; j++) matched.add((r0 + dr * j) * width + (c0 + dc * j));
    }
    start = k;
  }
}

/**
 * The runs created by a lock. A stationary field never holds a run (every lock removes its runs and
 * `load` refuses a field with one), so every new run passes through a locked cell: scanning the
 * rows and columns of the locked brick finds exactly what a whole-field scan would find.
 */
export function findMatchesThrough(board: readonly string[], locked: readonly ActiveCell[]): Set<number> {
  const width = boardWidth(board);
  const matched = new Set<number>();
  const rows = new Set(locked.map(([r]) => r));
  const cols = new Set(locked.map(([, c]) => c));
  for (const r of rows) markRuns(board, r, 0, 0, 1, width, matched);
  for (const c of cols) markRuns(board, 0, c, 1, 0, width, matched);
  return matched;
}

/** The field as the player sees it: stationary cells with the active brick drawn over them. */
export function boardWithActive(state: Pick<Match3State, "board" | "active">): string[] {
  const rows = state.board.slice();
  if (state.active !== null) setCells(rows, state.active.cells);
  return rows;
}
