import type { Block } from "@blockarcade/engine/games/blocky";
import { describe, expect, it } from "vitest";
import { doingText, moveCursor, selectedPath } from "./selection";

/** The classic reference board: upper-right split into blue, red, red, yellow. */
const REFERENCE: Block = [["B", "R", "R", "Y"], "G", "R", "Y"];

describe("selection", () => {
  it("selects the block at the current level under the cursor", () => {
    expect(selectedPath(REFERENCE, { row: 0, col: 3 }, 2, 2)).toEqual([0, 0]);
    expect(selectedPath(REFERENCE, { row: 1, col: 2 }, 2, 2)).toEqual([0, 2]);
    expect(selectedPath(REFERENCE, { row: 0, col: 3 }, 1, 2)).toEqual([0]);
    expect(selectedPath(REFERENCE, { row: 0, col: 3 }, 0, 2)).toEqual([]);
  });

  it("stops at a leaf above the current level", () => {
    expect(selectedPath(REFERENCE, { row: 3, col: 0 }, 2, 2)).toEqual([2]);
    expect(selectedPath(REFERENCE, { row: 3, col: 3 }, 2, 2)).toEqual([3]);
  });

  it("moves the cursor block by block with the arrow keys and stops at the edges", () => {
    let cursor = { row: 0, col: 3 };
    const path = () => selectedPath(REFERENCE, cursor, 2, 2);
    cursor = moveCursor(REFERENCE, cursor, 2, 2, "left");
    expect(path()).toEqual([0, 1]);
    cursor = moveCursor(REFERENCE, cursor, 2, 2, "left");
    expect(path()).toEqual([1]);
    // The green leaf is two cells wide: one more step left is the edge.
    expect(moveCursor(REFERENCE, cursor, 2, 2, "left")).toEqual(cursor);
    cursor = moveCursor(REFERENCE, cursor, 2, 2, "down");
    expect(path()).toEqual([2]);
    cursor = moveCursor(REFERENCE, cursor, 2, 2, "right");
    expect(path()).toEqual([3]);
    cursor = moveCursor(REFERENCE, cursor, 2, 2, "up");
    expect(path()).toEqual([0, 2]);
    cursor = moveCursor(REFERENCE, cursor, 2, 2, "right");
    expect(path()).toEqual([0, 3]);
    expect(moveCursor(REFERENCE, cursor, 2, 2, "right")).toEqual(cursor);
  });

  it("moves by whole blocks at a higher level", () => {
    const cursor = moveCursor(REFERENCE, { row: 0, col: 0 }, 1, 2, "right");
    expect(selectedPath(REFERENCE, cursor, 1, 2)).toEqual([0]);
  });

  it("words what a computer player is doing", () => {
    expect(`Player 2 is ${doingText("rotate_cw", "B")}`).toBe("Player 2 is rotating a block clockwise");
    expect(doingText("paint", "Y")).toBe("painting a cell yellow");
  });
});
