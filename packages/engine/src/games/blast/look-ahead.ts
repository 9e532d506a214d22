/**
 * Block Blast's computer player: the look-ahead over the likely next trays (the dead share, the
 * next tray's expectation) that values the best sequences of the tray search again.
 */
import { fitSetHi, fitSetLo } from "./bitboard.js";
import { TRAY_SIZE } from "./constants.js";
import { DEFAULT_WEIGHTS, evaluateBoard, type Weights } from "./evaluation.js";
import { pieceWeights } from "./generation.js";
import { POOL } from "./pieces.js";
import {
  BlastSearch,
  bestChild,
  charge,
  childBase,
  children,
  clearLines,
  DEAD,
  DRAW_WORK,
  MAX_CHILDREN,
  PIECE_HI,
  PIECE_LO,
  type PlanStep,
  positionValue,
  SLOT_WORK,
  WEIGHTS_WORK,
} from "./search.js";
import type { BlastState } from "./types.js";

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

/** Every sequence from a position (the search's orders and cuts: the children bestChild walks), each kept as a candidate. */
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
  const base = childBase(sc, mask);
  const n = children(sc, lo, hi, mask, streak, after, base);
  const tail = sc.kidTail;
  const tried = sc.kidTried;
  for (let at = base; at < base + n; at++) {
    // The collection always finishes (no budget yet): the work is counted, never checked.
    sc.work += sc.kidCost[at] as number;
    const code = sc.kidCode[at] as number;
    const lines = sc.kidLines[at] as number;
    const p = sc.kidPoints[at] as number;
    collect(
      sc,
      sc.kidLo[at] as number,
      sc.kidHi[at] as number,
      mask & ~(1 << (code >>> 6)),
      lines > 0 ? streak + 1 : 0,
      lines > 0 ? -1 : code >>> 6,
      acc + w.points * p,
      lines > 0 ? 0 : moves + 1,
      points + p,
      path | (code << (9 * depth)),
      depth + 1,
    );
  }
  sc.work += tail;
  // Nothing left fits (base / MAX_CHILDREN + 1 is the pieces left, see childBase).
  if (tried === 0)
    addCandidate(
      sc,
      acc + evaluateBoard(lo, hi, w) - DEAD * (base / MAX_CHILDREN + 1),
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
export function lookaheadChoice(
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
