import { describe, expect, it } from "vitest";
import { dropTarget, firstFit, isInLines, moveWithin, previewDrop } from "./preview";

describe("previewDrop", () => {
  const board = ["......", "BBBB..", "BBBBB.", "......", "......"];

  it("shows the cells and the lines a drop would complete", () => {
    const p = previewDrop(board, ["##", ".#"], 1, 4);
    expect(p.fits).toBe(true);
    expect(p.cells).toEqual([
      [1, 4],
      [1, 5],
      [2, 5],
    ]);
    expect(p.rows).toEqual([1, 2]);
    expect(p.cols).toEqual([]);
    expect(isInLines(p, 2, 0)).toBe(true);
    expect(isInLines(p, 0, 0)).toBe(false);
  });

  it("finds columns too, and nothing when the block does not fit", () => {
    const col = ["#.....", "#.....", "#.....", "......", "......"];
    expect(previewDrop(col, ["#", "#"], 3, 0)).toMatchObject({ fits: true, rows: [], cols: [0] });
    expect(previewDrop(board, ["##"], 1, 3)).toMatchObject({ fits: false, rows: [], cols: [] });
    expect(previewDrop(board, ["##"], 4, 5).fits).toBe(false);
  });

  it("reads any cell letter as filled (Block Blast's colour letters, '#')", () => {
    const blast = ["AAAAAA..", ...Array<string>(6).fill("........"), ".B..#..."];
    expect(previewDrop(blast, ["##"], 0, 6)).toMatchObject({ fits: true, rows: [0], cols: [] });
    expect(previewDrop(blast, ["#"], 7, 1).fits).toBe(false);
    expect(previewDrop(blast, ["#"], 7, 4).fits).toBe(false);
  });

  it("does not fit off any edge, but still lists the cells it would cover", () => {
    const p = previewDrop(board, ["##", "#."], -1, 5);
    expect(p).toMatchObject({ fits: false, rows: [], cols: [] });
    expect(p.cells).toEqual([
      [-1, 5],
      [-1, 6],
      [0, 5],
    ]);
  });
});

describe("firstFit", () => {
  it("is the first fitting position in row-major order", () => {
    const board = ["##....", "#.....", "......"];
    expect(firstFit(board, ["##"])).toEqual({ row: 0, col: 2 });
    expect(firstFit(board, ["#", "#"])).toEqual({ row: 0, col: 2 });
    expect(firstFit(board, ["###", "###"])).toEqual({ row: 0, col: 2 });
    expect(firstFit(board, ["#####", "#####"])).toEqual({ row: 1, col: 1 });
  });

  it("is undefined when the shape fits nowhere", () => {
    expect(firstFit(["#.#", ".#."], ["##"])).toBeUndefined();
    expect(firstFit(["...", "..."], ["####"])).toBeUndefined();
  });
});

describe("moveWithin", () => {
  it("moves a preview and keeps the shape's whole box on the board", () => {
    expect(moveWithin(["###"], { row: 0, col: 5 }, 0, 1, 8, 8)).toEqual({ row: 0, col: 5 });
    expect(moveWithin(["###"], { row: 0, col: 0 }, -1, -1, 8, 8)).toEqual({ row: 0, col: 0 });
    expect(moveWithin(["#", "#"], { row: 5, col: 7 }, 1, 0, 8, 8)).toEqual({ row: 6, col: 7 });
    expect(moveWithin(["#", "#"], { row: 6, col: 7 }, 1, 0, 8, 8)).toEqual({ row: 6, col: 7 });
    // A 10 x 6 board: rows and columns have their own limits.
    expect(moveWithin(["##"], { row: 9, col: 3 }, 1, 1, 10, 6)).toEqual({ row: 9, col: 4 });
    expect(moveWithin(["##"], { row: 8, col: 4 }, 1, 1, 10, 6)).toEqual({ row: 9, col: 4 });
  });
});

describe("dropTarget (a game's own preview, passed in)", () => {
  const board = ["##..", "....", "....", "...."];
  const previewAt = (row: number, col: number) => previewDrop(board, ["##"], row, col);

  it("lands on the exact anchor when it fits, else on the nearest fitting one within the radius", () => {
    expect(dropTarget({ row: 1, col: 1 }, previewAt)?.at).toEqual({ row: 1, col: 1 });
    // (0, 1) is taken: the drop lands one row down, where the preview says it fits.
    const near = dropTarget({ row: 0.2, col: 1 }, previewAt);
    expect(near?.at).toEqual({ row: 1, col: 1 });
    expect(near?.preview.fits).toBe(true);
    expect(dropTarget({ row: 0, col: 5 }, previewAt)).toBeUndefined();
    expect(dropTarget({ row: 1, col: 1 }, () => undefined)).toBeUndefined();
  });
});
