/**
 * The piece pool: the 37 fixed orientations of the 15 families (docs/games/blast.md "Pieces"),
 * each with its category and difficulty tier. Pieces never rotate in play, so every
 * orientation is a piece of its own.
 */
import { type ShapeMasks, shapeMasks } from "../../core/grid.js";
import { dedupeShapes, parseShape, rotations, type Shape, shapeKey, shapeToRows } from "../../core/shapes.js";
import { CATEGORY_BASE_WEIGHT } from "./constants.js";

export type Tier = "easy" | "medium" | "hard";

export interface PieceCategory {
  readonly name: string;
  readonly tier: Tier;
  /** One drawing; the category's orientations are its distinct rotations. */
  readonly art: readonly string[];
}

export interface PoolPiece {
  /** Index in POOL. */
  readonly index: number;
  readonly category: string;
  readonly tier: Tier;
  readonly shape: Shape;
  readonly masks: ShapeMasks;
  /** The protocol's picture: rows of `#` and `.`. */
  readonly rows: readonly string[];
  readonly key: string;
  /** The category's weight split evenly over its orientations ("Piece generation"). */
  readonly baseWeight: number;
}

/** The 15 rows of table 2.2. Distinct rotations give exactly the table's orientation counts. */
export const CATEGORIES: readonly PieceCategory[] = [
  { name: "monomino", tier: "easy", art: ["#"] },
  { name: "domino", tier: "easy", art: ["##"] },
  { name: "triomino line", tier: "easy", art: ["###"] },
  { name: "triomino L-corner", tier: "easy", art: ["#.", "##"] },
  { name: "tetromino line", tier: "medium", art: ["####"] },
  { name: "square 2x2", tier: "medium", art: ["##", "##"] },
  { name: "L-shape", tier: "medium", art: ["#.", "#.", "##"] },
  { name: "J-shape", tier: "medium", art: [".#", ".#", "##"] },
  { name: "T-shape", tier: "medium", art: ["###", ".#."] },
  { name: "S-shape", tier: "hard", art: [".##", "##."] },
  { name: "Z-shape", tier: "hard", art: ["##.", ".##"] },
  { name: "pentomino line", tier: "hard", art: ["#####"] },
  { name: "big L-corner", tier: "hard", art: ["#..", "#..", "###"] },
  { name: "rectangle 2x3", tier: "hard", art: ["###", "###"] },
  { name: "square 3x3", tier: "hard", art: ["###", "###", "###"] },
];

function buildPool(): PoolPiece[] {
  const pool: PoolPiece[] = [];
  for (const category of CATEGORIES) {
    const shapes = dedupeShapes(rotations(parseShape(category.art)));
    for (const shape of shapes) {
      pool.push({
        index: pool.length,
        category: category.name,
        tier: category.tier,
        shape,
        masks: shapeMasks(shape),
        rows: shapeToRows(shape),
        key: shapeKey(shape),
        baseWeight: CATEGORY_BASE_WEIGHT / shapes.length,
      });
    }
  }
  return pool;
}

export const POOL: readonly PoolPiece[] = buildPool();

/** Pool pieces by their first row: a lookup compares the few candidates row by row. */
const BY_FIRST_ROW = new Map<string, PoolPiece[]>();
for (const piece of POOL) {
  const first = piece.rows[0] as string;
  const list = BY_FIRST_ROW.get(first);
  if (list) list.push(piece);
  else BY_FIRST_ROW.set(first, [piece]);
}

/**
 * The last few answers, by array object: a tray's three shapes are looked up several times per
 * command. An answer is still checked row by row (an array may have been edited in place), which
 * costs little because a dealt tray's rows are the pool's own strings.
 */
const RECENT = 4;
const recentRows: (readonly string[] | undefined)[] = new Array(RECENT).fill(undefined);
const recentPiece: (PoolPiece | undefined)[] = new Array(RECENT).fill(undefined);
// biome-ignore lint/plugin: the next slot of a memo checked row by row on every hit: no answer depends on it.
let recentNext = 0;

function isDrawnAs(piece: PoolPiece, rows: readonly string[]): boolean {
  if (piece.rows.length !== rows.length) return false;
  for (let i = 0; i < rows.length; i++) if (rows[i] !== piece.rows[i]) return false;
  return true;
}

/** The pool piece drawn exactly as `rows` (normalised bounding box of `#` and `.`), if any. */
export function pieceByRows(rows: readonly string[]): PoolPiece | undefined {
  for (let k = 0; k < RECENT; k++) {
    if (recentRows[k] !== rows) continue;
    const piece = recentPiece[k] as PoolPiece;
    if (isDrawnAs(piece, rows)) return piece;
    break;
  }
  const first = rows[0];
  if (typeof first !== "string") return undefined;
  const candidates = BY_FIRST_ROW.get(first);
  if (candidates === undefined) return undefined;
  for (let n = 0; n < candidates.length; n++) {
    const piece = candidates[n] as PoolPiece;
    if (isDrawnAs(piece, rows)) {
      recentRows[recentNext] = rows;
      recentPiece[recentNext] = piece;
      recentNext = (recentNext + 1) % RECENT;
      return piece;
    }
  }
  return undefined;
}

/** A fresh copy of the piece's picture for a tray. */
export function trayShape(piece: PoolPiece): string[] {
  return piece.rows.slice();
}

export function poolPiece(index: number): PoolPiece {
  const piece = POOL[index];
  if (piece === undefined) throw new RangeError(`no pool piece ${index}`);
  return piece;
}
