/**
 * The 8x8 board as one 64-bit set in two 32-bit words (`lo`: rows 0-3, `hi`: rows 4-7; row r,
 * column c is bit 8 (r mod 4) + c). Every pool piece has its mask precomputed at every anchor that
 * keeps it inside the board, so a fit test is two ANDs and a line check a few shifts. This is what
 * makes legal-move listing and the adaptive systems' "fits easily" / "can complete a line" scans
 * cheap (bench/blast.ts measures it against a plain 2-D array).
 */
import { GRID_SIZE } from "./constants.js";
import { POOL, type PoolPiece } from "./pieces.js";

export interface Bits {
  lo: number;
  hi: number;
}

/** The anchors of one piece: parallel arrays, row-major order of the anchor (its top-left cell). */
export interface Anchors {
  readonly count: number;
  readonly row: Uint8Array;
  readonly col: Uint8Array;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  /** Anchor index of (row, col), or -1 when the piece would leave the board. */
  readonly index: Int16Array;
}

function cellBit(row: number, col: number): Bits {
  const bit = 1 << ((row & 3) * 8 + col);
  return row < 4 ? { lo: bit, hi: 0 } : { lo: 0, hi: bit };
}

function buildAnchors(piece: PoolPiece): Anchors {
  const { height, width, cells } = piece.shape;
  const count = (GRID_SIZE - height + 1) * (GRID_SIZE - width + 1);
  const a = {
    count,
    row: new Uint8Array(count),
    col: new Uint8Array(count),
    lo: new Int32Array(count),
    hi: new Int32Array(count),
    index: new Int16Array(GRID_SIZE * GRID_SIZE).fill(-1),
  };
  let k = 0;
  for (let r = 0; r + height <= GRID_SIZE; r++) {
    for (let c = 0; c + width <= GRID_SIZE; c++) {
      let lo = 0;
      let hi = 0;
      for (const [i, j] of cells) {
        const b = cellBit(r + i, c + j);
        lo |= b.lo;
        hi |= b.hi;
      }
      a.row[k] = r;
      a.col[k] = c;
      a.lo[k] = lo;
      a.hi[k] = hi;
      a.index[r * GRID_SIZE + c] = k;
      k++;
    }
  }
  return a;
}

/** Anchors of POOL[i], same order as POOL. */
export const ANCHORS: readonly Anchors[] = POOL.map(buildAnchors);

/**
 * Whole-piece fit sets. A piece fits with its top-left at (r, c) when every cell (i, j) of it is
 * empty, i.e. when bit 8 r + c of the empty set shifted right by 8 i + j is set. ANDing those
 * shifted empty sets over the piece's cells (and the anchors that keep it on the board) gives every
 * anchor where it fits at once: a few shifts per cell instead of a test per anchor. The result is a
 * 64-bit set in the board's own layout (bit 8 row + col, `lo` rows 0-3, `hi` rows 4-7), so its set
 * bits in ascending order are the anchors in row-major order, the order of ANCHORS.
 */
interface FitPlan {
  /** Bit offset 8 i + j of every cell. */
  readonly offsets: Int8Array;
  /** Anchors that keep the piece on the board: rows 0-3 and rows 4-7. */
  readonly validLo: number;
  readonly validHi: number;
}

function buildPlan(piece: PoolPiece, a: Anchors): FitPlan {
  let validLo = 0;
  let validHi = 0;
  for (let k = 0; k < a.count; k++) {
    const r = a.row[k] as number;
    const c = a.col[k] as number;
    if (r < 4) validLo |= 1 << (r * 8 + c);
    else validHi |= 1 << ((r - 4) * 8 + c);
  }
  return {
    offsets: Int8Array.from(piece.shape.cells.map(([i, j]) => i * GRID_SIZE + j)),
    validLo,
    validHi,
  };
}

const PLANS: readonly FitPlan[] = POOL.map((p, i) => buildPlan(p, ANCHORS[i] as Anchors));

/** Anchors of piece `pool` in rows 0-3 where it fits (bit 8 row + col). */
export function fitSetLo(lo: number, hi: number, pool: number): number {
  const plan = PLANS[pool] as FitPlan;
  const el = ~lo;
  const eh = ~hi;
  let m = plan.validLo;
  const offsets = plan.offsets;
  for (let n = 0; n < offsets.length && m !== 0; n++) {
    const o = offsets[n] as number;
    // The 64-bit empty set shifted right by o, low word only.
    m &= o === 0 ? el : o < 32 ? (el >>> o) | (eh << (32 - o)) : eh >>> (o - 32);
  }
  return m;
}

/** Anchors of piece `pool` in rows 4-7 where it fits (bit 8 (row - 4) + col). */
export function fitSetHi(hi: number, pool: number): number {
  const plan = PLANS[pool] as FitPlan;
  const eh = ~hi;
  let m = plan.validHi;
  const offsets = plan.offsets;
  // A piece anchored in rows 4-7 lies wholly in them: every offset is below 32 (else validHi is 0).
  for (let n = 0; n < offsets.length && m !== 0; n++) m &= eh >>> (offsets[n] as number);
  return m;
}

/** Does piece `pool` fit anywhere? */
export function fitsAnywhere(lo: number, hi: number, pool: number): boolean {
  return fitSetHi(hi, pool) !== 0 || fitSetLo(lo, hi, pool) !== 0;
}

/** The number of anchors where piece `pool` fits. */
export function fitCount(lo: number, hi: number, pool: number): number {
  return popcount32(fitSetLo(lo, hi, pool)) + popcount32(fitSetHi(hi, pool));
}

/** Index of the n-th set bit (from 0, lowest first) of x; x must have more than n bits set. */
export function nthSetBit(x: number, n: number): number {
  let v = x;
  for (let i = 0; i < n; i++) v &= v - 1;
  return 31 - Math.clz32(v & -v);
}

/**
 * The n-th anchor (from 0, row-major) where piece `pool` fits, as row * 8 + col; -1 when it fits
 * in n or fewer places.
 */
export function nthFit(lo: number, hi: number, pool: number, n: number): number {
  const fl = fitSetLo(lo, hi, pool);
  const inLo = popcount32(fl);
  if (n < inLo) return nthSetBit(fl, n);
  const fh = fitSetHi(hi, pool);
  if (n - inLo < popcount32(fh)) return 32 + nthSetBit(fh, n - inLo);
  return -1;
}

export function bitsFromText(rows: readonly string[]): Bits {
  let lo = 0;
  let hi = 0;
  for (let r = 0; r < GRID_SIZE; r++) {
    const line = rows[r] as string;
    let m = 0;
    for (let c = 0; c < GRID_SIZE; c++) if (line.charCodeAt(c) !== 46 /* "." */) m |= 1 << c;
    if (r < 4) lo |= m << (r * 8);
    else hi |= m << ((r - 4) * 8);
  }
  return { lo, hi };
}

/**
 * The board's bits, remembered for the last board the rules built or read: a game's next command
 * (and its `legal`) sees the board the previous one returned, so it is not parsed again. The rows
 * are compared too (a string row is immutable, so equal rows mean equal bits), so a board array
 * edited in place after the fact is never answered from the memory.
 */
// biome-ignore lint/plugin: a memo of the last board, checked row by row on every hit: no answer depends on it.
let memoBoard: readonly string[] | null = null;
const memoRows: string[] = new Array<string>(GRID_SIZE).fill("");
// biome-ignore lint/plugin: a memo of the last board, checked row by row on every hit: no answer depends on it.
let memoBits: Bits = { lo: 0, hi: 0 };

export function boardBits(board: readonly string[]): Readonly<Bits> {
  if (board === memoBoard) {
    let same = true;
    for (let r = 0; r < GRID_SIZE && same; r++) same = board[r] === memoRows[r];
    if (same) return memoBits;
  }
  const bits = bitsFromText(board);
  rememberBoardBits(board, bits);
  return bits;
}

/** Remembers `bits` as the bits of `board` (which must match: the caller has just built both). */
export function rememberBoardBits(board: readonly string[], bits: Bits): void {
  memoBoard = board;
  for (let r = 0; r < GRID_SIZE; r++) memoRows[r] = board[r] as string;
  memoBits = bits;
}

/** Does the piece fit at its anchor k? The fit test every scan below is made of. */
export function fitsAnchor(lo: number, hi: number, a: Anchors, k: number): boolean {
  return ((a.lo[k] as number) & lo) === 0 && ((a.hi[k] as number) & hi) === 0;
}

/** Does piece `pool` fit with its top-left at (row, col)? False outside the board. */
export function fitsAt(bits: Bits, pool: number, row: number, col: number): boolean {
  if (row < 0 || col < 0 || row >= GRID_SIZE || col >= GRID_SIZE) return false;
  const a = ANCHORS[pool] as Anchors;
  const k = a.index[row * GRID_SIZE + col] as number;
  return k >= 0 && ((a.lo[k] as number) & bits.lo) === 0 && ((a.hi[k] as number) & bits.hi) === 0;
}

/** Number of anchors where the piece fits, at most `limit`. */
export function countFitsBits(lo: number, hi: number, pool: number, limit: number): number {
  const n = popcount32(fitSetLo(lo, hi, pool));
  return n >= limit ? limit : Math.min(limit, n + popcount32(fitSetHi(hi, pool)));
}

/** Bit c set when column c is full. */
export function fullColumnBits(lo: number, hi: number): number {
  let and = lo & hi;
  and &= and >>> 16;
  and &= and >>> 8;
  return and & 0xff;
}

/** Bit r set when row r is full. */
export function fullRowBits(lo: number, hi: number): number {
  let out = 0;
  for (let r = 0; r < 4; r++) {
    if (((lo >>> (r * 8)) & 0xff) === 0xff) out |= 1 << r;
    if (((hi >>> (r * 8)) & 0xff) === 0xff) out |= 1 << (r + 4);
  }
  return out;
}

function hasFullLine(lo: number, hi: number): boolean {
  if (fullColumnBits(lo, hi) !== 0) return true;
  for (let s = 0; s < 32; s += 8) {
    if (((lo >>> s) & 0xff) === 0xff || ((hi >>> s) & 0xff) === 0xff) return true;
  }
  return false;
}

/** Could some placement of piece `pool` complete a row or a column? */
export function canEnableClearBits(lo: number, hi: number, pool: number): boolean {
  const a = ANCHORS[pool] as Anchors;
  // Only the anchors where the piece fits are tried; a set bit's index is row * 8 + col (+ 32 in
  // the high word), which is exactly the key of `a.index`.
  for (let fits = fitSetLo(lo, hi, pool); fits !== 0; fits &= fits - 1) {
    const k = a.index[31 - Math.clz32(fits & -fits)] as number;
    if (hasFullLine(lo | (a.lo[k] as number), hi | (a.hi[k] as number))) return true;
  }
  for (let fits = fitSetHi(hi, pool); fits !== 0; fits &= fits - 1) {
    const k = a.index[63 - Math.clz32(fits & -fits)] as number;
    if (hasFullLine(lo | (a.lo[k] as number), hi | (a.hi[k] as number))) return true;
  }
  return false;
}

export function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

export function countFilledBits(bits: Bits): number {
  return popcount32(bits.lo) + popcount32(bits.hi);
}
