import { describe, expect, it } from "vitest";
import { centredOn, snapToCell } from "./snap";

const board = { rows: 10, cols: 6 };

describe("snapToCell", () => {
  it("keeps a block that sits exactly on cells where it is", () => {
    expect(snapToCell({ x: 2, y: 3, height: 2, width: 3, ...board })).toEqual({ row: 3, col: 2 });
  });

  it("lands on the cells it overlaps most, the same way on both axes", () => {
    // 0.4 of a cell right and down: most of the block is still over (3, 2).
    expect(snapToCell({ x: 2.4, y: 3.4, height: 2, width: 2, ...board })).toEqual({ row: 3, col: 2 });
    // 0.6 right and down: it now overlaps (4, 3) more.
    expect(snapToCell({ x: 2.6, y: 3.6, height: 2, width: 2, ...board })).toEqual({ row: 4, col: 3 });
    expect(snapToCell({ x: 2.6, y: 3.4, height: 2, width: 2, ...board })).toEqual({ row: 3, col: 3 });
    expect(snapToCell({ x: 1.51, y: 2.49, height: 1, width: 1, ...board })).toEqual({ row: 2, col: 2 });
    // Exactly half way: both axes break the tie the same way.
    expect(snapToCell({ x: 1.5, y: 1.5, height: 1, width: 1, ...board })).toEqual({ row: 2, col: 2 });
  });

  it("chooses the position of largest overlap, checked by brute force", () => {
    const overlap = (a: number, size: number, b: number) => Math.max(0, size - Math.abs(a - b));
    for (let x = -0.45; x < 4; x += 0.37) {
      for (let y = -0.45; y < 8; y += 0.41) {
        const h = 2;
        const w = 3;
        let best = { row: -1, col: -1, area: -1 };
        for (let r = 0; r <= board.rows - h; r++) {
          for (let c = 0; c <= board.cols - w; c++) {
            const area = overlap(x, w, c) * overlap(y, h, r);
            if (area > best.area) best = { row: r, col: c, area };
          }
        }
        expect(snapToCell({ x, y, height: h, width: w, ...board })).toEqual({ row: best.row, col: best.col });
      }
    }
  });

  it("pulls a block hanging over the edge back inside while its centre is over the board", () => {
    expect(snapToCell({ x: -1, y: 0, height: 1, width: 3, ...board })).toEqual({ row: 0, col: 0 });
    expect(snapToCell({ x: 4.2, y: 8.8, height: 2, width: 2, ...board })).toEqual({ row: 8, col: 4 });
    expect(snapToCell({ x: 0, y: 9.3, height: 1, width: 5, ...board })).toEqual({ row: 9, col: 0 });
  });

  it("snaps nowhere when the block's centre is off the board or the block is bigger than it", () => {
    expect(snapToCell({ x: -2, y: 0, height: 1, width: 3, ...board })).toBeNull();
    expect(snapToCell({ x: 0, y: 10.2, height: 1, width: 1, ...board })).toBeNull();
    expect(snapToCell({ x: 5.6, y: 0, height: 1, width: 1, ...board })).toBeNull();
    expect(snapToCell({ x: 0, y: 0, height: 1, width: 7, ...board })).toBeNull();
    expect(snapToCell({ x: Number.NaN, y: 0, height: 1, width: 1, ...board })).toBeNull();
  });
});

describe("centredOn", () => {
  it("puts the block's centre on the cell, kept inside the board", () => {
    expect(centredOn({ row: 5, col: 3 }, 3, 3, 10, 6)).toEqual({ row: 4, col: 2 });
    expect(centredOn({ row: 0, col: 0 }, 3, 3, 10, 6)).toEqual({ row: 0, col: 0 });
    expect(centredOn({ row: 9, col: 5 }, 1, 5, 10, 6)).toEqual({ row: 9, col: 1 });
  });
});
