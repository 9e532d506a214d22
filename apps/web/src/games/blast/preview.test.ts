import { blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { describe, expect, it } from "vitest";
import { anchorAt, firstFit, moveGhost, previewDrop } from "./preview";

const at = (fields: Record<string, unknown>) => {
  const r = blastGame.load(fields, newBlastGame(1));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe("drop preview", () => {
  const state = at({
    board: ["AAAAAA..", "........", "........", "........", "........", "........", "........", ".B......"],
    tray: [{ shape: ["##"], colour: 0 }, { shape: ["###", "###", "###"], colour: 1 }, null],
  });

  it("shows a valid ghost with the lines the drop would clear", () => {
    const p = previewDrop(state, 0, 0, 6);
    expect(p).toMatchObject({ valid: true, rows: [0], cols: [] });
    expect(p?.cells).toEqual([
      [0, 6],
      [0, 7],
    ]);
  });

  it("shows an invalid ghost, clipped to the board, that clears nothing", () => {
    const p = previewDrop(state, 1, 6, 0);
    expect(p?.valid).toBe(false);
    expect(p?.cells).toHaveLength(6);
    expect(p?.rows).toEqual([]);
    expect(previewDrop(state, 2, 0, 0)).toBeUndefined();
  });

  it("agrees with the engine on every position", () => {
    for (let row = -2; row < 9; row++) {
      for (let col = -2; col < 9; col++) {
        const engine = blastGame.apply(state, { cmd: "place", piece: 1, row, col });
        expect(previewDrop(state, 1, row, col)?.valid).toBe(engine.ok);
      }
    }
  });

  it("keyboard ghost: starts at the first fit and stays on the board", () => {
    expect(firstFit(state, 1)).toEqual({ row: 1, col: 0 });
    expect(moveGhost(["###"], { row: 0, col: 5 }, 0, 1)).toEqual({ row: 0, col: 5 });
    expect(moveGhost(["###"], { row: 0, col: 0 }, -1, -1)).toEqual({ row: 0, col: 0 });
    expect(moveGhost(["#", "#"], { row: 5, col: 7 }, 1, 0)).toEqual({ row: 6, col: 7 });
    expect(moveGhost(["#", "#"], { row: 6, col: 7 }, 1, 0)).toEqual({ row: 6, col: 7 });
  });

  it("maps a dragged piece's position to the board cell under its top-left cell", () => {
    const g = { left: 100, top: 200, pitch: 40 };
    expect(anchorAt(g, 100, 200, ["#"])).toEqual({ row: 0, col: 0 });
    expect(anchorAt(g, 100 + 40 * 3 + 15, 200 + 40 * 2 - 15, ["#"])).toEqual({ row: 2, col: 3 });
    // Half off the left edge still targets the board (an invalid, red ghost), far away does not.
    expect(anchorAt(g, 100 - 40, 200, ["##"])).toEqual({ row: 0, col: -1 });
    expect(anchorAt(g, 100 - 200, 200, ["##"])).toBeUndefined();
    expect(anchorAt(g, 100, 200 + 40 * 9, ["#"])).toBeUndefined();
  });
});
