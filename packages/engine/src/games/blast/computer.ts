/**
 * Block Blast's computer player (docs/games/blast.md "Computer player"): a whole-tray search. Every
 * order of the pieces left in the tray and every placement of each (after the clears each one
 * causes) is tried on the 64-bit board (bitboard.ts), and the sequence whose points plus the
 * evaluation of the board it leaves is highest wins, the best few valued again by a look-ahead
 * over the likely next trays: the share of them that cannot be placed, and how far short of a
 * healthy value the plain search of each falls. The hint is that sequence's first placement.
 *
 * The search works on numbers in a BlastSearch (search.ts: its scratch, with a memo of positions
 * already searched), never on a state: the public functions take a state and change nothing, and
 * two searches with scratch of their own never disturb each other. A position's value depends only on
 * its board, the tray pieces left, the streak, the score and the moves since a clear (the last two
 * through the look-ahead's trays), so the search from the position after the hinted placement
 * continues the same plan (what watching relies on) unless the work budget (HINT_BUDGET) cut the
 * look-ahead short: then the next hint, with fewer pieces to search, may find a better plan.
 */
import { fail, type Hint, ok, type Result } from "../../core/game.js";
import { ANCHORS, type Anchors, boardBits } from "./bitboard.js";
import { GRID_SIZE, TRAY_SIZE } from "./constants.js";
import { DEFAULT_WEIGHTS, stepPoints, type Weights } from "./evaluation.js";
import { lookaheadChoice } from "./look-ahead.js";
import { pieceByRows } from "./pieces.js";
import {
  BlastSearch,
  bestChild,
  clearLines,
  HINT_BUDGET,
  PIECE_HI,
  PIECE_LO,
  type PlanStep,
  positionValue,
} from "./search.js";
import type { BlastCommand, BlastState, TraySlot } from "./types.js";

// The computer player's rooms: evaluation.ts (board scoring), search.ts (the tray search and the
// work budget), look-ahead.ts (the next trays' expectation); this file is the entry.
export { DEFAULT_WEIGHTS, evaluateBoard, type Weights } from "./evaluation.js";
export { lookaheadCharge } from "./look-ahead.js";
export { BlastSearch, HINT_BUDGET, type PlanStep } from "./search.js";

/** The best sequence from a position: the placements in order and its value. */
export interface TrayPlan {
  steps: PlanStep[];
  /** Pieces the plan cannot place (the game ends after its last step). */
  unplaced: number;
  value: number;
  /** The work the search counted (placements tried by every search of the hint, see HINT_BUDGET). */
  work: number;
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
