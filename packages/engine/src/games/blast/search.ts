/**
 * Block Blast's computer player: the whole-tray search (every order of the pieces left, every
 * placement of each) with its memo, and the hint's work budget. Everything a search writes lives in
 * a BlastSearch passed down (see computer.ts).
 */
import { ANCHORS, fitSetHi, fitSetLo, fullColumnBits, popcount32 } from "./bitboard.js";
import { GRID_SIZE, TRAY_SIZE } from "./constants.js";
import { DEFAULT_WEIGHTS, evaluateBoard, stepPoints, type Weights } from "./evaluation.js";

/** A sequence that leaves pieces unplaced is worth less than any that places them all. */
export const DEAD = 1_000_000;

/** One placement of a plan, with what it does. */
export interface PlanStep {
  piece: number;
  row: number;
  col: number;
  lines: number;
  points: number;
}

/**
 * The board after the lines it completes are cleared, into `sc.clearedLo/Hi`, with the lines in
 * `sc.lastLines` and the cleared cells' count in `sc.lastCleared`.
 */
export function clearLines(sc: BlastSearch, lo: number, hi: number): void {
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

// ---------------------------------------------------------------------------------------------
// The search, with a memo of positions (board, pieces left, streak) already valued.

const MEMO_BITS = 14;
const MEMO_SIZE = 1 << MEMO_BITS;
/** The most children a node has: every anchor of every tray slot. */
export const MAX_CHILDREN = TRAY_SIZE * 64;

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
  /**
   * The children `children` lists for the node being walked at each depth (the pieces it has left,
   * less one, picks the block of MAX_CHILDREN entries): a search only walks down, one node a depth.
   */
  readonly kidCode = new Int32Array(TRAY_SIZE * MAX_CHILDREN);
  readonly kidLo = new Int32Array(TRAY_SIZE * MAX_CHILDREN);
  readonly kidHi = new Int32Array(TRAY_SIZE * MAX_CHILDREN);
  readonly kidLines = new Int32Array(TRAY_SIZE * MAX_CHILDREN);
  readonly kidPoints = new Float64Array(TRAY_SIZE * MAX_CHILDREN);
  readonly kidCost = new Int32Array(TRAY_SIZE * MAX_CHILDREN);
  /** The work `children` counted after the last child it listed, and the placements it tried. */
  kidTail = 0;
  kidTried = 0;
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
export const WEIGHTS_WORK = 150;
export const DRAW_WORK = 8;
/**
 * A piece's fit sets at a node (both board words), worked out whether or not anything fits: on
 * crowded boards with big pieces most nodes have few placements, and without this charge such
 * positions from real play cost half as much again per unit as the worst loaded ones.
 */
export const SLOT_WORK = 2;

/** Counts work about to be done; true (and the search stops) when the budget has no room for it. */
export function charge(sc: BlastSearch, units: number): boolean {
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
export const PIECE_LO = new Int32Array(ANCHORS.length * 64);
export const PIECE_HI = new Int32Array(ANCHORS.length * 64);
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
export function positionValue(
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
 * The children of a position, for the two searches that walk them (bestChild here, the look-ahead's
 * collection of every sequence): each placement of each slot in `mask` (slots in order, anchors
 * row-major) after the clears it causes, except a placement that clears nothing by a slot below
 * `after` (see positionValue). Child i of the returned count is at `base + i`, `base` being
 * MAX_CHILDREN x (pieces left - 1): its slot and anchor bit (`slot << 6 | bit`), board, lines and
 * points, and in `kidCost` the work the search counts on reaching it (SLOT_WORK for each slot
 * begun since the child before, one for each placement tried, this one and those skipped); what is
 * left after the last child is in `kidTail`, the placements tried in all in `kidTried`. The
 * searches charge that work child by child, so a budget stops them where it stopped the loops
 * this replaces, and a search that stops early has only paid for what it reached.
 */
export function children(
  sc: BlastSearch,
  lo: number,
  hi: number,
  mask: number,
  streak: number,
  after: number,
  base: number,
): number {
  let n = 0;
  let cost = 0;
  let tried = 0;
  for (let s = 0; s < sc.slots; s++) {
    if (!(mask & (1 << s))) continue;
    const pool = sc.slotPool[s] as number;
    const piece = 64 * pool;
    cost += SLOT_WORK;
    const clearsOnly = s < after;
    for (let half = 0; half < 2; half++) {
      for (
        let fits = half === 0 ? fitSetLo(lo, hi, pool) : fitSetHi(hi, pool);
        fits !== 0;
        fits &= fits - 1
      ) {
        tried++;
        cost++;
        const bit = 31 - Math.clz32(fits & -fits) + 32 * half;
        clearLines(sc, lo | (PIECE_LO[piece + bit] as number), hi | (PIECE_HI[piece + bit] as number));
        const lines = sc.lastLines;
        if (lines === 0 && clearsOnly) continue;
        const at = base + n++;
        sc.kidCode[at] = (s << 6) | bit;
        sc.kidLo[at] = sc.clearedLo;
        sc.kidHi[at] = sc.clearedHi;
        sc.kidLines[at] = lines;
        sc.kidPoints[at] = stepPoints(lines, sc.lastCleared, streak, sc.clearedLo, sc.clearedHi);
        sc.kidCost[at] = cost;
        cost = 0;
      }
    }
  }
  sc.kidTail = cost;
  sc.kidTried = tried;
  return n;
}

/** Where a position's children go in the BlastSearch's lists (see children). */
export function childBase(sc: BlastSearch, mask: number): number {
  let left = 0;
  for (let s = 0; s < sc.slots; s++) if (mask & (1 << s)) left++;
  return (left - 1) * MAX_CHILDREN;
}

/**
 * The value of the best placement from a position (slots in order, anchors row-major; the first of
 * equal values wins), writing that placement into `out` when given. `after`: the slot placed last
 * if that placement cleared nothing, else -1 (see positionValue).
 */
export function bestChild(
  sc: BlastSearch,
  lo: number,
  hi: number,
  mask: number,
  streak: number,
  after: number,
  out: PlanStep | null,
): number {
  let best = Number.NEGATIVE_INFINITY;
  const base = childBase(sc, mask);
  const n = children(sc, lo, hi, mask, streak, after, base);
  const tail = sc.kidTail;
  const tried = sc.kidTried;
  for (let at = base; at < base + n; at++) {
    // A budget that runs out stops the search where it gets to: before this child.
    if (charge(sc, sc.kidCost[at] as number)) return best;
    const code = sc.kidCode[at] as number;
    const s = code >>> 6;
    const lines = sc.kidLines[at] as number;
    const points = sc.kidPoints[at] as number;
    const v =
      sc.weights.points * points +
      positionValue(
        sc,
        sc.kidLo[at] as number,
        sc.kidHi[at] as number,
        mask & ~(1 << s),
        lines > 0 ? streak + 1 : 0,
        lines > 0 ? -1 : s,
      );
    // A value cut short by the budget is not this placement's: the search stops here.
    if (sc.exhausted) return best;
    if (v > best) {
      best = v;
      if (out) {
        out.piece = s;
        out.row = (code >>> 3) & 7;
        out.col = code & 7;
        out.lines = lines;
        out.points = points;
      }
    }
    if (sc.goalHit) return best;
  }
  if (tail > 0 && charge(sc, tail)) return best;
  // Nothing left fits: the game ends here (base / MAX_CHILDREN + 1 is the pieces left, see childBase).
  if (tried === 0) return evaluateBoard(lo, hi, sc.weights) - DEAD * (base / MAX_CHILDREN + 1);
  return best;
}
