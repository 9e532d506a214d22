/**
 * Blocky rules: the block tree, the eight actions, random boards, flattening to unit cells, goals,
 * penalties and turns. Everything is pure: a function that draws random numbers takes the rng it
 * may advance (a fresh copy owned by the caller).
 */
import { nextFloat, nextInt, type RngState, shuffled } from "../../core/rng.js";
import {
  type Action,
  type Block,
  type BlockyEvent,
  type BlockyState,
  COLOURS,
  type Colour,
  GOAL_TYPES,
  type Goal,
  type GoalType,
  LL,
  LR,
  type Path,
  PENALTY,
  type Player,
  type PlayerConfig,
  type Split,
  UL,
  UR,
} from "./types.js";

export function isColour(value: unknown): value is Colour {
  return typeof value === "string" && (COLOURS as readonly string[]).includes(value);
}

export function isLeaf(block: Block): block is Colour {
  return typeof block === "string";
}

export function colourIndex(colour: Colour): number {
  return COLOURS.indexOf(colour);
}

/** The block a path leads to, or undefined when the path walks into a leaf. */
export function blockAt(tree: Block, path: Path): Block | undefined {
  let block: Block = tree;
  for (const i of path) {
    if (isLeaf(block)) return undefined;
    const child: Block | undefined = block[i];
    if (child === undefined) return undefined;
    block = child;
  }
  return block;
}

/** A copy of `tree` with the block at `path` replaced; only the blocks along the path are copied. */
export function replaceAt(tree: Block, path: Path, replacement: Block, from = 0): Block {
  if (from === path.length) return replacement;
  if (isLeaf(tree)) throw new RangeError("replaceAt: the path walks into a leaf");
  const i = path[from] as number;
  const children = tree.slice() as Block[];
  children[i] = replaceAt(tree[i] as Block, path, replacement, from + 1);
  return children as unknown as Split;
}

/** Depth of the deepest block (a leaf alone is 0). */
export function treeDepth(block: Block): number {
  if (isLeaf(block)) return 0;
  let deepest = 0;
  for (const child of block) deepest = Math.max(deepest, treeDepth(child));
  return deepest + 1;
}

/** Unit cells on a side of a board of this maximum depth. */
export function boardSize(maxDepth: number): number {
  return 2 ** maxDepth;
}

/** Where the block at `path` lies, in unit cells: its top row, left column and side length. */
export function regionOf(path: Path, maxDepth: number): { row: number; col: number; size: number } {
  let row = 0;
  let col = 0;
  let size = boardSize(maxDepth);
  for (const i of path) {
    size /= 2;
    if (i === UR || i === LR) col += size;
    if (i === LL || i === LR) row += size;
  }
  return { row, col, size };
}

/** The path of the block at `level` that covers the unit cell (row, col). */
export function pathAtCell(row: number, col: number, level: number, maxDepth: number): number[] {
  const path: number[] = [];
  let size = boardSize(maxDepth);
  let r = row;
  let c = col;
  for (let l = 0; l < level; l++) {
    size /= 2;
    const down = r >= size;
    const right = c >= size;
    path.push(down ? (right ? LR : LL) : right ? UR : UL);
    if (down) r -= size;
    if (right) c -= size;
  }
  return path;
}

// --- The actions -------------------------------------------------------------------------------

/** Clockwise: new children = [old UL, old LL, old LR, old UR], every descendant turned too. */
export function rotateCw(block: Block): Block {
  if (isLeaf(block)) return block;
  return [rotateCw(block[UL]), rotateCw(block[LL]), rotateCw(block[LR]), rotateCw(block[UR])];
}

/** Counter-clockwise: new children = [old LR, old UR, old UL, old LL], descendants turned too. */
export function rotateCcw(block: Block): Block {
  if (isLeaf(block)) return block;
  return [rotateCcw(block[LR]), rotateCcw(block[UR]), rotateCcw(block[UL]), rotateCcw(block[LL])];
}

/** Left and right halves trade places: [UL, UR, LR, LL]; the children themselves stay as they are. */
export function swapH(block: Split): Split {
  return [block[UL], block[UR], block[LR], block[LL]];
}

/** Top and bottom halves trade places: [LR, LL, UL, UR]; the children themselves stay as they are. */
export function swapV(block: Split): Split {
  return [block[LR], block[LL], block[UL], block[UR]];
}

/** The colour strictly more common than any other among four children, or null (2-2, 1-1-1-1). */
export function majorityColour(children: readonly Colour[]): Colour | null {
  const counts = new Map<Colour, number>();
  for (const c of children) counts.set(c, (counts.get(c) ?? 0) + 1);
  let best: Colour | null = null;
  let bestCount = 0;
  let tied = false;
  for (const [colour, count] of counts) {
    if (count > bestCount) {
      best = colour;
      bestCount = count;
      tied = false;
    } else if (count === bestCount) {
      tied = true;
    }
  }
  return tied ? null : best;
}

/**
 * The four new children of a block at `level` being smashed (or of the top-level block of a new
 * board): a child below the maximum depth splits when random() < exp(-0.25 x its level), else it
 * takes a uniformly random colour; a child at the maximum depth always takes a colour.
 */
export function randomChildren(rng: RngState, level: number, maxDepth: number): Split {
  const childLevel = level + 1;
  const make = (): Block => {
    if (childLevel < maxDepth && nextFloat(rng) < Math.exp(-0.25 * childLevel)) {
      return randomChildren(rng, childLevel, maxDepth);
    }
    return COLOURS[nextInt(rng, COLOURS.length)] as Colour;
  };
  // Children are generated in child order: upper-right first.
  const ur = make();
  const ul = make();
  const ll = make();
  const lr = make();
  return [ur, ul, ll, lr];
}

/** A random board: the top-level block is always split (a depth-0 board is one random colour). */
export function generateBoard(rng: RngState, maxDepth: number): Block {
  if (maxDepth <= 0) return COLOURS[nextInt(rng, COLOURS.length)] as Colour;
  return randomChildren(rng, 0, maxDepth);
}

export type ActionOutcome = { ok: true; block: Block } | { ok: false; reason: string };

/**
 * What `action` makes of `block` (at `level`), or why it is not a valid move. `paintColour` is the
 * moving player's target colour. Smash draws from `rng`; nothing else does.
 */
export function actOn(
  block: Block,
  level: number,
  action: Action,
  maxDepth: number,
  paintColour: Colour,
  rng: RngState,
): ActionOutcome {
  switch (action) {
    case "rotate_cw":
    case "rotate_ccw":
    case "swap_h":
    case "swap_v": {
      if (isLeaf(block)) {
        const verb = action.startsWith("rotate") ? "rotate" : "swap";
        return { ok: false, reason: `cannot ${verb} a block that is not split` };
      }
      const turned =
        action === "rotate_cw"
          ? rotateCw(block)
          : action === "rotate_ccw"
            ? rotateCcw(block)
            : action === "swap_h"
              ? swapH(block)
              : swapV(block);
      return { ok: true, block: turned };
    }
    case "smash": {
      if (!isLeaf(block)) return { ok: false, reason: "cannot smash a block that is already split" };
      if (level >= maxDepth) return { ok: false, reason: "cannot smash a unit cell" };
      return { ok: true, block: randomChildren(rng, level, maxDepth) };
    }
    case "paint": {
      if (!isLeaf(block) || level < maxDepth) return { ok: false, reason: "only a unit cell can be painted" };
      if (block === paintColour) return { ok: false, reason: "the cell already has the target colour" };
      return { ok: true, block: paintColour };
    }
    case "combine": {
      if (isLeaf(block) || level !== maxDepth - 1 || !block.every(isLeaf)) {
        return { ok: false, reason: "only a block whose children are unit cells can be combined" };
      }
      const majority = majorityColour(block as readonly Colour[]);
      if (majority === null) return { ok: false, reason: "its children have no majority colour" };
      return { ok: true, block: majority };
    }
    case "pass":
      return { ok: true, block };
    default: {
      const never: never = action;
      return { ok: false, reason: `unknown action ${String(never)}` };
    }
  }
}

/**
 * Every valid move other than pass, in a fixed order (blocks in preorder, actions in ACTIONS order).
 * Validity never depends on the rng, so a throwaway one serves for smash.
 */
export function validMoves(
  tree: Block,
  maxDepth: number,
  paintColour: Colour,
): { action: Action; path: number[] }[] {
  const moves: { action: Action; path: number[] }[] = [];
  const visit = (block: Block, path: number[]) => {
    const level = path.length;
    if (isLeaf(block)) {
      if (level < maxDepth) moves.push({ action: "smash", path });
      else if (block !== paintColour) moves.push({ action: "paint", path });
      return;
    }
    moves.push(
      { action: "rotate_cw", path },
      { action: "rotate_ccw", path },
      { action: "swap_h", path },
      { action: "swap_v", path },
    );
    if (
      level === maxDepth - 1 &&
      block.every(isLeaf) &&
      majorityColour(block as readonly Colour[]) !== null
    ) {
      moves.push({ action: "combine", path });
    }
    for (let i = 0; i < 4; i++) visit(block[i] as Block, [...path, i]);
  };
  visit(tree, []);
  return moves;
}

// --- Flattening and goals ----------------------------------------------------------------------

/**
 * Paints `block` into a square grid of colour indices (row-major, `n` a side) over the region
 * whose top-left unit cell is (row, col) and side `size`.
 */
export function paintBlock(
  grid: Uint8Array,
  n: number,
  block: Block,
  row: number,
  col: number,
  size: number,
): void {
  if (isLeaf(block)) {
    const c = colourIndex(block);
    for (let r = row; r < row + size; r++) grid.fill(c, r * n + col, r * n + col + size);
    return;
  }
  const half = size / 2;
  // A split block of size 1 cannot happen on a valid board; guard against a fractional loop anyway.
  if (half < 1) return;
  paintBlock(grid, n, block[UR], row, col + half, half);
  paintBlock(grid, n, block[UL], row, col, half);
  paintBlock(grid, n, block[LL], row + half, col, half);
  paintBlock(grid, n, block[LR], row + half, col + half, half);
}

/** The grid of unit cells, 2^maxDepth a side, as colour indices (see COLOURS). */
export function flatten(tree: Block, maxDepth: number): Uint8Array {
  const n = boardSize(maxDepth);
  const grid = new Uint8Array(n * n);
  paintBlock(grid, n, tree, 0, 0, n);
  return grid;
}

export function gridRows(grid: Uint8Array, n: number): string[] {
  const rows: string[] = [];
  for (let r = 0; r < n; r++) {
    let line = "";
    for (let c = 0; c < n; c++) line += COLOURS[grid[r * n + c] as number];
    rows.push(line);
  }
  return rows;
}

/** The board of the protocol: one string of colour letters per row of unit cells. */
export function boardOf(tree: Block, maxDepth: number): string[] {
  return gridRows(flatten(tree, maxDepth), boardSize(maxDepth));
}

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

// --- Turns and scores --------------------------------------------------------------------------

/** Each player's score (goal score - penalty) on `tree`. */
export function rescore(players: readonly Player[], tree: Block, maxDepth: number): Player[] {
  const grid = flatten(tree, maxDepth);
  const n = boardSize(maxDepth);
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

/**
 * The state after the current player's move has turned the block at `path` into `block`: penalty
 * charged, every score updated, the turn passed on, the game ended after the last turn.
 */
export function commitMove(
  state: BlockyState,
  action: Action,
  path: number[],
  block: Block,
  rng: RngState,
): { state: BlockyState; events: BlockyEvent[] } {
  const mover = state.current;
  const changed = action !== "pass";
  const tree = changed ? replaceAt(state.tree, path, block) : state.tree;
  const charged = state.players.map((p, i) =>
    i === mover && PENALTY[action] > 0 ? { ...p, penalty: p.penalty + PENALTY[action] } : p,
  );
  // A pass changes neither the board nor any penalty, so the scores stand.
  const players = changed ? rescore(charged, tree, state.maxDepth) : charged;
  let current = mover + 1;
  let turn = state.turn;
  if (current >= players.length) {
    current = 0;
    turn++;
  }
  const over = turn >= state.turns;
  const winner = over ? winnerOf(players) : null;
  const events: BlockyEvent[] = [{ type: "moved", player: mover, action, path }];
  if (winner !== null) events.push({ type: "game_over", winner, scores: players.map((p) => p.score) });
  const next: BlockyState = {
    ...state,
    rng,
    tree,
    board: changed ? boardOf(tree, state.maxDepth) : state.board,
    players,
    score: (players[0] as Player).score,
    turn,
    current,
    over,
    winner,
  };
  return { state: next, events };
}
