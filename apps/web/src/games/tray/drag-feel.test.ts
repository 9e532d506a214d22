import { describe, expect, it } from "vitest";
import { dragAnchor, liftFor, TOUCH_LIFT_PX } from "./drag-feel";

describe("drag feel", () => {
  it("lifts a piece above a finger only", () => {
    expect(liftFor("touch")).toBe(TOUCH_LIFT_PX);
    expect(liftFor("mouse")).toBe(0);
    expect(liftFor("pen")).toBe(0);
  });

  it("keeps the grabbed point under the pointer", () => {
    const base = { boardLeft: 100, boardTop: 200, cell: 40, grabX: 20, grabY: 60, lift: 0 };
    // Grabbed 20 px right and 60 px down from the piece's corner; the pointer at cell (3, 2) + grab.
    expect(dragAnchor({ ...base, x: 100 + 2 * 40 + 20, y: 200 + 3 * 40 + 60 })).toEqual({ row: 3, col: 2 });
    expect(dragAnchor({ ...base, x: 100 + 2 * 40 + 40, y: 200 + 3 * 40 + 60 + 40, lift: 40 })).toEqual({
      row: 3,
      col: 2.5,
    });
  });
});
