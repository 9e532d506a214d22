/**
 * Block Stacker rules: pure functions over plain JSON state. Time is the `tick` command: one
 * automatic step down, or, when that step is blocked, the lock, the line clear and the next spawn
 * (docs/games/stacker.md "Automatic descent", "Locking").
 */
import { type ApplyResult, fail, type GameError } from "../../core/game.js";
import { boardFromText, collapseFullRows } from "../../core/grid.js";
import { cloneRng, seedRng } from "../../core/rng.js";
import { drawPiece, freshBag, spawnPiece } from "./bag.js";
import { canStep, dropDistance, emptyRow, fits, shifted } from "./board.js";
import { HARD_DROP_POINTS_PER_ROW, KEY_ACTIONS, SOFT_DROP_POINTS_PER_ROW } from "./constants.js";
import { stepPiece, turnPiece } from "./moves.js";
import { addLines, addScore, levelForLines, lineClearPoints } from "./scoring.js";
import type {
  ActivePiece,
  KeyAction,
  PieceType,
  StackerCommand,
  StackerConfig,
  StackerEvent,
  StackerState,
} from "./types.js";

export function newGame(config: StackerConfig, seed: number): StackerState {
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
    score = addScore(score, points);
    lines = addLines(lines, cleared.length);
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
  const moved = stepPiece(state.board, state.config.size, active, 0, dc);
  if (moved === null) {
    return refused(`the ${active.type} cannot move ${dc < 0 ? "left" : "right"}: blocked`);
  }
  return accepted({ ...state, active: moved }, [{ type: "moved", direction: dc < 0 ? "left" : "right" }]);
}

/**
 * Soft drop moves one row down for a point. On a resting piece it is the spec's blocked step down:
 * the piece locks at once (docs/games/stacker.md "Locking").
 */
function softDrop(state: StackerState, active: ActivePiece): Applied {
  const down = stepPiece(state.board, state.config.size, active, 1, 0);
  if (down === null) {
    const events: StackerEvent[] = [];
    return accepted(lockPiece(state, active, events), events);
  }
  return accepted({ ...state, active: down, score: addScore(state.score, SOFT_DROP_POINTS_PER_ROW) }, [
    { type: "moved", direction: "down" },
    { type: "scored", points: SOFT_DROP_POINTS_PER_ROW, reason: "soft_drop" },
  ]);
}

function rotate(state: StackerState, active: ActivePiece, turn: 1 | 3): Applied {
  const turned = turnPiece(state.board, state.config.size, active, turn);
  if (turned === null) {
    return refused(
      `the ${active.type} has no room to rotate ${turn === 1 ? "clockwise" : "counter-clockwise"}`,
    );
  }
  const { piece, kick, offset } = turned;
  return accepted({ ...state, active: piece }, [
    {
      type: "rotated",
      direction: turn === 1 ? "cw" : "ccw",
      from: active.rotation,
      to: piece.rotation,
      kick,
      offset,
    },
  ]);
}

function hardDrop(state: StackerState, active: ActivePiece): Applied {
  const size = state.config.size;
  const d = dropDistance(state.board, size, active.cells);
  const landed = { ...active, cells: shifted(active.cells, d, 0) };
  const points = d * HARD_DROP_POINTS_PER_ROW;
  const events: StackerEvent[] = [{ type: "hard_dropped", rows: d }];
  if (points > 0) events.push({ type: "scored", points, reason: "hard_drop" });
  return accepted(lockPiece({ ...state, score: addScore(state.score, points) }, landed, events), events);
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

export function apply(state: StackerState, command: StackerCommand): Applied {
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

export function legal(state: StackerState): StackerCommand[] {
  if (state.over) return [];
  return LEGAL_CANDIDATES.filter((command) => apply(state, command).ok).map((c) => ({ ...c }));
}
