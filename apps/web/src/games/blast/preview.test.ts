import { blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { describe, expect, it } from "vitest";
import { dragGhost, firstFit, ghostOf, moveGhost, moveSelection, pickPiece, previewDrop } from "./preview";

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

  it("lands a drop one cell off a fitting spot on that spot, and refuses one two cells off", () => {
    // The 3x3 square fits at (1, 0) but not at (0, 0) (row 0 is filled): a drop at (0, 0) snaps down.
    expect(dragGhost(state, 1, { row: 0, col: 0 })).toMatchObject({ valid: true, row: 1, col: 0 });
    // One cell off the right edge: only (r, 5) is one cell away and fits.
    expect(dragGhost(state, 1, { row: 3, col: 6 })).toMatchObject({ valid: true, row: 3, col: 5 });
    // Two cells off the right edge: a red ghost over the board, not a landing.
    expect(dragGhost(state, 1, { row: 3, col: 7 })).toMatchObject({ valid: false, row: 3, col: 7 });
    // Clearly off the board: no ghost at all.
    expect(dragGhost(state, 1, { row: 3, col: 12 })).toBeUndefined();
    // An exact fit stays exact; the side the pointer leans to wins.
    expect(dragGhost(state, 0, { row: 4.2, col: 2.4 })).toMatchObject({ row: 4, col: 2 });
  });

  it("keyboard ghost: starts at the first fit and stays on the board", () => {
    expect(firstFit(state, 1)).toEqual({ row: 1, col: 0 });
    expect(moveGhost(["###"], { row: 0, col: 5 }, 0, 1)).toEqual({ row: 0, col: 5 });
    expect(moveGhost(["###"], { row: 0, col: 0 }, -1, -1)).toEqual({ row: 0, col: 0 });
    expect(moveGhost(["#", "#"], { row: 5, col: 7 }, 1, 0)).toEqual({ row: 6, col: 7 });
    expect(moveGhost(["#", "#"], { row: 6, col: 7 }, 1, 0)).toEqual({ row: 6, col: 7 });
  });
});

describe("selection", () => {
  const state = at({
    board: ["AAAAAA..", "........", "........", "........", "........", "........", "........", ".B......"],
    tray: [{ shape: ["##"], colour: 0 }, { shape: ["###", "###", "###"], colour: 1 }, null],
  });

  it("a picked piece starts at its first fit; picking it again keeps its ghost where it is", () => {
    expect(pickPiece(state, undefined, 1)).toEqual({ piece: 1, row: 1, col: 0 });
    const moved = { piece: 1, row: 4, col: 3 };
    expect(pickPiece(state, moved, 1)).toBe(moved);
    expect(pickPiece(state, moved, 0)).toEqual({ piece: 0, row: 0, col: 6 });
    // A hint's selection becomes the player's own when another piece is picked.
    expect(pickPiece(state, { ...moved, hint: true }, 0)).toEqual({ piece: 0, row: 0, col: 6 });
  });

  it("an empty slot or a game over picks nothing", () => {
    const moved = { piece: 1, row: 4, col: 3 };
    expect(pickPiece(state, moved, 2)).toBe(moved);
    expect(pickPiece(state, undefined, 2)).toBeUndefined();
    const over = at({
      board: Array.from({ length: 8 }, (_, r) => (r % 2 ? ".A.A.A.A" : "A.A.A.A.")),
      tray: [{ shape: ["##", "##"], colour: 0 }, null, null],
    });
    expect(over.over).toBe(true);
    expect(pickPiece(over, undefined, 0)).toBeUndefined();
  });

  it("arrows move the ghost within the board and drop a hint's mark; nothing moves with no piece picked", () => {
    expect(moveSelection(state, { piece: 1, row: 1, col: 0, hint: true }, 0, 1)).toEqual({
      piece: 1,
      row: 1,
      col: 1,
    });
    expect(moveSelection(state, { piece: 1, row: 5, col: 5 }, 1, 1)).toEqual({ piece: 1, row: 5, col: 5 });
    expect(moveSelection(state, undefined, 0, 1)).toBeUndefined();
    expect(moveSelection(state, { piece: 2, row: 0, col: 0 }, 0, 1)).toBeUndefined();
  });

  it("draws the dragged piece's landing spot first, else the picked piece's ghost", () => {
    const selection = { piece: 0, row: 0, col: 6 };
    expect(ghostOf(state, undefined, selection)).toEqual(previewDrop(state, 0, 0, 6));
    expect(ghostOf(state, { piece: 1, anchor: { row: 0, col: 0 } }, selection)).toMatchObject({
      piece: 1,
      row: 1,
      col: 0,
      valid: true,
    });
    expect(ghostOf(state, { piece: 1, anchor: { row: 3, col: 12 } }, selection)).toBeUndefined();
    expect(ghostOf(state, undefined, undefined)).toBeUndefined();
  });
});
