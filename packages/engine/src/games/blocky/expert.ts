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
import { actOn, validMoves } from "./actions.js";
import { PENALTY } from "./constants.js";
import { blobScore, goalScore, Scratch } from "./scoring.js";
import { blockAt, boardSize, colourIndex, flatten, isLeaf, paintBlock, regionOf, replaceAt } from "./tree.js";
import type { Action, Block, Goal } from "./types.js";

/**
 * Unit cells the expert may score for one decision: each full blob flood fill counts the board's
 * cells. About 120 full boards of depth 6; see docs/games/blocky.md "Computer player" for the time.
 */
export const EXPERT_WORK = 120 * 4096;
/** At most this many of the best first moves are checked against the next mover's best reply. */
export const EXPERT_LOOKAHEAD = 6;

export interface ExpertSeat {
  goal: Goal;
  penalty: number;
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
}

interface Candidate {
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

/** The edge-connected groups of one colour on a board, for fast answers about one-cell paints. */
class Groups {
  readonly label: Int32Array;
  readonly sizes: number[] = [];
  max = 0;
  maxCount = 0;
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
        const near = [
          r > 0 ? i - n : -1,
          r < n - 1 ? i + n : -1,
          col > 0 ? i - 1 : -1,
          col < n - 1 ? i + 1 : -1,
        ];
        for (const j of near) {
          if (j >= 0 && label[j] === -1 && grid[j] === c) {
            label[j] = id;
            stack[top++] = j;
          }
        }
      }
      this.sizes.push(size);
      if (size > this.max) {
        this.max = size;
        this.maxCount = 1;
      } else if (size === this.max) this.maxCount++;
    }
    this.label = label;
  }
}

/** Scores candidate boards for every player's goal, counting the work it does. */
class Evaluator {
  readonly n: number;
  readonly base: Uint8Array;
  readonly work: Uint8Array;
  readonly baseGoals: number[];
  readonly scratch = new Scratch();
  readonly groups = new Map<number, Groups>();
  spent = 0;
  constructor(
    readonly tree: Block,
    readonly maxDepth: number,
    readonly goals: readonly Goal[],
  ) {
    this.n = boardSize(maxDepth);
    this.base = flatten(tree, maxDepth);
    this.work = this.base.slice();
    this.baseGoals = goals.map((g) => this.full(g));
  }

  private full(goal: Goal): number {
    if (goal.type === "blob") this.spent += this.n * this.n;
    return goalScore(this.work, this.n, goal, this.scratch);
  }

  private groupsOf(c: number): Groups {
    let g = this.groups.get(c);
    if (!g) {
      g = new Groups(this.base, this.n, c);
      this.spent += this.n * this.n;
      this.groups.set(c, g);
    }
    return g;
  }

  /** Every goal's score once the block at `path` (now `old`) becomes `block`. */
  score(path: readonly number[], old: Block, block: Block): number[] {
    const { row, col, size } = regionOf(path, this.maxDepth);
    const n = this.n;
    const touched = colourMask(old) | colourMask(block);
    const onEdge = row === 0 || col === 0 || row + size === n || col + size === n;
    const painted = size === 1 && isLeaf(block) && isLeaf(old);
    paintBlock(this.work, n, block, row, col, size);
    const scores = this.goals.map((goal, i) => {
      const c = colourIndex(goal.colour);
      // A colour the move neither removes nor adds keeps its groups, so its score stands.
      if (!(touched & (1 << c))) return this.baseGoals[i] as number;
      if (goal.type === "perimeter")
        return onEdge ? goalScore(this.work, n, goal) : (this.baseGoals[i] as number);
      if (painted) {
        const cell = row * n + col;
        const groups = this.groupsOf(c);
        if (block === goal.colour) {
          // One cell turned to this colour joins the groups beside it.
          let joined = 1;
          const seen: number[] = [];
          const r = row;
          const near = [
            r > 0 ? cell - n : -1,
            r < n - 1 ? cell + n : -1,
            col > 0 ? cell - 1 : -1,
            col < n - 1 ? cell + 1 : -1,
          ];
          for (const j of near) {
            const id = j >= 0 ? (groups.label[j] as number) : -1;
            if (id >= 0 && !seen.includes(id)) {
              seen.push(id);
              joined += groups.sizes[id] as number;
            }
          }
          return Math.max(groups.max, joined);
        }
        // One cell taken from this colour matters only when it belongs to the one largest group.
        const id = groups.label[cell] as number;
        if (id >= 0 && ((groups.sizes[id] as number) < groups.max || groups.maxCount > 1)) return groups.max;
      }
      this.spent += n * n;
      return blobScore(this.work, n, c, this.scratch);
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
 * Every candidate of the mover, scored, in the order of `validMoves` after a pass; stops early
 * only when the budget runs out (a loaded board far larger than any config makes).
 */
function candidates(
  input: ExpertInput,
  budget: number,
): { list: Candidate[]; spent: number; complete: boolean } {
  const { tree, maxDepth, players, mover } = input;
  const goals = players.map((p) => p.goal);
  const penalties = players.map((p) => p.penalty);
  const evaluator = new Evaluator(tree, maxDepth, goals);
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
  let complete = true;
  for (const move of validMoves(tree, maxDepth, own.goal.colour)) {
    if (evaluator.spent >= budget) {
      complete = false;
      break;
    }
    const old = blockAt(tree, move.path) as Block;
    const rng = move.action === "smash" ? cloneRng(input.rng) : input.rng;
    const outcome = actOn(old, move.path.length, move.action, maxDepth, own.goal.colour, rng);
    // validMoves lists only valid moves, so the outcome is always ok.
    if (!outcome.ok) continue;
    const goalScores = evaluator.score(move.path, old, outcome.block);
    list.push({
      action: move.action,
      path: move.path,
      block: outcome.block,
      rng,
      goals: goalScores,
      value: margin(scoresOf(goalScores, PENALTY[move.action]), mover),
      order: list.length,
    });
  }
  return { list, spent: evaluator.spent, complete };
}

/** The best candidate by value; the earliest among equals (so a pass unless something is better). */
function best(list: readonly Candidate[]): Candidate {
  let top = list[0] as Candidate;
  for (const c of list) if (c.value > top.value) top = c;
  return top;
}

export interface ExpertOptions {
  /** Unit cells it may score (EXPERT_WORK unless given). */
  budget?: number;
  /** How many first moves may be checked against the reply (EXPERT_LOOKAHEAD unless given). */
  lookahead?: number;
}

/**
 * The next mover's reply as the expert expects it: the move that raises that player's own score
 * most (penalty counted). Measured against smart 150, this model wins more games than assuming
 * the reply that hurts the expert most (docs/games/blocky.md "Computer player").
 */
function expectedReply(list: readonly Candidate[], mover: number): Candidate {
  const own = (c: Candidate) => (c.goals[mover] as number) - PENALTY[c.action];
  let top = list[0] as Candidate;
  for (const c of list) if (own(c) > own(top)) top = c;
  return top;
}

/** The expert's move for the player to move (see the file comment). */
export function expertMove(input: ExpertInput, options: ExpertOptions = {}): ExpertMove {
  const { players, mover } = input;
  const first = candidates(input, options.budget ?? EXPERT_WORK);
  let chosen = best(first.list);
  let lookahead = false;
  const next = (mover + 1) % players.length;
  let left = (options.budget ?? EXPERT_WORK) - first.spent;
  // A reply check costs about what the first search did; only as many as the budget pays for.
  const limit = options.lookahead ?? EXPERT_LOOKAHEAD;
  const affordable = Math.min(limit, Math.floor(left / Math.max(1, first.spent)));
  if (input.movesLeft > 1 && first.complete && affordable >= 2) {
    const pass = first.list[0] as Candidate;
    const ranked = [...first.list].sort((a, b) => b.value - a.value || a.order - b.order);
    const checked = [pass, ...ranked.filter((c) => c !== pass).slice(0, affordable - 1)];
    let top: { candidate: Candidate; value: number } | null = null;
    let chosenChecked = false;
    for (const candidate of checked) {
      const after = players.map((p, i) => ({
        goal: p.goal,
        penalty: p.penalty + (i === mover ? PENALTY[candidate.action] : 0),
      }));
      const replies = candidates(
        {
          tree:
            candidate.action === "pass" ? input.tree : replaceAt(input.tree, candidate.path, candidate.block),
          maxDepth: input.maxDepth,
          players: after,
          mover: next,
          movesLeft: input.movesLeft - 1,
          rng: candidate.rng,
        },
        left,
      );
      left -= replies.spent;
      // A reply search the budget cut short would flatter its move: only complete ones count.
      if (!replies.complete) break;
      const reply = expectedReply(replies.list, next);
      const scores = reply.goals.map(
        (g, i) => g - (after[i] as ExpertSeat).penalty - (i === next ? PENALTY[reply.action] : 0),
      );
      const value = margin(scores, mover);
      if (candidate === chosen) chosenChecked = true;
      // The reply check overrules the first choice only when strictly better; then the earliest.
      const beats =
        top === null ||
        value > top.value ||
        (value === top.value &&
          top.candidate !== chosen &&
          (candidate === chosen || candidate.order < top.candidate.order));
      if (beats) top = { candidate, value };
    }
    if (top && chosenChecked && top.candidate !== chosen) {
      chosen = top.candidate;
      lookahead = true;
    }
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
  };
}
