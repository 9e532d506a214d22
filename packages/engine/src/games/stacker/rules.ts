/**
 * Block Stacker rules: pure functions over plain JSON state. Time is the `tick` command: one
 * automatic step down, or, when that step is blocked, the lock (block-stacker.md 5.3), the line
 * clear and the next spawn.
 */
import { type ApplyResult, fail, type GameError } from "../../core/game.js";
import { boardFromText, collapseFullRows } from "../../core/grid.js";
import { cloneRng, type RngState, seedRng, shuffled } from "../../core/rng.js";
import { boxOrigin, kickTests, placedCells, spawnCells, stateCells } from "./pieces.js";
import {
  type ActivePiece,
  type Cell,
  KEY_ACTIONS,
  type KeyAction,
  PIECE_TYPES,
  type PieceType,
  PREVIEW_LENGTH,
  type Rotation,
  type StackerCommand,
  type StackerConfig,
  type StackerEvent,
  type StackerState,
} from "./types.js";

/** Guideline points for 1 to 4 lines cleared by one piece, times the level. */
export const LINE_POINTS = [0, 100, 300, 500, 800] as const;
export const SOFT_DROP_POINTS_PER_ROW = 1;
export const HARD_DROP_POINTS_PER_ROW = 2;
export const LINES_PER_LEVEL = 10;
/** Past this level gravity stops getting faster (the guideline curve is only defined that far). */
export const MAX_GRAVITY_LEVEL = 20;

export function levelForLines(lines: number): number {
  return 1 + Math.floor(lines / LINES_PER_LEVEL);
}

/**
 * Milliseconds per automatic step at a level: the guideline curve (0.8 - (level - 1) * 0.007) ^
 * (level - 1) seconds, 1 s at level 1. A pure number: the front ends own the clock.
 */
export function gravityMs(level: number): number {
  const l = Math.min(Math.max(1, Math.floor(level)), MAX_GRAVITY_LEVEL);
  return 1000 * (0.8 - (l - 1) * 0.007) ** (l - 1);
}

export function lineClearPoints(lines: number, level: number): number {
  return (LINE_POINTS[lines as 0 | 1 | 2 | 3 | 4] ?? 0) * level;
}

export function emptyRow(size: number): string {
  return ".".repeat(size);
}

function isFree(board: readonly string[], size: number, row: number, col: number): boolean {
  return row >= 0 && row < size && col >= 0 && col < size && board[row]?.[col] === ".";
}

/** Are all cells on the board and empty? */
export function fits(board: readonly string[], size: number, cells: readonly Cell[]): boolean {
  for (const [r, c] of cells) if (!isFree(board, size, r, c)) return false;
  return true;
}

/** Would the cells fit moved by (dr, dc)? Allocates nothing. */
function canStep(
  board: readonly string[],
  size: number,
  cells: readonly Cell[],
  dr: number,
  dc: number,
): boolean {
  for (const [r, c] of cells) if (!isFree(board, size, r + dr, c + dc)) return false;
  return true;
}

function shifted(cells: readonly Cell[], dr: number, dc: number): Cell[] {
  return cells.map(([r, c]) => [r + dr, c + dc] as Cell);
}

/** How many rows the piece can still fall. */
export function dropDistance(board: readonly string[], size: number, cells: readonly Cell[]): number {
  let d = 0;
  while (fits(board, size, shifted(cells, d + 1, 0))) d++;
  return d;
}

/** Where the active piece would land (the ghost); empty when there is no active piece. */
export function ghostCells(state: StackerState): Cell[] {
  if (!state.active) return [];
  const size = state.config.size;
  return shifted(state.active.cells, dropDistance(state.board, size, state.active.cells), 0);
}

/** A fresh 7-bag: the seven pieces in a random order. */
function freshBag(rng: RngState): PieceType[] {
  return shuffled(rng, PIECE_TYPES);
}

/** Takes the next piece off the queue and tops the preview up from the bag. Mutates its arguments. */
export function drawPiece(queue: { next: PieceType[]; bag: PieceType[] }, rng: RngState): PieceType {
  while (queue.next.length < PREVIEW_LENGTH + 1) {
    if (queue.bag.length === 0) queue.bag = freshBag(rng);
    queue.next.push(queue.bag.shift() as PieceType);
  }
  return queue.next.shift() as PieceType;
}

/** A new queue dealt from the random source: a fresh bag, its first pieces in the preview. */
export function dealQueue(rng: RngState): { next: PieceType[]; bag: PieceType[] } {
  const bag = freshBag(rng);
  return { next: bag.splice(0, PREVIEW_LENGTH), bag };
}

export function spawnPiece(type: PieceType, size: number): ActivePiece {
  return { type, rotation: 0, cells: spawnCells(type, size) };
}

export function newStackerGame(config: StackerConfig, seed: number): StackerState {
  const rng = seedRng(seed);
  const queue = { next: [] as PieceType[], bag: freshBag(rng) };
  const first = drawPiece(queue, rng);
  return {
    game: "stacker",
    seed,
    score: 0,
    over: false,
    board: Array.from({ length: config.size }, () => emptyRow(config.size)),
    rng,
    config: { size: config.size },
    active: spawnPiece(first, config.size),
    next: queue.next,
    bag: queue.bag,
    hold: null,
    canHold: true,
    lines: 0,
    level: 1,
  };
}

type Applied = ApplyResult<StackerState, StackerEvent>;

function refused(message: string): { ok: false; error: GameError } {
  return fail("ILLEGAL_MOVE", message);
}

function accepted(state: StackerState, events: StackerEvent[]): Applied {
  return { ok: true, state, events };
}

/**
 * Locks `active` into the board, clears full rows (the rows above shift down), scores them, and
 * spawns the next piece; a spawn whose cells are taken ends the game.
 */
function lockPiece(state: StackerState, active: ActivePiece, events: StackerEvent[]): StackerState {
  const size = state.config.size;
  const rows = state.board.slice();
  for (const [r, c] of active.cells) {
    const line = rows[r] as string;
    rows[r] = line.slice(0, c) + active.type + line.slice(c + 1);
  }
  events.push({ type: "locked", piece: active.type, cells: active.cells.map(([r, c]) => [r, c]) });

  // Only the rows the piece landed in can have become full (a board never keeps a full row), so
  // most locks stop here; otherwise the row-bitmask board finds and collapses the full rows and the
  // letter rows follow the same cut.
  const touched = active.cells.some(([r]) => !(rows[r] as string).includes("."));
  const cleared = touched ? collapseFullRows(boardFromText(rows), size) : [];
  let board = rows;
  let { score, lines, level } = state;
  if (cleared.length > 0) {
    const gone = new Set(cleared);
    board = [
      ...Array.from({ length: cleared.length }, () => emptyRow(size)),
      ...rows.filter((_, r) => !gone.has(r)),
    ];
    const points = lineClearPoints(cleared.length, level);
    score += points;
    lines += cleared.length;
    events.push({ type: "cleared", rows: cleared });
    events.push({ type: "scored", points, reason: "lines" });
    const newLevel = levelForLines(lines);
    if (newLevel !== level) {
      level = newLevel;
      events.push({ type: "level_up", level });
    }
  }

  const rng = cloneRng(state.rng);
  const queue = { next: state.next.slice(), bag: state.bag.slice() };
  const type = drawPiece(queue, rng);
  const spawned = spawnPiece(type, size);
  const base = { ...state, board, score, lines, level, rng, next: queue.next, bag: queue.bag, canHold: true };
  if (!fits(board, size, spawned.cells)) {
    events.push({ type: "game_over", piece: type });
    return { ...base, active: null, over: true };
  }
  events.push({ type: "spawned", piece: type });
  return { ...base, active: spawned };
}

function tick(state: StackerState, active: ActivePiece): Applied {
  const size = state.config.size;
  // The most frequent command of all: test the step before building anything.
  if (canStep(state.board, size, active.cells, 1, 0)) {
    const down = shifted(active.cells, 1, 0);
    return accepted({ ...state, active: { type: active.type, rotation: active.rotation, cells: down } }, [
      { type: "fell" },
    ]);
  }
  const events: StackerEvent[] = [];
  return accepted(lockPiece(state, active, events), events);
}

function move(state: StackerState, active: ActivePiece, dc: -1 | 1): Applied {
  if (!canStep(state.board, state.config.size, active.cells, 0, dc)) {
    return refused(`the ${active.type} cannot move ${dc < 0 ? "left" : "right"}: blocked`);
  }
  const cells = shifted(active.cells, 0, dc);
  return accepted({ ...state, active: { ...active, cells } }, [
    { type: "moved", direction: dc < 0 ? "left" : "right" },
  ]);
}

/**
 * Soft drop moves one row down for a point. On a piece that is already resting it does nothing
 * (guideline behaviour): the lock is the automatic step's job (block-stacker.md 5.3).
 */
function softDrop(state: StackerState, active: ActivePiece): Applied {
  const cells = shifted(active.cells, 1, 0);
  if (!fits(state.board, state.config.size, cells)) {
    return refused(`the ${active.type} is resting and cannot move down; the next tick locks it`);
  }
  return accepted({ ...state, active: { ...active, cells }, score: state.score + SOFT_DROP_POINTS_PER_ROW }, [
    { type: "moved", direction: "down" },
    { type: "scored", points: SOFT_DROP_POINTS_PER_ROW, reason: "soft_drop" },
  ]);
}

function rotate(state: StackerState, active: ActivePiece, turn: 1 | 3): Applied {
  const from = active.rotation;
  const to = ((from + turn) % 4) as Rotation;
  const [row, col] = boxOrigin(active.type, from, active.cells);
  const tests = kickTests(active.type, from, to);
  for (let i = 0; i < tests.length; i++) {
    const [x, y] = tests[i] as readonly [number, number];
    // The tables' y points up; board rows count down.
    const cells = placedCells(active.type, to, row - y, col + x);
    if (fits(state.board, state.config.size, cells)) {
      return accepted({ ...state, active: { type: active.type, rotation: to, cells } }, [
        { type: "rotated", direction: turn === 1 ? "cw" : "ccw", from, to, kick: i, offset: [x, y] },
      ]);
    }
  }
  return refused(
    `the ${active.type} has no room to rotate ${turn === 1 ? "clockwise" : "counter-clockwise"}`,
  );
}

function hardDrop(state: StackerState, active: ActivePiece): Applied {
  const size = state.config.size;
  const d = dropDistance(state.board, size, active.cells);
  const landed = { ...active, cells: shifted(active.cells, d, 0) };
  const points = d * HARD_DROP_POINTS_PER_ROW;
  const events: StackerEvent[] = [{ type: "hard_dropped", rows: d }];
  if (points > 0) events.push({ type: "scored", points, reason: "hard_drop" });
  return accepted(lockPiece({ ...state, score: state.score + points }, landed, events), events);
}

/**
 * Hold: the active piece goes to the hold box and the held one (or, the first time, the next
 * piece) spawns fresh; once per piece. A swap whose spawn cells are taken is refused rather than
 * ending the game: the player keeps the piece they had.
 */
function hold(state: StackerState, active: ActivePiece): Applied {
  if (!state.canHold) return refused("hold was already used for this piece");
  const size = state.config.size;
  const rng = cloneRng(state.rng);
  const queue = { next: state.next.slice(), bag: state.bag.slice() };
  const type = state.hold ?? drawPiece(queue, rng);
  const spawned = spawnPiece(type, size);
  if (!fits(state.board, size, spawned.cells)) return refused(`no room to bring out the ${type}`);
  const next = state.hold === null ? { rng, next: queue.next, bag: queue.bag } : {};
  return accepted({ ...state, ...next, active: spawned, hold: active.type, canHold: false }, [
    { type: "held", piece: active.type, released: state.hold },
    { type: "spawned", piece: type },
  ]);
}

function keyAction(state: StackerState, active: ActivePiece, action: KeyAction): Applied {
  switch (action) {
    case "left":
      return move(state, active, -1);
    case "right":
      return move(state, active, 1);
    case "soft_drop":
      return softDrop(state, active);
    case "rotate_cw":
      return rotate(state, active, 1);
    case "rotate_ccw":
      return rotate(state, active, 3);
    case "hard_drop":
      return hardDrop(state, active);
    case "hold":
      return hold(state, active);
    default: {
      const never: never = action;
      return refused(`unknown action ${String(never)}`);
    }
  }
}

export function applyStacker(state: StackerState, command: StackerCommand): Applied {
  if (state.over || state.active === null) return fail("GAME_OVER", "the game is over");
  const active = state.active;
  switch (command.cmd) {
    case "tick":
      return tick(state, active);
    case "key":
      return keyAction(state, active, KEY_ACTIONS[command.key]);
    default: {
      const never: never = command;
      return fail("UNKNOWN_COMMAND", `unknown command ${JSON.stringify(never)}`);
    }
  }
}

/** One key per action (the spec's letters, E for counter-clockwise), then the tick. */
const LEGAL_CANDIDATES: StackerCommand[] = [
  { cmd: "tick" },
  { cmd: "key", key: "A" },
  { cmd: "key", key: "D" },
  { cmd: "key", key: "S" },
  { cmd: "key", key: "Q" },
  { cmd: "key", key: "E" },
  { cmd: "key", key: "Space" },
  { cmd: "key", key: "C" },
];

export function legalStacker(state: StackerState): StackerCommand[] {
  if (state.over) return [];
  return LEGAL_CANDIDATES.filter((command) => applyStacker(state, command).ok).map((c) => ({ ...c }));
}

/** Do `cells` form `type` in `rotation` (anywhere)? */
export function isPieceShape(type: PieceType, rotation: Rotation, cells: readonly Cell[]): boolean {
  if (cells.length !== stateCells(type, rotation).length) return false;
  const [row, col] = boxOrigin(type, rotation, cells);
  const expected = placedCells(type, rotation, row, col);
  const key = (c: readonly number[]) => `${c[0]},${c[1]}`;
  const have = new Set(cells.map(key));
  return have.size === expected.length && expected.every((c) => have.has(key(c)));
}
