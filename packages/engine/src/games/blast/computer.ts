/**
 * Block Blast's computer player (docs/games/blast.md "Computer player"): a whole-tray search. Every
 * order of the pieces left in the tray and every placement of each (after the clears each one
 * causes) is tried on the 64-bit board (bitboard.ts), and the sequence whose points plus the
 * evaluation of the board it leaves is highest wins, the best few valued again by a look-ahead
 * over the likely next trays: the share of them that cannot be placed, and how far short of a
 * healthy value the plain search of each falls. The hint is that sequence's first placement.
 *
 * The search works on numbers in module scratch (a memo of positions already searched), never on a
 * state: the public functions take a state and change nothing. A position's value depends only on
 * its board, the tray pieces left, the streak, the score and the moves since a clear (the last two
 * through the look-ahead's trays), so the search from the position after the hinted placement
 * continues the same plan (what watching relies on) unless the work budget (HINT_BUDGET) cut the
 * look-ahead short: then the next hint, with fewer pieces to search, may find a better plan.
 */
import { fail, type Hint, ok, type Result } from "../../core/game.js";
import {
  ANCHORS,
  type Anchors,
  boardBits,
  fitSetHi,
  fitSetLo,
  fullColumnBits,
  popcount32,
} from "./bitboard.js";
import { GRID_SIZE, PERFECT_CLEAR_BONUS, TRAY_SIZE } from "./constants.js";
import { pieceWeights } from "./generation.js";
import { POOL, pieceByRows } from "./pieces.js";
import { clearPoints } from "./rules.js";
import type { BlastCommand, BlastState, TraySlot } from "./types.js";

/**
 * The evaluation's weights, tuned by playing seeded games (bench/blast.ts `blast.ai-strength`,
 * docs/games/blast.md "Computer player"). Points count as points; the board terms are in the same
 * unit (what a feature is worth in points of future play).
 */
export interface Weights {
  /** Per point scored by the sequence. */
  points: number;
  /** Per empty cell. */
  empty: number;
  /** Per empty cell with no empty neighbour: only a monomino can ever fill it. */
  isolated: number;
  /** Per edge between an empty and a filled cell: a ragged board takes fewer shapes. */
  edges: number;
  /** Per big piece (5- and 4-lines, 2x3 rectangles, 2x2 square) that still fits somewhere. */
  fits: number;
  /** Extra when the 3x3 square, the hardest piece, still fits. */
  square: number;
  /** Per row or column with 6 or 7 cells filled (one piece from a clear). */
  nearLines: number;
  /** Per anchor where the 3x3 square fits. */
  squareSpots: number;
  /** Per empty cell on the board's rim (the wall counts as a filled neighbour). */
  rim: number;
  /**
   * Per streak level the next deal sees above 1: the generator deals more hard pieces to a long
   * streak (docs/games/blast.md "Piece generation").
   */
  streak: number;
  /** Per row or column with no cell filled (room for the 5-lines). */
  emptyLines: number;
  /** Per empty cell with at most one empty neighbour (a dead end only small pieces fill). */
  deadEnds: number;
  /** When two 3x3 squares fit side by side (a tray of two of them would). */
  twoSquares: number;
  /**
   * Look-ahead: this much times the share of likely next trays (drawn from the generator's weights
   * for the board, score, streak and moves a sequence leaves, hard pieces weighted 3 times more)
   * that no order can place whole. 0 (with lookaheadLater 0): the plain search.
   */
  lookahead: number;
  /**
   * The share of a dead tray the look-ahead charges for a tray that can be placed whole, but only
   * in orders that leave no room for the 3x3 square (the hardest piece, dealt most at high scores).
   * 0: a tray counts as soon as it can be placed.
   */
  squareAfter: number;
  /**
   * This much times the dead share one tray later: likely next trays played by the plain search,
   * each charged the dead share of the position it leaves (1 when it cannot be placed). Off by
   * default: at 500 it played about 50 placements a game better, but its slowest hint took 70-86 ms
   * (docs/games/blast.md "Computer player").
   */
  lookaheadLater: number;
  /**
   * The next tray's expectation: this much times the mean shortfall, over `expectTrays` likely next
   * trays (drawn from the generator's own weights for the position a sequence leaves, with no
   * bias), of the plain search's best value for that tray below `expectRef`
   * (a tray that cannot be placed whole falls short by `expectDead`). 0: off. At 2 it played
   * 1.5-1.65 times as many placements a game as without, at a cost of up to a few hundred ms for
   * the slowest hints (docs/games/blast.md "Computer player").
   */
  expect: number;
  /** Likely next trays per position the expectation values. */
  expectTrays: number;
  /** The plain search's value of a tray counted as healthy (about the median met in play). */
  expectRef: number;
  /** The shortfall of a tray that cannot be placed whole (and the most any tray counts). */
  expectDead: number;
}

export const DEFAULT_WEIGHTS: Weights = {
  points: 0.025,
  empty: 7.5,
  isolated: 75,
  edges: 20,
  fits: 135,
  square: 30,
  nearLines: 0,
  squareSpots: 0,
  rim: 10,
  streak: 15,
  emptyLines: 0,
  deadEnds: 0,
  twoSquares: 0,
  lookahead: 1500,
  squareAfter: 1,
  lookaheadLater: 0,
  expect: 2,
  expectTrays: 16,
  expectRef: 600,
  expectDead: 2000,
};

/** A sequence that leaves pieces unplaced is worth less than any that places them all. */
const DEAD = 1_000_000;

/** One placement of a plan, with what it does. */
export interface PlanStep {
  piece: number;
  row: number;
  col: number;
  lines: number;
  points: number;
}

/** The best sequence from a position: the placements in order and its value. */
export interface TrayPlan {
  steps: PlanStep[];
  /** Pieces the plan cannot place (the game ends after its last step). */
  unplaced: number;
  value: number;
  /** The work the search counted (placements tried by every search of the hint, see HINT_BUDGET). */
  work: number;
}

// ---------------------------------------------------------------------------------------------
// Board arithmetic on two 32-bit words (bit 8 (row mod 4) + col, `lo` rows 0-3, `hi` rows 4-7).

const NOT_COL7 = 0x7f7f7f7f;
const NOT_COL0 = 0xfefefefe | 0;

/**
 * The board after the lines it completes are cleared, into `sc.clearedLo/Hi`, with the lines in
 * `sc.lastLines` and the cleared cells' count in `sc.lastCleared`.
 */
function clearLines(sc: BlastSearch, lo: number, hi: number): void {
  // Bit 8 r of `rl` is set when row r is full: each row's eight bits ANDed down onto its first.
  let rl = lo & (lo >>> 1);
  rl &= rl >>> 2;
  rl &= (rl >>> 4) & 0x01010101;
  let rh = hi & (hi >>> 1);
  rh &= rh >>> 2;
  rh &= (rh >>> 4) & 0x01010101;
  const cols = fullColumnBits(lo, hi);
  if ((rl | rh | cols) === 0) {
    sc.lastLines = 0;
    sc.lastCleared = 0;
    sc.clearedLo = lo;
    sc.clearedHi = hi;
    return;
  }
  const colMask = cols * 0x01010101;
  const goneLo = (rl * 0xff) | colMask;
  const goneHi = (rh * 0xff) | colMask;
  sc.lastLines = popcount32(rl) + popcount32(rh) + popcount32(cols);
  sc.lastCleared = popcount32(goneLo) + popcount32(goneHi);
  sc.clearedLo = lo & ~goneLo;
  sc.clearedHi = hi & ~goneHi;
}

/** Set bits of a and b together: one population count for the board's two words. */
function popcount2(a: number, b: number): number {
  let x = a - ((a >>> 1) & 0x55555555);
  let y = b - ((b >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  y = (y & 0x33333333) + ((y >>> 2) & 0x33333333);
  // Each byte of either sum is at most 8, so their bytewise sum stays below 256.
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  y = (y + (y >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x + y, 0x01010101) >>> 24;
}

/** Set bits of four words together (each byte of the nibble sums is at most 8, so 32 for four). */
function popcount4(a: number, b: number, c: number, d: number): number {
  a -= (a >>> 1) & 0x55555555;
  b -= (b >>> 1) & 0x55555555;
  c -= (c >>> 1) & 0x55555555;
  d -= (d >>> 1) & 0x55555555;
  a = (a & 0x33333333) + ((a >>> 2) & 0x33333333);
  b = (b & 0x33333333) + ((b >>> 2) & 0x33333333);
  c = (c & 0x33333333) + ((c >>> 2) & 0x33333333);
  d = (d & 0x33333333) + ((d >>> 2) & 0x33333333);
  const x = ((a + (a >>> 4)) & 0x0f0f0f0f) + ((b + (b >>> 4)) & 0x0f0f0f0f);
  const y = ((c + (c >>> 4)) & 0x0f0f0f0f) + ((d + (d >>> 4)) & 0x0f0f0f0f);
  // Each byte of x + y is at most 32, and their total at most 128: the top byte of the product.
  return Math.imul(x + y, 0x01010101) >>> 24;
}

/** Edge count between empty and filled cells inside the board (rows and columns). */
function edgeCount(lo: number, hi: number): number {
  // Rows 0-3 against the row below inside each word, and row 3 against row 4 across them: the
  // last pair goes into the free top byte of the high word's count.
  return popcount4(
    (lo ^ (lo >>> 1)) & NOT_COL7,
    (hi ^ (hi >>> 1)) & NOT_COL7,
    (lo ^ (lo >>> 8)) & 0x00ffffff,
    ((hi ^ (hi >>> 8)) & 0x00ffffff) | ((((lo >>> 24) ^ hi) & 0xff) << 24),
  );
}

/** Empty cells whose four neighbours are filled or off the board. */
function isolatedCount(lo: number, hi: number): number {
  const el = ~lo;
  const eh = ~hi;
  const nl = ((el >>> 1) & NOT_COL7) | ((el << 1) & NOT_COL0) | (el << 8) | (el >>> 8) | (eh << 24);
  const nh = ((eh >>> 1) & NOT_COL7) | ((eh << 1) & NOT_COL0) | (eh << 8) | (el >>> 24) | (eh >>> 8);
  return popcount2(el & ~nl, eh & ~nh);
}

/** Empty cells with at most one empty neighbour (isolated cells included). */
function deadEndCount(lo: number, hi: number): number {
  const el = ~lo;
  const eh = ~hi;
  // The four neighbour sets of each word: right, left, up, down.
  const al = (el >>> 1) & NOT_COL7;
  const bl = (el << 1) & NOT_COL0;
  const cl = el << 8;
  const dl = (el >>> 8) | (eh << 24);
  const ah = (eh >>> 1) & NOT_COL7;
  const bh = (eh << 1) & NOT_COL0;
  const ch = (eh << 8) | (el >>> 24);
  const dh = eh >>> 8;
  const twoL = (al & (bl | cl | dl)) | (bl & (cl | dl)) | (cl & dl);
  const twoH = (ah & (bh | ch | dh)) | (bh & (ch | dh)) | (ch & dh);
  return popcount2(el & ~twoL, eh & ~twoH);
}

/** Rows and columns with no cell filled. */
function emptyLineCount(lo: number, hi: number): number {
  // Bit 8 r of `rl` is set when row r holds something: each row's bits ORed down onto its first.
  let rl = lo | (lo >>> 1);
  rl |= rl >>> 2;
  rl |= (rl >>> 4) & 0x0f0f0f0f;
  let rh = hi | (hi >>> 1);
  rh |= rh >>> 2;
  rh |= (rh >>> 4) & 0x0f0f0f0f;
  const rows = 8 - popcount32(rl & 0x01010101) - popcount32(rh & 0x01010101);
  let c = lo | hi;
  c |= c >>> 16;
  c |= c >>> 8;
  return rows + 8 - popcount32(c & 0xff);
}

/** Rows and columns with 6 or 7 of their 8 cells filled. */
function nearLineCount(lo: number, hi: number): number {
  let n = 0;
  for (let s = 0; s < 32; s += 8) {
    const a = popcount32((lo >>> s) & 0xff);
    const b = popcount32((hi >>> s) & 0xff);
    if (a >= 6 && a < 8) n++;
    if (b >= 6 && b < 8) n++;
  }
  for (let c = 0; c < GRID_SIZE; c++) {
    const col = 0x01010101 << c;
    const k = popcount32(lo & col) + popcount32(hi & col);
    if (k >= 6 && k < 8) n++;
  }
  return n;
}

/** Rows 0 and 7, columns 0 and 7. */
const RIM_LO = 0x818181ff | 0;
const RIM_HI = 0xff818181 | 0;

/**
 * Do two of the 3x3 anchors in (l, h) leave the squares apart? Exactly when the anchors span 3 or
 * more rows or 3 or more columns: the two at the ends of that span are then disjoint, and any two
 * anchors closer on both axes overlap.
 */
function disjointSquares(l: number, h: number): boolean {
  const top = l !== 0 ? (31 - Math.clz32(l & -l)) >>> 3 : 4 + ((31 - Math.clz32(h & -h)) >>> 3);
  const bottom = h !== 0 ? 4 + ((31 - Math.clz32(h)) >>> 3) : (31 - Math.clz32(l)) >>> 3;
  if (bottom - top >= 3) return true;
  let c = l | h;
  c |= c >>> 16;
  c |= c >>> 8;
  c &= 0xff;
  return 31 - Math.clz32(c) - (31 - Math.clz32(c & -c)) >= 3;
}

/** The evaluation of a board left by a sequence (docs/games/blast.md "Computer player"). */
export function evaluateBoard(lo: number, hi: number, w: Weights = DEFAULT_WEIGHTS): number {
  // How many of the big shapes still fit somewhere: the 5- and 4-lines both ways, the 2x3
  // rectangles both ways and the 2x2 square (when these fit, so do most smaller pieces), and where
  // the 3x3 square does. Worked out for all anchors at once by eroding the empty set: `h3` has a bit
  // where three empty cells start a row run, and a block of rows is the AND of runs shifted up row
  // by row.
  const el = ~lo;
  const eh = ~hi;
  // Horizontal runs stay inside their word (a row never crosses it).
  const h2l = el & (el >>> 1) & 0x7f7f7f7f;
  const h2h = eh & (eh >>> 1) & 0x7f7f7f7f;
  const h3l = h2l & (el >>> 2) & 0x3f3f3f3f;
  const h3h = h2h & (eh >>> 2) & 0x3f3f3f3f;
  const h4l = h3l & (el >>> 3) & 0x1f1f1f1f;
  const h4h = h3h & (eh >>> 3) & 0x1f1f1f1f;
  const h5l = h4l & (el >>> 4) & 0x0f0f0f0f;
  const h5h = h4h & (eh >>> 4) & 0x0f0f0f0f;
  // Vertical runs: the row below shifted up onto each anchor; rows past the bottom are filled.
  const v2l = el & ((el >>> 8) | (eh << 24));
  const v2h = eh & (eh >>> 8);
  const v3l = v2l & ((el >>> 16) | (eh << 16));
  const v3h = v2h & (eh >>> 16);
  const v4l = v3l & ((el >>> 24) | (eh << 8));
  const v4h = v3h & (eh >>> 24);
  const v5l = v4l & eh;
  let fits = 0;
  if ((h5l | h5h) !== 0) fits++;
  if (v5l !== 0) fits++;
  if ((h4l | h4h) !== 0) fits++;
  if ((v4l | v4h) !== 0) fits++;
  // 2 rows of 3, 3 rows of 2, 2x2 and 3x3: runs ANDed with the same runs one and two rows down.
  const r23l = h3l & ((h3l >>> 8) | (h3h << 24));
  const r23h = h3h & (h3h >>> 8);
  if ((r23l | r23h) !== 0) fits++;
  const r22l = h2l & ((h2l >>> 8) | (h2h << 24));
  const r22h = h2h & (h2h >>> 8);
  const r32l = r22l & ((h2l >>> 16) | (h2h << 16));
  const r32h = r22h & (h2h >>> 16);
  if ((r32l | r32h) !== 0) fits++;
  if ((r22l | r22h) !== 0) fits++;
  const r33l = r23l & ((h3l >>> 16) | (h3h << 16));
  const r33h = r23h & (h3h >>> 16);
  // The 3x3 square's anchors.
  const squareLo = r33l;
  const squareHi = r33h;
  const empty = 64 - popcount2(lo, hi);
  let value = w.empty * empty - w.isolated * isolatedCount(lo, hi) - w.edges * edgeCount(lo, hi);
  value += w.fits * fits;
  if ((squareLo | squareHi) !== 0) {
    value += w.square;
    // Terms measured and left at 0 cost nothing at the leaves.
    if (w.squareSpots !== 0) value += w.squareSpots * popcount2(squareLo, squareHi);
    if (w.twoSquares !== 0 && disjointSquares(squareLo, squareHi)) value += w.twoSquares;
  }
  if (w.rim !== 0) value -= w.rim * popcount2(~lo & RIM_LO, ~hi & RIM_HI);
  if (w.nearLines !== 0) value += w.nearLines * nearLineCount(lo, hi);
  if (w.emptyLines !== 0) value += w.emptyLines * emptyLineCount(lo, hi);
  if (w.deadEnds !== 0) value -= w.deadEnds * deadEndCount(lo, hi);
  return value;
}

/** Points of a placement that clears `lines` lines of `cells` cells at `streak`, leaving (lo, hi). */
function stepPoints(lines: number, cells: number, streak: number, lo: number, hi: number): number {
  if (lines === 0) return 0;
  return clearPoints(lines, cells, streak) + (lo === 0 && hi === 0 ? PERFECT_CLEAR_BONUS : 0);
}

// ---------------------------------------------------------------------------------------------
// The search, with a memo of positions (board, pieces left, streak) already valued.

const MEMO_BITS = 14;
const MEMO_SIZE = 1 << MEMO_BITS;

/**
 * Everything a search writes, in one object the search's functions take explicitly (the engine keeps
 * no module-level mutable state): planTray makes one per hint, or takes one to reuse, so two
 * searches with scratch of their own never disturb each other. Its big arrays (the memo) are
 * allocated once per hint, never per node. A search's result never depends on what an earlier
 * search left here: planTray resets the counters and a new stamp empties the memo.
 */
export class BlastSearch {
  /** clearLines' result: the lines and cells it cleared and the board left. */
  lastLines = 0;
  lastCleared = 0;
  clearedLo = 0;
  clearedHi = 0;
  /** The memo of positions (board, pieces left, `after`, streak) valued; an entry counts when its stamp is `stamp`. */
  readonly memoLo = new Int32Array(MEMO_SIZE);
  readonly memoHi = new Int32Array(MEMO_SIZE);
  readonly memoKey = new Int32Array(MEMO_SIZE);
  readonly memoStamp = new Int32Array(MEMO_SIZE);
  readonly memoValue = new Float64Array(MEMO_SIZE);
  stamp = 0;
  weights: Weights = DEFAULT_WEIGHTS;
  /** Work counted so far by the current hint, the count at which searches stop, and whether they did. */
  work = 0;
  workLimit = Number.POSITIVE_INFINITY;
  exhausted = false;
  /**
   * A search for the next tray's shortfall only needs to know whether some sequence reaches
   * `expectRef`: once a leaf does (points only add to it), the search stops with `goalHit` set and
   * returns a value at least `goal`. +Infinity (never) for every other search.
   */
  goal = Number.POSITIVE_INFINITY;
  goalHit = false;
  /** Pool index of each tray slot during a search (-1: empty), and the slots in use. */
  readonly slotPool = new Int32Array(TRAY_SIZE);
  slots = 0;
  /** The look-ahead's candidates: every sequence from the position, grown as needed. */
  candCount = 0;
  candValue = new Float64Array(1024);
  candLo = new Int32Array(1024);
  candHi = new Int32Array(1024);
  candStreak = new Int32Array(1024);
  candMoves = new Int32Array(1024);
  candPoints = new Float64Array(1024);
  /** The sequence's placements, 9 bits each (slot, anchor bit), first placement lowest. */
  candPath = new Int32Array(1024);
  /** Pool indices of a tray being checked, and the visits left for the check. */
  readonly trayPool = new Int32Array(TRAY_SIZE);
  feasibleLeft = 0;
  /** Did the last deadShare stop before its last tray (its share then only a lower bound)? */
  shareCut = false;
  /** Did the last check place the whole tray in some order (whether or not the 3x3 had room after)? */
  placedWhole = false;
  /** The candidates as a binary heap of indices (see heapify). */
  heap = new Int32Array(1024);
  heapSize = 0;
  /** The look-ahead's value of the sequence it chose. */
  lookValue = 0;
  /** Dead shares worked out during one look-ahead, by the position they were worked out for. */
  readonly shares = new Map<string, { share: number; exact: boolean }>();
  /** Next-tray shortfalls worked out during one look-ahead, the same way. */
  readonly shortfalls = new Map<string, { share: number; exact: boolean }>();
}

/**
 * A hint's fixed work budget, in placements tried: each placement of a piece at an anchor that a
 * search looks at (the look-ahead's collection of every sequence, its tray checks and its
 * next-tray searches) counts one, and the look-ahead's fixed costs count in the same unit
 * (WEIGHTS_WORK, DRAW_WORK). Counted, never timed, so an `ai` replayed on any machine plays the
 * same move. The collection of the sequences always finishes (a tray of three pieces on an 8x8
 * board bounds it: about 584,000 at most, the empty board and the three smallest pieces); the
 * look-ahead then charges the sequences best first and stops where the budget runs out, and the
 * best one it finished charging (else the plain search's best) is the hint. Sized so the worst
 * position found costs under 50 ms of CPU (docs/games/blast.md "Computer player", "The work budget").
 */
export const HINT_BUDGET = 600_000;
/**
 * The look-ahead's fixed costs in the same unit, measured against a placement tried: the
 * generator's weights for a position (its pity and solution scans try every piece) and a drawn tray.
 * Without them a position with many candidates, each cut after its first tray, cost twice the CPU
 * per unit of the others.
 */
const WEIGHTS_WORK = 150;
const DRAW_WORK = 8;
/**
 * A piece's fit sets at a node (both board words), worked out whether or not anything fits: on
 * crowded boards with big pieces most nodes have few placements, and without this charge such
 * positions from real play cost half as much again per unit as the worst loaded ones.
 */
const SLOT_WORK = 2;

/** Counts work about to be done; true (and the search stops) when the budget has no room for it. */
function charge(sc: BlastSearch, units: number): boolean {
  if (sc.work + units >= sc.workLimit) {
    sc.work = Math.max(sc.work, sc.workLimit);
    sc.exhausted = true;
    return true;
  }
  sc.work += units;
  return false;
}

/**
 * Each pool piece's cells at every anchor, indexed by the anchor's bit (8 row + col, as the fit
 * sets give it): piece p at bit b is PIECE_LO/HI[64 p + b] (0 where the piece leaves the board).
 */
const PIECE_LO = new Int32Array(ANCHORS.length * 64);
const PIECE_HI = new Int32Array(ANCHORS.length * 64);
ANCHORS.forEach((a, p) => {
  for (let k = 0; k < a.count; k++) {
    const bit = (a.row[k] as number) * GRID_SIZE + (a.col[k] as number);
    PIECE_LO[64 * p + bit] = a.lo[k] as number;
    PIECE_HI[64 * p + bit] = a.hi[k] as number;
  }
});

function memoSlot(lo: number, hi: number, key: number): number {
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1) ^ Math.imul(key, 0x85ebca6b), 0xc2b2ae35);
  h ^= h >>> 15;
  return h & (MEMO_SIZE - 1);
}

/**
 * The best value reachable from a position: the points of the placements still to make plus the
 * evaluation of the board they leave; `mask` holds the tray slots still to place.
 *
 * Two placements that clear nothing can be made in either order with the same result (each fits
 * and clears nothing on the board without the other, and the board after both is the same), so
 * only one order is searched: after a placement of slot `after` that cleared nothing, a slot below
 * it may only follow with a placement that clears. Every sequence the full search values is still
 * valued, in one of its orders, with the same points and the same final board, so the best value is
 * the full search's and the placement chosen is one that reaches it (computer.test.ts checks both against
 * a brute force over `legal`). A position whose every placement is left to the other order is worth
 * -Infinity here (it is valued on the other path).
 */
function positionValue(
  sc: BlastSearch,
  lo: number,
  hi: number,
  mask: number,
  streak: number,
  after: number,
): number {
  // A finished sequence is valued on the spot: looking a board up costs about what valuing it does.
  if (mask === 0) return evaluateBoard(lo, hi, sc.weights) - sc.weights.streak * Math.max(0, streak - 1);
  if ((mask & (mask - 1)) === 0) return lastPiece(sc, lo, hi, 31 - Math.clz32(mask), streak, after);
  const key = mask | ((after + 1) << 3) | (Math.min(streak, 0xffffff) << 5);
  let at = memoSlot(lo, hi, key);
  for (let probe = 0; probe < 8; probe++) {
    if (sc.memoStamp[at] !== sc.stamp) break;
    if (sc.memoLo[at] === lo && sc.memoHi[at] === hi && sc.memoKey[at] === key)
      return sc.memoValue[at] as number;
    at = (at + 1) & (MEMO_SIZE - 1);
  }
  const value = bestChild(sc, lo, hi, mask, streak, after, null);
  // A search cut by the budget found a partial value: never remembered.
  if (sc.memoStamp[at] !== sc.stamp && !sc.exhausted) {
    sc.memoStamp[at] = sc.stamp;
    sc.memoLo[at] = lo;
    sc.memoHi[at] = hi;
    sc.memoKey[at] = key;
    sc.memoValue[at] = value;
  }
  return value;
}

/**
 * `bestChild` for a position with one piece left (slot `s`), where every placement ends the
 * sequence: the same values in the same order, without the memo and the bookkeeping of the general
 * case. A position met here is never met again (its board, `after` and streak pin the path).
 */
function lastPiece(
  sc: BlastSearch,
  lo: number,
  hi: number,
  s: number,
  streak: number,
  after: number,
): number {
  const w = sc.weights;
  if (charge(sc, SLOT_WORK)) return Number.NEGATIVE_INFINITY;
  const base = 64 * (sc.slotPool[s] as number);
  const clearsOnly = s < after;
  const streakAfterClear = w.streak * Math.max(0, streak);
  const streakAfterNone = w.streak * Math.max(0, -1);
  let best = Number.NEGATIVE_INFINITY;
  let anyFit = false;
  for (let half = 0; half < 2; half++) {
    for (
      let fits =
        half === 0 ? fitSetLo(lo, hi, sc.slotPool[s] as number) : fitSetHi(hi, sc.slotPool[s] as number);
      fits !== 0;
      fits &= fits - 1
    ) {
      anyFit = true;
      if (++sc.work >= sc.workLimit) {
        sc.exhausted = true;
        return best;
      }
      const bit = 31 - Math.clz32(fits & -fits) + 32 * half;
      clearLines(sc, lo | (PIECE_LO[base + bit] as number), hi | (PIECE_HI[base + bit] as number));
      const lines = sc.lastLines;
      if (lines === 0 && clearsOnly) continue;
      const nlo = sc.clearedLo;
      const nhi = sc.clearedHi;
      const v =
        lines === 0
          ? w.points * 0 + (evaluateBoard(nlo, nhi, w) - streakAfterNone)
          : w.points * stepPoints(lines, sc.lastCleared, streak, nlo, nhi) +
            (evaluateBoard(nlo, nhi, w) - streakAfterClear);
      if (v > best) {
        best = v;
        if (v >= sc.goal) {
          sc.goalHit = true;
          return v;
        }
      }
    }
  }
  if (!anyFit) return evaluateBoard(lo, hi, w) - DEAD;
  return best;
}

/**
 * The value of the best placement from a position (slots in order, anchors row-major; the first of
 * equal values wins), writing that placement into `out` when given. `after`: the slot placed last
 * if that placement cleared nothing, else -1 (see positionValue).
 */
function bestChild(
  sc: BlastSearch,
  lo: number,
  hi: number,
  mask: number,
  streak: number,
  after: number,
  out: PlanStep | null,
): number {
  let best = Number.NEGATIVE_INFINITY;
  let left = 0;
  let anyFit = false;
  for (let s = 0; s < sc.slots; s++) if (mask & (1 << s)) left++;
  for (let s = 0; s < sc.slots; s++) {
    if (!(mask & (1 << s))) continue;
    const pool = sc.slotPool[s] as number;
    const base = 64 * pool;
    if (charge(sc, SLOT_WORK)) return best;
    const rest = mask & ~(1 << s);
    const clearsOnly = s < after;
    for (let half = 0; half < 2; half++) {
      for (
        let fits = half === 0 ? fitSetLo(lo, hi, pool) : fitSetHi(hi, pool);
        fits !== 0;
        fits &= fits - 1
      ) {
        anyFit = true;
        if (++sc.work >= sc.workLimit) {
          sc.exhausted = true;
          return best;
        }
        const bit = 31 - Math.clz32(fits & -fits) + 32 * half;
        clearLines(sc, lo | (PIECE_LO[base + bit] as number), hi | (PIECE_HI[base + bit] as number));
        const lines = sc.lastLines;
        if (lines === 0 && clearsOnly) continue;
        const nlo = sc.clearedLo;
        const nhi = sc.clearedHi;
        const points = stepPoints(lines, sc.lastCleared, streak, nlo, nhi);
        const v =
          sc.weights.points * points +
          positionValue(sc, nlo, nhi, rest, lines > 0 ? streak + 1 : 0, lines > 0 ? -1 : s);
        // A value cut short by the budget is not this placement's: the search stops here.
        if (sc.exhausted) return best;
        if (v > best) {
          best = v;
          if (out) {
            out.piece = s;
            out.row = bit >>> 3;
            out.col = bit & 7;
            out.lines = lines;
            out.points = points;
          }
        }
        if (sc.goalHit) return best;
      }
    }
  }
  // Nothing left fits: the game ends here.
  if (!anyFit) return evaluateBoard(lo, hi, sc.weights) - DEAD * left;
  return best;
}

// ---------------------------------------------------------------------------------------------
// The look-ahead: the sequences within `lookahead` of the best are valued again with the share of
// likely next trays they leave unplaceable. The share depends only on the position the sequence
// leaves (board, streak, score, moves since a clear), so the best of these values from the position
// after a placement of the plan is still the plan's: the hint stays on its own plan.

const IS_HARD = POOL.map((p) => p.tier === "hard");
/**
 * The look-ahead draws hard pieces this many times more often than the generator would now: the
 * generator deals more of them as the score grows (docs/games/blast.md "Computer player").
 */
const HARD_BIAS = 3;
/** Trays drawn per board valued by the look-ahead. */
const LOOKAHEAD_TRAYS = 64;
/** Nodes a check of one tray may visit before the tray counts as placeable. */
const FEASIBLE_BUDGET = 4000;

function growCandidates(sc: BlastSearch): void {
  const n = sc.candValue.length * 2;
  const grow = <T extends Float64Array | Int32Array>(a: T, make: (n: number) => T): T => {
    const b = make(n);
    b.set(a);
    return b;
  };
  sc.candValue = grow(sc.candValue, (k) => new Float64Array(k));
  sc.candPoints = grow(sc.candPoints, (k) => new Float64Array(k));
  sc.candLo = grow(sc.candLo, (k) => new Int32Array(k));
  sc.candHi = grow(sc.candHi, (k) => new Int32Array(k));
  sc.candStreak = grow(sc.candStreak, (k) => new Int32Array(k));
  sc.candMoves = grow(sc.candMoves, (k) => new Int32Array(k));
  sc.candPath = grow(sc.candPath, (k) => new Int32Array(k));
}

function addCandidate(
  sc: BlastSearch,
  value: number,
  lo: number,
  hi: number,
  streak: number,
  moves: number,
  points: number,
  path: number,
): void {
  if (sc.candCount === sc.candValue.length) growCandidates(sc);
  sc.candValue[sc.candCount] = value;
  sc.candLo[sc.candCount] = lo;
  sc.candHi[sc.candCount] = hi;
  sc.candStreak[sc.candCount] = streak;
  sc.candMoves[sc.candCount] = moves;
  sc.candPoints[sc.candCount] = points;
  sc.candPath[sc.candCount] = path;
  sc.candCount++;
}

/** Every sequence from a position (the search's orders and cuts), each kept as a candidate. */
function collect(
  sc: BlastSearch,
  lo: number,
  hi: number,
  mask: number,
  streak: number,
  after: number,
  acc: number,
  moves: number,
  points: number,
  path: number,
  depth: number,
): void {
  const w = sc.weights;
  if (mask === 0) {
    addCandidate(
      sc,
      acc + (evaluateBoard(lo, hi, w) - w.streak * Math.max(0, streak - 1)),
      lo,
      hi,
      streak,
      moves,
      points,
      path,
    );
    return;
  }
  let left = 0;
  let anyFit = false;
  for (let s = 0; s < sc.slots; s++) if (mask & (1 << s)) left++;
  for (let s = 0; s < sc.slots; s++) {
    if (!(mask & (1 << s))) continue;
    const pool = sc.slotPool[s] as number;
    const base = 64 * pool;
    sc.work += SLOT_WORK;
    const rest = mask & ~(1 << s);
    const clearsOnly = s < after;
    for (let half = 0; half < 2; half++) {
      for (
        let fits = half === 0 ? fitSetLo(lo, hi, pool) : fitSetHi(hi, pool);
        fits !== 0;
        fits &= fits - 1
      ) {
        anyFit = true;
        sc.work++;
        const bit = 31 - Math.clz32(fits & -fits) + 32 * half;
        clearLines(sc, lo | (PIECE_LO[base + bit] as number), hi | (PIECE_HI[base + bit] as number));
        const lines = sc.lastLines;
        if (lines === 0 && clearsOnly) continue;
        const nlo = sc.clearedLo;
        const nhi = sc.clearedHi;
        const p = stepPoints(lines, sc.lastCleared, streak, nlo, nhi);
        collect(
          sc,
          nlo,
          nhi,
          rest,
          lines > 0 ? streak + 1 : 0,
          lines > 0 ? -1 : s,
          acc + w.points * p,
          lines > 0 ? 0 : moves + 1,
          points + p,
          path | (((s << 6) | bit) << (9 * depth)),
          depth + 1,
        );
      }
    }
  }
  if (!anyFit)
    addCandidate(
      sc,
      acc + evaluateBoard(lo, hi, w) - DEAD * left,
      lo,
      hi,
      streak,
      moves,
      points,
      path | (511 << (9 * depth)),
    );
}

/** A xorshift source seeded by a position (mixed into `seed` by the caller): the same position always draws the same trays. */
function positionSource(seed: number): () => number {
  let r = (seed | 1) >>> 0;
  return () => {
    r ^= r << 13;
    r ^= r >>> 17;
    r ^= r << 5;
    return (r >>> 0) / 4294967296;
  };
}

/** Runs a search of likely trays in the search's own tray slots, then puts back the tray they held. */
function keepingSlots<T>(sc: BlastSearch, search: () => T): T {
  const savedSlots = sc.slots;
  const s0 = sc.slotPool[0] as number;
  const s1 = sc.slotPool[1] as number;
  const s2 = sc.slotPool[2] as number;
  try {
    return search();
  } finally {
    sc.slots = savedSlots;
    sc.slotPool[0] = s0;
    sc.slotPool[1] = s1;
    sc.slotPool[2] = s2;
  }
}

/** One likely tray into `into`: TRAY_SIZE pool indices drawn by `pw` (summing to `total`), none twice. */
function drawTray(pw: readonly number[], total: number, next: () => number, into: Int32Array): void {
  let left = total;
  for (let k = 0; k < TRAY_SIZE; k++) {
    let x = next() * left;
    let i = 0;
    for (; i < pw.length - 1; i++) {
      let skip = false;
      for (let j = 0; j < k; j++) if (into[j] === i) skip = true;
      if (skip) continue;
      x -= pw[i] as number;
      if (x < 0) break;
    }
    into[k] = i;
    left -= pw[i] as number;
  }
}
/** Pool index of the 3x3 square. */
const SQUARE = POOL.findIndex(
  (p) => p.shape.height === 3 && p.shape.width === 3 && p.shape.cells.length === 9,
);

/**
 * Can the pieces in `mask` (of trayPool) all be placed, in some order, leaving room for the 3x3
 * square when `squareAfter` is on? `placedWhole` tells the two failures apart.
 */
function placeable(sc: BlastSearch, lo: number, hi: number, mask: number, after: number): boolean {
  if (mask === 0) {
    sc.placedWhole = true;
    return sc.weights.squareAfter === 0 || fitSetHi(hi, SQUARE) !== 0 || fitSetLo(lo, hi, SQUARE) !== 0;
  }
  for (let s = 0; s < TRAY_SIZE; s++) {
    if (!(mask & (1 << s))) continue;
    const pool = sc.trayPool[s] as number;
    const base = 64 * pool;
    if (charge(sc, SLOT_WORK)) return true;
    const rest = mask & ~(1 << s);
    for (let half = 0; half < 2; half++) {
      for (
        let fits = half === 0 ? fitSetLo(lo, hi, pool) : fitSetHi(hi, pool);
        fits !== 0;
        fits &= fits - 1
      ) {
        if (++sc.work >= sc.workLimit) {
          sc.exhausted = true;
          return true;
        }
        if (--sc.feasibleLeft < 0 || (rest === 0 && sc.weights.squareAfter === 0)) return true;
        const bit = 31 - Math.clz32(fits & -fits) + 32 * half;
        clearLines(sc, lo | (PIECE_LO[base + bit] as number), hi | (PIECE_HI[base + bit] as number));
        if (sc.lastLines === 0 && s < after) continue;
        if (placeable(sc, sc.clearedLo, sc.clearedHi, rest, sc.lastLines > 0 ? -1 : s)) return true;
      }
    }
  }
  return false;
}

/**
 * The share of LOOKAHEAD_TRAYS trays, drawn by the generator's weights (hard pieces HARD_BIAS times
 * more), that cannot be placed whole on the board (lo, hi) left with this streak, score and moves
 * since a clear (a tray that can, but never with room for the 3x3 after, counts `squareAfter`). A
 * pure function of those: the trays come from a source seeded by the position.
 *
 * With `value` and `beat`: stops (returning the share so far, a lower bound) as soon as
 * `value - lookahead x share` falls below `beat`, when the caller has no use for the rest.
 */
function deadShare(
  sc: BlastSearch,
  lo: number,
  hi: number,
  streak: number,
  score: number,
  moves: number,
  value = Number.POSITIVE_INFINITY,
  beat = Number.NEGATIVE_INFINITY,
): number {
  if (charge(sc, WEIGHTS_WORK)) {
    sc.shareCut = true;
    return 0;
  }
  const pw = pieceWeights({ score, streak, movesSinceLastClear: moves, board: { lo, hi } });
  for (let i = 0; i < pw.length; i++) if (IS_HARD[i]) pw[i] = (pw[i] as number) * HARD_BIAS;
  let total = 0;
  for (const x of pw) total += x;
  // A source of its own, seeded by the position: the same position always draws the same trays.
  const next = positionSource(
    Math.imul(lo ^ Math.imul(hi, 0x9e3779b1) ^ Math.imul(streak + 1, 0x85ebca6b), 0xc2b2ae35),
  );
  let dead = 0;
  for (let t = 0; t < LOOKAHEAD_TRAYS; t++) {
    if (charge(sc, DRAW_WORK)) {
      sc.shareCut = true;
      return dead / LOOKAHEAD_TRAYS;
    }
    drawTray(pw, total, next, sc.trayPool);
    sc.feasibleLeft = FEASIBLE_BUDGET;
    sc.placedWhole = false;
    const fits = placeable(sc, lo, hi, (1 << TRAY_SIZE) - 1, -1);
    if (sc.exhausted) {
      sc.shareCut = true;
      return dead / LOOKAHEAD_TRAYS;
    }
    if (!fits) {
      dead += sc.placedWhole ? sc.weights.squareAfter : 1;
      if (t < LOOKAHEAD_TRAYS - 1 && value - sc.weights.lookahead * (dead / LOOKAHEAD_TRAYS) < beat) {
        sc.shareCut = true;
        return dead / LOOKAHEAD_TRAYS;
      }
    }
  }
  sc.shareCut = false;
  return dead / LOOKAHEAD_TRAYS;
}

/** Likely trays played through by the second look-ahead step. */
const SECOND_TRAYS = 8;

/**
 * The dead share one tray later: SECOND_TRAYS likely trays (drawn as in deadShare, from a source
 * of their own), each played by the plain search; a tray it cannot place counts 1, else the dead
 * share of the position its plan leaves. A pure function of its arguments (the search's scratch is
 * put back).
 */
function deadShareLater(
  sc: BlastSearch,
  lo: number,
  hi: number,
  streak: number,
  score: number,
  moves: number,
): number {
  if (charge(sc, WEIGHTS_WORK)) return 0;
  const pw = pieceWeights({ score, streak, movesSinceLastClear: moves, board: { lo, hi } });
  for (let i = 0; i < pw.length; i++) if (IS_HARD[i]) pw[i] = (pw[i] as number) * HARD_BIAS;
  let total = 0;
  for (const x of pw) total += x;
  const next = positionSource(
    Math.imul(lo ^ Math.imul(hi, 0x85ebca6b) ^ Math.imul(streak + 7, 0x9e3779b1), 0x27d4eb2f),
  );
  return keepingSlots(sc, () => {
    let dead = 0;
    for (let t = 0; t < SECOND_TRAYS; t++) {
      if (charge(sc, DRAW_WORK)) break;
      drawTray(pw, total, next, sc.slotPool);
      sc.slots = TRAY_SIZE;
      sc.stamp = (sc.stamp + 1) | 0;
      let mask = (1 << TRAY_SIZE) - 1;
      const v = positionValue(sc, lo, hi, mask, streak, -1);
      if (sc.exhausted) break;
      if (v < -DEAD / 2) {
        dead++;
        continue;
      }
      // Follow the plan to the board it leaves.
      let l = lo;
      let h = hi;
      let st = streak;
      let mv = moves;
      let points = score;
      let after = -1;
      const step: PlanStep = { piece: -1, row: 0, col: 0, lines: 0, points: 0 };
      while (mask !== 0) {
        step.piece = -1;
        bestChild(sc, l, h, mask, st, after, step);
        if (step.piece < 0) break;
        const base = 64 * (sc.slotPool[step.piece] as number);
        const bit = step.row * 8 + step.col;
        clearLines(sc, l | (PIECE_LO[base + bit] as number), h | (PIECE_HI[base + bit] as number));
        l = sc.clearedLo;
        h = sc.clearedHi;
        points += step.points;
        st = step.lines > 0 ? st + 1 : 0;
        mv = step.lines > 0 ? 0 : mv + 1;
        after = step.lines > 0 ? -1 : step.piece;
        mask &= ~(1 << step.piece);
      }
      dead += deadShare(sc, l, h, st, points, mv);
    }
    return dead / SECOND_TRAYS;
  });
}

/**
 * The mean shortfall below `expectRef` of the plain search's best value over `expectTrays` likely
 * next trays from this position (drawn from the generator's own weights, from a source seeded by
 * the position); a tray that cannot be placed whole counts
 * `expectDead`. With `value` and `beat`: stops early (a lower bound, `shareCut` set) once
 * `value - expect x shortfall` falls below `beat`. The search's scratch is put back.
 */
function expectShortfall(
  sc: BlastSearch,
  lo: number,
  hi: number,
  streak: number,
  score: number,
  moves: number,
  value = Number.POSITIVE_INFINITY,
  beat = Number.NEGATIVE_INFINITY,
): number {
  const w = sc.weights;
  if (charge(sc, WEIGHTS_WORK)) {
    sc.shareCut = true;
    return 0;
  }
  const pw = pieceWeights({ score, streak, movesSinceLastClear: moves, board: { lo, hi } });
  let total = 0;
  for (const x of pw) total += x;
  const next = positionSource(
    Math.imul(lo ^ Math.imul(hi, 0x27d4eb2f) ^ Math.imul(streak + 3, 0x165667b1), 0x9e3779b1),
  );
  return keepingSlots(sc, () => {
    const trays = w.expectTrays;
    let sum = 0;
    sc.shareCut = false;
    for (let t = 0; t < trays; t++) {
      if (charge(sc, DRAW_WORK)) break;
      drawTray(pw, total, next, sc.slotPool);
      sc.slots = TRAY_SIZE;
      sc.stamp = (sc.stamp + 1) | 0;
      sc.goal = w.expectRef;
      sc.goalHit = false;
      const v = positionValue(sc, lo, hi, (1 << TRAY_SIZE) - 1, streak, -1);
      sc.goal = Number.POSITIVE_INFINITY;
      sc.goalHit = false;
      if (sc.exhausted) {
        sc.shareCut = true;
        break;
      }
      sum += v < -DEAD / 2 ? w.expectDead : Math.min(w.expectDead, Math.max(0, w.expectRef - v));
      if (t < trays - 1 && value - w.expect * (sum / trays) < beat) {
        sc.shareCut = true;
        break;
      }
    }
    return sum / trays;
  });
}

/** What the look-ahead charges a sequence leaving this position (computer.test.ts's brute force). */
export function lookaheadCharge(
  lo: number,
  hi: number,
  streak: number,
  score: number,
  moves: number,
  w: Weights = DEFAULT_WEIGHTS,
  sc: BlastSearch = new BlastSearch(),
): number {
  sc.weights = w;
  sc.workLimit = Number.POSITIVE_INFINITY;
  sc.exhausted = false;
  const later =
    w.lookaheadLater === 0 ? 0 : w.lookaheadLater * deadShareLater(sc, lo, hi, streak, score, moves);
  const expect = w.expect === 0 ? 0 : w.expect * expectShortfall(sc, lo, hi, streak, score, moves);
  return w.lookahead * deadShare(sc, lo, hi, streak, score, moves) + later + expect;
}

/**
 * The look-ahead's choice among the sequences from a position whose plain search value is `best`:
 * the index of the candidate with the highest value once the dead share is charged (the first of
 * equals in search order), or -1 when there are none.
 */
function lookaheadChoice(
  sc: BlastSearch,
  lo: number,
  hi: number,
  mask: number,
  state: BlastState,
  budget: number,
): number {
  sc.candCount = 0;
  sc.shares.clear();
  sc.shortfalls.clear();
  collect(sc, lo, hi, mask, state.streak, -1, 0, state.movesSinceLastClear, 0, 0, 0);
  let best = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < sc.candCount; i++) best = Math.max(best, sc.candValue[i] as number);
  // From here on the budget holds: the look-ahead stops where it runs out.
  sc.workLimit = budget;
  if (sc.work >= budget) sc.exhausted = true;
  heapify(sc);
  // Candidates in order of plain value (the first of equals first), each charged its dead share,
  // until no candidate left can beat the best charged value (a share only lowers a value).
  let bestAt = -1;
  let bestTotal = Number.NEGATIVE_INFINITY;
  // The plain search's best sequence: the answer when the budget runs out before any is charged.
  const plainBest = sc.heapSize > 0 ? (sc.heap[0] as number) : -1;
  while (!sc.exhausted && sc.heapSize > 0) {
    const i = sc.heap[0] as number;
    const v = sc.candValue[i] as number;
    if (v < bestTotal) break;
    heapPop(sc);
    const lo1 = sc.candLo[i] as number;
    const hi1 = sc.candHi[i] as number;
    const streak1 = sc.candStreak[i] as number;
    const score1 = state.score + (sc.candPoints[i] as number);
    const moves1 = sc.candMoves[i] as number;
    // Orders that clear lines can reach one position by several paths: its share is remembered.
    // A share cut short is a lower bound (it already put a candidate below the best then; the best
    // only rises, but this candidate's value may be higher, so it is worked out again if needed).
    const key = `${lo1} ${hi1} ${streak1} ${score1} ${moves1}`;
    const known = sc.shares.get(key);
    let share: number;
    if (known !== undefined && (known.exact || v - sc.weights.lookahead * known.share < bestTotal))
      share = known.share;
    else {
      share = deadShare(sc, lo1, hi1, streak1, score1, moves1, v, bestTotal);
      if (sc.exhausted) break;
      sc.shares.set(key, { share, exact: !sc.shareCut });
    }
    const bound = v - sc.weights.lookahead * share;
    if (bound < bestTotal) continue;
    // The second step's charge is never negative: the first alone bounds the total from above.
    let total =
      sc.weights.lookaheadLater === 0
        ? bound
        : bound - sc.weights.lookaheadLater * deadShareLater(sc, lo1, hi1, streak1, score1, moves1);
    if (sc.exhausted) break;
    if (sc.weights.expect !== 0 && total >= bestTotal) {
      const knownShort = sc.shortfalls.get(key);
      let short: number;
      if (
        knownShort !== undefined &&
        (knownShort.exact || total - sc.weights.expect * knownShort.share < bestTotal)
      )
        short = knownShort.share;
      else {
        short = expectShortfall(sc, lo1, hi1, streak1, score1, moves1, total, bestTotal);
        if (sc.exhausted) break;
        sc.shortfalls.set(key, { share: short, exact: !sc.shareCut });
      }
      total -= sc.weights.expect * short;
    }
    if (total > bestTotal || (total === bestTotal && i < bestAt)) {
      bestTotal = total;
      bestAt = i;
    }
  }
  sc.workLimit = Number.POSITIVE_INFINITY;
  if (bestAt < 0 && plainBest >= 0) {
    bestAt = plainBest;
    bestTotal = best;
  }
  sc.lookValue = bestTotal;
  return bestAt;
}

/**
 * The candidates as a binary heap of indices, highest plain value first and the first of equals
 * first (the order the look-ahead charges them in): a position with thousands of sequences is
 * charged from the top without a scan of them all per candidate.
 */

function above(sc: BlastSearch, a: number, b: number): boolean {
  const x = sc.candValue[a] as number;
  const y = sc.candValue[b] as number;
  return x > y || (x === y && a < b);
}

function siftDown(sc: BlastSearch, at: number): void {
  let k = at;
  for (;;) {
    const l = 2 * k + 1;
    if (l >= sc.heapSize) return;
    const r = l + 1;
    const c = r < sc.heapSize && above(sc, sc.heap[r] as number, sc.heap[l] as number) ? r : l;
    if (!above(sc, sc.heap[c] as number, sc.heap[k] as number)) return;
    const t = sc.heap[c] as number;
    sc.heap[c] = sc.heap[k] as number;
    sc.heap[k] = t;
    k = c;
  }
}

function heapify(sc: BlastSearch): void {
  if (sc.heap.length < sc.candCount) sc.heap = new Int32Array(sc.candValue.length);
  sc.heapSize = sc.candCount;
  for (let i = 0; i < sc.candCount; i++) sc.heap[i] = i;
  for (let i = (sc.heapSize >>> 1) - 1; i >= 0; i--) siftDown(sc, i);
}

function heapPop(sc: BlastSearch): void {
  sc.heapSize--;
  sc.heap[0] = sc.heap[sc.heapSize] as number;
  siftDown(sc, 0);
}

function poolOf(slot: TraySlot | undefined): number {
  return slot ? (pieceByRows(slot.shape)?.index ?? -1) : -1;
}

/**
 * The best sequence for the pieces left in the tray: every order, every placement, valued by the
 * points it scores plus the evaluation of the board it leaves. An empty plan when nothing fits.
 */
export function planTray(
  state: BlastState,
  w: Weights = DEFAULT_WEIGHTS,
  budget = HINT_BUDGET,
  sc: BlastSearch = new BlastSearch(),
): TrayPlan {
  sc.weights = w;
  sc.work = 0;
  sc.workLimit = Number.POSITIVE_INFINITY;
  sc.exhausted = false;
  sc.stamp = (sc.stamp + 1) | 0;
  sc.slots = Math.min(state.tray.length, TRAY_SIZE);
  let mask = 0;
  for (let s = 0; s < sc.slots; s++) {
    const pool = poolOf(state.tray[s]);
    sc.slotPool[s] = pool;
    if (pool >= 0) mask |= 1 << s;
  }
  const bits = boardBits(state.board);
  let lo = bits.lo;
  let hi = bits.hi;
  let streak = state.streak;
  const steps: PlanStep[] = [];
  let after = -1;
  const looks = (w.lookahead > 0 || w.lookaheadLater > 0 || w.expect > 0) && !state.over && mask !== 0;
  // With the look-ahead on, its collection of every sequence is the plain search too.
  let value = state.over || looks ? Number.NEGATIVE_INFINITY : positionValue(sc, lo, hi, mask, streak, after);
  if (looks) {
    const at = lookaheadChoice(sc, lo, hi, mask, state, budget);
    // The look-ahead's own searches filled the memo with other trays' positions.
    sc.stamp = (sc.stamp + 1) | 0;
    if (at >= 0) {
      value = sc.lookValue;
      let path = sc.candPath[at] as number;
      while (mask !== 0) {
        const code = path & 511;
        path >>>= 9;
        if (code === 511) break;
        const piece = code >>> 6;
        const bit = code & 63;
        const base = 64 * (sc.slotPool[piece] as number);
        clearLines(sc, lo | (PIECE_LO[base + bit] as number), hi | (PIECE_HI[base + bit] as number));
        const points = stepPoints(sc.lastLines, sc.lastCleared, streak, sc.clearedLo, sc.clearedHi);
        steps.push({ piece, row: bit >>> 3, col: bit & 7, lines: sc.lastLines, points });
        lo = sc.clearedLo;
        hi = sc.clearedHi;
        streak = sc.lastLines > 0 ? streak + 1 : 0;
        mask &= ~(1 << piece);
      }
      let unplaced = 0;
      for (let s = 0; s < sc.slots; s++) if (mask & (1 << s)) unplaced++;
      return { steps, unplaced, value, work: sc.work };
    }
  }
  while (mask !== 0 && !state.over) {
    const step: PlanStep = { piece: -1, row: 0, col: 0, lines: 0, points: 0 };
    bestChild(sc, lo, hi, mask, streak, after, step);
    if (step.piece < 0) break;
    steps.push(step);
    const a = ANCHORS[sc.slotPool[step.piece] as number] as Anchors;
    const k = a.index[step.row * GRID_SIZE + step.col] as number;
    clearLines(sc, lo | (a.lo[k] as number), hi | (a.hi[k] as number));
    lo = sc.clearedLo;
    hi = sc.clearedHi;
    streak = step.lines > 0 ? streak + 1 : 0;
    after = step.lines > 0 ? -1 : step.piece;
    mask &= ~(1 << step.piece);
  }
  let unplaced = 0;
  for (let s = 0; s < sc.slots; s++) if (mask & (1 << s)) unplaced++;
  return { steps, unplaced, value, work: sc.work };
}

/** The words a player reads for a plan's first placement. */
export function hintReason(plan: TrayPlan): string {
  const first = plan.steps[0] as PlanStep;
  if (first.lines > 0) {
    return `clears ${first.lines} line${first.lines === 1 ? "" : "s"} for ${first.points} points`;
  }
  if (plan.unplaced > 0) {
    const placed = plan.steps.length;
    return `no way to place every piece: places ${placed} of ${placed + plan.unplaced}`;
  }
  const later = plan.steps.find((s) => s.lines > 0);
  if (later) return `sets up a clear of ${later.lines} line${later.lines === 1 ? "" : "s"} later this tray`;
  return "keeps the board open";
}

/**
 * The computer player's move: the first placement of the best whole-tray sequence, or a revive
 * once the game is over with one left.
 */
export function hint(state: BlastState): Result<Hint<BlastCommand>> {
  if (state.over) {
    if (state.revivesLeft > 0)
      return ok({ commands: [{ cmd: "revive" }], reason: "revives: clears cells and deals a new tray" });
    return fail("GAME_OVER", "the game is over: no revives left");
  }
  const plan = planTray(state);
  const first = plan.steps[0];
  if (!first) return fail("ILLEGAL_MOVE", "no tray piece fits on the board");
  return ok({
    commands: [{ cmd: "place", piece: first.piece, row: first.row, col: first.col }],
    reason: hintReason(plan),
  });
}
