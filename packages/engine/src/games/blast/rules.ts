/**
 * The rules of Block Blast: placement, line clears without gravity, scoring, game over and revives.
 * Every function is pure over plain JSON state; the board is worked on as a 64-bit set
 * (bitboard.ts) for fit tests and full lines, next to its characters (which carry the colours).
 */
import { type ApplyResult, fail } from "../../core/game.js";
import { cloneRng, nextInt, type RngState } from "../../core/rng.js";
import {
  ANCHORS,
  type Anchors,
  type Bits,
  bitsFromText,
  fitsAt,
  fullColumnBits,
  fullRowBits,
} from "./bitboard.js";
import {
  COLOUR_LETTERS,
  COMBO_BASE_BONUS,
  COMBO_INCREMENT,
  EMPTY_CELL,
  GRID_SIZE,
  PERFECT_CLEAR_BONUS,
  POINTS_PER_CELL,
  REVIVE_CELLS_CLEARED,
  STREAK_MULTIPLIER,
  UNCOLOURED_CELL,
} from "./constants.js";
import { dealTray } from "./generation.js";
import { type PoolPiece, pieceByRows } from "./pieces.js";
import type { BlastEvent, BlastState, TraySlot } from "./types.js";

type Outcome = ApplyResult<BlastState, BlastEvent>;

const EMPTY_ROW = EMPTY_CELL.repeat(GRID_SIZE);

/**
 * Points for one placement that clears `lines` lines holding `cells` distinct cells, with the
 * streak counted before this clear (clarifications). Zero lines score nothing.
 */
export function clearPoints(lines: number, cells: number, streak: number): number {
  if (lines === 0) return 0;
  const base = POINTS_PER_CELL * cells + COMBO_BASE_BONUS + COMBO_INCREMENT * (lines - 1);
  return Math.round(base * (1 + STREAK_MULTIPLIER * streak));
}

/** True when no piece left in the tray fits anywhere on the board (shapes against gaps). */
export function isBlocked(bits: Bits, tray: readonly TraySlot[]): boolean {
  let any = false;
  for (const slot of tray) {
    if (slot === null) continue;
    any = true;
    const piece = pieceByRows(slot.shape);
    if (!piece) continue;
    const a = ANCHORS[piece.index] as Anchors;
    for (let k = 0; k < a.count; k++) {
      if (((a.lo[k] as number) & bits.lo) === 0 && ((a.hi[k] as number) & bits.hi) === 0) return false;
    }
  }
  return any;
}

function setCell(board: string[], r: number, c: number, ch: string): void {
  const line = board[r] as string;
  board[r] = line.slice(0, c) + ch + line.slice(c + 1);
}

/** Deals a tray when every slot is empty. */
function refillIfEmpty(
  tray: TraySlot[],
  rng: RngState,
  ctx: { score: number; streak: number; movesSinceLastClear: number; board: Bits },
  events: BlastEvent[],
): TraySlot[] {
  if (tray.some((slot) => slot !== null)) return tray;
  const dealt = dealTray(rng, ctx);
  events.push({ type: "dealt", tray: dealt.map((p) => ({ shape: [...p.shape], colour: p.colour })) });
  return dealt;
}

export function applyPlace(state: BlastState, piece: number, row: number, col: number): Outcome {
  if (state.over) return fail("GAME_OVER", "the game is over: revive or start a new game");
  const slot = state.tray[piece];
  if (slot === undefined) return fail("BAD_ARGUMENT", `piece must be 0, 1 or 2, got ${piece}`);
  if (slot === null) return fail("ILLEGAL_MOVE", `piece ${piece} has already been placed`);
  const pooled: PoolPiece | undefined = pieceByRows(slot.shape);
  if (!pooled) return fail("ILLEGAL_MOVE", `piece ${piece} is not a Block Blast shape`);
  const bits = bitsFromText(state.board);
  if (!fitsAt(bits, pooled.index, row, col)) {
    return fail("ILLEGAL_MOVE", `piece ${piece} does not fit at row ${row}, col ${col}`);
  }
  const events: BlastEvent[] = [];
  // Rows are edited as character arrays and joined once: the board strings are rebuilt only
  // where something changed.
  const edited: (string[] | undefined)[] = new Array(GRID_SIZE);
  const rowChars = (r: number): string[] => {
    let chars = edited[r];
    if (!chars) {
      chars = (state.board[r] as string).split("");
      edited[r] = chars;
    }
    return chars;
  };
  const letter = COLOUR_LETTERS[slot.colour] ?? UNCOLOURED_CELL;
  const placedCells: [number, number][] = [];
  for (const [i, j] of pooled.shape.cells) {
    rowChars(row + i)[col + j] = letter;
    placedCells.push([row + i, col + j]);
  }
  const a = ANCHORS[pooled.index] as Anchors;
  const k = a.index[row * GRID_SIZE + col] as number;
  let lo = bits.lo | (a.lo[k] as number);
  let hi = bits.hi | (a.hi[k] as number);
  events.push({ type: "placed", piece, row, col, colour: slot.colour, cells: placedCells });

  const rowBits = fullRowBits(lo, hi);
  const colBits = fullColumnBits(lo, hi);
  let { score, streak, movesSinceLastClear } = state;
  const board = state.board.slice();
  if (rowBits !== 0 || colBits !== 0) {
    const rows: number[] = [];
    const cols: number[] = [];
    for (let i = 0; i < GRID_SIZE; i++) {
      if (rowBits & (1 << i)) rows.push(i);
      if (colBits & (1 << i)) cols.push(i);
    }
    const cleared: [number, number][] = [];
    for (let r = 0; r < GRID_SIZE; r++) {
      const wholeRow = (rowBits & (1 << r)) !== 0;
      for (let c = 0; c < GRID_SIZE; c++) {
        // A crossing cell is listed (and scored) once.
        if (wholeRow || colBits & (1 << c)) cleared.push([r, c]);
      }
      if (wholeRow) {
        edited[r] = undefined;
        board[r] = EMPTY_ROW;
      } else if (colBits !== 0) {
        const chars = rowChars(r);
        for (const c of cols) chars[c] = EMPTY_CELL;
      }
    }
    let keep = 0;
    for (let r = 0; r < 4; r++) if (!(rowBits & (1 << r))) keep |= 0xff << (r * 8);
    let keepHi = 0;
    for (let r = 0; r < 4; r++) if (!(rowBits & (1 << (r + 4)))) keepHi |= 0xff << (r * 8);
    const colMask = colBits * 0x01010101;
    lo = lo & keep & ~colMask;
    hi = hi & keepHi & ~colMask;
    const lines = rows.length + cols.length;
    const perfect = lo === 0 && hi === 0;
    const points = clearPoints(lines, cleared.length, streak) + (perfect ? PERFECT_CLEAR_BONUS : 0);
    events.push({ type: "cleared", rows, cols, cells: cleared });
    events.push({ type: "scored", points, lines, cells: cleared.length, streak, perfect });
    score += points;
    streak += 1;
    movesSinceLastClear = 0;
  } else {
    streak = 0;
    movesSinceLastClear += 1;
  }

  for (let r = 0; r < GRID_SIZE; r++) {
    const chars = edited[r];
    if (chars) board[r] = chars.join("");
  }
  const rng = cloneRng(state.rng);
  const after: Bits = { lo, hi };
  let tray: TraySlot[] = state.tray.map((s, i) => (i === piece ? null : s));
  tray = refillIfEmpty(tray, rng, { score, streak, movesSinceLastClear, board: after }, events);
  const over = isBlocked(after, tray);
  if (over) events.push({ type: "game_over", revivesLeft: state.revivesLeft });
  return {
    ok: true,
    state: { ...state, board, rng, score, streak, movesSinceLastClear, tray, over },
    events,
  };
}

export function applyRevive(state: BlastState): Outcome {
  if (!state.over) return fail("ILLEGAL_MOVE", "revive is only possible once the game is over");
  if (state.revivesLeft <= 0) return fail("GAME_OVER", "no revives left: the game is over");
  const rng = cloneRng(state.rng);
  const filled: [number, number][] = [];
  state.board.forEach((line, r) => {
    for (let c = 0; c < line.length; c++) if (line[c] !== EMPTY_CELL) filled.push([r, c]);
  });
  // A partial Fisher-Yates shuffle: the first k entries are a uniform random k-subset.
  const k = Math.min(REVIVE_CELLS_CLEARED, filled.length);
  for (let i = 0; i < k; i++) {
    const j = i + nextInt(rng, filled.length - i);
    const tmp = filled[i] as [number, number];
    filled[i] = filled[j] as [number, number];
    filled[j] = tmp;
  }
  const removed = filled.slice(0, k).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const board = state.board.slice();
  for (const [r, c] of removed) setCell(board, r, c, EMPTY_CELL);
  const bits = bitsFromText(board);
  const revivesLeft = state.revivesLeft - 1;
  const events: BlastEvent[] = [{ type: "revived", removed, revivesLeft }];
  const ctx = { score: state.score, streak: 0, movesSinceLastClear: state.movesSinceLastClear, board: bits };
  const tray = refillIfEmpty([null, null, null], rng, ctx, events);
  // The revive counts even when the new tray still does not fit (spec 7.1, step 4).
  const over = isBlocked(bits, tray);
  if (over) events.push({ type: "game_over", revivesLeft });
  return {
    ok: true,
    state: { ...state, board, rng, streak: 0, tray, revivesLeft, over },
    events,
  };
}

/** Every legal placement, piece by piece, row-major. */
export function legalPlacements(
  state: BlastState,
): { cmd: "place"; piece: number; row: number; col: number }[] {
  const out: { cmd: "place"; piece: number; row: number; col: number }[] = [];
  if (state.over) return out;
  const { lo, hi } = bitsFromText(state.board);
  state.tray.forEach((slot, piece) => {
    if (slot === null) return;
    const pooled = pieceByRows(slot.shape);
    if (!pooled) return;
    const a = ANCHORS[pooled.index] as Anchors;
    for (let k = 0; k < a.count; k++) {
      if (((a.lo[k] as number) & lo) === 0 && ((a.hi[k] as number) & hi) === 0) {
        out.push({ cmd: "place", piece, row: a.row[k] as number, col: a.col[k] as number });
      }
    }
  });
  return out;
}
