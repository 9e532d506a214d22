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
 *
 * The estimate reads the board as it is; clears can open it up (a nearly full board whose first
 * placement clears lines), so the work is also counted as it is done, in row steps (a placement and
 * its clears, an evaluation's features, and each of its fit tests are about one step per row), and
 * capped: once WORK_LIMIT is reached the search stops and a beam sized for the worst any board can
 * give (every block fitting everywhere) plans the tray again within FALLBACK_WORK; the better of
 * the two plans is played. Counted, never timed, so a replayed `ai` plays the same move.
 */
import { fitColumns, fullRowMask, type RowMasks, type ShapeMasks } from "../../core/grid.js";
import { DEFAULT_WEIGHTS, evaluateBoard, type FitTests, popcount, type Weights } from "./evaluate.js";
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
/** The work (row steps) after which the search stops. */
export const WORK_LIMIT = 2_500_000;
/** The work after which the beam that replans a stopped search stops. */
export const FALLBACK_WORK = 500_000;
/**
 * The most one step of the search (a placement, or an evaluation with all 32 fit tests) can add
 * past a limit, on the largest board: the limits are checked before each step, paid after it.
 */
export const MAX_STEP_WORK = 20 * 33;

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
  /** Placements made (each with its clears) and fit tests done by the evaluations. */
  placements: number;
  fitTests: number;
  /** Work done, in row steps (at most WORK_LIMIT + FALLBACK_WORK + 2 * MAX_STEP_WORK). */
  work: number;
  /** True when the count stopped the search and the fallback beam planned the tray. */
  stopped: boolean;
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
function beamWidths(fits: readonly number[], rows: number, budget = SEARCH_BUDGET): [number, number] {
  const d = fits.length;
  const n = fits.reduce((a, b) => a + b, 0) / Math.max(1, d);
  for (let k = MAX_BEAM; k > 2; k--) {
    const k2 = Math.max(2, Math.floor(k / 3));
    const cost = d * n + k * Math.max(0, d - 1) * n + k * k2 * Math.max(0, d - 2) * n;
    if (cost * rows <= budget) return [k, k2];
  }
  return [2, 2];
}

/**
 * The first placement in `legal` order, for a search stopped before it judged any sequence (no board
 * allowed by the rules comes near; the move must still be legal).
 */
function firstFit(board: RowMasks, cols: number, blocks: readonly Block[]): Best | null {
  for (const [i, block] of blocks.entries()) {
    let child: Child | null = null;
    forEachFit(board, cols, block.masks, (row, col) => {
      if (child) return;
      const next = new Uint32Array(board.length);
      const { points, lines } = placeAndClear(board, next, cols, block.masks, row, col);
      child = { block: i, row, col, board: next, points, lines };
    });
    const found = child as Child | null;
    if (found) return { moves: [found], placed: 1, points: found.points, value: found.points };
  }
  return null;
}

/** The most placements a block can have on an empty board of this size. */
function mostFits(rows: number, cols: number, masks: ShapeMasks): number {
  return Math.max(0, rows - masks.height + 1) * Math.max(0, cols - masks.width + 1);
}

/** The best sequence met so far: the most blocks placed, then the most worth. */
interface Best {
  moves: Child[];
  placed: number;
  points: number;
  value: number;
}

/**
 * One search's state: the blocks, the beam widths, the path being tried, the best sequence met,
 * and the work counted against its limit. A search that reaches the limit stops where it is; the
 * best sequence it met stays.
 */
class TraySearch {
  readonly used: boolean[];
  readonly path: Child[] = [];
  best: Best | null = null;
  evaluated = 0;
  placements = 0;
  fitTests = 0;
  work = 0;
  stopped = false;
  private readonly count: FitTests = { tests: 0 };
  private scratch: Uint32Array | undefined;

  constructor(
    readonly blocks: readonly Block[],
    readonly cols: number,
    readonly width: readonly [number, number],
    readonly weights: Readonly<Weights>,
    readonly limit: number,
  ) {
    this.used = new Array<boolean>(blocks.length).fill(false);
  }

  /** Whether the search may take another step (it stops for good once the limit is reached). */
  private go(): boolean {
    if (this.work >= this.limit) this.stopped = true;
    return !this.stopped;
  }

  /** A placement's work: one step per row. */
  private place(board: RowMasks, out: Uint32Array, masks: ShapeMasks, row: number, col: number) {
    this.work += board.length;
    this.placements++;
    return placeAndClear(board, out, this.cols, masks, row, col);
  }

  /** An evaluation's work: one step per row for its features and for each fit test. */
  private evaluate(board: RowMasks): number {
    this.count.tests = 0;
    const value = evaluateBoard(board, this.cols, this.weights, this.count);
    this.work += board.length * (1 + this.count.tests);
    this.fitTests += this.count.tests;
    return value;
  }

  private leafBoard(rows: number): Uint32Array {
    this.scratch ??= new Uint32Array(rows);
    return this.scratch;
  }

  private consider(final: RowMasks, placed: number, points: number): void {
    this.evaluated++;
    if (this.best !== null && placed < this.best.placed) return;
    if (!this.go()) return;
    const value = this.weights.points * points + this.evaluate(final);
    if (this.best === null || placed > this.best.placed || value > this.best.value) {
      this.best = { moves: this.path.slice(), placed, points, value };
    }
  }

  /** Children of `board`: each distinct remaining block at each fit, in `legal` order. */
  private childrenOf(board: RowMasks): Child[] {
    const out: Child[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < this.blocks.length; i++) {
      const block = this.blocks[i] as Block;
      // Two equal shapes give the same sequences: the first one's come first and win the ties.
      if (this.used[i] || seen.has(block.key)) continue;
      seen.add(block.key);
      forEachFit(board, this.cols, block.masks, (row, col) => {
        if (!this.go()) return;
        const next = new Uint32Array(board.length);
        const { points, lines } = this.place(board, next, block.masks, row, col);
        out.push({ block: i, row, col, board: next, points, lines });
      });
    }
    return out;
  }

  visit(board: RowMasks, depth: number, points: number): void {
    const depthMax = this.blocks.length;
    if (depth === depthMax) {
      this.consider(board, depth, points);
      return;
    }
    if (depth === depthMax - 1) {
      // The last block: its placements are sequences' ends, judged on one scratch board.
      const i = this.used.indexOf(false);
      const block = this.blocks[i] as Block;
      const scratch = this.leafBoard(board.length);
      let any = false;
      forEachFit(board, this.cols, block.masks, (row, col) => {
        any = true;
        if (!this.go()) return;
        const { points: p, lines } = this.place(board, scratch, block.masks, row, col);
        this.path.push({ block: i, row, col, board: scratch, points: p, lines });
        this.consider(scratch, depthMax, points + p);
        this.path.pop();
      });
      if (!any) this.consider(board, depth, points);
      return;
    }
    let children = this.childrenOf(board);
    if (this.stopped) return;
    if (children.length === 0) {
      this.consider(board, depth, points);
      return;
    }
    const keep = this.width[depth] ?? Number.POSITIVE_INFINITY;
    if (children.length > keep) {
      // Beam: rank by what the placement scores plus the board it leaves; the sort is stable, so
      // equal values keep their `legal` order.
      const ranked: { c: Child; v: number }[] = [];
      for (const c of children) {
        if (!this.go()) return;
        ranked.push({ c, v: this.weights.points * c.points + this.evaluate(c.board) });
      }
      this.evaluated += ranked.length;
      ranked.sort((a, b) => b.v - a.v);
      children = ranked.slice(0, keep).map((r) => r.c);
    }
    for (const child of children) {
      if (this.stopped) return;
      this.used[child.block] = true;
      this.path.push(child);
      this.visit(child.board, depth + 1, points + child.points);
      this.path.pop();
      this.used[child.block] = false;
    }
  }
}

/**
 * The best way to place the tray's remaining blocks: the sequence that places the most of them, and
 * among those the one worth most. Ties go to the first sequence met, in the order of `legal` at each
 * step (block by block, row by row, left to right), so the answer is deterministic. Null when no
 * block fits at all. `limits` are for tests: the work a search and its fallback may do.
 */
export function searchTray(
  board: RowMasks,
  cols: number,
  tray: readonly (TrayBlock | null)[],
  weights: Readonly<Weights> = DEFAULT_WEIGHTS,
  limits: { work: number; fallback: number } = { work: WORK_LIMIT, fallback: FALLBACK_WORK },
): TrayPlan | null {
  const blocks: Block[] = [];
  tray.forEach((b, piece) => {
    if (b === null) return;
    const pool = pieceByRows(b.shape);
    // The tray only holds pool shapes (dealt, or checked by load): a broken invariant, not input.
    if (!pool) throw new Error(`tray shape ${b.shape.join("/")} is not in the pool`);
    blocks.push({ piece, masks: pool.masks, key: pool.key });
  });
  if (blocks.length === 0) return null;
  const rows = board.length;
  const fits = blocks.map((b) => countFitsOf(board, cols, b.masks));
  const exact = exhaustiveCost(fits) * rows <= SEARCH_BUDGET;
  const width: [number, number] = exact
    ? [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY]
    : beamWidths(fits, rows);
  const search = new TraySearch(blocks, cols, width, weights, limits.work);
  search.visit(board, 0, 0);
  let found = search.best as Best | null;
  let evaluated = search.evaluated;
  let work = search.work;
  let placements = search.placements;
  let fitTests = search.fitTests;
  let planned = { exact, width };
  if (search.stopped) {
    const most = blocks.map((b) => mostFits(rows, cols, b.masks));
    // Widths for every block fitting everywhere, each placement and its judgement about 8 steps a
    // row (a few fit tests: an open board needs few); the count stops it if the board costs more.
    const fallbackWidth = beamWidths(most, 8 * rows, limits.fallback);
    const fallback = new TraySearch(blocks, cols, fallbackWidth, weights, limits.fallback);
    fallback.visit(board, 0, 0);
    const other = fallback.best as Best | null;
    evaluated += fallback.evaluated;
    work += fallback.work;
    placements += fallback.placements;
    fitTests += fallback.fitTests;
    planned = { exact: false, width: fallbackWidth };
    if (
      other !== null &&
      (found === null ||
        other.placed > found.placed ||
        (other.placed === found.placed && other.value > found.value))
    ) {
      found = other;
    }
  }
  if (search.stopped && found === null) found = firstFit(board, cols, blocks);
  if (found === null || found.placed === 0) return null;
  return {
    moves: found.moves.map((c) => ({
      piece: (blocks[c.block] as Block).piece,
      row: c.row,
      col: c.col,
      points: c.points,
      lines: c.lines,
    })),
    blocks: blocks.length,
    points: found.points,
    value: found.value,
    exact: planned.exact,
    width: planned.width,
    evaluated,
    placements,
    fitTests,
    work,
    stopped: search.stopped,
  };
}
