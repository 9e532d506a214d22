/**
 * The rules of Block Blast: placement, line clears without gravity, scoring, game over and revives.
 * Every function is pure over plain JSON state; the board is worked on as a 64-bit set
 * (bitboard.ts) for fit tests and full lines, next to its characters (which carry the colours).
 */
import { type ApplyResult, fail } from "../../core/game.js";
import { addCapped } from "../../core/read.js";
import { cloneRng, nextInt, type RngState, seedRng } from "../../core/rng.js";
import {
  ANCHORS,
  type Anchors,
  type Bits,
  bitsFromText,
  boardBits,
  fitCount,
  fitSetHi,
  fitSetLo,
  fitsAnywhere,
  fitsAt,
  fullColumnBits,
  fullRowBits,
  nthFit,
  nthSetBit,
  popcount32,
  rememberBoardBits,
} from "./bitboard.js";
import {
  COLOUR_LETTERS,
  COMBO_BASE_BONUS,
  COMBO_INCREMENT,
  EMPTY_CELL,
  GRID_SIZE,
  MAX_MOVES_SINCE_CLEAR,
  MAX_STREAK,
  PERFECT_CLEAR_BONUS,
  POINTS_PER_CELL,
  REVIVE_CELLS_CLEARED,
  REVIVES_PER_GAME,
  STREAK_MULTIPLIER,
  TRAY_SIZE,
  UNCOLOURED_CELL,
} from "./constants.js";
import { dealTray, type GenerationContext } from "./generation.js";
import { POOL, type PoolPiece, pieceByRows } from "./pieces.js";

/** Each pool piece's cells, [row, col] from its top-left. */
const POOL_SHAPES = POOL.map((p) => p.shape.cells);

import type {
  BlastCommand,
  BlastConfig,
  BlastEvent,
  BlastState,
  PlacementPreview,
  TrayPiece,
  TraySlot,
} from "./types.js";

type Outcome = ApplyResult<BlastState, BlastEvent>;

/** An empty board and a first tray dealt from the seed (docs/games/blast.md "Board and tray"). */
export function newGame(_config: BlastConfig, seed: number): BlastState {
  const board: string[] = [];
  for (let r = 0; r < GRID_SIZE; r++) board.push(EMPTY_ROW);
  const rng = seedRng(seed);
  const masks = bitsFromText(board);
  const tray = dealTray(rng, { score: 0, streak: 0, movesSinceLastClear: 0, board: masks });
  return {
    game: "blast",
    seed,
    score: 0,
    over: isBlocked(masks, tray),
    board,
    rng,
    config: {},
    tray,
    streak: 0,
    movesSinceLastClear: 0,
    revivesLeft: REVIVES_PER_GAME,
  };
}

export function apply(state: BlastState, command: BlastCommand): Outcome {
  switch (command.cmd) {
    case "place":
      return applyPlace(state, command.piece, command.row, command.col);
    case "revive":
      return applyRevive(state);
    default: {
      const never: never = command;
      return fail("UNKNOWN_COMMAND", `unknown command ${String((never as { cmd: unknown }).cmd)}`);
    }
  }
}

/** Every legal command: the placements, or a revive once the game is over while one is left. */
export function legal(state: BlastState): BlastCommand[] {
  if (state.over) return state.revivesLeft > 0 ? [{ cmd: "revive" }] : [];
  return legalPlacements(state);
}
type PlaceCommand = Extract<BlastCommand, { cmd: "place" }>;

const EMPTY_ROW = EMPTY_CELL.repeat(GRID_SIZE);
const EMPTY_CODE = EMPTY_CELL.charCodeAt(0);

/**
 * Points for one placement that clears `lines` lines holding `cells` distinct cells, with the
 * streak counted before this clear (docs/games/blast.md "Scoring"). Zero lines score nothing.
 */
export function clearPoints(lines: number, cells: number, streak: number): number {
  if (lines === 0) return 0;
  const base = POINTS_PER_CELL * cells + COMBO_BASE_BONUS + COMBO_INCREMENT * (lines - 1);
  return Math.round(base * (1 + STREAK_MULTIPLIER * streak));
}

/** True when no piece left in the tray fits anywhere on the board (shapes against gaps). */
export function isBlocked(bits: Readonly<Bits>, tray: readonly TraySlot[]): boolean {
  // Indexed loops throughout the hot paths: on the Node versions we run, `for...of` over an
  // array costs several times an index loop (bench/blast.ts).
  let any = false;
  for (let i = 0; i < tray.length; i++) {
    const slot = tray[i] as TraySlot;
    if (slot === null) continue;
    any = true;
    const piece = pieceByRows(slot.shape);
    if (piece && fitsAnywhere(bits.lo, bits.hi, piece.index)) return false;
  }
  return any;
}

/** Deals a new tray (advancing `rng`) and reports it. */
function deal(rng: RngState, ctx: GenerationContext, events: BlastEvent[]): TraySlot[] {
  const dealt = dealTray(rng, ctx);
  // The event gets copies: a client editing it must not reach into the state.
  const reported: TraySlot[] = [];
  for (let i = 0; i < dealt.length; i++) {
    const p = dealt[i] as TrayPiece;
    reported.push({ shape: p.shape.slice(), colour: p.colour });
  }
  events.push({ type: "dealt", tray: reported });
  return dealt;
}

/**
 * The state after a command, written out field by field in the order `newBlastGame` and `load`
 * use: V8 builds a literal of a known shape far faster than it spreads the old state.
 */
function nextState(
  state: BlastState,
  board: string[],
  rng: RngState,
  score: number,
  streak: number,
  movesSinceLastClear: number,
  tray: TraySlot[],
  revivesLeft: number,
  over: boolean,
): BlastState {
  return {
    game: "blast",
    seed: state.seed,
    score,
    over,
    board,
    rng,
    config: state.config,
    tray,
    streak,
    movesSinceLastClear,
    revivesLeft,
  };
}

/**
 * A board row with the cells of `set` (bit c: column c) made `code` and those of `clear` emptied,
 * built in one go as a flat 8-character string.
 */
function editRow(old: string, set: number, code: number, clear: number): string {
  return String.fromCharCode(
    cellCode(old, 0, set, code, clear),
    cellCode(old, 1, set, code, clear),
    cellCode(old, 2, set, code, clear),
    cellCode(old, 3, set, code, clear),
    cellCode(old, 4, set, code, clear),
    cellCode(old, 5, set, code, clear),
    cellCode(old, 6, set, code, clear),
    cellCode(old, 7, set, code, clear),
  );
}

function cellCode(old: string, c: number, set: number, code: number, clear: number): number {
  const bit = 1 << c;
  return clear & bit ? EMPTY_CODE : set & bit ? code : old.charCodeAt(c);
}

export function applyPlace(state: BlastState, piece: number, row: number, col: number): Outcome {
  if (state.over) return fail("GAME_OVER", "the game is over: revive or start a new game");
  const slot = state.tray[piece];
  if (slot === undefined) return fail("BAD_ARGUMENT", `piece must be 0, 1 or 2, got ${piece}`);
  if (slot === null) return fail("ILLEGAL_MOVE", `piece ${piece} has already been placed`);
  const pooled: PoolPiece | undefined = pieceByRows(slot.shape);
  if (!pooled) return fail("ILLEGAL_MOVE", `piece ${piece} is not a Block Blast shape`);
  const bits = boardBits(state.board);
  if (!fitsAt(bits, pooled.index, row, col)) {
    return fail("ILLEGAL_MOVE", `piece ${piece} does not fit at row ${row}, col ${col}`);
  }
  const events: BlastEvent[] = [];
  const a = ANCHORS[pooled.index] as Anchors;
  const k = a.index[row * GRID_SIZE + col] as number;
  const pieceLo = a.lo[k] as number;
  const pieceHi = a.hi[k] as number;
  let lo = bits.lo | pieceLo;
  let hi = bits.hi | pieceHi;
  const placedCells: [number, number][] = [];
  const cells = pooled.shape.cells;
  for (let n = 0; n < cells.length; n++) {
    const cell = cells[n] as readonly [number, number];
    placedCells.push([row + cell[0], col + cell[1]]);
  }
  events.push({ type: "placed", piece, row, col, colour: slot.colour, cells: placedCells });

  const rowBits = fullRowBits(lo, hi);
  const colBits = fullColumnBits(lo, hi);
  let { score, streak, movesSinceLastClear } = state;
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
    score = addCapped(score, points);
    streak = addCapped(streak, 1, MAX_STREAK);
    movesSinceLastClear = 0;
  } else {
    streak = 0;
    movesSinceLastClear = addCapped(movesSinceLastClear, 1, MAX_MOVES_SINCE_CLEAR);
  }

  // Only the rows the piece touched or a clear emptied get new strings; the rest are shared.
  const letter = (COLOUR_LETTERS[slot.colour] ?? UNCOLOURED_CELL).charCodeAt(0);
  const board = state.board.slice();
  for (let r = 0; r < GRID_SIZE; r++) {
    if (rowBits & (1 << r)) {
      board[r] = EMPTY_ROW;
      continue;
    }
    const set = (r < 4 ? pieceLo >>> (r * 8) : pieceHi >>> ((r - 4) * 8)) & 0xff;
    if (set !== 0 || colBits !== 0) board[r] = editRow(board[r] as string, set, letter, colBits);
  }
  const after: Bits = { lo, hi };
  rememberBoardBits(board, after);
  let tray: TraySlot[] = [];
  let empty = true;
  for (let i = 0; i < state.tray.length; i++) {
    const kept = i === piece ? null : (state.tray[i] as TraySlot);
    if (kept !== null) empty = false;
    tray.push(kept);
  }
  // The random source only moves when a tray is dealt; otherwise the new state shares the old
  // one's (nothing advances a state's source in place: `apply` always works on a copy).
  let rng = state.rng;
  if (empty) {
    rng = cloneRng(state.rng);
    tray = deal(rng, { score, streak, movesSinceLastClear, board: after }, events);
  }
  const over = isBlocked(after, tray);
  if (over) events.push({ type: "game_over", revivesLeft: state.revivesLeft });
  return {
    ok: true,
    state: nextState(state, board, rng, score, streak, movesSinceLastClear, tray, state.revivesLeft, over),
    events,
  };
}

export function applyRevive(state: BlastState): Outcome {
  if (!state.over) return fail("ILLEGAL_MOVE", "revive is only possible once the game is over");
  if (state.revivesLeft <= 0) return fail("GAME_OVER", "no revives left: the game is over");
  const rng = cloneRng(state.rng);
  const bits = boardBits(state.board);
  // The filled cells in row-major order as 8 row + col: the set bits of the board, lowest first.
  const filled: number[] = [];
  for (let b = bits.lo; b !== 0; b &= b - 1) filled.push(31 - Math.clz32(b & -b));
  for (let b = bits.hi; b !== 0; b &= b - 1) filled.push(63 - Math.clz32(b & -b));
  // A partial Fisher-Yates shuffle: the first k entries are a uniform random k-subset.
  const k = Math.min(REVIVE_CELLS_CLEARED, filled.length);
  let goneLo = 0;
  let goneHi = 0;
  for (let i = 0; i < k; i++) {
    const j = i + nextInt(rng, filled.length - i);
    const cell = filled[j] as number;
    filled[j] = filled[i] as number;
    filled[i] = cell;
    if (cell < 32) goneLo |= 1 << cell;
    else goneHi |= 1 << (cell - 32);
  }
  // The removed cells in row-major order, read back from their bits.
  const removed: [number, number][] = [];
  for (let b = goneLo; b !== 0; b &= b - 1) {
    const cell = 31 - Math.clz32(b & -b);
    removed.push([cell >>> 3, cell & 7]);
  }
  for (let b = goneHi; b !== 0; b &= b - 1) {
    const cell = 31 - Math.clz32(b & -b);
    removed.push([4 + (cell >>> 3), cell & 7]);
  }
  const board = state.board.slice();
  for (let r = 0; r < GRID_SIZE; r++) {
    const clear = (r < 4 ? goneLo >>> (r * 8) : goneHi >>> ((r - 4) * 8)) & 0xff;
    if (clear !== 0) board[r] = editRow(board[r] as string, 0, EMPTY_CODE, clear);
  }
  const after: Bits = { lo: bits.lo & ~goneLo, hi: bits.hi & ~goneHi };
  rememberBoardBits(board, after);
  const revivesLeft = state.revivesLeft - 1;
  const events: BlastEvent[] = [{ type: "revived", removed, revivesLeft }];
  const ctx = { score: state.score, streak: 0, movesSinceLastClear: state.movesSinceLastClear, board: after };
  const tray = deal(rng, ctx, events);
  // The revive counts even when the new tray still does not fit (docs/games/blast.md "Game over and revives").
  const over = isBlocked(after, tray);
  if (over) events.push({ type: "game_over", revivesLeft });
  return {
    ok: true,
    state: nextState(state, board, rng, state.score, 0, state.movesSinceLastClear, tray, revivesLeft, over),
    events,
  };
}

/** Every legal placement, piece by piece, row-major. */
export function legalPlacements(state: BlastState): PlaceCommand[] {
  const out: PlaceCommand[] = [];
  if (state.over) return out;
  const { lo, hi } = boardBits(state.board);
  for (let piece = 0; piece < state.tray.length; piece++) {
    const pool = trayPool(state.tray[piece]);
    if (pool < 0) continue;
    // Set bits in ascending order are anchors in row-major order (bitboard.ts).
    for (let fits = fitSetLo(lo, hi, pool); fits !== 0; fits &= fits - 1) {
      const bit = 31 - Math.clz32(fits & -fits);
      out.push({ cmd: "place", piece, row: bit >>> 3, col: bit & 7 });
    }
    for (let fits = fitSetHi(hi, pool); fits !== 0; fits &= fits - 1) {
      const bit = 31 - Math.clz32(fits & -fits);
      out.push({ cmd: "place", piece, row: 4 + (bit >>> 3), col: bit & 7 });
    }
  }
  return out;
}

/** How many legal placements there are: the length of `legalPlacements(state)`, without the list. */
export function placementCount(state: BlastState): number {
  if (state.over) return 0;
  const { lo, hi } = boardBits(state.board);
  let n = 0;
  for (let i = 0; i < state.tray.length; i++) {
    const pool = trayPool(state.tray[i]);
    if (pool >= 0) n += fitCount(lo, hi, pool);
  }
  return n;
}

/**
 * The n-th legal placement (from 0), the same as `legalPlacements(state)[n]` without building the
 * list: what a player picking uniformly among the fitting placements needs. Undefined when n is out
 * of range.
 */
export function placementAt(state: BlastState, n: number): PlaceCommand | undefined {
  if (state.over || !Number.isInteger(n) || n < 0) return undefined;
  const { lo, hi } = boardBits(state.board);
  let left = n;
  for (let piece = 0; piece < state.tray.length; piece++) {
    const pool = trayPool(state.tray[piece]);
    if (pool < 0) continue;
    const at = nthFit(lo, hi, pool, left);
    if (at >= 0) return { cmd: "place", piece, row: at >>> 3, col: at & 7 };
    left -= fitCount(lo, hi, pool);
  }
  return undefined;
}

/** Scratch for `randomPlacement`: each tray piece's fit set, low and high word. */
const TRAY_FITS = new Int32Array(2 * TRAY_SIZE);

/**
 * A placement drawn uniformly from the legal ones with one `nextInt(rng, count)`: the same move as
 * `legalPlacements(state)[nextInt(rng, legalPlacements(state).length)]`, with each piece's fit set
 * computed once and no list built. Undefined (and `rng` untouched) when nothing fits or the game
 * is over.
 */
export function randomPlacement(state: BlastState, rng: RngState): PlaceCommand | undefined {
  if (state.over) return undefined;
  const { lo, hi } = boardBits(state.board);
  const slots = Math.min(state.tray.length, TRAY_SIZE);
  let total = 0;
  for (let i = 0; i < slots; i++) {
    const pool = trayPool(state.tray[i]);
    const fl = pool < 0 ? 0 : fitSetLo(lo, hi, pool);
    const fh = pool < 0 ? 0 : fitSetHi(hi, pool);
    TRAY_FITS[2 * i] = fl;
    TRAY_FITS[2 * i + 1] = fh;
    total += popcount32(fl) + popcount32(fh);
  }
  if (total === 0) return undefined;
  let n = nextInt(rng, total);
  for (let piece = 0; piece < slots; piece++) {
    for (let half = 0; half < 2; half++) {
      const fits = TRAY_FITS[2 * piece + half] as number;
      const count = popcount32(fits);
      if (n < count) {
        const bit = nthSetBit(fits, n) + 32 * half;
        return { cmd: "place", piece, row: bit >>> 3, col: bit & 7 };
      }
      n -= count;
    }
  }
  return undefined;
}

/** Pool index of a tray slot's piece, or -1 for an empty slot or a shape outside the pool. */
function trayPool(slot: TraySlot | undefined): number {
  if (!slot) return -1;
  return pieceByRows(slot.shape)?.index ?? -1;
}

/**
 * What placing tray piece `piece` with its top-left at (row, col) would do, for a drop preview: the
 * cells it would cover (also off the board and when it does not fit, for a red ghost or a keyboard
 * cursor), whether it fits, and the rows and columns it would complete. The same fit test and line
 * check the rules use, so a preview never disagrees with the move. Undefined for an empty slot.
 */
export function previewPlacement(
  state: BlastState,
  piece: number,
  row: number,
  col: number,
): PlacementPreview | undefined {
  const pool = trayPool(state.tray[piece]);
  if (pool < 0) return undefined;
  const shape = (POOL_SHAPES[pool] as readonly (readonly [number, number])[]) ?? [];
  const cells: [number, number][] = shape.map(([r, c]) => [row + r, col + c]);
  const bits = boardBits(state.board);
  if (state.over || !fitsAt(bits, pool, row, col)) return { fits: false, cells, rows: [], cols: [] };
  const a = ANCHORS[pool] as Anchors;
  const k = a.index[row * GRID_SIZE + col] as number;
  const lo = bits.lo | (a.lo[k] as number);
  const hi = bits.hi | (a.hi[k] as number);
  const rowBits = fullRowBits(lo, hi);
  const colBits = fullColumnBits(lo, hi);
  const rows: number[] = [];
  const cols: number[] = [];
  for (let i = 0; i < GRID_SIZE; i++) {
    if (rowBits & (1 << i)) rows.push(i);
    if (colBits & (1 << i)) cols.push(i);
  }
  return { fits: true, cells, rows, cols };
}

/** The first anchor where tray piece `piece` fits, row-major; undefined when it fits nowhere. */
export function firstPlacement(state: BlastState, piece: number): { row: number; col: number } | undefined {
  const pool = trayPool(state.tray[piece]);
  if (pool < 0) return undefined;
  const { lo, hi } = boardBits(state.board);
  const at = nthFit(lo, hi, pool, 0);
  return at < 0 ? undefined : { row: at >>> 3, col: at & 7 };
}
