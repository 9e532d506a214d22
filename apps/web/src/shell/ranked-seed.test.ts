import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isServerSeed, nextSeed, prepareSeed } from "./ranked-seed";

let data: Map<string, string>;
let denied = false;

// The shell's stores use window.localStorage; these tests give them a Map (or one that refuses writes).
beforeEach(() => {
  data = new Map();
  denied = false;
  (globalThis as { window?: unknown }).window = {
    localStorage: {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => {
        if (denied) throw new Error("quota");
        data.set(k, v);
      },
      removeItem: (k: string) => void data.delete(k),
    },
  };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe("ranked seeds", () => {
  it("a new game takes the spare server seed once, and it is remembered as the server's", () => {
    data.set("blockarcade-seeds-blast", JSON.stringify({ spare: 31337, taken: [] }));
    expect(nextSeed("blast")).toBe(31337);
    expect(isServerSeed("blast", 31337)).toBe(true);
    expect(isServerSeed("puzzle", 31337)).toBe(false);
    // The spare is gone: the next game gets a local seed, which is not the server's.
    const local = nextSeed("blast");
    expect(isServerSeed("blast", local)).toBe(false);
  });

  it("remembers only the last few seeds taken", () => {
    for (let i = 0; i < 12; i++) {
      data.set(
        "blockarcade-seeds-blast",
        JSON.stringify({
          ...JSON.parse(data.get("blockarcade-seeds-blast") ?? '{"taken":[]}'),
          spare: 100 + i,
        }),
      );
      expect(nextSeed("blast")).toBe(100 + i);
    }
    expect(isServerSeed("blast", 111)).toBe(true);
    expect(isServerSeed("blast", 100)).toBe(false);
  });

  it("a storage that refuses the write gives a local seed (a spare is never handed out twice)", () => {
    data.set("blockarcade-seeds-blast", JSON.stringify({ spare: 5, taken: [] }));
    denied = true;
    const seed = nextSeed("blast");
    expect(isServerSeed("blast", seed)).toBe(false);
  });

  it("a corrupt store reads as empty", () => {
    data.set("blockarcade-seeds-blast", JSON.stringify({ spare: -1, taken: "x" }));
    expect(isServerSeed("blast", 1)).toBe(false);
  });

  it("with no server, fetching a spare settles quietly and keeps nothing", async () => {
    await expect(prepareSeed("stacker")).resolves.toBeUndefined();
    expect(data.get("blockarcade-seeds-stacker")).toBeUndefined();
  });
});
