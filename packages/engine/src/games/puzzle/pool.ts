/**
 * The piece pool, generated from the spec's 12 drawings: every rotation and mirror of each, normalised
 * to the top-left as its minimal bounding box and de-duplicated across the whole pool (32 shapes).
 */

import { type ShapeMasks, shapeMasks } from "../../core/grid.js";
import {
  dedupeShapes,
  orientations,
  parseShape,
  type Shape,
  shapeKey,
  shapeToRows,
} from "../../core/shapes.js";

/** The 12 drawings of docs/games/puzzle.md "The piece pool", in order (the drawing wins over the label). */
export const BASE_SHAPES: readonly { name: string; art: readonly string[] }[] = [
  { name: "square", art: ["XX", "XX"] },
  { name: "L", art: ["XXX", "X.."] },
  { name: "smallLine", art: ["XX"] },
  { name: "mediumLine", art: ["XXX"] },
  { name: "longLine", art: ["XXXX"] },
  { name: "extraLongLine", art: ["XXXXX"] },
  { name: "hook", art: ["X.", "XX"] },
  { name: "extendedL", art: ["XXX", "X..", "X.."] },
  // Drawn exactly like "square": all its orientations are duplicates and leave the pool.
  { name: "squarePlus", art: ["XX", "XX"] },
  { name: "largeSquare", art: ["XXX", "XXX", "XXX"] },
  { name: "zigzag", art: [".XX", "XX."] },
  { name: "rectangle", art: ["XXX", "XXX"] },
];

export interface PoolPiece {
  /** Base name + orientation index within that base, e.g. "L3". */
  id: string;
  baseShape: string;
  shape: Shape;
  /** Rows of `#` and `.`. */
  rows: string[];
  masks: ShapeMasks;
  key: string;
}

/** Builds the pool from the drawings; exported for tests (the game uses PIECE_POOL). */
export function buildPool(
  bases: readonly { name: string; art: readonly string[] }[] = BASE_SHAPES,
): PoolPiece[] {
  const seen = new Set<string>();
  const pool: PoolPiece[] = [];
  for (const base of bases) {
    // dedupeShapes removes repeats within the base; `seen` removes shapes an earlier base already gave.
    const fresh = dedupeShapes(orientations(parseShape(base.art))).filter((s) => !seen.has(shapeKey(s)));
    fresh.forEach((shape, i) => {
      const key = shapeKey(shape);
      seen.add(key);
      pool.push({
        id: `${base.name}${i}`,
        baseShape: base.name,
        shape,
        rows: shapeToRows(shape),
        masks: shapeMasks(shape),
        key,
      });
    });
  }
  return pool;
}

export const PIECE_POOL: readonly PoolPiece[] = buildPool();

const BY_KEY = new Map(PIECE_POOL.map((p) => [p.key, p]));
const BY_ROWS = new Map(PIECE_POOL.map((p) => [p.rows.join("/"), p]));

/** The pool piece drawn by these rows of `#`/`.` (exact bounding box), if any. */
export function pieceByRows(rows: readonly string[]): PoolPiece | undefined {
  return BY_ROWS.get(rows.join("/"));
}

export function pieceByShape(shape: Shape): PoolPiece | undefined {
  return BY_KEY.get(shapeKey(shape));
}
