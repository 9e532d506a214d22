/**
 * The computer players (docs/games/blocky.md "Computer players"): the random player and the smart player. Both draw from
 * the rng they are given (the state's own source, copied by the caller), so their moves replay.
 */
import { nextInt, type RngState } from "../../core/rng.js";
import { actOn, majorityColour } from "./actions.js";
import { goalScore, Scratch } from "./scoring.js";
import { blockAt, boardSize, flatten, paintBlock, regionOf } from "./tree.js";
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
 * The smart player of difficulty n: draws n random valid non-pass moves (with replacement, as the
 * original drew them independently), scores each by its goal alone, and plays the best (the first
 * drawn among equals) only if it beats the current goal score; otherwise it passes.
 *
 * Each candidate is scored on a copy of the flattened board in which only the changed block's
 * region is repainted, instead of re-flattening the whole tree (see bench/blocky.ts).
 */
export function smartPlayerMove(
  { tree, maxDepth, goal }: BotInput,
  difficulty: number,
  rng: RngState,
): BotMove & { score: number; current: number } {
  const n = boardSize(maxDepth);
  const base = flatten(tree, maxDepth);
  const scratch = new Scratch();
  const current = goalScore(base, n, goal, scratch);
  const moves = new MoveCounts(tree, maxDepth, goal.colour);
  if (moves.total === 0) return { ...pass(tree), score: current, current };
  const work = base.slice();
  let best: BotMove | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < difficulty; k++) {
    const move = drawMove(tree, maxDepth, goal.colour, moves, rng);
    const { row, col, size } = regionOf(move.path, maxDepth);
    paintBlock(work, n, move.block, row, col, size);
    const score = goalScore(work, n, goal, scratch);
    // Put the region back so `work` equals the current board for the next candidate.
    for (let r = row; r < row + size; r++)
      work.set(base.subarray(r * n + col, r * n + col + size), r * n + col);
    if (score > bestScore) {
      bestScore = score;
      best = move;
    }
  }
  if (best === null || bestScore <= current) return { ...pass(tree), score: current, current };
  return { ...best, score: bestScore, current };
}
