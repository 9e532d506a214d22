/**
 * Match-3's computer player (docs/games/match3.md "Computer player"): every spot where the falling
 * brick can land, reached frame by frame through the 13 command texts of a frame, each spot judged
 * by the cells its lock removes plus the best the next brick can then do, and failing removals by
 * how open it leaves the field. Lands and matches through `runFrame` itself, so what the search
 * predicts is exactly what playing the frames gives.
 */
import { fail, type Hint, ok, type Result } from "../../core/game.js";
import { arcadeTick, isArcade } from "./arcade.js";
import { EMPTY_CELL, STONE_CELL } from "./constants.js";
import { boardWidth, shifted } from "./field.js";
import { applyMoves, FRAME_COMMANDS, parseFrameCommands, runFrame } from "./moves.js";
import type { ActiveBrick, ActiveCell, Match3Command, Match3Event, Match3State } from "./types.js";

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

/**
 * The work one hint may do, in steps (docs/games/match3.md "Computer player", "The bound"): a step
 * is one brick position the breadth-first search expands (its 13 frame texts tried); a lock spot
 * found costs SPOT_STEPS (its cheap estimate), a landing played (lock, matches, next spawn,
 * judgement) LANDING_STEPS, and a search's set-up one step per SETUP_CELLS cells of the field. The
 * weights follow the measured costs on a 100 x 100 field. Counted, never timed, so a replayed `ai`
 * plays the same move.
 */
export const HINT_STEPS = 120_000;
/** Steps per lock spot found (its cells estimated) and per landing played through `runFrame`. */
export const SPOT_STEPS = 3;
export const LANDING_STEPS = 70;
/** Field cells per step of a search's set-up (the fit and drop tables). */
export const SETUP_CELLS = 4;

/**
 * What the searches of one hint share: their buffers (reused, so 9 searches of a 100 x 100 field
 * allocate once) and the steps spent against the budget. One per hint; nothing outlives it.
 */
export class Search {
  spent = 0;
  /** What the steps paid for: searches set up, positions expanded, lock spots found, landings played. */
  searches = 0;
  expanded = 0;
  spotsFound = 0;
  played = 0;
  /** Per position of cell A: 1 when the brick fits there. */
  fit = new Uint8Array(0);
  /** Per position: where a D from it ends (itself when the brick cannot fall). */
  drop = new Int32Array(0);
  /** Per position: where the search reached it from (-1 for the start, -2 unreached). */
  parent = new Int32Array(0);
  /** Per position: the frame text that reached it. */
  via = new Uint8Array(0);
  /** Per position: the position whose frame locks the brick there (-1 when none does). */
  lockFrom = new Int32Array(0);
  lockText = new Uint8Array(0);
  /** The positions to expand, in order (a queue: the layers one after the other). */
  queue = new Int32Array(0);
  /** Lock spots in the order found, and their cells removed as the cheap first estimate. */
  spots = new Int32Array(0);
  promise = new Uint8Array(0);

  constructor(readonly budget: number = HINT_STEPS) {}

  /** Whether `steps` more fit the budget. */
  affords(steps: number): boolean {
    return this.spent + steps <= this.budget;
  }

  ensure(cells: number): void {
    if (this.fit.length >= cells) return;
    this.fit = new Uint8Array(cells);
    this.drop = new Int32Array(cells);
    this.parent = new Int32Array(cells);
    this.via = new Uint8Array(cells);
    this.lockFrom = new Int32Array(cells);
    this.lockText = new Uint8Array(cells);
    this.queue = new Int32Array(cells);
    this.spots = new Int32Array(cells);
    this.promise = new Uint8Array(cells);
  }
}

/** What one search of the brick's landings found: `complete` when nothing was cut by the budget. */
interface Explored {
  list: Landing[];
  /** Each landing's place in the order the search found the spots (the list is in played order). */
  foundAt: number[];
  complete: boolean;
}

/** Highest cheap estimate of cells one lock removes (runs through 3 cells stay far below it). */
const MAX_PROMISE = 63;

/**
 * The cells a lock of `cells` would remove, read straight off the field: the runs of 3 or more
 * through the brick's cells (the field holds none of its own). Used only to order the landings the
 * budget lets the search play; `runFrame` says what a lock really does.
 */
function removalsAt(board: readonly string[], cells: readonly ActiveCell[]): number {
  const symbolAt = (r: number, c: number): string => {
    for (const [br, bc, s] of cells) if (br === r && bc === c) return s;
    return board[r]?.[c] ?? EMPTY_CELL;
  };
  const keys: number[] = [];
  for (const [r, c, s] of cells) {
    for (const [dr, dc] of [
      [0, 1],
      [1, 0],
    ] as const) {
      let lo = 0;
      while (symbolAt(r - (lo + 1) * dr, c - (lo + 1) * dc) === s) lo++;
      let hi = 0;
      while (symbolAt(r + (hi + 1) * dr, c + (hi + 1) * dc) === s) hi++;
      if (lo + hi + 1 < 3) continue;
      for (let k = -lo; k <= hi; k++) {
        const key = (r + k * dr) * 1024 + c + k * dc;
        if (!keys.includes(key)) keys.push(key);
      }
    }
  }
  return Math.min(MAX_PROMISE, keys.length);
}

/**
 * The lock of a brick that cannot fall, by the mode's own rules: the classic frame, or Arcade's tick
 * (gravity, chains, the stage), so what the search predicts is what playing gives.
 */
function lockAt(state: Match3State, brick: ActiveBrick): { state: Match3State; events: Match3Event[] } {
  const at = { ...state, active: brick };
  if (!isArcade(state)) return runFrame(at, []);
  const locked = arcadeTick(at);
  if (!locked.ok) throw new Error(locked.error.message);
  return locked;
}

/**
 * Every spot the active brick can lock in, with a shortest list of frames to get there: a
 * breadth-first search over the brick's positions at the start of each frame, trying the 13 command
 * texts from each (the brick only falls or slides, so each position is visited once). The moves are
 * those of `applyMoves` on tables of numbers; each lock is then played by `runFrame` itself. The
 * budget may cut the search: positions are expanded in breadth-first order and the spots found are
 * played most promising first (most cells removed by the cheap estimate, then the fewest frames).
 * With `first` (the brick itself, not the next one's answers), at least the start and one landing
 * are always done, so a brick always gets a move, and each landing carries its frames.
 */
function explore(state: Match3State, search: Search, first: boolean): Explored {
  const { board, active } = state;
  if (state.over || active === null) return { list: [], foundAt: [], complete: true };
  const width = boardWidth(board);
  const height = board.length;
  const cells = width * height;
  const setup = Math.ceil(cells / SETUP_CELLS);
  if (!first && !search.affords(setup + 1 + LANDING_STEPS)) return { list: [], foundAt: [], complete: false };
  search.spent += setup;
  search.searches++;
  search.ensure(cells);
  const { fit, drop, parent, via, lockFrom, lockText, queue, spots, promise } = search;
  // The brick's cells relative to cell A, which names a position.
  const [a0, b0, c0] = active.cells;
  const across = c0[1] - a0[1];
  const down = c0[0] - a0[0];
  const midR = b0[0] - a0[0];
  const midC = b0[1] - a0[1];
  for (let r = 0; r < height; r++) {
    const row = board[r] as string;
    const mid = board[r + midR];
    const end = board[r + down];
    for (let c = 0; c < width; c++) {
      const p = r * width + c;
      fit[p] =
        c + across < width &&
        end !== undefined &&
        row[c] === EMPTY_CELL &&
        mid?.[c + midC] === EMPTY_CELL &&
        end[c + across] === EMPTY_CELL
          ? 1
          : 0;
      parent[p] = -2;
      lockFrom[p] = -1;
    }
  }
  // Bottom up, so each position's drop is the one below it (or itself).
  for (let r = height - 1; r >= 0; r--) {
    for (let c = 0; c < width; c++) {
      const p = r * width + c;
      const below = p + width;
      drop[p] = r + 1 < height && fit[below] === 1 ? (drop[below] as number) : p;
    }
  }

  const start = a0[0] * width + a0[1];
  parent[start] = -1;
  queue[0] = start;
  let head = 0;
  let tail = 1;
  let found = 0;
  const results = new Int32Array(FRAME_COMMANDS.length);
  const left = (q: number): number => (q % width > 0 && fit[q - 1] === 1 ? q - 1 : q);
  const right = (q: number): number => (q % width < width - 1 && fit[q + 1] === 1 ? q + 1 : q);
  while (head < tail) {
    // Room for this position's spots (13 texts at most) and one landing to play.
    if (!(first && head === 0) && !search.affords(1 + 13 * SPOT_STEPS + LANDING_STEPS)) break;
    search.spent++;
    search.expanded++;
    const p = queue[head++] as number;
    const pl = left(p);
    const pr = right(p);
    const pd = drop[p] as number;
    // FRAME_COMMANDS' order: "", L, R, D, LL, LR, LD, RL, RR, RD, DL, DR, DD.
    results[0] = p;
    results[1] = pl;
    results[2] = pr;
    results[3] = pd;
    results[4] = left(pl);
    results[5] = right(pl);
    results[6] = drop[pl] as number;
    results[7] = left(pr);
    results[8] = right(pr);
    results[9] = drop[pr] as number;
    results[10] = left(pd);
    results[11] = right(pd);
    results[12] = pd;
    for (let text = 0; text < results.length; text++) {
      const s = results[text] as number;
      const q = s + width;
      if (q < cells && fit[q] === 1) {
        if (parent[q] === -2) {
          parent[q] = p;
          via[q] = text;
          queue[tail++] = q;
        }
      } else if (lockFrom[s] === -1) {
        lockFrom[s] = p;
        lockText[s] = text;
        spots[found] = s;
        const r = Math.floor(s / width);
        const moved = shifted(active, r - a0[0], (s % width) - a0[1]);
        promise[found] = removalsAt(board, moved.cells);
        found++;
        search.spent += SPOT_STEPS;
        search.spotsFound++;
      }
    }
  }
  let complete = head === tail;

  const framesTo = (p: number): string[] => {
    const frames: string[] = [];
    for (let q = p; parent[q] !== -1; q = parent[q] as number)
      frames.push(FRAME_COMMANDS[via[q] as number] as string);
    return frames.reverse();
  };
  // The spots by their estimate, most cells first, then in the order found (a counting sort).
  const counts = new Int32Array(MAX_PROMISE + 2);
  for (let i = 0; i < found; i++) {
    const k = MAX_PROMISE - (promise[i] as number) + 1;
    counts[k] = (counts[k] as number) + 1;
  }
  for (let k = 1; k < counts.length; k++) counts[k] = (counts[k] as number) + (counts[k - 1] as number);
  const order = new Int32Array(found);
  for (let i = 0; i < found; i++) {
    const k = MAX_PROMISE - (promise[i] as number);
    order[counts[k] as number] = i;
    counts[k] = (counts[k] as number) + 1;
  }
  const list: Landing[] = [];
  const foundAt: number[] = [];
  for (const i of order) {
    if (!(first && list.length === 0) && !search.affords(LANDING_STEPS)) {
      complete = false;
      break;
    }
    search.spent += LANDING_STEPS;
    search.played++;
    const spot = spots[i] as number;
    const brick = shifted(active, Math.floor(spot / width) - a0[0], (spot % width) - a0[1]);
    // The frame that locks, run from where the brick stands once its commands are applied.
    const { state: after, events } = lockAt(state, brick);
    const removedCells = events.flatMap((e) => (e.type === "removed" ? e.cells : []));
    list.push({
      // The next brick's answers are only judged, never played: their paths are not needed.
      frames: first
        ? [...framesTo(lockFrom[spot] as number), FRAME_COMMANDS[lockText[spot] as number] as string]
        : [],
      cells: brick.cells,
      after,
      removed: removedCells.length,
      removedCells,
    });
    foundAt.push(i);
  }
  return { list, foundAt, complete };
}

/**
 * Every spot the active brick can lock in (as far as the budget of `search` goes: all of them on
 * any field a game makes), most promising first.
 */
export function landings(state: Match3State, search: Search = new Search()): Landing[] {
  return explore(state, search, true).list;
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

/** Whether a position ended with bricks still to come (no room to spawn, or Arcade's topped-out). */
function blocked(state: Match3State): boolean {
  return state.over && state.reason !== undefined && state.reason !== "no-bricks";
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
  if (blocked(landing.after)) return base - WEIGHTS.blocked;
  if (isArcade(landing.after)) return base + arcadeShape(landing.after.board) - arcadeShape(before);
  return base + openingChange(before, landing);
}

/**
 * Arcade's evaluation of a field (gravity leaves no holes, and chains change whole columns, so the
 * whole field is measured; it is at most 16 x 30): equal pairs side by side or one above the other
 * (half of a future run), the square of each column's height (low and flat), and the free rows over
 * the highest column and the spawn's columns (danger near the top).
 */
export function arcadeShape(board: readonly string[]): number {
  const width = boardWidth(board);
  const height = board.length;
  let pairs = 0;
  let squares = 0;
  let highest = 0;
  const tops: number[] = [];
  for (let c = 0; c < width; c++) {
    let top = 0;
    while (top < height && (board[top] as string)[c] === EMPTY_CELL) top++;
    tops.push(top);
    const h = height - top;
    squares += h * h;
    highest = Math.max(highest, h);
    for (let r = top; r < height; r++) {
      const here = (board[r] as string)[c] as string;
      if (here === STONE_CELL) break;
      if ((board[r] as string)[c + 1] === here) pairs++;
      if (board[r + 1]?.[c] === here) pairs++;
    }
  }
  const centre = Math.floor((width - 1) / 2);
  const room = Math.min(3, tops[centre] ?? 0, 3 * Math.min(1, tops[centre - 1] ?? 1, tops[centre + 1] ?? 1));
  const free = height - highest;
  return (
    ARCADE_WEIGHTS.pair * pairs -
    ARCADE_WEIGHTS.square * squares -
    ARCADE_WEIGHTS.spawnRoom * (3 - room) -
    ARCADE_WEIGHTS.danger * Math.max(0, ARCADE_WEIGHTS.safeRows - free)
  );
}

/** Arcade's weights (docs/games/match3.md "Computer player", Arcade), tuned on seeded games. */
export const ARCADE_WEIGHTS = {
  pair: 6,
  square: 1,
  spawnRoom: 60,
  danger: 30,
  safeRows: 5,
} as const;

/**
 * A landing's worth with the next brick's best answer added: the queue is known, so it is certain.
 * Null when the budget cut the answers short: a judgement from some answers only would be unfair to
 * the landings judged in full.
 */
function judge(landing: Landing, before: readonly string[], search: Search): Judged | null {
  const own = worth(landing, before);
  if (blocked(landing.after)) return { landing, value: own, next: 0 };
  const answers = explore(landing.after, search, false);
  if (!answers.complete) return null;
  if (answers.list.length === 0) return { landing, value: own, next: 0 };
  let best = Number.NEGATIVE_INFINITY;
  let next = 0;
  let bestAt = 0;
  answers.list.forEach((answer, i) => {
    const value =
      worth(answer, landing.after.board) - (WEIGHTS.removed - WEIGHTS.nextRemoved) * answer.removed;
    // Equal answers: the one found first says what is set up, whatever order they were played in.
    const at = answers.foundAt[i] as number;
    if (value > best || (value === best && at < bestAt)) {
      best = value;
      next = answer.removed;
      bestAt = at;
    }
  });
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

/** The best landing of a search, what it is worth, and what the search cost. */
export interface BestLanding {
  /** Null once the game is over. */
  best: Judged | null;
  /** Whether some landing would have blocked the next spawn. */
  risky: boolean;
  /** Steps spent (at most the budget, HINT_STEPS unless the search says otherwise). */
  steps: number;
  /** True when the budget cut nothing: every landing found, the LOOKAHEAD best judged in full. */
  complete: boolean;
}

/**
 * The best landing and what it is worth (null once the game is over), and whether some landing
 * would have blocked the next spawn. The LOOKAHEAD best by their own worth (ties in the fixed
 * order) are judged again with the next brick's answers, as far as the budget goes; the best of
 * those judged in full wins (the best by its own worth when none could be).
 */
export function bestLanding(state: Match3State, search: Search = new Search()): BestLanding {
  const explored = explore(state, search, true);
  const all = explored.list.map((landing) => ({ landing, own: worth(landing, state.board) }));
  const risky = all.some(({ landing }) => blocked(landing.after));
  all.sort((x, y) => y.own - x.own || (before(x.landing, y.landing) ? -1 : 1));
  let best: Judged | null = null;
  let complete = explored.complete;
  for (const { landing } of all.slice(0, LOOKAHEAD)) {
    const judged = judge(landing, state.board, search);
    if (judged === null) {
      complete = false;
      break;
    }
    if (
      best === null ||
      judged.value > best.value ||
      (judged.value === best.value && before(landing, best.landing))
    ) {
      best = judged;
    }
  }
  const top = all[0];
  if (best === null && top !== undefined) best = { landing: top.landing, value: top.own, next: 0 };
  return { best, risky, steps: search.spent, complete };
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
