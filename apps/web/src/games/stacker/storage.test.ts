import { manualClock } from "@blockarcade/engine/core";
import { blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { type StackerKey, type StackerState, stackerGame } from "@blockarcade/engine/games/stacker";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BEST_KEY,
  bestsAtStart,
  GAME_BEST_KEY,
  GAME_KEY,
  readBest,
  readSavedGame,
  readSize,
  recordScore,
  restoreSavedGame,
  SaveThrottle,
  SIZE_KEY,
  writeSavedGame,
  writeSize,
} from "./storage";

/** A seeded game with a few pieces locked, a hold used and the falling piece moved off its spawn. */
function played(): StackerState {
  let s = stackerGame.newGame({ size: 10 }, 42);
  const keys: StackerKey[] = ["A", "A", "Space", "D", "D", "D", "Space", "C", "Q", "Space", "D", "S"];
  for (const key of keys) {
    const r = stackerGame.apply(s, { cmd: "key", key });
    if (!r.ok) throw new Error(`${key}: ${r.error.message}`);
    s = r.state;
  }
  const r = stackerGame.apply(s, { cmd: "tick" });
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

/** The save as it would come back from localStorage. */
const stored = (s: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(s));

/** Plays the same keys and ticks on two states; returns both ends. */
function playOn(a: StackerState, b: StackerState, steps: number): [StackerState, StackerState] {
  const keys: (StackerKey | "tick")[] = ["Space", "A", "tick", "Space", "Q", "D", "Space", "C", "Space"];
  for (let i = 0; i < steps; i++) {
    const key = keys[i % keys.length] as StackerKey | "tick";
    const cmd = key === "tick" ? ({ cmd: "tick" } as const) : ({ cmd: "key", key } as const);
    const ra = stackerGame.apply(a, cmd);
    const rb = stackerGame.apply(b, cmd);
    expect(rb.ok).toBe(ra.ok);
    if (ra.ok && rb.ok) {
      a = ra.state;
      b = rb.state;
    }
  }
  return [a, b];
}

describe("restoreSavedGame", () => {
  it("restores a saved game exactly, rng included, and it plays on as the original would", () => {
    const original = played();
    expect(original.board.join("")).toMatch(/[A-Z]/); // pieces are on the board
    expect(original.hold).not.toBeNull();
    const restored = restoreSavedGame(stored(original));
    expect(restored).toEqual(original);
    if (!restored) return;
    expect(restored.rng).toEqual(original.rng);
    // Same pieces from the bag for the rest of the game: the rng came back exactly.
    const [a, b] = playOn(original, restored, 60);
    expect(b).toEqual(a);
    expect(a.score).toBeGreaterThan(original.score);
  });

  it("restores a game on a board size other than the default", () => {
    let s = stackerGame.newGame({ size: 27 }, 3);
    const r = stackerGame.apply(s, { cmd: "key", key: "Space" });
    if (r.ok) s = r.state;
    expect(restoreSavedGame(stored(s))).toEqual(s);
  });

  it("ignores values that are not a stacker save", () => {
    for (const raw of [undefined, null, 7, "game", [], {}, stored(newBlastGame(5))]) {
      expect(restoreSavedGame(raw)).toBeUndefined();
    }
    // Another game's state, even under the stacker's name.
    expect(restoreSavedGame({ ...stored(newBlastGame(5)), game: "stacker" })).toBeUndefined();
    expect(blastGame.id).not.toBe("stacker");
  });

  it("ignores a save whose falling piece is damaged", () => {
    const s = stored(played());
    const active = s.active as { type: string; rotation: number; cells: [number, number][] };
    const bent = { ...active, cells: active.cells.map(([r, c], i) => (i === 0 ? [r, c - 1] : [r, c])) };
    expect(restoreSavedGame({ ...s, active: bent })).toBeUndefined();
    expect(restoreSavedGame({ ...s, active: { ...active, type: "Q" } })).toBeUndefined();
    expect(
      restoreSavedGame({ ...s, active: { ...active, rotation: (active.rotation + 1) % 4 } }),
    ).toBeUndefined();
    const offBoard = { ...active, cells: active.cells.map(([r, c]) => [r - 40, c]) };
    expect(restoreSavedGame({ ...s, active: offBoard })).toBeUndefined();
    // Left out, `load` would spawn a new piece: a save never needs repairing, so it is refused.
    const { active: _gone, ...noActive } = s;
    expect(restoreSavedGame(noActive)).toBeUndefined();
    expect(restoreSavedGame({ ...s, active: null })).toBeUndefined();
  });

  it("ignores a save with a full row on the board", () => {
    const s = stored(played());
    const board = (s.board as string[]).slice();
    board[board.length - 1] = "I".repeat(board.length);
    expect(restoreSavedGame({ ...s, board })).toBeUndefined();
  });

  it("ignores a tampered rng, seed, score, level, queue or extra field", () => {
    const s = stored(played());
    expect(restoreSavedGame({ ...s, rng: { s: [1, 2, 3] } })).toBeUndefined();
    expect(restoreSavedGame({ ...s, rng: "x" })).toBeUndefined();
    expect(restoreSavedGame({ ...s, seed: -1 })).toBeUndefined();
    expect(restoreSavedGame({ ...s, score: -5 })).toBeUndefined();
    expect(restoreSavedGame({ ...s, level: 9 })).toBeUndefined();
    expect(restoreSavedGame({ ...s, next: ["I"] })).toBeUndefined();
    expect(restoreSavedGame({ ...s, bag: ["I", "I"] })).toBeUndefined();
    expect(restoreSavedGame({ ...s, config: { size: 12 } })).toBeUndefined();
    expect(restoreSavedGame({ ...s, cheat: true })).toBeUndefined();
  });

  it("ignores a finished game", () => {
    let s = stackerGame.newGame({ size: 10 }, 1);
    for (let i = 0; i < 200 && !s.over; i++) {
      const r = stackerGame.apply(s, { cmd: "key", key: "Space" });
      if (r.ok) s = r.state;
    }
    expect(s.over).toBe(true);
    expect(restoreSavedGame(stored(s))).toBeUndefined();
  });
});

describe("readSavedGame and writeSavedGame", () => {
  const items = new Map<string, string>();
  beforeEach(() => {
    items.clear();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => items.set(k, v),
        removeItem: (k: string) => items.delete(k),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("round-trips a game through storage", () => {
    const s = played();
    writeSavedGame(s);
    expect(items.has(GAME_KEY)).toBe(true);
    expect(readSavedGame()).toEqual(s);
  });

  it("reads corrupt JSON or a foreign value as no save", () => {
    for (const text of ["{not json", '"stacker"', "null", JSON.stringify(newBlastGame(3))]) {
      items.set(GAME_KEY, text);
      expect(readSavedGame()).toBeUndefined();
    }
    items.delete(GAME_KEY);
    expect(readSavedGame()).toBeUndefined();
  });

  it("a finished game clears the save", () => {
    writeSavedGame(played());
    writeSavedGame({ ...played(), over: true, active: null });
    expect(items.has(GAME_KEY)).toBe(false);
  });
});

describe("SaveThrottle", () => {
  const s = played();
  const later = { ...s, score: s.score + 1 };

  it("saves ordinary changes at most once per interval, the latest one, on the clock's timer", () => {
    const clock = manualClock();
    const written: number[] = [];
    const saver = new SaveThrottle((st) => written.push(st.score), clock, 1000);
    saver.note(s, false); // the first change is saved at once
    clock.advance(16);
    saver.note({ ...s, score: 1 }, false);
    clock.advance(16);
    saver.note({ ...s, score: 2 }, false);
    clock.advance(500);
    expect(written).toEqual([s.score]);
    clock.advance(500);
    expect(written).toEqual([s.score, 2]);
    clock.advance(3000); // nothing new waiting: nothing written
    expect(written).toEqual([s.score, 2]);
    expect(clock.pending()).toBe(0);
  });

  it("saves urgent changes and finished games at once, and flushes on demand", () => {
    const clock = manualClock();
    const written: StackerState[] = [];
    const saver = new SaveThrottle((st) => written.push(st), clock, 1000);
    saver.note(s, false);
    clock.advance(10);
    saver.note(later, true);
    expect(written).toEqual([s, later]);
    clock.advance(10);
    saver.note(s, false);
    expect(written).toHaveLength(2);
    saver.flush(); // the page is hidden or left
    expect(written).toEqual([s, later, s]);
    expect(clock.pending()).toBe(0); // the waiting timer went with the flush
    const over = { ...s, over: true };
    saver.note(over, false);
    expect(written.at(-1)).toBe(over);
  });
});

describe("best scores and the last size", () => {
  const items = new Map<string, string>();
  beforeEach(() => {
    items.clear();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => items.set(k, v),
        removeItem: (k: string) => items.delete(k),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the best per board size in the format players already have", () => {
    items.set(BEST_KEY, JSON.stringify({ "20": 1200, "10": 5 }));
    expect(readBest(20)).toBe(1200);
    expect(recordScore(20, 900)).toBe(1200);
    expect(recordScore(10, 40)).toBe(40);
    expect(JSON.parse(items.get(BEST_KEY) ?? "")).toEqual({ "20": 1200, "10": 40 });
  });

  it("drops invalid entries of a stored table and reads junk as no best", () => {
    items.set(
      BEST_KEY,
      JSON.stringify({ "20": "lots", "9": 5, "31": 5, "12": -1, "13": 1.5, x: 3, "15": 40, "016": 7 }),
    );
    expect([readBest(20), readBest(15), readBest(16), readBest(12)]).toEqual([0, 40, 0, 0]);
    for (const junk of ["null", "3", '"20"', "[1,2]", "{oops"]) {
      items.set(BEST_KEY, junk);
      expect(readBest(20)).toBe(0);
    }
  });

  it("remembers the last board size chosen, 10 to 30", () => {
    expect(readSize()).toBeUndefined();
    writeSize(14);
    expect(items.get(SIZE_KEY)).toBe("14");
    expect(readSize()).toBe(14);
    for (const junk of ["9", "31", "14.5", '"14"']) {
      items.set(SIZE_KEY, junk);
      expect(readSize()).toBeUndefined();
    }
  });

  it("'New best' compares with earlier games only: a game reloaded mid-way never beats its own score", () => {
    recordScore(12, 300); // an earlier, finished game
    expect(bestsAtStart(12, false)).toEqual({ previous: 300, best: 300 });
    // This game's scores are recorded as it goes (a closed tab loses no best) ...
    recordScore(12, 424);
    // ... and after a reload mid-game the best to beat is still the earlier games' one.
    expect(bestsAtStart(12, true)).toEqual({ previous: 300, best: 424 });
    recordScore(12, 1223);
    expect(bestsAtStart(12, true).previous).toBe(300);
    // The next game has this one to beat.
    expect(bestsAtStart(12, false)).toEqual({ previous: 1223, best: 1223 });
    expect(JSON.parse(items.get(GAME_BEST_KEY) ?? "")).toEqual({ size: 12, best: 1223 });
  });

  it("a resumed game without a kept best (an older save, another size, junk) compares with the stored best", () => {
    recordScore(12, 500);
    expect(bestsAtStart(12, true).previous).toBe(500);
    items.set(GAME_BEST_KEY, JSON.stringify({ size: 14, best: 20 }));
    expect(bestsAtStart(12, true).previous).toBe(500);
    for (const junk of ['{"size":12,"best":-1}', '{"size":12}', '{"size":9,"best":3}', "[12,3]", "{oops"]) {
      items.set(GAME_BEST_KEY, junk);
      expect(bestsAtStart(12, true).previous).toBe(500);
    }
  });
});
