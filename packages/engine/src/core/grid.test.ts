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
  fitColumns,
  fitPositions,
  fullCols,
  fullRows,
  placeShape,
  shapeMasks,
} from "./grid.js";
import { nextInt, seedRng } from "./rng.js";
import { parseShape, shapeFromCells } from "./shapes.js";

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

  it("finds fits a whole row at a time exactly where canPlace says, on random boards and shapes", () => {
    const rng = seedRng(17);
    for (let t = 0; t < 300; t++) {
      const width = 1 + nextInt(rng, 30);
      const height = 1 + nextInt(rng, 12);
      const rows = Array.from({ length: height }, () =>
        Array.from({ length: width }, () => (nextInt(rng, 3) === 0 ? "#" : ".")).join(""),
      );
      const board = boardFromText(rows);
      const cells = Array.from(
        { length: 1 + nextInt(rng, 6) },
        () => [nextInt(rng, 4), nextInt(rng, 5)] as [number, number],
      );
      const shape = shapeMasks(shapeFromCells(cells));
      let brute = 0;
      for (let r = -1; r <= height; r++) {
        let expected = 0;
        for (let c = 0; c < width; c++) if (canPlace(board, width, shape, r, c)) expected |= 1 << c;
        expect(fitColumns(board, width, shape, r)).toBe(expected >>> 0);
        if (r >= 0) brute += [...(expected >>> 0).toString(2)].filter((b) => b === "1").length;
      }
      expect(countFits(board, width, shape)).toBe(brute);
      expect(countFits(board, width, shape, 2)).toBe(Math.min(brute, 2));
      expect(canFitAnywhere(board, width, shape)).toBe(brute > 0);
    }
  });
});
