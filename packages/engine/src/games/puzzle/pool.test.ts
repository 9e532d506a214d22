import { describe, expect, it } from "vitest";
import { mirror, rotateCw, shapeFromMatrix, shapeKey, shapeToRows } from "../../core/shapes.js";
import { BASE_SHAPES, buildPool, PIECE_POOL, pieceByRows, pieceByShape } from "./pool.js";

describe("puzzle piece pool", () => {
  it("holds 32 shapes, all different", () => {
    expect(PIECE_POOL).toHaveLength(32);
    expect(new Set(PIECE_POOL.map((p) => shapeKey(p.shape))).size).toBe(32);
    expect(new Set(PIECE_POOL.map((p) => p.rows.join("/"))).size).toBe(32);
    expect(new Set(PIECE_POOL.map((p) => p.id)).size).toBe(32);
  });

  it("is generated from the 12 drawings, each contributing its distinct orientations", () => {
    expect(BASE_SHAPES).toHaveLength(12);
    const perBase = Object.fromEntries(BASE_SHAPES.map((b) => [b.name, 0]));
    for (const p of PIECE_POOL) perBase[p.baseShape] = (perBase[p.baseShape] ?? 0) + 1;
    expect(perBase).toEqual({
      square: 1,
      L: 8,
      smallLine: 2,
      mediumLine: 2,
      longLine: 2,
      extraLongLine: 2,
      hook: 4,
      extendedL: 4,
      // Drawn exactly like the square: nothing new after de-duplication.
      squarePlus: 0,
      largeSquare: 1,
      zigzag: 4,
      rectangle: 2,
    });
  });

  it("de-duplicates across bases, not only within one", () => {
    const pool = buildPool([
      { name: "a", art: ["XX"] },
      { name: "b", art: ["X", "X"] },
      { name: "c", art: ["XXX"] },
    ]);
    expect(pool.map((p) => p.id)).toEqual(["a0", "a1", "c0", "c1"]);
  });

  it("stores every shape normalised to the top-left as its minimal bounding box", () => {
    for (const p of PIECE_POOL) {
      expect(p.rows).toHaveLength(p.shape.height);
      for (const row of p.rows) expect(row).toHaveLength(p.shape.width);
      // No empty edge row or column: the box is minimal and starts at (0, 0).
      expect(p.rows[0]).toContain("#");
      expect(p.rows.at(-1)).toContain("#");
      expect(p.rows.some((r) => r[0] === "#")).toBe(true);
      expect(p.rows.some((r) => r.at(-1) === "#")).toBe(true);
    }
  });

  it("is closed under rotation and mirroring (every orientation is present)", () => {
    for (const p of PIECE_POOL) {
      expect(pieceByShape(rotateCw(p.shape))?.baseShape).toBe(p.baseShape);
      expect(pieceByShape(mirror(p.shape))?.baseShape).toBe(p.baseShape);
    }
  });

  // The spec draws "010/110/000" normalising to "10/11". Its own steps (shift the topmost and
  // leftmost filled cells to y = 0 and x = 0, keep the minimal box) give "01/11": the leftmost
  // filled cell is already in column 0, so nothing moves and only the empty row and column go.
  // We follow the steps; the drawn result is the same hook mirrored, and both are in the pool.
  it("normalises the spec's example by its steps (not its drawn result)", () => {
    const normalised = shapeFromMatrix([
      [0, 1, 0],
      [1, 1, 0],
      [0, 0, 0],
    ]);
    expect(shapeToRows(normalised)).toEqual([".#", "##"]);
    expect(shapeToRows(normalised)).not.toEqual(["#.", "##"]);
    expect(pieceByRows([".#", "##"])?.baseShape).toBe("hook");
    expect(pieceByRows(["#.", "##"])?.baseShape).toBe("hook");
    // Same shape shifted anywhere normalises the same way.
    const shifted = shapeFromMatrix([
      [0, 0, 0, 0],
      [0, 0, 0, 1],
      [0, 0, 1, 1],
    ]);
    expect(shapeToRows(shifted)).toEqual([".#", "##"]);
  });

  it("contains the spec's example block (L as X./X./XX) and the drawn shapes", () => {
    expect(pieceByRows(["#.", "#.", "##"])?.baseShape).toBe("L");
    expect(pieceByRows(["###", "###", "###"])?.baseShape).toBe("largeSquare");
    expect(pieceByRows(["#####"])?.baseShape).toBe("extraLongLine");
    expect(pieceByRows(["#", "#", "#", "#", "#"])?.baseShape).toBe("extraLongLine");
    expect(pieceByRows([".##", "##."])?.baseShape).toBe("zigzag");
    expect(pieceByRows(["#.", "##", ".#"])?.baseShape).toBe("zigzag");
    expect(pieceByRows([".#.", "###"])).toBeUndefined(); // no T in this game
  });
});
