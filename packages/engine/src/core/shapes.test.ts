import { describe, expect, it } from "vitest";
import {
  dedupeShapes,
  mirror,
  orientations,
  parseShape,
  rotateCw,
  shapeFromMatrix,
  shapeKey,
  shapeToRows,
} from "./shapes.js";

describe("shapes", () => {
  // The spec's example draws the result as "10/11", which no shift of "010/110" can give: its steps
  // (shift to the top-left, keep the minimal box) are followed, see docs/architecture.md.
  it("normalises to the top-left by the Block Puzzle spec's steps", () => {
    const s = shapeFromMatrix([
      [0, 1, 0],
      [1, 1, 0],
      [0, 0, 0],
    ]);
    expect(shapeToRows(s)).toEqual([".#", "##"]);
    expect(s.height).toBe(2);
    expect(s.width).toBe(2);
  });

  it("parses string art with X, # or 1 and ignores blank margins", () => {
    expect(shapeToRows(parseShape(["..XX", "..X."]))).toEqual(["##", "#."]);
    expect(shapeToRows(parseShape("   \n 11\n"))).toEqual(["##"]);
    expect(() => parseShape(["...."])).toThrow(RangeError);
  });

  it("rotates clockwise", () => {
    const l = parseShape(["X.", "X.", "XX"]);
    expect(shapeToRows(rotateCw(l))).toEqual(["###", "#.."]);
    expect(shapeKey(rotateCw(rotateCw(rotateCw(rotateCw(l)))))).toBe(shapeKey(l));
  });

  it("mirrors left to right", () => {
    expect(shapeToRows(mirror(parseShape(["X.", "X.", "XX"])))).toEqual([".#", ".#", "##"]);
  });

  it("de-duplicates by exact normalised matrix", () => {
    const a = parseShape(["XX"]);
    const b = parseShape(["..XX"]);
    const c = parseShape(["X", "X"]);
    expect(dedupeShapes([a, b, c]).map(shapeKey)).toEqual([shapeKey(a), shapeKey(c)]);
  });

  it("counts the fixed orientations of the classic shapes", () => {
    const count = (art: string[]) => orientations(parseShape(art)).length;
    expect(count(["XX", "XX"])).toBe(1);
    expect(count(["XXXX"])).toBe(2);
    expect(count([".X.", "XXX"])).toBe(4);
    expect(count([".XX", "XX."])).toBe(4); // S and Z: two each
    expect(count(["XXX", "X.."])).toBe(8);
  });
});
