/**
 * The computer player's whole-tray search (docs/games/puzzle.md "Computer player"): every order of
 * the blocks left in the tray and every placement of each, on the board each earlier placement and
 * its clears leave, judged by the placements' points plus an evaluation of the final board
 * (evaluate.ts). Fits come from the core row-bitmask fit sets (`fitColumns`), never from the JSON
 * `legal` list. The boards searched are private scratch arrays; nothing given is changed.
 *
 * Bound: the search is exhaustive while its estimated evaluations (times the board's rows) stay within
 * SEARCH_BUDGET: every small board, and most 8 x 8 trays once play has filled the board a little.
 * Past that it becomes a beam: every first placement is evaluated and only the best `width[0]` go
 * on; of their second placements the best `width[1]`; every third placement of those is evaluated.
 * The widths are the largest (up to MAX_BEAM) whose estimated cost fits the same budget, so a
 * 20 x 20 tray of three costs about as much as an 8 x 8 one.
 */
import { fitColumns, fullRowMask, type RowMasks, type ShapeMasks } from "../../core/grid.js";
import { DEFAULT_WEIGHTS, evaluateBoard, popcount, type Weights } from "./evaluate.js";
import { pieceByRows } from "./pool.js";
import { placementScore } from "./scoring.js";
import type { TrayBlock } from "./types.js";

/**
 * The work a search may do, in board rows evaluated (an evaluation costs about one step per row):
 * 300,000 is some 37,000 evaluations on 8 x 8 and 15,000 on 20 x 20.
 */
export const SEARCH_BUDGET = 300_000;
/** The widest beam: placements kept at the first step (the second keeps a third of it). */
export const MAX_BEAM = 24;

export interface PlannedMove {
  piece: number;
  row: number;
  col: number;
  /** Points this placement scores and lines it clears, in the plan's order. */
  points: number;
  lines: number;
}

export interface TrayPlan {
  /** The best sequence found, first placement first. */
  moves: PlannedMove[];
  /** Blocks left in the tray when the search began. */
  blocks: number;
  /** Points of the whole sequence. */
  points: number;
  /** What the sequence is worth: its points plus the final board's evaluation. */
  value: number;
  /** True when every sequence was searched, false when the beam bounded it. */
  exact: boolean;
  /** Placements kept at the first and second step (Infinity when exact). */
  width: [number, number];
  /** Sequences (complete or stuck) evaluated. */
  evaluated: number;
}

interface Block {
  piece: number;
  masks: ShapeMasks;
  key: string;
}

interface Child {
  block: number;
  row: number;
  col: number;
  board: Uint32Array;
  points: number;
  lines: number;
}

/** Places a block on a copy of `board` and empties the lines it completes; returns points and lines. */
function placeAndClear(
  board: RowMasks,
  out: Uint32Array,
  cols: number,
  masks: ShapeMasks,
  row: number,
  col: number,
): { points: number; lines: number } {
  out.set(board);
  for (let i = 0; i < masks.height; i++) {
    out[row + i] = ((out[row + i] as number) | ((masks.rows[i] as number) << col)) >>> 0;
  }
  const full = fullRowMask(cols);
  let colsFull = full;
  let rowsFull = 0;
  for (let r = 0; r < out.length; r++) {
    const m = out[r] as number;
    colsFull &= m;
    if (m === full) rowsFull++;
  }
  const colsCleared = popcount(colsFull);
  let empty = true;
  if (rowsFull + colsCleared > 0) {
    const keep = ~colsFull & full;
    for (let r = 0; r < out.length; r++) {
      const m = out[r] as number;
      const next = m === full ? 0 : (m & keep) >>> 0;
      out[r] = next;
      if (next !== 0) empty = false;
    }
  } else {
    empty = false;
  }
  const scored = placementScore(masks.size, rowsFull, colsCleared, empty);
  return { points: scored.points, lines: rowsFull + colsCleared };
}

/** Every placement of `masks` on `board`, row by row and left to right (the order of `legal`). */
function forEachFit(
  board: RowMasks,
  cols: number,
  masks: ShapeMasks,
  visit: (row: number, col: number) => void,
): void {
  for (let r = 0; r + masks.height <= board.length; r++) {
    let bits = fitColumns(board, cols, masks, r);
    while (bits !== 0) {
      const low = bits & -bits;
      visit(r, 31 - Math.clz32(low));
      bits = (bits ^ low) >>> 0;
    }
  }
}

function countFitsOf(board: RowMasks, cols: number, masks: ShapeMasks): number {
  let n = 0;
  for (let r = 0; r + masks.height <= board.length; r++) n += popcount(fitColumns(board, cols, masks, r));
  return n;
}

/**
 * The evaluations an exhaustive search would make, estimated from each block's placements on the
 * board now (clears change them a little).
 */
function exhaustiveCost(fits: readonly number[]): number {
  const orders = (rest: readonly number[], product: number): number =>
    rest.reduce((sum, n, i) => {
      const p = product * n;
      return sum + p + orders([...rest.slice(0, i), ...rest.slice(i + 1)], p);
    }, 0);
  return orders(fits, 1);
}

/**
 * Beam widths for this tray: the widest whose estimated evaluations, times the rows, fit the budget.
 * `fits` are the blocks' placements on the board now.
 */
function beamWidths(fits: readonly number[], rows: number): [number, number] {
  const d = fits.length;
  const n = fits.reduce((a, b) => a + b, 0) / Math.max(1, d);
  for (let k = MAX_BEAM; k > 2; k--) {
    const k2 = Math.max(2, Math.floor(k / 3));
    const cost = d * n + k * Math.max(0, d - 1) * n + k * k2 * Math.max(0, d - 2) * n;
    if (cost * rows <= SEARCH_BUDGET) return [k, k2];
  }
  return [2, 2];
}

/**
 * The best way to place the tray's remaining blocks: the sequence that places the most of them, and
 * among those the one worth most. Ties go to the first sequence met, in the order of `legal` at each
 * step (block by block, row by row, left to right), so the answer is deterministic. Null when no
 * block fits at all.
 */
export function searchTray(
  board: RowMasks,
  cols: number,
  tray: readonly (TrayBlock | null)[],
  weights: Readonly<Weights> = DEFAULT_WEIGHTS,
): TrayPlan | null {
  const blocks: Block[] = [];
  tray.forEach((b, piece) => {
    if (b === null) return;
    const pool = pieceByRows(b.shape);
    // The tray only holds pool shapes (dealt, or checked by load): a broken invariant, not input.
    if (!pool) throw new Error(`tray shape ${b.shape.join("/")} is not in the pool`);
    blocks.push({ piece, masks: pool.masks, key: pool.key });
  });
  const depthMax = blocks.length;
  if (depthMax === 0) return null;
  const fits = blocks.map((b) => countFitsOf(board, cols, b.masks));
  const exact = exhaustiveCost(fits) * board.length <= SEARCH_BUDGET;
  const width: [number, number] = exact
    ? [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY]
    : beamWidths(fits, board.length);
  const used = new Array<boolean>(depthMax).fill(false);
  let scratchBoard: Uint32Array | undefined;
  const leafBoard = (rows: number) => {
    scratchBoard ??= new Uint32Array(rows);
    return scratchBoard;
  };
  const path: Child[] = [];
  let best: { moves: Child[]; placed: number; points: number; value: number } | null = null;
  let evaluated = 0;

  const consider = (final: RowMasks, placed: number, points: number) => {
    evaluated++;
    if (best !== null && placed < best.placed) return;
    const value = weights.points * points + evaluateBoard(final, cols, weights);
    if (best === null || placed > best.placed || value > best.value) {
      best = { moves: path.slice(), placed, points, value };
    }
  };

  /** Children of `board`: each distinct remaining block at each fit, in `legal` order. */
  const childrenOf = (board: RowMasks): Child[] => {
    const out: Child[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < depthMax; i++) {
      const block = blocks[i] as Block;
      // Two equal shapes give the same sequences: the first one's come first and win the ties.
      if (used[i] || seen.has(block.key)) continue;
      seen.add(block.key);
      forEachFit(board, cols, block.masks, (row, col) => {
        const next = new Uint32Array(board.length);
        const { points, lines } = placeAndClear(board, next, cols, block.masks, row, col);
        out.push({ block: i, row, col, board: next, points, lines });
      });
    }
    return out;
  };

  const visit = (board: RowMasks, depth: number, points: number) => {
    if (depth === depthMax) {
      consider(board, depth, points);
      return;
    }
    if (depth === depthMax - 1) {
      // The last block: its placements are sequences' ends, judged on one scratch board.
      const i = used.indexOf(false);
      const block = blocks[i] as Block;
      const scratch = leafBoard(board.length);
      let any = false;
      forEachFit(board, cols, block.masks, (row, col) => {
        any = true;
        const { points: p, lines } = placeAndClear(board, scratch, cols, block.masks, row, col);
        path.push({ block: i, row, col, board: scratch, points: p, lines });
        consider(scratch, depthMax, points + p);
        path.pop();
      });
      if (!any) consider(board, depth, points);
      return;
    }
    let children = childrenOf(board);
    if (children.length === 0) {
      consider(board, depth, points);
      return;
    }
    const keep = width[depth] ?? Number.POSITIVE_INFINITY;
    if (children.length > keep) {
      // Beam: rank by what the placement scores plus the board it leaves; the sort is stable, so
      // equal values keep their `legal` order.
      const ranked = children.map((c) => ({
        c,
        v: weights.points * c.points + evaluateBoard(c.board, cols, weights),
      }));
      evaluated += ranked.length;
      ranked.sort((a, b) => b.v - a.v);
      children = ranked.slice(0, keep).map((r) => r.c);
    }
    for (const child of children) {
      used[child.block] = true;
      path.push(child);
      visit(child.board, depth + 1, points + child.points);
      path.pop();
      used[child.block] = false;
    }
  };

  visit(board, 0, 0);
  const found = best as { moves: Child[]; placed: number; points: number; value: number } | null;
  if (found === null || found.placed === 0) return null;
  return {
    moves: found.moves.map((c) => ({
      piece: (blocks[c.block] as Block).piece,
      row: c.row,
      col: c.col,
      points: c.points,
      lines: c.lines,
    })),
    blocks: depthMax,
    points: found.points,
    value: found.value,
    exact,
    width,
    evaluated,
  };
}
