/**
 * Arcade's gravity and chains (docs/games/match3.md "Arcade mode", "Gravity and chains"): after a
 * lock every symbol over an empty cell falls into the gap, every run of 3 or more anywhere on the
 * field then goes, the symbols above fall again, and the runs those falls make go as the next link
 * of the chain. Stones (the risen floor) never match and never fall. The classic game never comes
 * here: its rules have no gravity (moves.ts, field.ts).
 */
import { EMPTY_CELL, STONE_CELL } from "./constants.js";
import { boardWidth } from "./field.js";
import type { ActiveCell, BrickSymbol, DroppedCell } from "./types.js";

/**
 * Lets every symbol fall into the gaps under it, column by column, keeping their order (in place);
 * returns the symbols that moved, top to bottom per column, left to right.
 */
export function settle(board: string[]): DroppedCell[] {
  const width = boardWidth(board);
  const height = board.length;
  const grid = board.map((row) => row.split(""));
  const dropped: DroppedCell[] = [];
  for (let c = 0; c < width; c++) {
    let floor = height - 1;
    // Stones lie in whole rows at the bottom: the column's floor is above them.
    while (floor >= 0 && grid[floor]?.[c] === STONE_CELL) floor--;
    const moves: DroppedCell[] = [];
    for (let r = floor; r >= 0; r--) {
      const here = grid[r]?.[c] as string;
      if (here === EMPTY_CELL || here === STONE_CELL) continue;
      if (r !== floor) {
        (grid[floor] as string[])[c] = here;
        (grid[r] as string[])[c] = EMPTY_CELL;
        moves.push([r, c, floor, here as BrickSymbol]);
      }
      floor--;
    }
    dropped.push(...moves.reverse());
  }
  if (dropped.length > 0) for (let r = 0; r < height; r++) board[r] = (grid[r] as string[]).join("");
  return dropped;
}

/** Every horizontal and vertical run of 3 or more equal symbols (stones never match), sorted. */
export function runsOnField(board: readonly string[]): ActiveCell[] {
  const width = boardWidth(board);
  const height = board.length;
  const marked = new Uint8Array(width * height);
  const at = (r: number, c: number): string => board[r]?.[c] ?? EMPTY_CELL;
  const mark = (r: number, c: number, dr: number, dc: number, length: number): void => {
    for (let k = 0; k < length; k++) marked[(r + dr * k) * width + c + dc * k] = 1;
  };
  for (const [dr, dc] of [
    [0, 1],
    [1, 0],
    [1, 1],
    [1, -1],
  ] as const) {
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const s = at(r, c);
        if (s === EMPTY_CELL || s === STONE_CELL || at(r - dr, c - dc) === s) continue;
        let length = 1;
        while (at(r + dr * length, c + dc * length) === s) length++;
        if (length >= 3) mark(r, c, dr, dc, length);
      }
    }
  }
  const cells: ActiveCell[] = [];
  for (let k = 0; k < marked.length; k++) {
    if (marked[k] === 0) continue;
    const r = Math.floor(k / width);
    const c = k % width;
    cells.push([r, c, at(r, c) as BrickSymbol]);
  }
  return cells;
}

/** One link of a chain: the cells its runs removed and the symbols that then fell. */
export interface ChainLink {
  removed: ActiveCell[];
  dropped: DroppedCell[];
}

/**
 * Settles the field after a lock, then removes runs and settles again until no run is left (in
 * place). Returns what first fell (the locked brick's cells over a gap) and the chain's links.
 * Each link removes at least 3 cells, so a field of W x H cells has at most W x H / 3 links.
 */
export function resolveChains(board: string[]): { dropped: DroppedCell[]; links: ChainLink[] } {
  const dropped = settle(board);
  const links: ChainLink[] = [];
  for (;;) {
    const removed = runsOnField(board);
    if (removed.length === 0) break;
    const byRow = new Map<number, string[]>();
    for (const [r, c] of removed) {
      const row = byRow.get(r) ?? (board[r] as string).split("");
      row[c] = EMPTY_CELL;
      byRow.set(r, row);
    }
    for (const [r, row] of byRow) board[r] = row.join("");
    links.push({ removed, dropped: settle(board) });
  }
  return { dropped, links };
}

/**
 * Raises the floor one row: every row moves up one, the bottom row becomes stones. False (and the
 * field unchanged) when the top row holds a symbol, which the rise would push out.
 */
export function raiseFloor(board: string[]): boolean {
  const top = board[0] as string;
  if ([...top].some((ch) => ch !== EMPTY_CELL)) return false;
  board.shift();
  board.push(STONE_CELL.repeat(top.length));
  return true;
}

/** How many whole rows of stone lie at the bottom of the field. */
export function stoneRows(board: readonly string[]): number {
  let n = 0;
  for (let r = board.length - 1; r >= 0; r--) {
    const row = board[r] as string;
    if (row.length === 0 || [...row].some((ch) => ch !== STONE_CELL)) break;
    n++;
  }
  return n;
}
