/**
 * Block Blast's computer player: the evaluation of a board a sequence leaves (docs/games/blast.md
 * "Computer player"), on the 64-bit board (bitboard.ts), with its weights. Pure functions of their
 * arguments.
 */
import { popcount32 } from "./bitboard.js";
import { GRID_SIZE, PERFECT_CLEAR_BONUS } from "./constants.js";
import { clearPoints } from "./rules.js";

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

// ---------------------------------------------------------------------------------------------
// Board arithmetic on two 32-bit words (bit 8 (row mod 4) + col, `lo` rows 0-3, `hi` rows 4-7).

const NOT_COL7 = 0x7f7f7f7f;
const NOT_COL0 = 0xfefefefe | 0;
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
export function stepPoints(lines: number, cells: number, streak: number, lo: number, hi: number): number {
  if (lines === 0) return 0;
  return clearPoints(lines, cells, streak) + (lo === 0 && hi === 0 ? PERFECT_CLEAR_BONUS : 0);
}
