import { describe, expect, it } from "vitest";
import {
  boardFromText,
  boardToText,
  canFitAnywhere,
  canPlace,
  clearLines,
  collapseFullRows,
  countFilled,
  countFits,
  fitPositions,
  fullCols,
  fullRows,
  placeShape,
  shapeMasks,
} from "./grid.js";
import { parseShape } from "./shapes.js";

const L = shapeMasks(parseShape(["X.", "XX"]));

describe("grid", () => {
  it("round-trips text boards", () => {
    const rows = ["#..#", "....", "####"];
    expect(boardToText(boardFromText(rows), 4)).toEqual(rows);
  });

  it("fits a shape only inside the grid and on empty cells", () => {
    const b = boardFromText(["....", ".#..", "...."]);
    expect(canPlace(b, 4, L, 0, 0)).toBe(false); // (1,1) is taken
    expect(canPlace(b, 4, L, 1, 0)).toBe(true);
    expect(canPlace(b, 4, L, 1, 2)).toBe(true);
    expect(canPlace(b, 4, L, 2, 0)).toBe(false); // below the bottom
    expect(canPlace(b, 4, L, 0, 3)).toBe(false); // past the right edge
    expect(canPlace(b, 4, L, -1, 0)).toBe(false);
  });

  it("lists and counts every fitting position", () => {
    const b = boardFromText(["....", ".#..", "...."]);
    const all = fitPositions(b, 4, L);
    expect(all).toEqual([
      [0, 2],
      [1, 0],
      [1, 2],
    ]);
    expect(countFits(b, 4, L)).toBe(3);
    expect(countFits(b, 4, L, 2)).toBe(2);
    expect(canFitAnywhere(boardFromText(["#.#", ".#."]), 3, L)).toBe(false);
  });

  it("places shapes and finds full rows and columns", () => {
    const b = boardFromText(["###.", "###.", "##.."]);
    placeShape(b, shapeMasks(parseShape([".X", "XX"])), 1, 2);
    expect(boardToText(b, 4)).toEqual(["###.", "####", "####"]);
    expect(fullRows(b, 4)).toEqual([1, 2]);
    expect(fullCols(b, 4)).toEqual([0, 1, 2]);
  });

  it("clears rows and columns without gravity, counting crossings once", () => {
    const b = boardFromText(["#...", "####", "#..#"]);
    expect(clearLines(b, 4, [1], [0])).toBe(6);
    expect(boardToText(b, 4)).toEqual(["....", "....", "...#"]);
    expect(countFilled(b)).toBe(1);
  });

  it("collapses full rows with the rows above shifting down", () => {
    const b = boardFromText(["#...", "####", ".#..", "####"]);
    expect(collapseFullRows(b, 4)).toEqual([1, 3]);
    expect(boardToText(b, 4)).toEqual(["....", "....", "#...", ".#.."]);
  });
});
