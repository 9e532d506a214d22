import { describe, expect, it } from "vitest";
import { moveWithin } from "../tray/preview";
import { cycleBlock, keyToIntent, startCursor } from "./keyboard";

describe("puzzle keyboard", () => {
  it("chooses blocks with 1/2/3 at any time", () => {
    expect(keyToIntent("2", false, false)).toEqual({ type: "select", piece: 1 });
    expect(keyToIntent("3", false, true)).toEqual({ type: "select", piece: 2 });
    expect(keyToIntent("4", false, true)).toBeNull();
  });

  it("moves, places, switches and cancels only while a block is chosen", () => {
    expect(keyToIntent("ArrowLeft", false, true)).toEqual({ type: "move", dr: 0, dc: -1 });
    expect(keyToIntent("ArrowDown", false, true)).toEqual({ type: "move", dr: 1, dc: 0 });
    expect(keyToIntent("Enter", false, true)).toEqual({ type: "place" });
    expect(keyToIntent("Escape", false, true)).toEqual({ type: "cancel" });
    expect(keyToIntent("Tab", true, true)).toEqual({ type: "cycle", step: -1 });
    for (const k of ["ArrowLeft", "Enter", "Tab", "Escape"]) expect(keyToIntent(k, false, false)).toBeNull();
  });

  it("asks for a hint with H and watches with V, whether a block is chosen or not", () => {
    for (const chosen of [false, true]) {
      expect(keyToIntent("h", false, chosen)).toEqual({ type: "hint" });
      expect(keyToIntent("H", true, chosen)).toEqual({ type: "hint" });
      expect(keyToIntent("v", false, chosen)).toEqual({ type: "watch" });
    }
  });

  it("cycles through the blocks still in the tray", () => {
    expect(cycleBlock([true, false, true], 0, 1)).toBe(2);
    expect(cycleBlock([true, false, true], 2, 1)).toBe(0);
    expect(cycleBlock([true, false, true], 0, -1)).toBe(2);
    expect(cycleBlock([false, true, false], 1, 1)).toBe(1);
    expect(cycleBlock([false, false, false], 1, 1)).toBeNull();
  });
});

describe("puzzle keyboard cursor", () => {
  it("moves the preview one cell, never letting the block's box leave the board", () => {
    const shape = ["###", "#.."];
    expect(moveWithin(shape, { row: 3, col: 2 }, 1, 0, 10, 6)).toEqual({ row: 4, col: 2 });
    expect(moveWithin(shape, { row: 8, col: 3 }, 1, 1, 10, 6)).toEqual({ row: 8, col: 3 });
    expect(moveWithin(shape, { row: 0, col: 0 }, -1, -1, 10, 6)).toEqual({ row: 0, col: 0 });
  });

  it("starts at the fitting spot nearest the centre, or the centre when nothing fits", () => {
    const centre = { row: 4, col: 4 };
    expect(
      startCursor(centre, [
        { row: 0, col: 0 },
        { row: 5, col: 3 },
        { row: 7, col: 7 },
      ]),
    ).toEqual({
      row: 5,
      col: 3,
    });
    expect(startCursor(centre, [])).toEqual(centre);
  });
});
