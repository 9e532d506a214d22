/**
 * Shape library: string-art shapes, normalised to the top-left corner and stored as their minimal
 * bounding box, with rotation, mirroring and de-duplication (docs/games/puzzle.md "The piece pool",
 * shared by every game with pieces).
 */

/** A shape as its minimal bounding box: `rows[r][c]` is true where a cell is filled. */
export interface Shape {
  readonly height: number;
  readonly width: number;
  /** Filled cells as [row, col] pairs, row-major order. */
  readonly cells: readonly (readonly [number, number])[];
}

const EMPTY_MARKS = new Set([".", " ", "0", "_"]);

/**
 * Parses string art: one string per row (or one string with newlines); `.`, space, `0` and `_` are
 * empty, any other character is filled. The result is normalised.
 */
export function parseShape(art: string | readonly string[]): Shape {
  const lines = typeof art === "string" ? art.split("\n") : art;
  const cells: [number, number][] = [];
  lines.forEach((line, r) => {
    for (let c = 0; c < line.length; c++) {
      if (!EMPTY_MARKS.has(line[c] as string)) cells.push([r, c]);
    }
  });
  return shapeFromCells(cells);
}

/** A shape from a 0/1 (or boolean) matrix, normalised. */
export function shapeFromMatrix(matrix: readonly (readonly (number | boolean)[])[]): Shape {
  const cells: [number, number][] = [];
  matrix.forEach((row, r) => {
    row.forEach((v, c) => {
      if (v) cells.push([r, c]);
    });
  });
  return shapeFromCells(cells);
}

/**
 * Normalises any set of cells: shifts them so the topmost filled row is row 0 and the leftmost
 * filled column is column 0, removes duplicate cells and sorts them row-major.
 */
export function shapeFromCells(cells: readonly (readonly [number, number])[]): Shape {
  if (cells.length === 0) throw new RangeError("a shape needs at least one filled cell");
  let minR = Number.POSITIVE_INFINITY;
  let minC = Number.POSITIVE_INFINITY;
  let maxR = Number.NEGATIVE_INFINITY;
  let maxC = Number.NEGATIVE_INFINITY;
  for (const [r, c] of cells) {
    minR = Math.min(minR, r);
    minC = Math.min(minC, c);
    maxR = Math.max(maxR, r);
    maxC = Math.max(maxC, c);
  }
  const seen = new Set<number>();
  const width = maxC - minC + 1;
  const out: [number, number][] = [];
  for (const [r, c] of cells) {
    const key = (r - minR) * width + (c - minC);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([r - minR, c - minC]);
  }
  out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { height: maxR - minR + 1, width, cells: out };
}

/** Rows of `#` and `.`, the protocol's picture of a shape. */
export function shapeToRows(shape: Shape, filled = "#", empty = "."): string[] {
  const rows = toMatrix(shape).map((row) => row.map((v) => (v ? filled : empty)).join(""));
  return rows;
}

export function toMatrix(shape: Shape): number[][] {
  const m = Array.from({ length: shape.height }, () => new Array<number>(shape.width).fill(0));
  for (const [r, c] of shape.cells) (m[r] as number[])[c] = 1;
  return m;
}

/** Quarter turn clockwise. */
export function rotateCw(shape: Shape): Shape {
  return shapeFromCells(shape.cells.map(([r, c]) => [c, shape.height - 1 - r] as [number, number]));
}

/** Mirror image left to right. */
export function mirror(shape: Shape): Shape {
  return shapeFromCells(shape.cells.map(([r, c]) => [r, shape.width - 1 - c] as [number, number]));
}

/** A string that is equal for two shapes exactly when their normalised matrices are equal. */
export function shapeKey(shape: Shape): string {
  return `${shape.height}x${shape.width}:${shapeToRows(shape).join("/")}`;
}

/** Keeps the first of every group of equal shapes, in order. */
export function dedupeShapes(shapes: readonly Shape[]): Shape[] {
  const seen = new Set<string>();
  const out: Shape[] = [];
  for (const s of shapes) {
    const k = shapeKey(s);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(s);
    }
  }
  return out;
}

/** The four rotations, in clockwise order from the shape itself (duplicates kept). */
export function rotations(shape: Shape): Shape[] {
  const out = [shape];
  for (let i = 1; i < 4; i++) out.push(rotateCw(out[i - 1] as Shape));
  return out;
}

/** Every distinct fixed orientation under rotation and mirroring (1 to 8 shapes). */
export function orientations(shape: Shape): Shape[] {
  return dedupeShapes([...rotations(shape), ...rotations(mirror(shape))]);
}
