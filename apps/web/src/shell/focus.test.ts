import { describe, expect, it } from "vitest";
import { nextInCycle } from "./focus";

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
