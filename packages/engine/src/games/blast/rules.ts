/**
 * The rules of Block Blast: placement, line clears without gravity, scoring, game over and revives.
 * Every function is pure over plain JSON state; the board is worked on as row bitmasks (for fit
 * tests and full lines) next to its characters (which carry the colours).
 */
import { type ApplyResult, fail } from "../../core/game.js";
import {
  boardFromText,
  canFitAnywhere,
  canPlace,
  countFilled,
  fullCols,
  fullRows,
  placeShape,
  type RowMasks,
  type ShapeMasks,
  shapeMasks,
} from "../../core/grid.js";
import { cloneRng, nextInt, type RngState } from "../../core/rng.js";
import { parseShape } from "../../core/shapes.js";
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
import { pieceByRows } from "./pieces.js";
import type { BlastEvent, BlastState, TraySlot } from "./types.js";

type Outcome = ApplyResult<BlastState, BlastEvent>;

const masksCache = new Map<string, ShapeMasks>();

/** Bitmasks of a tray piece's shape (pool pieces are precomputed; anything else is parsed once). */
export function slotMasks(shape: readonly string[]): ShapeMasks {
  const pooled = pieceByRows(shape);
  if (pooled) return pooled.masks;
  const key = shape.join("/");
  let masks = masksCache.get(key);
  if (!masks) {
    masks = shapeMasks(parseShape(shape));
    masksCache.set(key, masks);
  }
  return masks;
}

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
export function isBlocked(board: RowMasks, tray: readonly TraySlot[]): boolean {
  let any = false;
  for (const slot of tray) {
    if (slot === null) continue;
    any = true;
    if (canFitAnywhere(board, GRID_SIZE, slotMasks(slot.shape))) return false;
  }
  return any;
}

function colourLetter(colour: number): string {
  return COLOUR_LETTERS[colour] ?? UNCOLOURED_CELL;
}

function setCell(chars: string[][], r: number, c: number, ch: string): void {
  (chars[r] as string[])[c] = ch;
}

/** Deals a tray when every slot is empty; returns the tray and whether a deal happened. */
function refillIfEmpty(
  tray: TraySlot[],
  rng: RngState,
  ctx: { score: number; streak: number; movesSinceLastClear: number; board: RowMasks },
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
  const shape = slotMasks(slot.shape);
  const board = boardFromText(state.board);
  if (!canPlace(board, GRID_SIZE, shape, row, col)) {
    return fail("ILLEGAL_MOVE", `piece ${piece} does not fit at row ${row}, col ${col}`);
  }
  const events: BlastEvent[] = [];
  const chars = state.board.map((line) => line.split(""));
  const letter = colourLetter(slot.colour);
  const placedCells: [number, number][] = [];
  for (let i = 0; i < shape.height; i++) {
    const bits = shape.rows[i] as number;
    for (let j = 0; j < shape.width; j++) {
      if (bits & (1 << j)) {
        setCell(chars, row + i, col + j, letter);
        placedCells.push([row + i, col + j]);
      }
    }
  }
  placeShape(board, shape, row, col);
  events.push({ type: "placed", piece, row, col, colour: slot.colour, cells: placedCells });

  const rows = fullRows(board, GRID_SIZE);
  const cols = fullCols(board, GRID_SIZE);
  let { score, streak, movesSinceLastClear } = state;
  const lines = rows.length + cols.length;
  if (lines > 0) {
    const cleared: [number, number][] = [];
    const rowSet = new Set(rows);
    const colSet = new Set(cols);
    for (let r = 0; r < GRID_SIZE; r++) {
      for (let c = 0; c < GRID_SIZE; c++) {
        // A crossing cell is listed (and scored) once.
        if (rowSet.has(r) || colSet.has(c)) {
          cleared.push([r, c]);
          setCell(chars, r, c, EMPTY_CELL);
        }
      }
    }
    let colMask = 0;
    for (const c of cols) colMask |= 1 << c;
    for (let r = 0; r < GRID_SIZE; r++) board[r] = rowSet.has(r) ? 0 : (board[r] as number) & ~colMask;
    const perfect = countFilled(board) === 0;
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

  const rng = cloneRng(state.rng);
  let tray: TraySlot[] = state.tray.map((s, i) => (i === piece ? null : s));
  tray = refillIfEmpty(tray, rng, { score, streak, movesSinceLastClear, board }, events);
  const over = isBlocked(board, tray);
  if (over) events.push({ type: "game_over", revivesLeft: state.revivesLeft });
  return {
    ok: true,
    state: {
      ...state,
      board: chars.map((line) => line.join("")),
      rng,
      score,
      streak,
      movesSinceLastClear,
      tray,
      over,
    },
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
  const chars = state.board.map((line) => line.split(""));
  for (const [r, c] of removed) setCell(chars, r, c, EMPTY_CELL);
  const boardText = chars.map((line) => line.join(""));
  const board = boardFromText(boardText);
  const revivesLeft = state.revivesLeft - 1;
  const events: BlastEvent[] = [{ type: "revived", removed, revivesLeft }];
  const ctx = { score: state.score, streak: 0, movesSinceLastClear: state.movesSinceLastClear, board };
  const tray = refillIfEmpty([null, null, null], rng, ctx, events);
  // The revive counts even when the new tray still does not fit (spec 7.1, step 4).
  const over = isBlocked(board, tray);
  if (over) events.push({ type: "game_over", revivesLeft });
  return {
    ok: true,
    state: { ...state, board: boardText, rng, streak: 0, tray, revivesLeft, over },
    events,
  };
}

/** Every legal placement, piece by piece, row-major. */
export function legalPlacements(state: BlastState): { piece: number; row: number; col: number }[] {
  const out: { piece: number; row: number; col: number }[] = [];
  if (state.over) return out;
  const board = boardFromText(state.board);
  state.tray.forEach((slot, piece) => {
    if (slot === null) return;
    const shape = slotMasks(slot.shape);
    for (let row = 0; row + shape.height <= GRID_SIZE; row++) {
      for (let col = 0; col + shape.width <= GRID_SIZE; col++) {
        if (canPlace(board, GRID_SIZE, shape, row, col)) out.push({ piece, row, col });
      }
    }
  });
  return out;
}
