import { describe, expect, it } from "vitest";
import { keepFocusOnClick, nextInCycle } from "./focus";

describe("nextInCycle", () => {
  const items = ["a", "b", "c"];
  it("moves forward and back, wrapping at both ends", () => {
    expect(nextInCycle(items, "a", false)).toBe("b");
    expect(nextInCycle(items, "c", false)).toBe("a");
    expect(nextInCycle(items, "a", true)).toBe("c");
    expect(nextInCycle(items, "b", true)).toBe("a");
  });
  it("enters at the first item, or the last going back, from outside the list", () => {
    expect(nextInCycle(items, "dialog box", false)).toBe("a");
    expect(nextInCycle(items, null, true)).toBe("c");
  });
  it("has nowhere to go in an empty list, and stays on a single item", () => {
    expect(nextInCycle([], "a", false)).toBeUndefined();
    expect(nextInCycle(["a"], "a", false)).toBe("a");
    expect(nextInCycle(["a"], "a", true)).toBe("a");
  });
});

describe("keepFocusOnClick", () => {
  /** A pointerdown on an element that is (or is not) inside a button. */
  const press = (pointerType: string, inButton: boolean) => {
    const event = new Event("pointerdown", { cancelable: true });
    keepFocusOnClick({
      pointerType,
      target: { closest: (selector: string) => (selector === "button" && inButton ? {} : null) },
      preventDefault: () => event.preventDefault(),
    });
    return event.defaultPrevented;
  };

  it("keeps focus on a mouse click on a button, and only then", () => {
    expect(press("mouse", true)).toBe(true);
    expect(press("mouse", false)).toBe(false);
    expect(press("touch", true)).toBe(false);
    expect(press("pen", true)).toBe(false);
  });
});
