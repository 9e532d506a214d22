/**
 * The seven tetrominoes under the Super Rotation System (SRS): each piece turns inside a fixed
 * bounding box (3x3 for J, L, S, T, Z; 4x4 for I; 2x2 for O, which never moves when it turns), and
 * a turn that collides tries the standard wall-kick tests in order.
 *
 * The core shape helpers normalise shapes to their top-left corner, which loses the box position a
 * rotation system needs; so the turns inside the box are done here.
 */
import type { Cell, PieceType, Rotation } from "./types.js";

/** Spawn orientation (rotation 0) of each piece, drawn in its bounding box. */
const SPAWN_PICTURES: Record<PieceType, readonly string[]> = {
  I: ["....", "IIII", "....", "...."],
  O: ["OO", "OO"],
  T: [".T.", "TTT", "..."],
  S: [".SS", "SS.", "..."],
  Z: ["ZZ.", ".ZZ", "..."],
  J: ["J..", "JJJ", "..."],
  L: ["..L", "LLL", "..."],
};

function pictureCells(picture: readonly string[]): Cell[] {
  const cells: Cell[] = [];
  picture.forEach((line, r) => {
    for (let c = 0; c < line.length; c++) if (line[c] !== ".") cells.push([r, c]);
  });
  return cells;
}

function sortCells(cells: Cell[]): Cell[] {
  return cells.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** One clockwise quarter turn inside an n x n box. */
function turnInBox(cells: readonly Cell[], n: number): Cell[] {
  return sortCells(cells.map(([r, c]) => [c, n - 1 - r] as Cell));
}

function buildStates(type: PieceType): Cell[][] {
  const picture = SPAWN_PICTURES[type];
  const n = picture.length;
  const states = [sortCells(pictureCells(picture))];
  for (let i = 1; i < 4; i++) states.push(turnInBox(states[i - 1] as Cell[], n));
  return states;
}

const STATES: Record<PieceType, Cell[][]> = {
  I: buildStates("I"),
  O: buildStates("O"),
  T: buildStates("T"),
  S: buildStates("S"),
  Z: buildStates("Z"),
  J: buildStates("J"),
  L: buildStates("L"),
};

/** The piece's cells in a rotation state, relative to its bounding box (row-major). */
export function stateCells(type: PieceType, rotation: Rotation): readonly Cell[] {
  return (STATES[type] as Cell[][])[rotation] as Cell[];
}

/** Side of the piece's bounding box. */
export function boxSize(type: PieceType): number {
  return SPAWN_PICTURES[type].length;
}

/** The piece's cells with its bounding box's top-left corner at (row, col). */
export function placedCells(type: PieceType, rotation: Rotation, row: number, col: number): Cell[] {
  return stateCells(type, rotation).map(([r, c]) => [r + row, c + col] as Cell);
}

/**
 * Where the bounding box of a piece whose cells are `cells` sits, assuming the cells are that piece
 * in that rotation (the first cell in row-major order pins it down).
 */
export function boxOrigin(type: PieceType, rotation: Rotation, cells: readonly Cell[]): [number, number] {
  const first = stateCells(type, rotation)[0] as Cell;
  let top = cells[0] as Cell;
  for (const cell of cells) if (cell[0] < top[0] || (cell[0] === top[0] && cell[1] < top[1])) top = cell;
  return [top[0] - first[0], top[1] - first[1]];
}

/**
 * SRS wall-kick tests, as (x, y) offsets with x to the right and y UP (the way the standard tables
 * are written); the first offset that fits wins. Keyed `from>to`.
 */
export type KickTable = Readonly<Record<string, readonly (readonly [number, number])[]>>;

export const KICKS_JLSTZ: KickTable = {
  "0>1": [
    [0, 0],
    [-1, 0],
    [-1, 1],
    [0, -2],
    [-1, -2],
  ],
  "1>0": [
    [0, 0],
    [1, 0],
    [1, -1],
    [0, 2],
    [1, 2],
  ],
  "1>2": [
    [0, 0],
    [1, 0],
    [1, -1],
    [0, 2],
    [1, 2],
  ],
  "2>1": [
    [0, 0],
    [-1, 0],
    [-1, 1],
    [0, -2],
    [-1, -2],
  ],
  "2>3": [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, -2],
    [1, -2],
  ],
  "3>2": [
    [0, 0],
    [-1, 0],
    [-1, -1],
    [0, 2],
    [-1, 2],
  ],
  "3>0": [
    [0, 0],
    [-1, 0],
    [-1, -1],
    [0, 2],
    [-1, 2],
  ],
  "0>3": [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, -2],
    [1, -2],
  ],
};

export const KICKS_I: KickTable = {
  "0>1": [
    [0, 0],
    [-2, 0],
    [1, 0],
    [-2, -1],
    [1, 2],
  ],
  "1>0": [
    [0, 0],
    [2, 0],
    [-1, 0],
    [2, 1],
    [-1, -2],
  ],
  "1>2": [
    [0, 0],
    [-1, 0],
    [2, 0],
    [-1, 2],
    [2, -1],
  ],
  "2>1": [
    [0, 0],
    [1, 0],
    [-2, 0],
    [1, -2],
    [-2, 1],
  ],
  "2>3": [
    [0, 0],
    [2, 0],
    [-1, 0],
    [2, 1],
    [-1, -2],
  ],
  "3>2": [
    [0, 0],
    [-2, 0],
    [1, 0],
    [-2, -1],
    [1, 2],
  ],
  "3>0": [
    [0, 0],
    [1, 0],
    [-2, 0],
    [1, -2],
    [-2, 1],
  ],
  "0>3": [
    [0, 0],
    [-1, 0],
    [2, 0],
    [-1, 2],
    [2, -1],
  ],
};

const NO_KICK: readonly (readonly [number, number])[] = [[0, 0]];

/** The tables by `from * 4 + to`: a turn is the search's most frequent question. */
function byIndex(table: KickTable): (readonly (readonly [number, number])[])[] {
  return Array.from({ length: 16 }, (_, i) => table[`${Math.floor(i / 4)}>${i % 4}`] ?? NO_KICK);
}
const INDEXED_I = byIndex(KICKS_I);
const INDEXED_JLSTZ = byIndex(KICKS_JLSTZ);

/** The tests a turn from `from` to `to` tries, in order. */
export function kickTests(
  type: PieceType,
  from: Rotation,
  to: Rotation,
): readonly (readonly [number, number])[] {
  if (type === "O") return NO_KICK;
  return ((type === "I" ? INDEXED_I : INDEXED_JLSTZ)[from * 4 + to] as (typeof INDEXED_I)[number]) ?? NO_KICK;
}

/** Columns the piece spans in its spawn orientation (its width). */
export function spawnWidth(type: PieceType): number {
  const cells = stateCells(type, 0);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const [, c] of cells) {
    min = Math.min(min, c);
    max = Math.max(max, c);
  }
  return max - min + 1;
}

/**
 * Spawn cells on a board `width` wide: the spawn orientation with its top row on row 0, centred,
 * leaning left when it cannot be exact.
 */
export function spawnCells(type: PieceType, width: number): Cell[] {
  const cells = stateCells(type, 0);
  let top = Number.POSITIVE_INFINITY;
  let left = Number.POSITIVE_INFINITY;
  for (const [r, c] of cells) {
    top = Math.min(top, r);
    left = Math.min(left, c);
  }
  const col = Math.floor((width - spawnWidth(type)) / 2) - left;
  return placedCells(type, 0, -top, col);
}

/** Do `cells` form `type` in `rotation` (anywhere)? */
export function isPieceShape(type: PieceType, rotation: Rotation, cells: readonly Cell[]): boolean {
  if (cells.length !== stateCells(type, rotation).length) return false;
  const [row, col] = boxOrigin(type, rotation, cells);
  const expected = placedCells(type, rotation, row, col);
  const key = (c: readonly number[]) => `${c[0]},${c[1]}`;
  const have = new Set(cells.map(key));
  return have.size === expected.length && expected.every((c) => have.has(key(c)));
}
