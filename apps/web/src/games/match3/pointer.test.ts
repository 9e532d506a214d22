import { describe, expect, it } from "vitest";
import { createSwipe } from "./pointer";

describe("match3 Arcade swipes", () => {
  it("moves one column per cell width of sideways travel, either way", () => {
    const s = createSwipe({ x: 100, y: 100 }, 30);
    expect(s.move(110, 102)).toEqual([]);
    expect(s.move(131, 103)).toEqual(["R"]);
    expect(s.move(195, 103)).toEqual(["R", "R"]);
    expect(s.move(130, 104)).toEqual(["L", "L"]);
  });

  it("drops once on a swipe down, and nothing more in that gesture", () => {
    const s = createSwipe({ x: 100, y: 100 }, 30);
    expect(s.move(102, 130)).toEqual([]);
    expect(s.move(104, 146)).toEqual(["D"]);
    expect(s.move(104, 300)).toEqual([]);
    expect(s.move(200, 300)).toEqual([]);
  });

  it("a slanted swipe moves sideways instead of dropping; tiny cells still need 14 px", () => {
    const slant = createSwipe({ x: 0, y: 0 }, 30);
    expect(slant.move(60, 50)).toEqual(["R", "R"]);
    const tiny = createSwipe({ x: 0, y: 0 }, 5);
    expect(tiny.move(13, 0)).toEqual([]);
    expect(tiny.move(14, 0)).toEqual(["R"]);
  });
});
