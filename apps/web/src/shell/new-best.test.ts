import { describe, expect, it } from "vitest";
import { isNewBest } from "./new-best";

describe("isNewBest", () => {
  it("is a record only above the previous best, and a first score of 0 is not one", () => {
    expect(isNewBest(10, 0)).toBe(true);
    expect(isNewBest(0, 0)).toBe(false);
    expect(isNewBest(5, 5)).toBe(false);
    expect(isNewBest(4, 5)).toBe(false);
  });
});
