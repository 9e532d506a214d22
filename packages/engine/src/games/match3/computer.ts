/**
 * Match-3's computer player (docs/games/match3.md "Computer player"): every spot where the falling
 * brick can land, reached frame by frame through the 13 command texts of a frame, each spot judged
 * by the cells its lock removes plus the best the next brick can then do, and failing removals by
 * how open it leaves the field. Lands and matches through `runFrame` itself, so what the search
 * predicts is exactly what playing the frames gives.
 */
import { fail, type Hint, ok, type Result } from "../../core/game.js";
import { isArcade } from "./arcade.js";
import { EMPTY_CELL } from "./constants.js";
import { boardWidth, shifted } from "./field.js";
import { applyMoves, FRAME_COMMANDS, parseFrameCommands, runFrame } from "./rules.js";
import type {
  ActiveBrick,
  ActiveCell,
  Match3Command,
  Match3Event,
  Match3State,
  MoveCommand,
} from "./types.js";

/** One spot the active brick can lock in, and the frames that bring it there. */
export interface Landing {
  /** One command text per frame; the last frame's automatic drop locks the brick. */
  frames: string[];
  /** The brick's cells where it locks. */
  cells: ActiveBrick["cells"];
  /** The position after the lock, its matches and the next spawn (or the end). */
  after: Match3State;
  /** Cells the lock's matches removed. */
  removed: number;
  removedCells: ActiveCell[];
}

/** Each frame's command texts as moves, parsed once. */
const FRAME_MOVES: readonly (readonly MoveCommand[])[] = FRAME_COMMANDS.map((c) => parseFrameCommands(c));

/**
 * Every spot the active brick can lock in, with a shortest list of frames to get there: a
 * breadth-first search over the brick's positions at the start of each frame, trying the 13 command
 * texts from each (the brick only falls or slides, so each position is visited once). The moves are
 * those of `applyMoves` on a grid of numbers, fast enough for 100 x 100; each lock is then played by
 * `runFrame` itself. Spots come in discovery order; the hint orders them itself.
 */
export function landings(state: Match3State): Landing[] {
  const { board, active } = state;
  if (state.over || active === null) return [];
  const width = boardWidth(board);
  const height = board.length;
  const filled = new Uint8Array(width * height);
  board.forEach((row, r) => {
    for (let c = 0; c < width; c++) if (row[c] !== EMPTY_CELL) filled[r * width + c] = 1;
  });
  // The brick's cells relative to cell A, which names a position.
  const [a0, , c0] = active.cells;
  const across = c0[1] - a0[1];
  const down = c0[0] - a0[0];
  const fitsAt = (r: number, c: number): boolean =>
    r >= 0 &&
    c >= 0 &&
    r + down < height &&
    c + across < width &&
    filled[r * width + c] === 0 &&
    filled[(r + down / 2) * width + c + across / 2] === 0 &&
    filled[(r + down) * width + c + across] === 0;
  // How far D takes the brick from each position, filled in as the search asks.
  const dropped = new Int32Array(width * height).fill(-1);
  const dropRow = (r: number, c: number): number => {
    let bottom = r;
    while (fitsAt(bottom + 1, c)) {
      const known = dropped[(bottom + 1) * width + c] as number;
      if (known >= 0) {
        bottom = known;
        break;
      }
      bottom++;
    }
    dropped[r * width + c] = bottom;
    return bottom;
  };

  const start = a0[0] * width + a0[1];
  // Where each position was reached from (-1 for the start) and by which frame text.
  const parent = new Int32Array(width * height).fill(-2);
  const via = new Uint8Array(width * height);
  parent[start] = -1;
  const locks = new Map<number, { from: number; text: number }>();
  let layer = [start];
  while (layer.length > 0) {
    const next: number[] = [];
    for (const p of layer) {
      FRAME_MOVES.forEach((moves, text) => {
        let r = Math.floor(p / width);
        let c = p % width;
        for (const move of moves) {
          if (move === "L" && fitsAt(r, c - 1)) c--;
          else if (move === "R" && fitsAt(r, c + 1)) c++;
          else if (move === "D" && fitsAt(r + 1, c)) r = dropRow(r, c);
        }
        if (fitsAt(r + 1, c)) {
          const q = (r + 1) * width + c;
          if (parent[q] === -2) {
            parent[q] = p;
            via[q] = text;
            next.push(q);
          }
        } else if (!locks.has(r * width + c)) {
          locks.set(r * width + c, { from: p, text });
        }
      });
    }
    layer = next;
  }

  const framesTo = (p: number): string[] => {
    const frames: string[] = [];
    for (let q = p; parent[q] !== -1; q = parent[q] as number)
      frames.push(FRAME_COMMANDS[via[q] as number] as string);
    return frames.reverse();
  };
  return [...locks].map(([spot, { from, text }]) => {
    const brick = shifted(active, Math.floor(spot / width) - a0[0], (spot % width) - a0[1]);
    // The frame that locks, run from where the brick stands once its commands are applied.
    const { state: after, events } = runFrame({ ...state, active: brick }, []);
    const removedCells = events.flatMap((e) => (e.type === "removed" ? e.cells : []));
    return {
      frames: [...framesTo(from), FRAME_COMMANDS[text] as string],
      cells: brick.cells,
      after,
      removed: removedCells.length,
      removedCells,
    };
  });
}

/** Weights of the evaluation, tuned on the bench's seeded games (docs: "Computer player"). */
export const WEIGHTS = {
  /** Per cell removed by this brick. */
  removed: 100,
  /** Per cell the next brick's best landing removes: as certain (the queue is known), a shade later. */
  nextRemoved: 90,
  /** A spawn blocked while bricks remain ends the game and forfeits them. */
  blocked: 1000,
  /** Per pair of equal symbols side by side or one above the other: half of a future run. */
  pair: 4,
  /** Per row the stationary cells reach, summed over the columns. */
  height: 1,
  /** Per row missing from the three free rows the spawn columns need. */
  spawnRoom: 25,
} as const;

/** How many landings, the best by their own worth, are judged with the next brick's answers. */
export const LOOKAHEAD = 8;

/** Rows and columns of a field, both ends included. */
interface Area {
  rows: [number, number];
  cols: [number, number];
}

/**
 * How open a field is, over an area (the whole field unless given): equal pairs (side by side or
 * one above the other) starting in it, the heights of its columns, and the spawn's room. Only
 * differences between fields count, so the search measures just the area a lock changed.
 */
export function openness(board: readonly string[], area?: Area): number {
  const width = boardWidth(board);
  const height = board.length;
  const [r0, r1] = area?.rows ?? [0, height - 1];
  const [c0, c1] = area?.cols ?? [0, width - 1];
  let pairs = 0;
  let heights = 0;
  for (let c = Math.max(0, c0); c <= Math.min(width - 1, c1); c++) {
    for (let r = Math.max(0, r0); r <= Math.min(height - 1, r1); r++) {
      const here = (board[r] as string)[c] as string;
      if (here === EMPTY_CELL) continue;
      if ((board[r] as string)[c + 1] === here) pairs++;
      if (board[r + 1]?.[c] === here) pairs++;
    }
    let top = 0;
    while (top < height && (board[top] as string)[c] === EMPTY_CELL) top++;
    heights += height - top;
  }
  // Every brick spawns around the centre column: V needs 3 free rows there, H the row on each side.
  const centre = Math.floor((width - 1) / 2);
  let room = 3;
  for (let c = centre - 1; c <= centre + 1; c++) {
    if (c < 0 || c >= width) continue;
    let free = 0;
    while (free < 3 && board[free]?.[c] === EMPTY_CELL) free++;
    room = Math.min(room, c === centre ? free : Math.min(free, 1) * 3);
  }
  return WEIGHTS.pair * pairs - WEIGHTS.height * heights - WEIGHTS.spawnRoom * (3 - room);
}

/** How much more open a landing leaves the field than it found it: measured where cells changed. */
function openingChange(before: readonly string[], landing: Landing): number {
  const changed = [...landing.cells, ...landing.removedCells];
  const rows = changed.map(([r]) => r);
  const cols = changed.map(([, c]) => c);
  // A pair starts at a changed cell or at its left or upper neighbour.
  const area: Area = {
    rows: [Math.min(...rows) - 1, Math.max(...rows)],
    cols: [Math.min(...cols) - 1, Math.max(...cols)],
  };
  return openness(landing.after.board, area) - openness(before, area);
}

/** Whether a position ended because its next brick had no room, with bricks still to come. */
function blocked(state: Match3State): boolean {
  return state.over && state.reason === "spawn-blocked";
}

interface Judged {
  landing: Landing;
  value: number;
  /** Cells the next brick's best answer removes. */
  next: number;
}

/**
 * A landing's own worth from the field it found: its removals, and the end it causes or how much
 * more open it leaves the field.
 */
function worth(landing: Landing, before: readonly string[]): number {
  const base = WEIGHTS.removed * landing.removed;
  return base + (blocked(landing.after) ? -WEIGHTS.blocked : openingChange(before, landing));
}

/** A landing's worth with the next brick's best answer added: the queue is known, so it is certain. */
function judge(landing: Landing, before: readonly string[]): Judged {
  const own = worth(landing, before);
  const answers = blocked(landing.after) ? [] : landings(landing.after);
  if (answers.length === 0) return { landing, value: own, next: 0 };
  let best = Number.NEGATIVE_INFINITY;
  let next = 0;
  for (const answer of answers) {
    const value =
      worth(answer, landing.after.board) - (WEIGHTS.removed - WEIGHTS.nextRemoved) * answer.removed;
    if (value > best) {
      best = value;
      next = answer.removed;
    }
  }
  return { landing, value: own + best, next };
}

/**
 * The fixed order among equal values: the lowest landing, then the leftmost. It depends on the spot
 * only, never on the path, so the hint keeps the same target as the brick follows it.
 */
function before(a: Landing, b: Landing): boolean {
  const [ra, ca] = a.cells[0];
  const [rb, cb] = b.cells[0];
  return ra !== rb ? ra > rb : ca < cb;
}

/**
 * The best landing and what it is worth (null once the game is over), and whether some landing
 * would have blocked the next spawn. The LOOKAHEAD best by their own worth (ties in the fixed
 * order) are judged again with the next brick's answers.
 */
export function bestLanding(state: Match3State): { best: Judged | null; risky: boolean } {
  const all = landings(state).map((landing) => ({ landing, own: worth(landing, state.board) }));
  const risky = all.some(({ landing }) => blocked(landing.after));
  all.sort((x, y) => y.own - x.own || (before(x.landing, y.landing) ? -1 : 1));
  let best: Judged | null = null;
  for (const { landing } of all.slice(0, LOOKAHEAD)) {
    const judged = judge(landing, state.board);
    if (
      best === null ||
      judged.value > best.value ||
      (judged.value === best.value && before(landing, best.landing))
    ) {
      best = judged;
    }
  }
  return { best, risky };
}

function cellsWord(n: number): string {
  return `${n} cell${n === 1 ? "" : "s"}`;
}

/** Short words for the plan: what the landing does, or what it avoids. */
function reasonFor(best: Judged, risky: boolean): string {
  const { landing } = best;
  const later = landing.frames.length > 1 ? "heads for a landing that " : "";
  if (landing.removed > 0) return `${later}removes ${cellsWord(landing.removed)}`;
  if (best.next > 0) return `${later}sets up ${cellsWord(best.next)} for the next brick`;
  if (risky && !blocked(landing.after)) return `${later}keeps the spawn clear`;
  return `${later}keeps the field low and open`;
}

/**
 * A landing's frames as Arcade commands: each frame's moves that do move the brick (Arcade refuses
 * the others), then a tick for the frame's automatic drop; the last tick locks the brick.
 */
export function arcadeCommands(state: Match3State, frames: readonly string[]): Match3Command[] {
  const commands: Match3Command[] = [];
  let active = state.active;
  if (active === null) return commands;
  for (const text of frames) {
    for (const move of parseFrameCommands(text)) {
      const events: Match3Event[] = [];
      active = applyMoves(state.board, active, [move], events);
      if (events[0]?.type === "moved") commands.push({ cmd: "move", move });
    }
    commands.push({ cmd: "tick" });
    active = shifted(active, 1, 0);
  }
  return commands;
}

/**
 * The computer player's move: in the classic game the first frame of the way to the best landing;
 * in Arcade the whole way there, moves and ticks, ending with the tick that locks the brick.
 */
export function hint(state: Match3State): Result<Hint<Match3Command>> {
  if (state.over) return fail("GAME_OVER", `the game is over (${state.reason ?? "ended"}); start a new one`);
  const { best, risky } = bestLanding(state);
  const first = best?.landing.frames[0];
  if (best === null || first === undefined) return fail("ILLEGAL_MOVE", "there is no brick to move");
  const reason = reasonFor(best, risky);
  if (isArcade(state)) return ok({ commands: arcadeCommands(state, best.landing.frames), reason });
  return ok({ commands: [{ cmd: "frame", commands: first }], reason });
}
