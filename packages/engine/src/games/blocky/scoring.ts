/**
 * Goals and scores (docs/games/blocky.md "Goals", "Scores"): blob and perimeter scores on the grid of
 * unit cells, goal drawing, every player's score and the winner.
 */
import { nextInt, type RngState, shuffled } from "../../core/rng.js";
import { COLOURS, GOAL_TYPES } from "./constants.js";
import { boardSize, colourIndex, flatten } from "./tree.js";
import type { Block, Colour, Goal, GoalType, Player, PlayerConfig } from "./types.js";

/** Reusable buffers for flood fills, so scoring many candidate boards allocates nothing. */
export class Scratch {
  visited = new Uint8Array(0);
  stack = new Int32Array(0);
  ensure(cells: number): void {
    if (this.visited.length < cells) {
      this.visited = new Uint8Array(cells);
      this.stack = new Int32Array(cells);
    }
  }
}

/** Unit cells in the largest edge-connected group of colour index `c`. */
export function blobScore(grid: Uint8Array, n: number, c: number, scratch = new Scratch()): number {
  const cells = n * n;
  scratch.ensure(cells);
  const visited = scratch.visited;
  const stack = scratch.stack;
  visited.fill(0, 0, cells);
  let best = 0;
  for (let start = 0; start < cells; start++) {
    if (visited[start] || grid[start] !== c) continue;
    visited[start] = 1;
    let top = 0;
    stack[top++] = start;
    let size = 0;
    while (top > 0) {
      const i = stack[--top] as number;
      size++;
      const r = (i / n) | 0;
      const col = i - r * n;
      if (r > 0 && !visited[i - n] && grid[i - n] === c) {
        visited[i - n] = 1;
        stack[top++] = i - n;
      }
      if (r < n - 1 && !visited[i + n] && grid[i + n] === c) {
        visited[i + n] = 1;
        stack[top++] = i + n;
      }
      if (col > 0 && !visited[i - 1] && grid[i - 1] === c) {
        visited[i - 1] = 1;
        stack[top++] = i - 1;
      }
      if (col < n - 1 && !visited[i + 1] && grid[i + 1] === c) {
        visited[i + 1] = 1;
        stack[top++] = i + 1;
      }
    }
    if (size > best) best = size;
  }
  return best;
}

/**
 * Unit cells of colour index `c` on the four sides, each side counted separately: a corner cell
 * counts twice, and a 1x1 board's only cell four times.
 */
export function perimeterScore(grid: Uint8Array, n: number, c: number): number {
  let total = 0;
  const last = n - 1;
  for (let i = 0; i < n; i++) {
    if (grid[i] === c) total++; // top side
    if (grid[last * n + i] === c) total++; // bottom side
    if (grid[i * n] === c) total++; // left side
    if (grid[i * n + last] === c) total++; // right side
  }
  return total;
}

export function goalScore(grid: Uint8Array, n: number, goal: Goal, scratch?: Scratch): number {
  const c = colourIndex(goal.colour);
  switch (goal.type) {
    case "blob":
      return blobScore(grid, n, c, scratch);
    case "perimeter":
      return perimeterScore(grid, n, c);
    default: {
      const never: never = goal.type;
      throw new RangeError(`unknown goal ${String(never)}`);
    }
  }
}

/**
 * Goals for a new game: one goal type for everyone, each player a different target colour. A goal
 * fixed in the config is kept; the others' type follows the first fixed goal, if any, and their
 * colours avoid the fixed ones.
 */
export function drawGoals(rng: RngState, players: readonly PlayerConfig[]): Goal[] {
  const fixed = players.flatMap((p) => (p.goal ? [p.goal] : []));
  const type: GoalType = fixed[0]?.type ?? (GOAL_TYPES[nextInt(rng, GOAL_TYPES.length)] as GoalType);
  const taken = new Set(fixed.map((g) => g.colour));
  const free = shuffled(rng, COLOURS).filter((c) => !taken.has(c));
  let next = 0;
  return players.map((p) => {
    if (p.goal) return { ...p.goal };
    // At most four players, so a free colour remains unless fixed goals reuse colours.
    const colour = free[next++] ?? (shuffled(rng, COLOURS)[0] as Colour);
    return { type, colour };
  });
}

/** Each player's score (goal score - penalty) on `tree`. */
export function rescore(players: readonly Player[], tree: Block, maxDepth: number): Player[] {
  return rescoreGrid(players, flatten(tree, maxDepth), boardSize(maxDepth));
}

/** Each player's score on the flattened board (`grid`, `n` a side). */
export function rescoreGrid(players: readonly Player[], grid: Uint8Array, n: number): Player[] {
  const scratch = new Scratch();
  return players.map((p) => ({ ...p, score: goalScore(grid, n, p.goal, scratch) - p.penalty }));
}

/** Highest score; a tie goes to the lowest player number. */
export function winnerOf(players: readonly Player[]): number {
  let best = 0;
  players.forEach((p, i) => {
    if (p.score > (players[best] as Player).score) best = i;
  });
  return best;
}
