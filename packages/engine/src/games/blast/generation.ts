/**
 * Piece generation (docs/games/blast.md "Piece generation"): base weights by family, five adaptive
 * systems multiplied in, the product floored, then three distinct orientations drawn from the
 * seeded source only.
 */
import { nextInt, pickWeighted, type RngState } from "../../core/rng.js";
import { type Bits, canEnableClearBits, countFilledBits, countFitsBits } from "./bitboard.js";
import {
  BOARD_CRITICAL_THRESHOLD,
  BOARD_OPEN_THRESHOLD,
  BOARD_STATE_BOOST_MAX,
  DIFFICULTY_EASY_PENALTY_MAX,
  DIFFICULTY_HARD_BOOST_MAX,
  DIFFICULTY_SCORE_CEILING,
  DIFFICULTY_SCORE_THRESHOLD,
  GRID_SIZE,
  MIN_PIECE_WEIGHT,
  PIECE_COLOURS,
  PITY_MIN_POSITIONS,
  PITY_THRESHOLD,
  PITY_WEIGHT_BOOST,
  SOLUTION_THRESHOLD,
  SOLUTION_WEIGHT_BOOST,
  STREAK_EASY_FLOOR,
  STREAK_EASY_STEP,
  STREAK_HARD_STEP,
  STREAK_HARDENING_THRESHOLD,
  TRAY_SIZE,
} from "./constants.js";
import { POOL, type PoolPiece, trayShape } from "./pieces.js";
import type { TrayPiece } from "./types.js";

/** What the adaptive systems look at when a tray is dealt. */
export interface GenerationContext {
  score: number;
  streak: number;
  movesSinceLastClear: number;
  board: Bits;
}

/** Multipliers for easy and hard pieces; medium pieces are left alone by A, B and C. */
export interface TierFactors {
  easy: number;
  hard: number;
}

/** A. Score scaling: linear from the threshold to the ceiling. */
export function scoreFactors(score: number): TierFactors {
  const span = DIFFICULTY_SCORE_CEILING - DIFFICULTY_SCORE_THRESHOLD;
  const t = Math.min(1, Math.max(0, (score - DIFFICULTY_SCORE_THRESHOLD) / span));
  return {
    hard: 1 + (DIFFICULTY_HARD_BOOST_MAX - 1) * t,
    easy: 1 - (1 - DIFFICULTY_EASY_PENALTY_MAX) * t,
  };
}

/** B. Streak pushback from the threshold streak on. */
export function streakFactors(streak: number): TierFactors {
  if (streak < STREAK_HARDENING_THRESHOLD) return { easy: 1, hard: 1 };
  const levels = streak - 1;
  return {
    hard: 1 + STREAK_HARD_STEP * levels,
    easy: Math.max(STREAK_EASY_FLOOR, 1 - STREAK_EASY_STEP * levels),
  };
}

/** C. Board state, from the fraction of empty cells. */
export function boardFactors(emptyFraction: number): TierFactors {
  const extra = BOARD_STATE_BOOST_MAX - 1;
  if (emptyFraction > BOARD_OPEN_THRESHOLD) {
    const f = 1 + (extra * (emptyFraction - BOARD_OPEN_THRESHOLD)) / (1 - BOARD_OPEN_THRESHOLD);
    return { hard: f, easy: 1 / f };
  }
  if (emptyFraction < BOARD_CRITICAL_THRESHOLD) {
    const f = 1 + (extra * (BOARD_CRITICAL_THRESHOLD - emptyFraction)) / BOARD_CRITICAL_THRESHOLD;
    return { easy: f, hard: 1 / f };
  }
  return { easy: 1, hard: 1 };
}

/** Could some placement of this piece complete a row or a column? (system E) */
export function canEnableClear(board: Bits, piece: PoolPiece): boolean {
  return canEnableClearBits(board.lo, board.hi, piece.index);
}

/** Does the piece have at least PITY_MIN_POSITIONS legal positions? (system D) */
export function fitsEasily(board: Bits, piece: PoolPiece): boolean {
  return countFitsBits(board.lo, board.hi, piece.index, PITY_MIN_POSITIONS) >= PITY_MIN_POSITIONS;
}

/** Tiers and base weights in pool order, read once. */
const IS_EASY = POOL.map((p) => p.tier === "easy");
const IS_HARD = POOL.map((p) => p.tier === "hard");
const BASE_WEIGHTS = POOL.map((p) => p.baseWeight);

/** The final weight of every pool piece, in pool order. */
export function pieceWeights(ctx: GenerationContext): number[] {
  const a = scoreFactors(ctx.score);
  const b = streakFactors(ctx.streak);
  const emptyFraction = 1 - countFilledBits(ctx.board) / (GRID_SIZE * GRID_SIZE);
  const c = boardFactors(emptyFraction);
  const easy = a.easy * b.easy * c.easy;
  const hard = a.hard * b.hard * c.hard;
  const pity = ctx.movesSinceLastClear >= PITY_THRESHOLD;
  const solution = ctx.movesSinceLastClear >= SOLUTION_THRESHOLD;
  const { lo, hi } = ctx.board;
  const out: number[] = [];
  for (let i = 0; i < POOL.length; i++) {
    let w = BASE_WEIGHTS[i] as number;
    if (IS_EASY[i]) w *= easy;
    else if (IS_HARD[i]) w *= hard;
    if (pity && countFitsBits(lo, hi, i, PITY_MIN_POSITIONS) >= PITY_MIN_POSITIONS) w *= PITY_WEIGHT_BOOST;
    if (solution && canEnableClearBits(lo, hi, i)) w *= SOLUTION_WEIGHT_BOOST;
    out.push(Math.max(MIN_PIECE_WEIGHT, w));
  }
  return out;
}

/** Three distinct pool pieces drawn by weight (without replacement). Advances `rng`. */
export function drawPieces(rng: RngState, weights: readonly number[]): PoolPiece[] {
  return drawFrom(rng, weights.slice());
}

/** `drawPieces` on a weights array of its own, which it zeroes as it draws. */
function drawFrom(rng: RngState, left: number[]): PoolPiece[] {
  const out: PoolPiece[] = [];
  for (let k = 0; k < TRAY_SIZE; k++) {
    const i = pickWeighted(rng, left);
    left[i] = 0;
    out.push(POOL[i] as PoolPiece);
  }
  return out;
}

const COLOUR_INDICES: readonly number[] = PIECE_COLOURS.map((_, i) => i);

/** A new tray: three distinct pieces, each in a colour not shared with the other two. */
export function dealTray(rng: RngState, ctx: GenerationContext): TrayPiece[] {
  const pieces = drawFrom(rng, pieceWeights(ctx));
  const colours = COLOUR_INDICES.slice();
  let left = colours.length;
  const tray: TrayPiece[] = [];
  for (let k = 0; k < pieces.length; k++) {
    // Take the drawn colour out of the list and close the gap (what `splice` does, without the
    // array it returns): the next draw indexes the colours left, in order.
    const at = nextInt(rng, left);
    const colour = colours[at] as number;
    for (let i = at; i < left - 1; i++) colours[i] = colours[i + 1] as number;
    left--;
    tray.push({ shape: trayShape(pieces[k] as PoolPiece), colour });
  }
  return tray;
}
