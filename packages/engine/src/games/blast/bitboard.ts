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

/** Number of anchors where the piece fits, stopping at `limit`. */
export function countFitsBits(lo: number, hi: number, pool: number, limit: number): number {
  const a = ANCHORS[pool] as Anchors;
  let n = 0;
  for (let k = 0; k < a.count; k++) {
    if (((a.lo[k] as number) & lo) === 0 && ((a.hi[k] as number) & hi) === 0 && ++n >= limit) return n;
  }
  return n;
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
  for (let k = 0; k < a.count; k++) {
    const ml = a.lo[k] as number;
    const mh = a.hi[k] as number;
    if ((ml & lo) === 0 && (mh & hi) === 0 && hasFullLine(lo | ml, hi | mh)) return true;
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
