import { describe, expect, it } from "vitest";
import { createPointerSwipes, type SwipePointer } from "./pointer-swipes";

const at = (pointerId: number, clientX: number, pointerType = "touch"): SwipePointer => ({
  pointerType,
  pointerId,
  clientX,
  clientY: 0,
  timeStamp: 0,
  currentTarget: null,
});

describe("pointer swipes", () => {
  const setUp = () => {
    const seen: string[] = [];
    let gestures = 0;
    const handlers = createPointerSwipes<number>({
      current: {
        start: (e) => {
          gestures += 1;
          seen.push(`start ${e.clientX}`);
          return gestures;
        },
        move: (g, e) => seen.push(`move ${g} ${e.clientX}`),
        end: (g, e) => seen.push(`end ${g} ${e.clientX}`),
      },
    });
    return { seen, handlers };
  };

  it("follows one finger from down to up; other fingers are ignored", () => {
    const { seen, handlers } = setUp();
    handlers.onPointerDown(at(1, 10));
    handlers.onPointerMove(at(1, 20));
    handlers.onPointerMove(at(2, 99));
    handlers.onPointerUp(at(1, 30));
    handlers.onPointerMove(at(1, 40));
    expect(seen).toEqual(["start 10", "move 1 20", "end 1 30"]);
  });

  it("the mouse makes no swipe; a cancel ends the gesture without its end", () => {
    const { seen, handlers } = setUp();
    handlers.onPointerDown(at(1, 10, "mouse"));
    handlers.onPointerMove(at(1, 20, "mouse"));
    handlers.onPointerDown(at(3, 5, "pen"));
    handlers.onPointerCancel();
    handlers.onPointerMove(at(3, 6, "pen"));
    handlers.onPointerUp(at(3, 7, "pen"));
    expect(seen).toEqual(["start 5"]);
  });

  it("a lifted other finger still ends the gesture, without its end", () => {
    const { seen, handlers } = setUp();
    handlers.onPointerDown(at(1, 10));
    handlers.onPointerUp(at(2, 10));
    handlers.onPointerMove(at(1, 50));
    expect(seen).toEqual(["start 10"]);
  });
});
