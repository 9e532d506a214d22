/**
 * Block Stacker's computer player (docs/games/stacker.md "Computer player"): for the falling piece,
 * and for the piece a hold would bring out, every place the keys can reach (search.ts) is scored by
 * a feature-weighted evaluation of the board it leaves; the hint is the keys to the best place, `C`
 * first when holding is better. A look-ahead at the first preview piece is an option the bench
 * measures; it did not keep the stack lower, so the hint does without it.
 *
 * The hint depends on the target, never on the path: the score of a place is a function of the
 * board, the piece, its cells and the queue. So after the first key (or a gravity step) the same
 * target still scores the same, still wins, and the next hint continues the same plan.
 */
import { fail, type Hint, ok, type Result } from "../../core/game.js";
import { ghostCells } from "./board.js";
import { KEY_ACTIONS } from "./constants.js";
import { spawnCells } from "./pieces.js";
import { apply } from "./rules.js";
import { type Placement, reachablePlacements, SearchWork } from "./search.js";
import type { Cell, KeyAction, PieceType, StackerCommand, StackerState } from "./types.js";

/**
 * The evaluation's weights. Start: the well-known six-feature player (landing height, eroded cells,
 * row and column transitions, holes, wells) as published for 10 x 20; kept after measuring
 * alternatives on this game's square boards (docs/games/stacker.md "Computer player").
 */
export const WEIGHTS = {
  landingHeight: -4.500158825082766,
  erodedCells: 3.4181268101392694,
  rowTransitions: -3.2178882868487753,
  columnTransitions: -9.348695305445199,
  holes: -7.899265427351652,
  wells: -3.3855972247263626,
};
export type Weights = typeof WEIGHTS;

/**
 * The work one piece's search may do, in positions (search.ts `SearchWork`): the positions it
 * expands plus the places it scores. A hint searches at most two pieces (the falling one and the one
 * a hold brings out), so it costs at most 2 x SEARCH_WORK whatever the board. Real play needs at
 * most 1,160 for the falling piece on 30 x 30 (2,265 for both); the worst loaded positions found need about
 * 3,200, so the bound cuts only those (docs/games/stacker.md "Bounded work").
 */
export const SEARCH_WORK = 2500;

/** A place whose next spawn is blocked ends the game: worse than any board. */
const LOSS = -1e9;
/**
 * How many of the best places for the falling piece get the one-piece look-ahead: none. Measured
 * over 20 games of 1000 pieces (docs/games/stacker.md "Computer player"), looking ahead at the best
 * 6 left a slightly higher stack (2.95 rows against 2.83 on 10 x 10) for a little more time.
 */
const LOOKAHEAD = 0;

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The board as one bitmask per row, bit c = column c filled. */
export function boardBits(board: readonly string[]): number[] {
  return board.map((line) => {
    let bits = 0;
    for (let c = 0; c < line.length; c++) if (line[c] !== ".") bits |= 1 << c;
    return bits;
  });
}

export interface Outcome {
  score: number;
  /** The board after the lock and the clear. */
  rows: number[];
  cleared: number;
  holes: number;
}

function countHoles(rows: readonly number[], full: number): number {
  let cover = 0;
  let holes = 0;
  for (const row of rows) {
    holes += popcount(~row & cover & full);
    cover |= row;
  }
  return holes;
}

/** Locks `cells` into `rows`, clears full rows and scores the board left behind. */
export function evaluate(
  rows: readonly number[],
  size: number,
  cells: readonly Cell[],
  weights: Weights = WEIGHTS,
): Outcome {
  const full = (1 << size) - 1;
  const placed = rows.slice();
  let top = size;
  let bottom = 0;
  for (const [r, c] of cells) {
    placed[r] = (placed[r] as number) | (1 << c);
    top = Math.min(top, r);
    bottom = Math.max(bottom, r);
  }
  let cleared = 0;
  let pieceCellsCleared = 0;
  const kept: number[] = [];
  for (let r = 0; r < size; r++) {
    if (placed[r] === full) {
      cleared++;
      for (const [cr] of cells) if (cr === r) pieceCellsCleared++;
    } else kept.push(placed[r] as number);
  }
  const after = cleared > 0 ? [...new Array<number>(cleared).fill(0), ...kept] : kept;

  let rowTransitions = 0;
  let columnTransitions = 0;
  let wells = 0;
  const walls = full << 1;
  const run = new Array<number>(size).fill(0);
  let above = 0;
  let lastWell = 0;
  for (let r = 0; r < size; r++) {
    const row = after[r] as number;
    // The walls count as filled: a row with walls on both sides, bits 0..size+1.
    const framed = (row << 1) | 1 | (1 << (size + 1));
    rowTransitions += popcount((framed ^ (framed >>> 1)) & (walls | 1));
    columnTransitions += popcount(row ^ above);
    above = row;
    const well = ~row & ((row << 1) | 1) & ((row >>> 1) | (1 << (size - 1))) & full;
    // A well's cells count 1, 2, 3... down its depth; only the columns that are wells are visited.
    for (let w = well; w !== 0; w &= w - 1) {
      const c = 31 - Math.clz32(w & -w);
      const depth = (lastWell >>> c) & 1 ? (run[c] as number) + 1 : 1;
      run[c] = depth;
      wells += depth;
    }
    lastWell = well;
  }
  // The floor counts as filled.
  columnTransitions += popcount(~above & full);
  const holes = countHoles(after, full);
  const landingHeight = size - (top + bottom) / 2;
  const score =
    weights.landingHeight * landingHeight +
    weights.erodedCells * cleared * pieceCellsCleared +
    weights.rowTransitions * rowTransitions +
    weights.columnTransitions * columnTransitions +
    weights.holes * holes +
    weights.wells * wells;
  return { score, rows: after, cleared, holes };
}

function fitsBits(rows: readonly number[], cells: readonly Cell[]): boolean {
  for (const [r, c] of cells) if (((rows[r] as number) >>> c) & 1) return false;
  return true;
}

/** Where `type` lands dropped straight down from the top in each turn and column: the look-ahead's quick guess. */
function dropPlacements(rows: readonly number[], size: number, type: PieceType): Cell[][] {
  const out: Cell[][] = [];
  for (const shape of shapesOf(type)) {
    for (let col = 0; col + shape.width <= size; col++) {
      const fitsAt = (row: number) => {
        for (let i = 0; i < shape.masks.length; i++) {
          if ((rows[row + i] as number) & ((shape.masks[i] as number) << col)) return false;
        }
        return true;
      };
      if (!fitsAt(0)) continue;
      let row = 0;
      while (row + shape.masks.length < size && fitsAt(row + 1)) row++;
      out.push(shape.cells.map(([r, c]) => [r + row, c + col] as Cell));
    }
  }
  return out;
}

interface Shape {
  cells: Cell[];
  /** One bitmask per row of the shape. */
  masks: number[];
  width: number;
}

/** The piece's distinct shapes (an O has one, an I, S or Z two), each moved to its top-left corner. */
const SHAPES = new Map<PieceType, Shape[]>();
function shapesOf(type: PieceType): Shape[] {
  let shapes = SHAPES.get(type);
  if (shapes) return shapes;
  shapes = [];
  const seen = new Set<string>();
  let turned: Cell[] = spawnCells(type, 4);
  for (let rotation = 0; rotation < 4; rotation++) {
    const top = Math.min(...turned.map(([r]) => r));
    const left = Math.min(...turned.map(([, c]) => c));
    const cells = turned
      .map(([r, c]) => [r - top, c - left] as Cell)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const id = cells.join(" ");
    if (!seen.has(id)) {
      seen.add(id);
      const masks = new Array<number>(Math.max(...cells.map(([r]) => r)) + 1).fill(0);
      for (const [r, c] of cells) masks[r] = (masks[r] as number) | (1 << c);
      shapes.push({ cells, masks, width: Math.max(...cells.map(([, c]) => c)) + 1 });
    }
    turned = turned.map(([r, c]) => [c, 3 - r] as Cell);
  }
  SHAPES.set(type, shapes);
  return shapes;
}

export interface Choice {
  placement: Placement;
  /** The evaluation, the look-ahead included. */
  value: number;
  outcome: Outcome;
}

/** What the bench varies to measure the player: the weights, how many places look ahead (bench: 6), holding. */
export interface PlayerOptions {
  weights?: Weights;
  lookahead?: number;
  hold?: boolean;
  /** The work each piece's search may do (SEARCH_WORK unless given: the tests cut it shorter). */
  searchWork?: number;
  /** Counts the work done, for the tests and the bench. */
  spent?: { work: number };
}

/** The best place for the state's falling piece, or null when there is none. */
export function bestPlacement(state: StackerState, options: PlayerOptions = {}): Choice | null {
  const weights = options.weights ?? WEIGHTS;
  const lookahead = options.lookahead ?? LOOKAHEAD;
  const active = state.active;
  if (!active) return null;
  const size = state.config.size;
  const rows = boardBits(state.board);
  const following = state.next[0];
  const work = new SearchWork(options.searchWork ?? SEARCH_WORK);
  const placements = reachablePlacements(state.board, size, active, work);
  work.spent += placements.length;
  if (options.spent) options.spent.work += work.spent;
  const scored = placements.map((placement) => {
    const outcome = evaluate(rows, size, placement.cells, weights);
    const blocked = following !== undefined && !fitsBits(outcome.rows, spawnCells(following, size));
    return { placement, outcome, value: blocked ? LOSS + outcome.score : outcome.score };
  });
  // The order of places is fixed by their score and their cells, never by how the search met them.
  const order = (a: Choice, b: Choice) => b.value - a.value || (a.placement.id < b.placement.id ? -1 : 1);
  scored.sort(order);
  if (following === undefined) return scored[0] ?? null;
  if (lookahead === 0) return scored[0] ?? null;
  const ahead = scored.slice(0, lookahead).map((choice) => {
    if (choice.value <= LOSS / 2) return choice;
    let best = LOSS;
    const drops = dropPlacements(choice.outcome.rows, size, following);
    if (options.spent) options.spent.work += drops.length;
    for (const cells of drops) {
      best = Math.max(best, evaluate(choice.outcome.rows, size, cells, weights).score);
    }
    return { ...choice, value: choice.outcome.score + best };
  });
  ahead.sort(order);
  return ahead[0] ?? null;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function reasonFor(state: StackerState, choice: Choice): string {
  const { cleared, holes } = choice.outcome;
  const before = countHoles(boardBits(state.board), (1 << state.config.size) - 1);
  if (cleared > 0) return `clears ${plural(cleared, "line")}`;
  if (holes <= before) return "fills a hole-free spot";
  return `leaves ${plural(holes - before, "new hole")}, the fewest it can`;
}

function keyCommands(placement: Placement): StackerCommand[] {
  return placement.keys.map((key) => ({ cmd: "key", key }));
}

/**
 * The computer player's move: the keys that bring the falling piece (or, after `C`, the held one)
 * to its best place and drop it. GAME_OVER once the game has ended, ILLEGAL_MOVE with no piece.
 */
export function hint(state: StackerState, options: PlayerOptions = {}): Result<Hint<StackerCommand>> {
  if (state.over) return fail("GAME_OVER", "the game is over");
  const active = state.active;
  if (!active) return fail("ILLEGAL_MOVE", "no piece is falling");
  const here = bestPlacement(state, options);
  if (!here) return fail("ILLEGAL_MOVE", "the piece has nowhere to go");
  let best = { choice: here, state, held: false };
  if (state.canHold && options.hold !== false) {
    // Scored on the very position the hold leads to, so the hint after `C` is this same plan.
    const swapped = apply(state, { cmd: "key", key: "C" });
    const there = swapped.ok ? bestPlacement(swapped.state, options) : null;
    if (swapped.ok && there && there.value > here.value)
      best = { choice: there, state: swapped.state, held: true };
  }
  const { choice } = best;
  const commands = keyCommands(choice.placement);
  const reason = reasonFor(best.state, choice);
  if (!best.held) return ok({ commands, reason });
  return ok({
    commands: [{ cmd: "key", key: "C" }, ...commands],
    reason: `holds the ${active.type}, plays the ${best.state.active?.type}: ${reason}`,
  });
}

/** Where a hint's keys put the piece: the piece they drop (after a hold, the one brought out) and its cells. */
export function hintTarget(
  state: StackerState,
  commands: readonly StackerCommand[],
): { type: PieceType; cells: Cell[] } | null {
  let s = state;
  for (const command of commands) {
    if (command.cmd === "key" && command.key === "Space") break;
    const r = apply(s, command);
    if (!r.ok) return null;
    s = r.state;
  }
  if (!s.active) return null;
  return { type: s.active.type, cells: ghostCells(s) };
}

const KEY_WORDS: Record<KeyAction, string> = {
  left: "left",
  right: "right",
  soft_drop: "down",
  rotate_cw: "turn",
  rotate_ccw: "turn back",
  hard_drop: "drop",
  hold: "hold",
};

/** The keys in words, repeats counted: "hold, turn, left x3, drop". */
export function hintKeysText(commands: readonly StackerCommand[]): string {
  const words: string[] = [];
  let last = "";
  let count = 0;
  const flush = () => {
    if (count > 0) words.push(count > 1 ? `${last} x${count}` : last);
  };
  for (const command of commands) {
    const word = command.cmd === "key" ? KEY_WORDS[KEY_ACTIONS[command.key]] : "wait";
    if (word === last) count++;
    else {
      flush();
      last = word;
      count = 1;
    }
  }
  flush();
  return words.join(", ");
}

/**
 * Is `b` the same turn as `a`: the same piece falling on the same board with the same queue and
 * hold, only moved or turned? A shown hint follows the piece through such changes (its keys are
 * asked again) and goes once the piece locks or is held.
 */
export function sameTurn(a: StackerState, b: StackerState): boolean {
  const same = (x: readonly string[], y: readonly string[]) =>
    x === y || (x.length === y.length && x.every((v, i) => v === y[i]));
  return (
    same(a.board, b.board) &&
    same(a.next, b.next) &&
    a.hold === b.hold &&
    a.canHold === b.canHold &&
    a.over === b.over &&
    a.active?.type === b.active?.type
  );
}
