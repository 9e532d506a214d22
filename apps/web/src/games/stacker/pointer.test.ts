/** Swipes on the board as engine keys. */
import { describe, expect, it } from "vitest";
import { createSwipe } from "./pointer";

describe("createSwipe", () => {
  it("moves a column per cell width sideways and a row per 1.5 cells down", () => {
    const s = createSwipe({ x: 100, y: 100, t: 0 }, 30);
    expect(s.move(129, 100)).toEqual([]);
    expect(s.move(161, 100)).toEqual(["D", "D"]);
    expect(s.move(100, 100)).toEqual(["A", "A"]);
    expect(s.move(100, 146)).toEqual(["S"]);
    expect(s.end({ x: 100, y: 146, t: 900 })).toEqual([]); // a slow drag ends with nothing more
  });

  it("a quick flick down hard-drops, a swipe up holds, a short tap turns clockwise", () => {
    expect(createSwipe({ x: 0, y: 0, t: 0 }, 30).end({ x: 5, y: 80, t: 60 })).toEqual(["Space"]);
    expect(createSwipe({ x: 0, y: 0, t: 0 }, 30).end({ x: 5, y: -80, t: 400 })).toEqual(["C"]);
    expect(createSwipe({ x: 0, y: 0, t: 0 }, 30).end({ x: 3, y: 2, t: 120 })).toEqual(["Q"]);
    expect(createSwipe({ x: 0, y: 0, t: 0 }, 30).end({ x: 3, y: 2, t: 700 })).toEqual([]); // a long press
  });

  it("a tap after the finger moved a piece is not a turn; tiny cells still need 12 px a step", () => {
    const s = createSwipe({ x: 0, y: 0, t: 0 }, 4);
    expect(s.move(11, 0)).toEqual([]);
    expect(s.move(12, 0)).toEqual(["D"]);
    expect(s.end({ x: 5, y: 0, t: 100 })).toEqual([]);
  });
});
