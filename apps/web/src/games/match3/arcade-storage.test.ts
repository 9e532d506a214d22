import { ARCADE_DEFAULTS, type Match3State, match3Game } from "@blockarcade/engine/games/match3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ARCADE_GAME_KEY,
  ARCADE_SETUP_KEY,
  arcadeBest,
  BEST_KEY,
  bestOf,
  CLASSIC_BEST_KEY,
  classicBest,
  readArcadeGame,
  readArcadeSetup,
  restoreSavedGame,
  toSavedJson,
  writeArcadeGame,
  writeArcadeSetup,
} from "./storage";

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

/** An Arcade game some ticks and moves in. */
function arcadeGame(config: object = { mode: "arcade", width: 5, height: 10 }, steps = 25): Match3State {
  const parsed = match3Game.parseConfig(config);
  if (!parsed.ok) throw new Error(parsed.error.message);
  let s = match3Game.newGame(parsed.value, 9);
  for (let i = 0; i < steps && !s.over; i++) {
    const r = match3Game.apply(s, i % 3 === 0 ? { cmd: "move", move: i % 2 ? "L" : "R" } : { cmd: "tick" });
    if (r.ok) s = r.state;
  }
  return s;
}

describe("match3 Arcade storage", () => {
  it("an unfinished Arcade game round-trips; a finished one clears the save", () => {
    const s = arcadeGame();
    expect(s.over).toBe(false);
    writeArcadeGame(s);
    expect(items.has(ARCADE_GAME_KEY)).toBe(true);
    expect(readArcadeGame()).toEqual(s);
    let over = s;
    while (!over.over) {
      const r = match3Game.apply(over, { cmd: "tick" });
      if (!r.ok) throw new Error(r.error.message);
      over = r.state;
    }
    writeArcadeGame(over);
    expect(items.has(ARCADE_GAME_KEY)).toBe(false);
    expect(readArcadeGame()).toBeUndefined();
  });

  it("refuses a corrupt, tampered or classic save under the Arcade key, and Arcade under the classic one", () => {
    const s = arcadeGame();
    const classic = match3Game.newGame({ input: "5 8 H^^* V*@^" }, 1);
    for (const value of ["{not json", "null", JSON.stringify(classic), JSON.stringify({ ...s, score: -1 })]) {
      items.set(ARCADE_GAME_KEY, value);
      expect(readArcadeGame()).toBeUndefined();
    }
    // Bricks placed that disagree with the level (issue 24: the level follows the bricks placed,
    // no longer the cells removed): the engine's load refuses it.
    items.set(ARCADE_GAME_KEY, JSON.stringify({ ...s, placed: 400 }));
    expect(readArcadeGame()).toBeUndefined();
    expect(
      restoreSavedGame(JSON.parse(JSON.stringify(toSavedJson({ state: s, frame: 1, pending: [] })))),
    ).toBe(undefined);
  });

  it("the Arcade setup is read back through the engine's config check", () => {
    expect(readArcadeSetup()).toEqual(ARCADE_DEFAULTS);
    writeArcadeSetup({ mode: "arcade", width: 9, height: 18, bricks: "easy", level: 4 });
    expect(readArcadeSetup()).toEqual({ mode: "arcade", width: 9, height: 18, bricks: "easy", level: 4 });
    for (const bad of ['{"width":99}', '{"bricks":"odd"}', '{"level":0}', '"medium"', "{oops"]) {
      items.set(ARCADE_SETUP_KEY, bad);
      expect(readArcadeSetup()).toEqual(ARCADE_DEFAULTS);
    }
  });

  it("bests are per field size and per mode; out-of-range sizes are dropped", () => {
    const arcade = arcadeGame();
    const classic = match3Game.newGame({ input: "7 20 H^*@" }, 1);
    expect(bestOf(arcade)).toEqual({ table: arcadeBest, key: "5x10" });
    expect(bestOf(classic)).toEqual({ table: classicBest, key: "7x20" });
    expect(arcadeBest.record("5x10", 120)).toEqual({ best: 120, isNew: true });
    expect(arcadeBest.record("5x10", 90)).toEqual({ best: 120, isNew: false });
    expect(classicBest.record("7x20", 6)).toEqual({ best: 6, isNew: true });
    expect(JSON.parse(items.get(BEST_KEY) ?? "")).toEqual({ "5x10": 120 });
    expect(JSON.parse(items.get(CLASSIC_BEST_KEY) ?? "")).toEqual({ "7x20": 6 });
    // Arcade fields are 4-16 x 6-30: a 3x3 or a 50x50 entry is not one of them.
    items.set(BEST_KEY, JSON.stringify({ "5x10": 120, "3x3": 999, "50x50": 5, "07x14": 3, "9x18": 40 }));
    expect(arcadeBest.all()).toEqual({ "5x10": 120, "9x18": 40 });
    expect(classicBest.record("100x100", 1).isNew).toBe(true);
    expect(classicBest.record("101x1", 1).isNew).toBe(false);
  });
});
