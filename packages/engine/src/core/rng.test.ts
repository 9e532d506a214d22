import { describe, expect, it } from "vitest";
import {
  cloneRng,
  isRngState,
  nextFloat,
  nextInt,
  nextUint32,
  pickWeighted,
  seedRng,
  shuffled,
} from "./rng.js";

describe("rng", () => {
  it("gives the same sequence for the same seed and different ones for different seeds", () => {
    const a = seedRng(42);
    const b = seedRng(42);
    const c = seedRng(43);
    const seqA = Array.from({ length: 20 }, () => nextUint32(a));
    const seqB = Array.from({ length: 20 }, () => nextUint32(b));
    const seqC = Array.from({ length: 20 }, () => nextUint32(c));
    expect(seqA).toEqual(seqB);
    expect(seqA).not.toEqual(seqC);
  });

  it("never changes its sequence: seeds and saved games depend on it (values pinned when written)", () => {
    const r = seedRng(2026);
    expect(Array.from({ length: 6 }, () => nextUint32(r))).toEqual([
      866338330, 3073509513, 2098590438, 793087158, 362449156, 2852042858,
    ]);
    const q = seedRng(7);
    const weights = [0.1, 0.25, 0, 1, 0.5, 0.3333];
    expect(Array.from({ length: 12 }, () => pickWeighted(q, weights))).toEqual([
      3, 1, 3, 3, 5, 5, 3, 5, 1, 5, 1, 5,
    ]);
    expect(q.s).toEqual([4283163092, 543560448, 1122474834, 25]);
  });

  it("keeps its whole state as plain JSON: a copy continues identically", () => {
    const a = seedRng(5);
    for (let i = 0; i < 10; i++) nextUint32(a);
    const copy = JSON.parse(JSON.stringify(a));
    expect(isRngState(copy)).toBe(true);
    expect(Array.from({ length: 5 }, () => nextUint32(copy))).toEqual(
      Array.from({ length: 5 }, () => nextUint32(a)),
    );
  });

  it("clones without sharing", () => {
    const a = seedRng(1);
    const b = cloneRng(a);
    nextUint32(b);
    expect(a.s).not.toEqual(b.s);
  });

  it("produces floats in [0, 1) with a mean near one half", () => {
    const r = seedRng(9);
    let sum = 0;
    for (let i = 0; i < 10_000; i++) {
      const x = nextFloat(r);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      sum += x;
    }
    expect(sum / 10_000).toBeGreaterThan(0.48);
    expect(sum / 10_000).toBeLessThan(0.52);
  });

  it("draws integers uniformly in range", () => {
    const r = seedRng(3);
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[nextInt(r, 6)] += 1;
    for (const n of counts) expect(Math.abs(n - 10_000)).toBeLessThan(500);
    expect(() => nextInt(r, 0)).toThrow(RangeError);
  });

  it("picks by weight in proportion and never a zero weight", () => {
    const r = seedRng(11);
    const counts = [0, 0, 0];
    for (let i = 0; i < 40_000; i++) {
      const k = pickWeighted(r, [1, 0, 3]);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    expect(counts[1]).toBe(0);
    expect((counts[2] as number) / (counts[0] as number)).toBeGreaterThan(2.7);
    expect((counts[2] as number) / (counts[0] as number)).toBeLessThan(3.3);
  });

  it("shuffles into a permutation", () => {
    const r = seedRng(2);
    const items = [1, 2, 3, 4, 5, 6, 7];
    const s = shuffled(r, items);
    expect([...s].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
