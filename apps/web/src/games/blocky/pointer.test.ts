import type { Block } from "@blockarcade/engine/games/blocky";
import { describe, expect, it } from "vitest";
import {
  cellAt,
  firstLevel,
  maxZoom,
  selectBlock,
  selectedPath,
  stepLevel,
  stepLevelZoom,
  stepZoom,
  viewOf,
  wheelStep,
} from "./pointer";

/** The classic reference board: upper-right split into blue, red, red, yellow. */
const REFERENCE: Block = [["B", "R", "R", "Y"], "G", "R", "Y"];

describe("pointer selection", () => {
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

  it("turns a point in board units into the unit cell under it, or none outside the board", () => {
    expect(cellAt(4.01, 0.5, 2)).toBeNull();
    expect(cellAt(3.5, 0.5, 2)).toEqual({ row: 0, col: 3 });
    expect(cellAt(0, 3.2, 2)).toEqual({ row: 3, col: 0 });
    expect(cellAt(-0.01, 1, 2)).toBeNull();
    expect(cellAt(1, 4, 2)).toBeNull();
    expect(cellAt(Number.NaN, 1, 2)).toBeNull();
  });

  it("steps the level with the wheel within 0 and the maximum depth", () => {
    expect(wheelStep(-100)).toBe(-1);
    expect(wheelStep(3)).toBe(1);
    expect(wheelStep(0)).toBe(0);
    expect(stepLevel(0, -1, 4)).toBe(0);
    expect(stepLevel(4, 1, 4)).toBe(4);
    expect(stepLevel(2, 1, 4)).toBe(3);
    expect(firstLevel(4)).toBe(1);
    expect(firstLevel(0)).toBe(0);
  });

  it("zooms down to a view of 8 x 8 unit cells, following the cursor", () => {
    expect(maxZoom(2)).toBe(0);
    expect(maxZoom(3)).toBe(0);
    expect(maxZoom(4)).toBe(1);
    expect(maxZoom(6)).toBe(3);
    // Depth 6 (64 x 64): zoom 3 shows the 8 x 8 square holding the cursor.
    expect(viewOf({ row: 0, col: 0 }, 0, 6)).toEqual({ row: 0, col: 0, size: 64 });
    expect(viewOf({ row: 41, col: 13 }, 1, 6)).toEqual({ row: 32, col: 0, size: 32 });
    expect(viewOf({ row: 41, col: 13 }, 3, 6)).toEqual({ row: 40, col: 8, size: 8 });
    // A zoom beyond the board's limit shows the most zoomed view.
    expect(viewOf({ row: 41, col: 13 }, 5, 6)).toEqual({ row: 40, col: 8, size: 8 });
  });

  it("keeps the zoom at or above the level's square: zooming in lowers the level, a level up zooms out", () => {
    expect(stepZoom({ level: 1, zoom: 0 }, 1, 6)).toEqual({ level: 1, zoom: 1 });
    expect(stepZoom({ level: 1, zoom: 1 }, 1, 6)).toEqual({ level: 2, zoom: 2 });
    expect(stepZoom({ level: 6, zoom: 3 }, 1, 6)).toEqual({ level: 6, zoom: 3 });
    expect(stepZoom({ level: 6, zoom: 3 }, -1, 6)).toEqual({ level: 6, zoom: 2 });
    expect(stepZoom({ level: 2, zoom: 0 }, -1, 6)).toEqual({ level: 2, zoom: 0 });
    expect(stepZoom({ level: 1, zoom: 0 }, 1, 3)).toEqual({ level: 1, zoom: 0 });
    expect(stepLevelZoom({ level: 3, zoom: 3 }, -1, 6)).toEqual({ level: 2, zoom: 2 });
    expect(stepLevelZoom({ level: 3, zoom: 1 }, 1, 6)).toEqual({ level: 4, zoom: 1 });
    expect(stepLevelZoom({ level: 0, zoom: 0 }, -1, 6)).toEqual({ level: 0, zoom: 0 });
  });

  it("selects a hinted block at its level, keeping the zoom within it, the cursor on its top-left cell", () => {
    expect(selectBlock({ level: 1, zoom: 0 }, [0, 3], 2)).toEqual({
      at: { level: 2, zoom: 0 },
      cursor: { row: 1, col: 3 },
    });
    expect(selectBlock({ level: 4, zoom: 3 }, [2], 6)).toEqual({
      at: { level: 1, zoom: 1 },
      cursor: { row: 32, col: 0 },
    });
  });
});
