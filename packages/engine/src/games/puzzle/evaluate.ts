/**
 * How the computer player judges a board (docs/games/puzzle.md "Computer player"): a weighted sum of
 * a few features read straight off the row bitmasks, so one evaluation costs a few dozen integer
 * operations per row. The weights were tuned by playing seeded games (the bench's strength figures).
 */
import { canFitAnywhere, fullRowMask, type RowMasks } from "../../core/grid.js";
import { PIECE_POOL } from "./pool.js";

export interface Weights {
  /** Per point the tray's placements score. */
  points: number;
  /** Per empty cell: open space. */
  empty: number;
  /** Per empty cell walled in on all four sides: no pool block (2 cells or more) can ever use it. */
  hole: number;
  /** Per edge between an empty and a filled cell (the grid's border counts as filled): fragmentation. */
  edge: number;
  /** Per pool shape (of the 32) that still fits somewhere. */
  fits: number;
  /** Per row or column with at most two empty cells (and not full): lines close to clearing. */
  nearLine: number;
}

/** The weights the hint uses, chosen by measurement (docs/games/puzzle.md "Computer player"). */
export const DEFAULT_WEIGHTS: Readonly<Weights> = {
  points: 1,
  empty: 1,
  hole: 6,
  edge: 5,
  fits: 10,
  nearLine: 1,
};

export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export interface BoardFeatures {
  empty: number;
  holes: number;
  edges: number;
  fits: number;
  nearLines: number;
}

/**
 * For each pool shape (largest first), the set of pool shapes it contains at some offset, as a bit
 * mask over FIT_ORDER: where a shape fits, all of those fit too and need no test of their own.
 */
const FIT_ORDER = [...PIECE_POOL].sort((a, b) => b.masks.size - a.masks.size);
const CONTAINS: readonly number[] = FIT_ORDER.map((outer) => {
  let set = 0;
  FIT_ORDER.forEach((inner, j) => {
    for (let dr = 0; dr + inner.masks.height <= outer.masks.height; dr++) {
      for (let dc = 0; dc + inner.masks.width <= outer.masks.width; dc++) {
        const inside = inner.masks.rows.every(
          (m, i) => ((m << dc) & ~(outer.masks.rows[dr + i] as number)) === 0,
        );
        if (inside) set |= 1 << j;
      }
    }
  });
  return set >>> 0;
});

/** Counts the fit tests evaluations make (the search's work: one test is about one step per row). */
export interface FitTests {
  tests: number;
}

/** How many of the pool's 32 shapes fit somewhere on the board. */
export function fittingShapes(masks: RowMasks, cols: number, count?: FitTests): number {
  let known = 0;
  for (let i = 0; i < FIT_ORDER.length; i++) {
    if (known & (1 << i)) continue;
    if (count) count.tests++;
    if (canFitAnywhere(masks, cols, (FIT_ORDER[i] as (typeof FIT_ORDER)[number]).masks)) {
      known |= CONTAINS[i] as number;
    }
  }
  return popcount(known >>> 0);
}

export function boardFeatures(masks: RowMasks, cols: number, count?: FitTests): BoardFeatures {
  const rows = masks.length;
  const full = fullRowMask(cols);
  const rightWall = 1 << (cols - 1);
  let empty = 0;
  let holes = 0;
  let edges = 0;
  let nearLines = 0;
  let one = 0;
  let two = 0;
  let three = 0;
  for (let r = 0; r < rows; r++) {
    const m = masks[r] as number;
    const up = r === 0 ? full : (masks[r - 1] as number);
    const down = r === rows - 1 ? full : (masks[r + 1] as number);
    const free = ~m & full;
    const rowEmpty = popcount(free);
    empty += rowEmpty;
    if (rowEmpty > 0 && rowEmpty <= 2) nearLines++;
    // A filled neighbour (or the border) to the left of each cell, and to the right.
    const leftFilled = ((m << 1) | 1) & full;
    const rightFilled = (m >>> 1) | rightWall;
    holes += popcount(free & leftFilled & rightFilled & up & down);
    // Edges of empty cells towards filled cells or the border, left/right and up/down.
    edges += popcount(free & leftFilled) + popcount(free & rightFilled);
    edges += popcount(free & up) + popcount(free & down);
    // Per column, saturating counts of empty cells: at least one, two, three.
    three |= two & free;
    two |= one & free;
    one |= free;
  }
  // Lines close to clearing: columns with one or two empty cells.
  nearLines += popcount(one & ~three);
  return { empty, holes, edges, fits: fittingShapes(masks, cols, count), nearLines };
}

/** The board's worth to the computer player: more is better. */
export function evaluateBoard(
  masks: RowMasks,
  cols: number,
  w: Readonly<Weights> = DEFAULT_WEIGHTS,
  count?: FitTests,
): number {
  const f = boardFeatures(masks, cols, count);
  return w.empty * f.empty - w.hole * f.holes - w.edge * f.edges + w.fits * f.fits + w.nearLine * f.nearLines;
}
