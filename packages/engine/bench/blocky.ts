/**
 * Blocky: how long a smart player of difficulty 150 takes to choose a move on a depth-6 board
 * (4096 unit cells). Ours repaints only the changed block's region of a flattened copy of the board
 * for each candidate (games/blocky/bots.ts); the baseline is the obvious implementation that
 * rebuilds the tree and re-flattens the whole board for every candidate. Both draw the same
 * candidates from the same seed and must choose the same move. The random player's time is
 * reported too, as the floor (one enumeration of valid moves, no scoring).
 */
import { cloneRng, nextInt, type RngState, seedRng } from "../src/core/rng.js";
import { actOn, validMoves } from "../src/games/blocky/actions.js";
import { randomPlayerMove, smartPlayerMove } from "../src/games/blocky/bots.js";
import { goalScore } from "../src/games/blocky/scoring.js";
import { blockAt, boardSize, flatten, generateBoard, replaceAt } from "../src/games/blocky/tree.js";
import type { Block, Goal } from "../src/games/blocky/types.js";
import { type Benchmark, duration, type Figure, medianMs } from "./harness.js";

const DEPTH = 6;
const DIFFICULTY = 150;

function naiveSmartMove(tree: Block, goal: Goal, rng: RngState): { action: string; path: number[] } {
  const n = boardSize(DEPTH);
  const current = goalScore(flatten(tree, DEPTH), n, goal);
  const moves = validMoves(tree, DEPTH, goal.colour);
  let best: { action: string; path: number[]; score: number } | null = null;
  for (let k = 0; k < DIFFICULTY; k++) {
    const move = moves[nextInt(rng, moves.length)] as (typeof moves)[number];
    const out = actOn(
      blockAt(tree, move.path) as Block,
      move.path.length,
      move.action,
      DEPTH,
      goal.colour,
      rng,
    );
    if (!out.ok) throw new Error(out.reason);
    const score = goalScore(flatten(replaceAt(tree, move.path, out.block), DEPTH), n, goal);
    if (!best || score > best.score) best = { action: move.action, path: move.path, score };
  }
  return !best || best.score <= current ? { action: "pass", path: [] } : best;
}

/** Every block split down to unit cells: the densest depth-6 board, 4096 leaves. */
function denseBoard(rng: RngState, level = 0): Block {
  if (level === DEPTH) return (["B", "R", "G", "Y"] as const)[nextInt(rng, 4)] as Block;
  return [
    denseBoard(rng, level + 1),
    denseBoard(rng, level + 1),
    denseBoard(rng, level + 1),
    denseBoard(rng, level + 1),
  ];
}

function figures(label: string, tree: Block): Figure[] {
  const out: Figure[] = [];
  for (const goal of [
    { type: "blob", colour: "B" },
    { type: "perimeter", colour: "R" },
  ] as Goal[]) {
    const seed = seedRng(11);
    const ours = smartPlayerMove({ tree, maxDepth: DEPTH, goal }, DIFFICULTY, cloneRng(seed));
    const theirs = naiveSmartMove(tree, goal, cloneRng(seed));
    if (ours.action !== theirs.action || ours.path.join() !== theirs.path.join()) {
      throw new Error(`smart player and baseline disagree on ${label}/${goal.type}`);
    }
    const smartMs = medianMs(() =>
      smartPlayerMove({ tree, maxDepth: DEPTH, goal }, DIFFICULTY, cloneRng(seed)),
    );
    const naiveMs = medianMs(() => naiveSmartMove(tree, goal, cloneRng(seed)));
    const name = `blocky.smart${DIFFICULTY}.depth${DEPTH}.${label}.${goal.type}`;
    out.push(duration(name, smartMs, "ms/move", "naive re-flatten per candidate", naiveMs));
  }
  // The floor: the random player enumerates the valid moves once and scores nothing.
  const randomMs = medianMs(
    () => randomPlayerMove({ tree, maxDepth: DEPTH, goal: { type: "blob", colour: "B" } }, seedRng(11)),
    15,
  );
  out.push({
    name: `blocky.random.depth${DEPTH}.${label}`,
    value: Math.round(randomMs * 1000) / 1000,
    unit: "ms/move",
  });
  return out;
}

export const benchmarks: Benchmark[] = [
  {
    name: "blocky",
    run() {
      return [
        ...figures("random-board", generateBoard(seedRng(6), DEPTH)),
        ...figures("dense-board", denseBoard(seedRng(7))),
      ];
    },
  },
];
