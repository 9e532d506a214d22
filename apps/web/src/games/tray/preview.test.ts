import { describe, expect, it } from "vitest";
import { dropTarget, moveWithin } from "./preview";

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
  // A stand-in for an engine's previewPlacement: a 1x2 piece on a 4x4 board whose (0,0) and (0,1) are taken.
  const taken = new Set(["0,0", "0,1"]);
  const previewAt = (row: number, col: number) => {
    const cells: [number, number][] = [
      [row, col],
      [row, col + 1],
    ];
    const fits = cells.every(([r, c]) => r >= 0 && c >= 0 && r < 4 && c < 4 && !taken.has(`${r},${c}`));
    return { fits, cells, rows: [], cols: [] };
  };

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
