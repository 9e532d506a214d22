/**
 * The block tree (docs/games/blocky.md "The model"): walking and replacing blocks, where a block lies
 * on the board, random boards and smash children ("Random boards and smash"), and flattening the tree
 * to unit cells. Everything is pure: a function that draws random numbers advances the rng it is given.
 */
import { nextFloat, nextInt, type RngState } from "../../core/rng.js";
import { COLOURS, LL, LR, UL, UR } from "./constants.js";
import type { Block, Colour, Path, Split } from "./types.js";

export function isColour(value: unknown): value is Colour {
  return typeof value === "string" && (COLOURS as readonly string[]).includes(value);
}

export function isLeaf(block: Block): block is Colour {
  return typeof block === "string";
}

const COLOUR_INDEX: Record<Colour, number> = { B: 0, R: 1, G: 2, Y: 3 };

export function colourIndex(colour: Colour): number {
  return COLOUR_INDEX[colour];
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

// --- Flattening -------------------------------------------------------------------------------

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

/** Character codes of COLOURS by colour index. */
const COLOUR_CODES = COLOURS.map((c) => c.charCodeAt(0));

/**
 * One flat string per row, from its character codes (a row is at most 256 cells): a string grown a
 * letter at a time with `+=` is kept as a chain of pieces, about 32 bytes a letter, so a depth-8
 * board took 2 MB of memory instead of 64 KB.
 */
export function gridRows(grid: Uint8Array, n: number): string[] {
  const rows: string[] = [];
  const codes = new Array<number>(n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) codes[c] = COLOUR_CODES[grid[r * n + c] as number] as number;
    rows.push(String.fromCharCode(...codes));
  }
  return rows;
}

/** The board of the protocol: one string of colour letters per row of unit cells. */
export function boardOf(tree: Block, maxDepth: number): string[] {
  return gridRows(flatten(tree, maxDepth), boardSize(maxDepth));
}
