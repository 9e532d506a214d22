/**
 * The expert player (docs/games/blocky.md "Computer player"): every valid move at every level is
 * scored exactly (goal scores after the move, minus the penalty the rules charge), then the most
 * promising few (and passing) are checked against the next mover's reply (the opponent's best own
 * gain, or the expert's own second move when it plays alone), as far as a fixed work budget allows. The value of a
 * position is the mover's margin: its score minus the best other player's score (its score alone
 * in solitaire). It passes unless a move is strictly better than passing.
 *
 * Pure and deterministic: no clock (the budget counts cells scored, the same on every machine), and
 * a smash is scored on the children the state's rng will give it, so the move hinted is exactly the
 * move played.
 */
import { cloneRng, type RngState } from "../../core/rng.js";
import { actOn, majorityColour } from "./actions.js";
import { ACTIONS, PENALTY } from "./constants.js";
import { goalScore, Scratch } from "./scoring.js";
import { blockAt, boardSize, colourIndex, flatten, isLeaf, paintBlock, regionOf, replaceAt } from "./tree.js";
import type { Action, Block, Goal, PlayerKind } from "./types.js";

/**
 * Work is counted in unit cells touched: a changed square painted and put back, and the cells a blob
 * recount floods. The first search (every valid move) may touch up to EXPERT_SEARCH_WORK cells, about
 * six times what the largest boards a config makes need with two blob goals (a complete depth-6 board
 * about 700,000, generated ones up to 780,000), so it stops early only on the deeper boards of `load`. The reply checks then share EXPERT_WORK,
 * about 120 depth-6 boards; see docs/games/blocky.md "Computer player" for the times.
 */
export const EXPERT_SEARCH_WORK = 1024 * 4096;
/**
 * The hard bound on one decision's whole work (`Meter`: the cells above plus listing moves, copying
 * blocks and perimeter recounts), whatever position `load` gives: sized so that the worst positions
 * found take under 50 ms of CPU, and above what the bench's games need (2,119,104 at most, a depth-6
 * perimeter reply check), so it never cuts them (docs/games/blocky.md "Computer player").
 */
export const EXPERT_MAX_WORK = 2_250_000;
export const EXPERT_WORK = 120 * 4096;
/** At most this many of the best first moves are checked against the next mover's best reply. */
export const EXPERT_LOOKAHEAD = 6;
/**
 * The endgame search runs when at most EXPERT_HORIZON moves are left (all seats' moves, this one
 * included) and the budget pays for it: the expert's best EXPERT_BREADTH moves and the pass at each
 * of its turns, the likeliest EXPERT_REPLIES replies of each other seat.
 */
export const EXPERT_HORIZON = 3;
export const EXPERT_BREADTH = 6;
export const EXPERT_REPLIES = 4;

export interface ExpertSeat {
  goal: Goal;
  penalty: number;
  /** The seat's kind and a smart seat's difficulty: how its reply is expected. */
  kind?: PlayerKind;
  difficulty?: number;
}

export interface ExpertInput {
  tree: Block;
  maxDepth: number;
  players: readonly ExpertSeat[];
  /** Index of the player to move. */
  mover: number;
  /** Moves left in the game, this one included: no lookahead past the last. */
  movesLeft: number;
  rng: RngState;
}

export interface ExpertMove {
  action: Action;
  path: number[];
  /** The block the move makes (a smash's children drawn from the state's rng). */
  block: Block;
  /** The rng after the move (advanced by a smash only). */
  rng: RngState;
  /** Every player's goal score before and after the move (penalties not included). */
  before: number[];
  after: number[];
  cost: number;
  /** True when the reply check, not the move's own gain, decided. */
  lookahead: boolean;
  /** The work the decision did (`Meter`), never more than EXPERT_MAX_WORK and one move past it. */
  work: number;
}

export interface Candidate {
  action: Action;
  path: number[];
  block: Block;
  rng: RngState;
  goals: number[];
  /** The mover's margin right after the move. */
  value: number;
  order: number;
}

/** Bit i set when the block holds colour index i somewhere. */
function colourMask(block: Block): number {
  if (isLeaf(block)) return 1 << colourIndex(block);
  return colourMask(block[0]) | colourMask(block[1]) | colourMask(block[2]) | colourMask(block[3]);
}

/**
 * Writes into `work` the square at (row, col) of side `size` of `base` as `action` leaves it:
 * clockwise, the cell at (r, c) of the square takes the one at (size - 1 - c, r); counter-clockwise
 * the one at (c, size - 1 - r); a swap trades the halves (left and right, or top and bottom) as they are.
 */
function moveRegion(
  base: Uint8Array,
  work: Uint8Array,
  n: number,
  row: number,
  col: number,
  size: number,
  action: "rotate_cw" | "rotate_ccw" | "swap_h" | "swap_v",
): void {
  const half = size / 2;
  for (let r = 0; r < size; r++) {
    const to = (row + r) * n + col;
    if (action === "swap_h") {
      const from = (row + r) * n + col;
      work.set(base.subarray(from + half, from + size), to);
      work.set(base.subarray(from, from + half), to + half);
    } else if (action === "swap_v") {
      const from = (row + ((r + half) % size)) * n + col;
      work.set(base.subarray(from, from + size), to);
    } else if (action === "rotate_cw") {
      for (let c = 0; c < size; c++) work[to + c] = base[(row + size - 1 - c) * n + col + r] as number;
    } else {
      for (let c = 0; c < size; c++) work[to + c] = base[(row + c) * n + col + size - 1 - r] as number;
    }
  }
}

/** The edge-connected groups of one colour on the board before the move, largest first. */
class Groups {
  readonly label: Int32Array;
  readonly sizes: number[] = [];
  /** Group ids by size, largest first. */
  readonly bySize: number[];
  /** Per group: the evaluator's pass that last saw it near a changed square. */
  readonly seen: Int32Array;
  constructor(grid: Uint8Array, n: number, c: number) {
    const label = new Int32Array(n * n).fill(-1);
    const stack = new Int32Array(n * n);
    for (let start = 0; start < n * n; start++) {
      if (label[start] !== -1 || grid[start] !== c) continue;
      const id = this.sizes.length;
      label[start] = id;
      let top = 0;
      stack[top++] = start;
      let size = 0;
      while (top > 0) {
        const i = stack[--top] as number;
        size++;
        const r = (i / n) | 0;
        const col = i - r * n;
        if (r > 0 && label[i - n] === -1 && grid[i - n] === c) {
          label[i - n] = id;
          stack[top++] = i - n;
        }
        if (r < n - 1 && label[i + n] === -1 && grid[i + n] === c) {
          label[i + n] = id;
          stack[top++] = i + n;
        }
        if (col > 0 && label[i - 1] === -1 && grid[i - 1] === c) {
          label[i - 1] = id;
          stack[top++] = i - 1;
        }
        if (col < n - 1 && label[i + 1] === -1 && grid[i + 1] === c) {
          label[i + 1] = id;
          stack[top++] = i + 1;
        }
      }
      this.sizes.push(size);
    }
    this.label = label;
    this.seen = new Int32Array(this.sizes.length);
    this.bySize = this.sizes
      .map((_, i) => i)
      .sort((x, y) => (this.sizes[y] as number) - (this.sizes[x] as number));
  }
}

/**
 * All the work one decision does, against its hard bound (EXPERT_MAX_WORK): the cells the plan
 * counts plus what it leaves out (flattening, copying blocks, perimeter recounts, listing moves).
 * Every search of the decision charges the same meter, so the whole decision stays within it.
 */
export interface Meter {
  work: number;
  readonly limit: number;
}

export function unlimited(): Meter {
  return { work: 0, limit: Number.POSITIVE_INFINITY };
}

/** Scores candidate boards for every player's goal, counting the work it does. */
export class Evaluator {
  readonly n: number;
  readonly base: Uint8Array;
  readonly work: Uint8Array;
  readonly baseGoals: number[];
  readonly scratch = new Scratch();
  readonly groups = new Map<number, Groups>();
  /** Flood marks for `localBlob`: a cell is visited when its mark equals the current pass. */
  readonly marks: Int32Array;
  readonly stack: Int32Array;
  pass = 0;
  readonly masks = new Map<Block, number>();
  /** Unit cells painted and flooded: what the search plans with (the reply checks it affords). */
  spent = 0;
  constructor(
    readonly tree: Block,
    readonly maxDepth: number,
    readonly goals: readonly Goal[],
    readonly meter: Meter,
  ) {
    this.n = boardSize(maxDepth);
    this.base = flatten(tree, maxDepth);
    // Flattening the board and copying it.
    this.meter.work += 2 * this.n * this.n;
    this.work = this.base.slice();
    this.marks = new Int32Array(this.n * this.n);
    this.stack = new Int32Array(this.n * this.n);
    this.baseGoals = goals.map((g) => this.full(g));
  }

  /** Cells both the plan and the hard bound count. */
  private charge(cells: number): void {
    this.spent += cells;
    this.meter.work += cells;
  }

  private full(goal: Goal): number {
    if (goal.type === "blob") this.charge(this.n * this.n);
    else this.meter.work += 4 * this.n;
    return goalScore(this.work, this.n, goal, this.scratch);
  }

  private groupsOf(c: number): Groups {
    let g = this.groups.get(c);
    if (!g) {
      g = new Groups(this.base, this.n, c);
      this.charge(this.n * this.n);
      this.groups.set(c, g);
    }
    return g;
  }

  /**
   * The largest group of colour `c` on `work`, which differs from the board only in the square at
   * (row, col) of side `size`. A group of the board that neither enters the square nor borders it is
   * unchanged; every other group is found again by a flood from the square and its border, so the
   * work is the square, its border and the groups that reach them, not the whole board.
   */
  private localBlob(c: number, row: number, col: number, size: number): number {
    const n = this.n;
    const groups = this.groupsOf(c);
    const work = this.work;
    const marks = this.marks;
    const stack = this.stack;
    const pass = ++this.pass;
    const seen = groups.seen;
    let top = 0;
    let best = 0;
    const r0 = Math.max(0, row - 1);
    const r1 = Math.min(n - 1, row + size);
    const c0 = Math.max(0, col - 1);
    const c1 = Math.min(n - 1, col + size);
    // Seeds: the square and the ring around it (no corners: they do not border the square).
    for (let r = r0; r <= r1; r++) {
      for (let q = c0; q <= c1; q++) {
        const inRow = r >= row && r < row + size;
        const inCol = q >= col && q < col + size;
        if (!inRow && !inCol) continue;
        const i = r * n + q;
        const id = groups.label[i] as number;
        if (id >= 0) seen[id] = pass;
        if (work[i] !== c || marks[i] === pass) continue;
        marks[i] = pass;
        stack[top++] = i;
        let count = 0;
        while (top > 0) {
          const j = stack[--top] as number;
          count++;
          const jr = (j / n) | 0;
          const jc = j - jr * n;
          if (jr > 0 && marks[j - n] !== pass && work[j - n] === c) {
            marks[j - n] = pass;
            stack[top++] = j - n;
          }
          if (jr < n - 1 && marks[j + n] !== pass && work[j + n] === c) {
            marks[j + n] = pass;
            stack[top++] = j + n;
          }
          if (jc > 0 && marks[j - 1] !== pass && work[j - 1] === c) {
            marks[j - 1] = pass;
            stack[top++] = j - 1;
          }
          if (jc < n - 1 && marks[j + 1] !== pass && work[j + 1] === c) {
            marks[j + 1] = pass;
            stack[top++] = j + 1;
          }
        }
        this.charge(count);
        if (count > best) best = count;
      }
    }
    this.charge((r1 - r0 + 1) * (c1 - c0 + 1));
    // The largest group the move cannot have changed.
    for (const id of groups.bySize) {
      if (seen[id] !== pass) {
        best = Math.max(best, groups.sizes[id] as number);
        break;
      }
    }
    return best;
  }

  /** The colours of a block of the board, kept per block (its four turns and swaps share it). */
  private maskOf(block: Block): number {
    if (isLeaf(block)) return 1 << colourIndex(block);
    let mask = this.masks.get(block);
    if (mask === undefined) {
      mask = colourMask(block);
      this.masks.set(block, mask);
    }
    return mask;
  }

  /**
   * Every goal's score once the block at `path` (now `old`) becomes `block` by `action`. A turn or a
   * swap keeps the block's colours and moves its cells: they are copied from the board, not painted
   * from the tree (the same cells, without walking every block below).
   */
  score(path: readonly number[], old: Block, block: Block, action?: Action): number[] {
    const { row, col, size } = regionOf(path, this.maxDepth);
    const n = this.n;
    const moved =
      action === "rotate_cw" || action === "rotate_ccw" || action === "swap_h" || action === "swap_v";
    const oldMask = this.maskOf(old);
    const touched = moved ? oldMask : oldMask | colourMask(block);
    const onEdge = row === 0 || col === 0 || row + size === n || col + size === n;
    if (moved) moveRegion(this.base, this.work, n, row, col, size, action);
    else paintBlock(this.work, n, block, row, col, size);
    // Painting the square and putting it back is work too (a top-level rotation repaints the board);
    // making the block (a turn copies every block below) and reading its colours count as much again.
    this.charge(2 * size * size);
    this.meter.work += 2 * size * size;
    const scores = this.goals.map((goal, i) => {
      const c = colourIndex(goal.colour);
      // A colour the move neither removes nor adds keeps its groups, so its score stands.
      if (!(touched & (1 << c))) return this.baseGoals[i] as number;
      if (goal.type === "perimeter") {
        if (!onEdge) return this.baseGoals[i] as number;
        this.meter.work += 4 * n;
        return goalScore(this.work, n, goal);
      }
      return this.localBlob(c, row, col, size);
    });
    // Put the region back so `work` equals the board again.
    for (let r = row; r < row + size; r++)
      this.work.set(this.base.subarray(r * n + col, r * n + col + size), r * n + col);
    return scores;
  }
}

/** The mover's margin: its score minus the best other score (its score alone when it plays alone). */
function margin(scores: readonly number[], mover: number): number {
  let best = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < scores.length; i++)
    if (i !== mover && (scores[i] as number) > best) best = scores[i] as number;
  const own = scores[mover] as number;
  return best === Number.NEGATIVE_INFINITY ? own : own - best;
}

/**
 * What one candidate costs besides its square and its recounts, in unit cells: listing the move,
 * carrying it out and keeping it (measured against the cells' cost, docs/games/blocky.md "Computer
 * player"). Without it a board of many tiny blocks would look cheap to search.
 */
export const CANDIDATE_WORK = 48;
/** Walking past a unit cell that has no move (already the mover's colour). */
const CELL_WALK_WORK = 4;

/**
 * A move's place in `validMoves` order (blocks in preorder, actions in ACTIONS order) as a number,
 * the pass 0: the path's child indices + 1 as base-5 digits padded to the depth, then the action.
 * Ties between candidates go to the lower key, so the order the search meets them does not matter.
 */
function preorderKey(path: readonly number[], maxDepth: number, action: Action): number {
  let key = 0;
  for (let level = 0; level < maxDepth; level++)
    key = key * 5 + (level < path.length ? (path[level] as number) + 1 : 0);
  return key * 8 + ACTIONS.indexOf(action) + 1;
}

/**
 * The valid moves of `validMoves`, level by level from the top-level block down (each block's
 * moves in the same action order), handed to `visit` until it answers false (a unit cell with no
 * move is handed over as null, so that walking past it is counted too). A search the budget
 * cuts short has then seen every move of the larger blocks, the ones that change the most.
 */
function movesByLevel(
  tree: Block,
  maxDepth: number,
  paintColour: Goal["colour"],
  visit: (action: Action | null, path: number[]) => boolean,
): boolean {
  let level: { block: Block; path: number[] }[] = [{ block: tree, path: [] }];
  for (let depth = 0; level.length > 0; depth++) {
    const below: { block: Block; path: number[] }[] = [];
    for (const { block, path } of level) {
      if (isLeaf(block)) {
        if (depth < maxDepth) {
          if (!visit("smash", path)) return false;
        } else if (!visit(block !== paintColour ? "paint" : null, path)) return false;
        continue;
      }
      for (const action of SPLIT_ACTIONS) if (!visit(action, path)) return false;
      if (
        depth === maxDepth - 1 &&
        block.every(isLeaf) &&
        majorityColour(block as readonly Goal["colour"][]) !== null &&
        !visit("combine", path)
      )
        return false;
      for (let i = 0; i < 4; i++) below.push({ block: block[i] as Block, path: [...path, i] });
    }
    level = below;
  }
  return true;
}

const SPLIT_ACTIONS = ["rotate_cw", "rotate_ccw", "swap_h", "swap_v"] as const;

/**
 * Every candidate of the mover, scored (exported for the tests): the pass first, then the valid
 * moves level by level (`movesByLevel`), each with its `validMoves` place as `order`; stops when the
 * budget runs out (a loaded board larger than a config makes), having scored the larger blocks' moves.
 */
export function candidates(
  input: ExpertInput,
  budget: number,
  meter: Meter = unlimited(),
): { list: Candidate[]; spent: number; complete: boolean } {
  const { tree, maxDepth, players, mover } = input;
  const goals = players.map((p) => p.goal);
  const penalties = players.map((p) => p.penalty);
  const evaluator = new Evaluator(tree, maxDepth, goals, meter);
  const own = players[mover] as ExpertSeat;
  const scoresOf = (goalScores: readonly number[], cost: number) =>
    goalScores.map((g, i) => g - (penalties[i] as number) - (i === mover ? cost : 0));
  const list: Candidate[] = [
    {
      action: "pass",
      path: [],
      block: tree,
      rng: input.rng,
      goals: evaluator.baseGoals,
      value: margin(scoresOf(evaluator.baseGoals, 0), mover),
      order: 0,
    },
  ];
  const complete = movesByLevel(tree, maxDepth, own.goal.colour, (action, path) => {
    if (evaluator.spent >= budget || meter.work >= meter.limit) return false;
    if (action === null) {
      meter.work += CELL_WALK_WORK;
      return true;
    }
    meter.work += CANDIDATE_WORK;
    const old = blockAt(tree, path) as Block;
    const rng = action === "smash" ? cloneRng(input.rng) : input.rng;
    const outcome = actOn(old, path.length, action, maxDepth, own.goal.colour, rng);
    // movesByLevel lists only valid moves, so the outcome is always ok.
    if (!outcome.ok) return true;
    const goalScores = evaluator.score(path, old, outcome.block, action);
    list.push({
      action,
      path,
      block: outcome.block,
      rng,
      goals: goalScores,
      value: margin(scoresOf(goalScores, PENALTY[action]), mover),
      order: preorderKey(path, maxDepth, action),
    });
    return true;
  });
  return { list, spent: evaluator.spent, complete };
}

/** The best candidate by value; the earliest among equals (so a pass unless something is better). */
function best(list: readonly Candidate[]): Candidate {
  let top = list[0] as Candidate;
  for (const c of list) if (c.value > top.value || (c.value === top.value && c.order < top.order)) top = c;
  return top;
}

export interface ExpertOptions {
  /** Unit cells the reply checks may touch (EXPERT_WORK unless given). */
  budget?: number;
  /** How many first moves may be checked against the reply (EXPERT_LOOKAHEAD unless given). */
  lookahead?: number;
  /** The endgame search runs when at most this many moves are left (EXPERT_HORIZON unless given). */
  horizon?: number;
  /** The hard bound on the decision's whole work (EXPERT_MAX_WORK unless given). */
  maxWork?: number;
}

/**
 * The next mover's reply as the expert expects it: the move that raises that player's own score
 * most (penalty counted). Measured against smart 150, this model wins more games than assuming
 * the reply that hurts the expert most (docs/games/blocky.md "Computer player").
 */
function expectedReply(list: readonly Candidate[], mover: number): Candidate {
  const own = (c: Candidate) => (c.goals[mover] as number) - PENALTY[c.action];
  let top = list[0] as Candidate;
  for (const c of list) if (own(c) > own(top) || (own(c) === own(top) && c.order < top.order)) top = c;
  return top;
}

/** The position after `input.mover` plays `c`: its penalty charged, the turn passed on. */
function childInput(input: ExpertInput, c: Candidate): ExpertInput {
  const { mover, players } = input;
  const cost = PENALTY[c.action];
  return {
    tree: c.action === "pass" ? input.tree : replaceAt(input.tree, c.path, c.block),
    maxDepth: input.maxDepth,
    players: players.map((p, i) => (i === mover && cost > 0 ? { ...p, penalty: p.penalty + cost } : p)),
    mover: (mover + 1) % players.length,
    movesLeft: input.movesLeft - 1,
    rng: c.rng,
  };
}

/** Every player's score once `input.mover` has played `c`. */
function scoresAfter(input: ExpertInput, c: Candidate): number[] {
  return c.goals.map(
    (g, i) => g - (input.players[i] as ExpertSeat).penalty - (i === input.mover ? PENALTY[c.action] : 0),
  );
}

/** A finished game for `root`: 1 won, 0.5 tied, 0 lost; the margin breaks ties among equals. */
function utility(scores: readonly number[], root: number): number {
  const m = margin(scores, root);
  return (m > 0 ? 1 : m === 0 ? 0.5 : 0) + m * 1e-6;
}

/**
 * The replies a seat is expected to make, each with its probability: a smart seat's from its
 * sampling, any other seat's best own gain for certain. A smart seat of difficulty d draws d moves
 * uniformly with replacement, keeps the best by its goal alone (penalties ignored) and plays it only
 * when it beats its current goal score: the best drawn score is v with probability
 * F(v)^d - F(<v)^d (F: the share of moves scoring at most v), each move of that score equally likely.
 */
export function replyOutcomes(list: readonly Candidate[], seat: ExpertSeat, mover: number) {
  if (seat.kind !== "smart") return [{ c: expectedReply(list, mover), p: 1 }];
  const d = seat.difficulty ?? 3;
  const pass = list[0] as Candidate;
  const moves = list
    .slice(1)
    .sort((a, b) => (a.goals[mover] as number) - (b.goals[mover] as number) || a.order - b.order);
  const count = moves.length;
  if (count === 0) return [{ c: pass, p: 1 }];
  const current = pass.goals[mover] as number;
  const out: { c: Candidate; p: number }[] = [];
  let passP = 0;
  let below = 0;
  let i = 0;
  while (i < count) {
    const v = (moves[i] as Candidate).goals[mover] as number;
    let j = i;
    while (j < count && ((moves[j] as Candidate).goals[mover] as number) === v) j++;
    const equal = j - i;
    const p = ((below + equal) / count) ** d - (below / count) ** d;
    if (v <= current) passP += p;
    else if (p > 0) for (let k = i; k < j; k++) out.push({ c: moves[k] as Candidate, p: p / equal });
    below += equal;
    i = j;
  }
  if (passP > 0) out.push({ c: pass, p: passP });
  return out.sort((a, b) => b.p - a.p);
}

/**
 * The endgame search: from a position with few moves left, the expert's best few moves at each of
 * its turns, the other seats' expected replies (the likeliest few expanded, the rest valued as they
 * stand), to the end of the game, valued by the chance to win. Stops when the budget runs out.
 */
class Endgame {
  aborted = false;
  constructor(
    readonly meter: Meter,
    readonly root: number,
    public left: number,
    readonly breadth: number,
    readonly replies: number,
  ) {}

  value(input: ExpertInput): number {
    // A search's setup costs a few boards' worth of cells: not begun once the work is spent.
    if (this.aborted || this.meter.work >= this.meter.limit) {
      this.aborted = true;
      return 0;
    }
    const res = candidates(input, this.left, this.meter);
    this.left -= res.spent;
    if (!res.complete || this.left < 0) {
      this.aborted = true;
      return 0;
    }
    return this.valueOf(input, res.list);
  }

  valueOf(input: ExpertInput, list: readonly Candidate[]): number {
    const last = input.movesLeft === 1;
    const leaf = (c: Candidate) => utility(scoresAfter(input, c), this.root);
    if (input.mover === this.root) {
      if (last) return Math.max(...list.map(leaf));
      let top = Number.NEGATIVE_INFINITY;
      for (const c of this.ranked(list)) top = Math.max(top, this.value(childInput(input, c)));
      return top;
    }
    const outcomes = replyOutcomes(list, input.players[input.mover] as ExpertSeat, input.mover);
    let total = 0;
    outcomes.forEach(({ c, p }, k) => {
      total += p * (last || k >= this.replies ? leaf(c) : this.value(childInput(input, c)));
    });
    return total;
  }

  /** The pass and the best few other moves by the mover's margin right after them. */
  ranked(list: readonly Candidate[]): Candidate[] {
    const pass = list[0] as Candidate;
    const sorted = [...list].sort((a, b) => b.value - a.value || a.order - b.order);
    return [pass, ...sorted.filter((c) => c !== pass).slice(0, this.breadth)];
  }
}

/** How many searches (one per position) the endgame search makes from `input` at most. */
function endgameSearches(
  input: ExpertInput,
  root: number,
  movesLeft = input.movesLeft,
  mover = input.mover,
): number {
  if (movesLeft <= 1) return 1;
  const next = (mover + 1) % input.players.length;
  const branches = mover === root ? EXPERT_BREADTH + 1 : EXPERT_REPLIES;
  return 1 + branches * endgameSearches(input, root, movesLeft - 1, next);
}

/** The expert's move for the player to move (see the file comment). */
export function expertMove(input: ExpertInput, options: ExpertOptions = {}): ExpertMove {
  const { players, mover } = input;
  const meter: Meter = { work: 0, limit: options.maxWork ?? EXPERT_MAX_WORK };
  const first = candidates(input, EXPERT_SEARCH_WORK, meter);
  let chosen = best(first.list);
  let lookahead = false;
  let left = options.budget ?? EXPERT_WORK;
  const horizon = options.horizon ?? EXPERT_HORIZON;
  const pick = (values: { candidate: Candidate; value: number }[]) => {
    // Another move overrules the first choice only when strictly better.
    let top = values.find((v) => v.candidate === chosen);
    if (!top) return;
    for (const v of values) if (v.value > top.value) top = v;
    if (top.candidate !== chosen) {
      chosen = top.candidate;
      lookahead = true;
    }
  };
  let searched = false;
  // The endgame search, when the budget pays for every search it may make (each costs about what
  // the first search did): the position of a config's largest board is left to the reply check.
  if (
    input.movesLeft > 1 &&
    input.movesLeft <= horizon &&
    first.complete &&
    endgameSearches(childInput(input, first.list[0] as Candidate), mover) *
      (EXPERT_BREADTH + 1) *
      first.spent <=
      left
  ) {
    const search = new Endgame(meter, mover, left, EXPERT_BREADTH, EXPERT_REPLIES);
    const values = search
      .ranked(first.list)
      .map((candidate) => ({ candidate, value: search.value(childInput(input, candidate)) }));
    left = search.left;
    if (!search.aborted) {
      pick(values);
      searched = true;
    }
  }
  // The reply check: the best few first moves against the next mover's expected reply.
  const affordable = Math.min(
    options.lookahead ?? EXPERT_LOOKAHEAD,
    Math.floor(left / Math.max(1, first.spent)),
  );
  if (!searched && input.movesLeft > 1 && first.complete && affordable >= 2) {
    const pass = first.list[0] as Candidate;
    const ranked = [...first.list].sort((a, b) => b.value - a.value || a.order - b.order);
    const checked = [pass, ...ranked.filter((c) => c !== pass).slice(0, affordable - 1)];
    const next = (mover + 1) % players.length;
    const values: { candidate: Candidate; value: number }[] = [];
    for (const candidate of checked) {
      if (meter.work >= meter.limit) break;
      const after = childInput(input, candidate);
      const replies = candidates(after, left, meter);
      left -= replies.spent;
      // A reply search the budget cut short would flatter its move: only complete ones count.
      if (!replies.complete) break;
      // When the reply ends the game, what counts is the chance to win; else the margin.
      const worth = (reply: Candidate) =>
        input.movesLeft === 2
          ? utility(scoresAfter(after, reply), mover)
          : margin(scoresAfter(after, reply), mover);
      const outcomes = replyOutcomes(replies.list, players[next] as ExpertSeat, next);
      values.push({ candidate, value: outcomes.reduce((sum, o) => sum + o.p * worth(o.c), 0) });
    }
    pick(values);
  }
  return {
    action: chosen.action,
    path: chosen.path,
    block: chosen.block,
    rng: chosen.rng,
    before: (first.list[0] as Candidate).goals,
    after: chosen.goals,
    cost: PENALTY[chosen.action],
    lookahead,
    work: meter.work,
  };
}
