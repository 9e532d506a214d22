import { describe, expect, it } from "vitest";
import { isInLines, previewDrop } from "./placement";

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
});
