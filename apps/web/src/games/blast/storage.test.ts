import { blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NOT_RANKED } from "../../shell/ranked-session";
import { LEADERBOARD_SIZE, parseLeaderboard, withScore } from "./leaderboard";
import {
  createGameKeeper,
  GAME_KEY,
  isFinal,
  LEADERBOARD_KEY,
  LEGACY_HIGHSCORE_KEY,
  loadLeaderboard,
  recordIfOver,
  recordScore,
  savedGame,
  startPlan,
} from "./storage";

const D = "2026-01-02T03:04:05.000Z";
let data: Map<string, string>;
let throwing = false;

// The shell's stores use window.localStorage; these tests give them a Map (or one that throws).
beforeEach(() => {
  data = new Map();
  throwing = false;
  const check = () => {
    if (throwing) throw new Error("denied");
  };
  (globalThis as { window?: unknown }).window = {
    localStorage: {
      getItem(k: string) {
        check();
        return data.get(k) ?? null;
      },
      setItem(k: string, v: string) {
        check();
        data.set(k, v);
      },
      removeItem(k: string) {
        check();
        data.delete(k);
      },
    },
  };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

function playSome(seed: number, moves: number) {
  let s = newBlastGame(seed);
  for (let i = 0; i < moves; i++) {
    const move = blastGame.legal(s)[(i * 5) % blastGame.legal(s).length];
    if (!move) break;
    const r = blastGame.apply(s, move);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

/** A finished-looking position: neither piece fits a checkerboard. */
function overWith(revivesLeft: number, score: number) {
  const board = Array.from({ length: 8 }, (_, r) => (r % 2 ? ".A.A.A.A" : "A.A.A.A."));
  const r = blastGame.load(
    { board, score, revivesLeft, tray: [{ shape: ["###", "###", "###"], colour: 2 }, null, null] },
    newBlastGame(1),
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("leaderboard", () => {
  it("keeps the top 5 scores, highest first, equal scores in the order played", () => {
    let list = parseLeaderboard(undefined);
    for (const s of [50, 300, 10, 900, 120, 700, 5]) list = withScore(list, s, D);
    expect(list.map((e) => e.score)).toEqual([900, 700, 300, 120, 50]);
    expect(list).toHaveLength(LEADERBOARD_SIZE);
    const ties = withScore(withScore([], 10, "2026-01-01T00:00:00Z"), 10, D);
    expect(ties.map((e) => e.date)).toEqual(["2026-01-01T00:00:00Z", D]);
  });

  it("is stored under the key the rules fix, as [{score, date}]", () => {
    expect(LEADERBOARD_KEY).toBe("blockblast-leaderboard");
    recordScore(420, D);
    recordScore(100, D);
    expect(JSON.parse(data.get(LEADERBOARD_KEY) ?? "")).toEqual([
      { score: 420, date: D },
      { score: 100, date: D },
    ]);
  });

  it("ignores a corrupt or foreign value, keeping the valid entries", () => {
    for (const bad of ["{", "null", "42", '"text"', '{"score":1}', "[1,2,3]", '[{"score":"9","date":"x"}]']) {
      data.set(LEADERBOARD_KEY, bad);
      expect(loadLeaderboard()).toEqual([]);
    }
    data.set(
      LEADERBOARD_KEY,
      JSON.stringify([
        { score: 5, date: D },
        { score: -1, date: D },
        { score: 2.5, date: D },
        { score: 1e16, date: D },
        { score: 7, date: "not a date" },
        null,
        { score: 9, date: D, extra: true },
      ]),
    );
    expect(loadLeaderboard()).toEqual([
      { score: 9, date: D },
      { score: 5, date: D },
    ]);
    data.set(LEADERBOARD_KEY, "}{");
    expect(recordScore(30, D)).toEqual([{ score: 30, date: D }]);
  });

  it("survives a storage that throws on every call", () => {
    throwing = true;
    expect(loadLeaderboard()).toEqual([]);
    expect(recordScore(10, D)).toEqual([{ score: 10, date: D }]);
  });

  it("migrates an old blockblast-highscore once, a best of 0 included, then removes it", () => {
    data.set(LEGACY_HIGHSCORE_KEY, "1234");
    data.set(LEADERBOARD_KEY, JSON.stringify([{ score: 50, date: D }]));
    const list = loadLeaderboard(() => D);
    expect(list).toEqual([
      { score: 1234, date: D },
      { score: 50, date: D },
    ]);
    expect(data.has(LEGACY_HIGHSCORE_KEY)).toBe(false);
    expect(loadLeaderboard()).toEqual(list);

    data.clear();
    data.set(LEGACY_HIGHSCORE_KEY, "0");
    expect(loadLeaderboard(() => D)).toEqual([{ score: 0, date: D }]);
    expect(data.has(LEGACY_HIGHSCORE_KEY)).toBe(false);

    data.clear();
    data.set(LEGACY_HIGHSCORE_KEY, '"77"');
    expect(loadLeaderboard(() => D)).toEqual([{ score: 77, date: D }]);

    data.clear();
    data.set(LEGACY_HIGHSCORE_KEY, "{oops");
    expect(loadLeaderboard()).toEqual([]);
    expect(data.has(LEGACY_HIGHSCORE_KEY)).toBe(false);
  });

  it("records the score of a player who declines to revive, and nothing for a game still going", () => {
    const declined = overWith(2, 640);
    expect(declined.over).toBe(true);
    expect(isFinal(declined)).toBe(false);
    expect(recordIfOver(declined, D)).toEqual([{ score: 640, date: D }]);
    expect(JSON.parse(data.get(LEADERBOARD_KEY) ?? "")).toEqual([{ score: 640, date: D }]);
    expect(recordIfOver(playSome(4, 3), D)).toBeUndefined();
    expect(isFinal(overWith(0, 10))).toBe(true);
  });
});

describe("saved game", () => {
  it("restores exactly the saved position, random source included", () => {
    const s = playSome(21, 7);
    savedGame.save(s);
    expect(JSON.parse(data.get(GAME_KEY) ?? "")).toEqual(s);
    const restored = savedGame.restore();
    expect(restored).toEqual(s);
    const move = blastGame.legal(s)[0];
    if (!move || !restored) throw new Error("no move");
    expect(blastGame.apply(restored, move)).toEqual(blastGame.apply(s, move));
    savedGame.clear();
    expect(data.has(GAME_KEY)).toBe(false);
  });

  it("refuses anything that is not a valid Block Blast position", () => {
    const s = playSome(3, 2);
    const bad = [
      "",
      "{",
      "[]",
      "null",
      JSON.stringify({ ...s, game: "puzzle" }),
      JSON.stringify({ ...s, seed: -4 }),
      JSON.stringify({ ...s, board: ["AAAAAAAA", ...s.board.slice(1)] }),
      JSON.stringify({ ...s, board: s.board.slice(1) }),
      JSON.stringify({ ...s, tray: [{ shape: ["#x"] }, null, null] }),
      JSON.stringify({ ...s, rng: undefined }),
      JSON.stringify({ ...s, over: !s.over }),
      JSON.stringify({ ...s, score: "lots" }),
      JSON.stringify({ ...s, streak: 2, movesSinceLastClear: 4 }),
      JSON.stringify({ ...s, extra: 1 }),
    ];
    for (const text of bad) {
      data.set(GAME_KEY, text);
      expect(savedGame.restore(), text.slice(0, 60)).toBeUndefined();
    }
  });
});

describe("the play page's game", () => {
  it("resumes the saved unfinished game (unranked) unless the URL asks for another seed; else a ranked game", () => {
    const s = playSome(21, 4);
    savedGame.save(s);
    const restored = { kind: "local", state: s, why: NOT_RANKED.restored, canRank: true };
    expect(startPlan("")).toEqual(restored);
    expect(startPlan(`?seed=${s.seed}`)).toEqual(restored);
    // The save of a ranked game goes on in its session (when the server agrees it is that one).
    data.set("blockarcade-ranked-session-blast", JSON.stringify({ id: "g_1" }));
    expect(startPlan("", "Ada")).toMatchObject({
      kind: "ranked",
      name: "Ada",
      resume: { id: "g_1", state: s },
    });
    expect(startPlan(`?seed=${s.seed}`)).toEqual(restored);
    data.delete("blockarcade-ranked-session-blast");
    expect(startPlan("?seed=77")).toEqual({
      kind: "local",
      state: newBlastGame(77),
      why: NOT_RANKED.chosenSeed,
      canRank: true,
    });
    // A finished save is not resumed: a new game is a ranked one, with a local game to fall back on.
    savedGame.save(overWith(0, 10));
    const plan = startPlan("", "Ada");
    expect(plan).toMatchObject({ kind: "ranked", name: "Ada" });
    if (plan.kind !== "ranked") throw new Error("not ranked");
    expect(plan.fallback().score).toBe(0);
    expect(plan.fallback().over).toBe(false);
  });

  it("keeps a position still to play, and records a final one once, dropping its save", () => {
    const heard: number[][] = [];
    const keeper = createGameKeeper((list) => heard.push(list.map((e) => e.score)));
    const going = playSome(4, 3);
    expect(keeper.keep(going)).toBeUndefined();
    expect(savedGame.restore()).toEqual(going);
    const final = overWith(0, 640);
    expect(keeper.keep(final)?.map((e) => e.score)).toEqual([640]);
    expect(data.has(GAME_KEY)).toBe(false);
    expect(keeper.keep(final)).toBeUndefined();
    expect(keeper.finish(final)).toBeUndefined();
    expect(loadLeaderboard().map((e) => e.score)).toEqual([640]);
    expect(heard).toEqual([[640]]);
  });

  it("records a game the player leaves with revives left, but not one still going", () => {
    const keeper = createGameKeeper();
    const going = playSome(4, 3);
    keeper.keep(going);
    expect(keeper.finish(going)).toBeUndefined();
    expect(savedGame.restore()).toEqual(going);
    const declined = overWith(2, 90);
    keeper.keep(declined);
    expect(savedGame.restore()).toEqual(declined);
    expect(keeper.finish(declined)?.map((e) => e.score)).toEqual([90]);
    expect(savedGame.restore()).toBeUndefined();
    expect(keeper.finish(declined)).toBeUndefined();
    expect(loadLeaderboard().map((e) => e.score)).toEqual([90]);
  });
});
