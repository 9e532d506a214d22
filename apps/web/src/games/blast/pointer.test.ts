import { describe, expect, it } from "vitest";
import { TOUCH_LIFT_PX } from "../tray/drag-feel";
import { clickedCell, frameAt, grabInCells } from "./pointer";

describe("drag geometry", () => {
  const board = { left: 100, top: 200, pitch: 50 };

  it("keeps the grab point, measured on the tray drawing, under the pointer at board scale", () => {
    // Grabbed 1.5 tray cells right and 0.5 down from the drawing's corner (tray pitch 24).
    const grab = grabInCells(10 + 36, 20 + 12, { left: 10, top: 20, width: 70, height: 46 }, 24);
    expect(grab).toEqual({ x: 1.5, y: 0.5 });
    const f = frameAt(0, 100 + 3 * 50 + 75, 200 + 2 * 50 + 25, grab, board, "mouse");
    expect(f.anchor).toEqual({ row: 2, col: 3 });
    expect({ left: f.left, top: f.top }).toEqual({ left: 250, top: 300 });
  });

  it("lifts the piece above a finger, not above a mouse", () => {
    const grab = { x: 0.5, y: 0.5 };
    const mouse = frameAt(0, 300, 400, grab, board, "mouse");
    const touch = frameAt(0, 300, 400, grab, board, "touch");
    expect(mouse.top - touch.top).toBe(TOUCH_LIFT_PX);
    expect(mouse.anchor.row - touch.anchor.row).toBeCloseTo(TOUCH_LIFT_PX / board.pitch);
    expect(touch.left).toBe(mouse.left);
  });

  it("clamps a press outside the drawing into the piece", () => {
    expect(grabInCells(0, 500, { left: 10, top: 20, width: 70, height: 46 }, 24)).toEqual({
      x: 0,
      y: 46 / 24,
    });
    expect(grabInCells(5, 5, { left: 0, top: 0, width: 10, height: 10 }, 0)).toEqual({ x: 0, y: 0 });
  });
});

describe("a click on the board", () => {
  it("names the cell it landed on, and nothing off the cells", () => {
    const cell = { getAttribute: (name: string) => (name === "data-row" ? "3" : "5") };
    const inside = { closest: (selector: string) => (selector === "[data-row]" ? cell : null) };
    expect(clickedCell(inside as unknown as EventTarget)).toEqual({ row: 3, col: 5 });
    expect(clickedCell({ closest: () => null } as unknown as EventTarget)).toBeUndefined();
    expect(clickedCell(null)).toBeUndefined();
  });
});
