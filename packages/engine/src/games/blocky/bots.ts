/**
 * The computer players (docs/games/blocky.md "Computer players"): the random player and the smart player. Both draw from
 * the rng they are given (the state's own source, copied by the caller), so their moves replay.
 */
import { nextInt, type RngState } from "../../core/rng.js";
import { actOn, majorityColour } from "./actions.js";
import { CANDIDATE_WORK, Evaluator, type Meter } from "./expert.js";
import { blockAt } from "./tree.js";
import type { Action, Block, Colour, Goal, Split } from "./types.js";

/** A chosen move and the block it makes (so a smash plays out exactly as it was evaluated). */
export interface BotMove {
  action: Action;
  path: number[];
  block: Block;
}

export interface BotInput {
  tree: Block;
  maxDepth: number;
  goal: Goal;
}

const pass = (tree: Block): BotMove => ({ action: "pass", path: [], block: tree });

const SPLIT_ACTIONS = ["rotate_cw", "rotate_ccw", "swap_h", "swap_v"] as const;

/**
 * The valid moves of `validMoves`, counted per block instead of listed: the k-th move is found by
 * walking down the counts, so a draw costs the tree's depth, not the list of every move (150,000 on
 * a complete depth-8 board). Counting walks the tree once, `nodes` blocks.
 */
export class MoveCounts {
  readonly counts = new Map<Split, number>();
  nodes = 0;
  readonly total: number;
  constructor(
    readonly tree: Block,
    readonly maxDepth: number,
    readonly colour: Colour,
  ) {
    this.total = this.count(tree, 0);
  }

  /** Moves on the block itself (before its children's, as `validMoves` lists them). */
  private own(block: Block, level: number): number {
    if (typeof block === "string") {
      if (level < this.maxDepth) return 1;
      return block !== this.colour ? 1 : 0;
    }
    const combine =
      level === this.maxDepth - 1 &&
      block.every((b) => typeof b === "string") &&
      majorityColour(block as readonly Colour[]) !== null;
    return SPLIT_ACTIONS.length + (combine ? 1 : 0);
  }

  private count(block: Block, level: number): number {
    this.nodes++;
    let n = this.own(block, level);
    if (typeof block === "string") return n;
    for (const child of block) n += this.count(child, level + 1);
    this.counts.set(block, n);
    return n;
  }

  private countOf(block: Block, level: number): number {
    return typeof block === "string" ? this.own(block, level) : (this.counts.get(block) as number);
  }

  /** The k-th move of `validMoves(tree, maxDepth, colour)`, 0 <= k < total. */
  at(k: number): { action: Action; path: number[] } {
    let block = this.tree;
    const path: number[] = [];
    for (;;) {
      const level = path.length;
      const own = this.own(block, level);
      if (k < own) {
        if (typeof block === "string") return { action: level < this.maxDepth ? "smash" : "paint", path };
        return { action: k < SPLIT_ACTIONS.length ? (SPLIT_ACTIONS[k] as Action) : "combine", path };
      }
      k -= own;
      const split = block as Split;
      let i = 0;
      for (; i < 3; i++) {
        const c = this.countOf(split[i] as Block, level + 1);
        if (k < c) break;
        k -= c;
      }
      path.push(i);
      block = split[i] as Block;
    }
  }
}

/** A uniformly random valid move; a pass only when no other move is valid. */
export function randomPlayerMove({ tree, maxDepth, goal }: BotInput, rng: RngState): BotMove {
  const moves = new MoveCounts(tree, maxDepth, goal.colour);
  if (moves.total === 0) return pass(tree);
  return drawMove(tree, maxDepth, goal.colour, moves, rng);
}

/** Draws one of `moves` uniformly and carries it out on its block (smash draws its children). */
function drawMove(
  tree: Block,
  maxDepth: number,
  colour: Goal["colour"],
  moves: MoveCounts,
  rng: RngState,
): BotMove {
  const move = moves.at(nextInt(rng, moves.total));
  const outcome = actOn(
    blockAt(tree, move.path) as Block,
    move.path.length,
    move.action,
    maxDepth,
    colour,
    rng,
  );
  // validMoves lists only valid moves, so the outcome is always ok.
  if (!outcome.ok) throw new Error(`validMoves listed an invalid move: ${outcome.reason}`);
  return { action: move.action, path: move.path, block: outcome.block };
}

/**
 * The most work one smart move may do, in the expert's units (`Meter`: cells painted and recounted,
 * moves drawn, blocks counted). Above what difficulty 1000 needs on the boards a config makes, where
 * each candidate's recount stays near its square; a loaded board that would cost more (a deep board
 * whose goal colour is one group touching every square) stops drawing there, and the best drawn so
 * far is played (docs/games/blocky.md "Bounded work").
 */
export const SMART_MAX_WORK = 2_000_000;

/**
 * The smart player of difficulty n: draws n random valid non-pass moves (with replacement, as the
 * original drew them independently), scores each by its goal alone, and plays the best (the first
 * drawn among equals) only if it beats the current goal score; otherwise it passes.
 *
 * Each candidate is scored as the expert scores its own (expert.ts `Evaluator`): the changed square
 * repainted on a copy of the board and only the groups it touches recounted; the scores are the
 * full recount's. The draws stop once SMART_MAX_WORK is spent.
 */
export function smartPlayerMove(
  { tree, maxDepth, goal }: BotInput,
  difficulty: number,
  rng: RngState,
  maxWork = SMART_MAX_WORK,
): BotMove & { score: number; current: number; work: number } {
  const meter: Meter = { work: 0, limit: maxWork };
  const moves = new MoveCounts(tree, maxDepth, goal.colour);
  meter.work += moves.nodes;
  const evaluator = new Evaluator(tree, maxDepth, [goal], meter);
  const current = evaluator.baseGoals[0] as number;
  if (moves.total === 0) return { ...pass(tree), score: current, current, work: meter.work };
  let best: BotMove | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < difficulty && meter.work < meter.limit; k++) {
    const move = drawMove(tree, maxDepth, goal.colour, moves, rng);
    meter.work += CANDIDATE_WORK;
    const score = evaluator.score(
      move.path,
      blockAt(tree, move.path) as Block,
      move.block,
      move.action,
    )[0] as number;
    if (score > bestScore) {
      bestScore = score;
      best = move;
    }
  }
  if (best === null || bestScore <= current)
    return { ...pass(tree), score: current, current, work: meter.work };
  return { ...best, score: bestScore, current, work: meter.work };
}
