import { describe, expect, it } from "vitest";
import {
  type KeyValueStore,
  LEADERBOARD_KEY,
  LEGACY_HIGHSCORE_KEY,
  loadLeaderboard,
  parseLeaderboard,
  recordScore,
  withScore,
} from "./leaderboard";

function fakeStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const D = "2026-01-02T03:04:05.000Z";

describe("leaderboard storage", () => {
  it("keeps the top 5 scores, highest first", () => {
    let list = parseLeaderboard(null);
    for (const s of [50, 300, 10, 900, 120, 700, 5]) list = withScore(list, s, D);
    expect(list.map((e) => e.score)).toEqual([900, 700, 300, 120, 50]);
    expect(list.every((e) => e.date === D)).toBe(true);
  });

  it("records a finished game under blockblast-leaderboard as [{score, date}]", () => {
    const store = fakeStore();
    recordScore(store, 420, D);
    recordScore(store, 100, D);
    expect(JSON.parse(store.data.get(LEADERBOARD_KEY) ?? "")).toEqual([
      { score: 420, date: D },
      { score: 100, date: D },
    ]);
  });

  it("ignores a corrupt or foreign value without throwing", () => {
    for (const bad of ["{", "null", "42", '"text"', '{"score":1}', "[1,2,3]", '[{"score":"9","date":"x"}]']) {
      expect(loadLeaderboard(fakeStore({ [LEADERBOARD_KEY]: bad }))).toEqual([]);
    }
    // Valid entries survive next to junk ones; NaN dates, negative and fractional scores are junk.
    const mixed = JSON.stringify([
      { score: 5, date: D },
      { score: -1, date: D },
      { score: 2.5, date: D },
      { score: 7, date: "not a date" },
      null,
      { score: 9, date: D, extra: true },
    ]);
    expect(loadLeaderboard(fakeStore({ [LEADERBOARD_KEY]: mixed }))).toEqual([
      { score: 9, date: D },
      { score: 5, date: D },
    ]);
    // Recording over a corrupt value replaces it with a valid list.
    const store = fakeStore({ [LEADERBOARD_KEY]: "}{" });
    expect(recordScore(store, 30, D)).toEqual([{ score: 30, date: D }]);
  });

  it("survives a storage that throws on every call", () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(loadLeaderboard(broken)).toEqual([]);
    expect(recordScore(broken, 10, D)).toEqual([{ score: 10, date: D }]);
  });

  it("migrates an old blockblast-highscore once, then removes it", () => {
    const store = fakeStore({
      [LEGACY_HIGHSCORE_KEY]: "1234",
      [LEADERBOARD_KEY]: JSON.stringify([{ score: 50, date: D }]),
    });
    const list = loadLeaderboard(store, () => D);
    expect(list).toEqual([
      { score: 1234, date: D },
      { score: 50, date: D },
    ]);
    expect(store.data.has(LEGACY_HIGHSCORE_KEY)).toBe(false);
    expect(loadLeaderboard(store)).toEqual(list);
    // A string-wrapped number is accepted too; garbage is dropped without a trace.
    expect(loadLeaderboard(fakeStore({ [LEGACY_HIGHSCORE_KEY]: '"77"' }), () => D)).toEqual([
      { score: 77, date: D },
    ]);
    const junk = fakeStore({ [LEGACY_HIGHSCORE_KEY]: "{oops" });
    expect(loadLeaderboard(junk)).toEqual([]);
    expect(junk.data.has(LEGACY_HIGHSCORE_KEY)).toBe(false);
  });
});
