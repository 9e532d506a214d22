import { describe, expect, it } from "vitest";
import { randomSeed, seedFromSearch } from "./seed";

describe("seedFromSearch", () => {
  it("reads a whole-number seed from 0 to 2^32 - 1", () => {
    expect(seedFromSearch("?seed=7")).toBe(7);
    expect(seedFromSearch("?rows=10&seed=0&cols=6")).toBe(0);
    expect(seedFromSearch("seed=4294967295")).toBe(4294967295);
  });

  it("ignores a missing, signed, fractional, spaced or too large seed", () => {
    for (const search of [
      "",
      "?",
      "?seed=",
      "?seed=-1",
      "?seed=+3",
      "?seed=1.5",
      "?seed=1e3",
      "?seed=%203",
      "?seed=4294967296",
      "?seed=abc",
    ]) {
      expect(seedFromSearch(search)).toBeUndefined();
    }
  });
});

describe("randomSeed", () => {
  it("is a valid seed, and not always the same", () => {
    const seeds = Array.from({ length: 20 }, randomSeed);
    for (const s of seeds) expect(Number.isInteger(s) && s >= 0 && s <= 0xffffffff).toBe(true);
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
});
