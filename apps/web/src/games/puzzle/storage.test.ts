import { handleCommand } from "@blockarcade/engine/core";
import { newGame, type PuzzleState, puzzleGame } from "@blockarcade/engine/games/puzzle";
import { beforeEach, describe, expect, it } from "vitest";
import { installMemoryStorage } from "../../testing/memory-storage";
import {
  BEST_KEY,
  bestScores,
  bestsFor,
  GAME_KEY,
  isSizeKey,
  keepScore,
  recordEnd,
  savedGame,
  sizeKey,
} from "./storage";

let data: Map<string, string>;
beforeEach(() => {
  data = installMemoryStorage();
});

describe("puzzle storage", () => {
  it("names grid sizes rows x columns, 5 to 20 each", () => {
    expect(sizeKey({ rows: 10, cols: 6 })).toBe("10x6");
    for (const good of ["5x5", "20x20", "10x6"]) expect(isSizeKey(good)).toBe(true);
    for (const bad of ["4x8", "8x21", "8x8x", "x8", "008x8", "8X8"]) expect(isSizeKey(bad)).toBe(false);
  });

  it("keeps the best score per size in the existing format, dropping corrupt entries", () => {
    data.set(BEST_KEY, JSON.stringify({ "8x8": 120, "4x8": 10, "9x9": "50", "7x7": 1.5, "6x6": 7 }));
    expect(bestScores.all()).toEqual({ "8x8": 120, "6x6": 7 });
    expect(bestScores.record("8x8", 90)).toEqual({ best: 120, isNew: false });
    expect(bestScores.record("10x6", 40)).toEqual({ best: 40, isNew: true });
    expect(JSON.parse(data.get(BEST_KEY) ?? "")).toEqual({ "8x8": 120, "6x6": 7, "10x6": 40 });
  });

  it("keeps a game's score as its size's best only when it beats it", () => {
    const game = { ...newGame({ rows: 10, cols: 6 }, 3), score: 55 };
    keepScore(game);
    expect(bestScores.best("10x6")).toBe(55);
    keepScore({ ...game, score: 20 });
    expect(bestScores.best("10x6")).toBe(55);
    expect(bestScores.best("8x8")).toBe(0);
  });

  it("resumes a saved game exactly (same deals afterwards) and ignores corrupt ones", () => {
    let state = newGame({ rows: 10, cols: 6 }, 77);
    state = handleCommand(puzzleGame, state, puzzleGame.legal(state)[0]).state as PuzzleState;
    savedGame.save(state);
    expect(JSON.parse(data.get(GAME_KEY) ?? "")).toEqual(state);
    const resumed = savedGame.restore();
    expect(resumed).toEqual(state);
    const play = (s: PuzzleState) => {
      let cur = s;
      for (let i = 0; i < 6 && !cur.over; i++) {
        cur = handleCommand(puzzleGame, cur, puzzleGame.legal(cur)[0]).state as PuzzleState;
      }
      return cur;
    };
    expect(play(resumed as PuzzleState)).toEqual(play(state));

    const stored = JSON.parse(JSON.stringify(state));
    for (const corrupt of [
      null,
      "x",
      { ...stored, game: "blast" },
      { ...stored, board: ["######"] },
      { ...stored, tray: [{ shape: ["#"] }, null, null] },
      { ...stored, rng: { s: [1, 2] } },
      { ...stored, seed: -4 },
      { ...stored, over: "no" },
      { ...stored, round: 0 },
    ]) {
      data.set(GAME_KEY, JSON.stringify(corrupt));
      expect(savedGame.restore()).toBeUndefined();
    }
    data.set(GAME_KEY, '{"game":"puzzle","board":[1,2');
    expect(savedGame.restore()).toBeUndefined();
  });

  it("resumes a game saved before Puzzle spelled `colour` like the protocol (`color`), and saves it as `colour`", () => {
    // What a player's browser holds from then: the state JSON as the old engine wrote it.
    const old =
      '{"game":"puzzle","seed":2026,"score":16,"over":false,"board":[".PP.OOOO","PP..G...","....G...","...GG...","B.......","B.......","BB......","........"],"rng":{"s":[359489542,403443395,482253009,25]},"config":{"rows":8,"cols":8},"tray":[{"id":"L6","baseShape":"L","color":"#800080","shape":["#..","###"]},null,{"id":"hook2","baseShape":"hook","color":"#00FFFF","shape":["##",".#"]}],"round":2,"lines":0}';
    data.set(GAME_KEY, old);
    const resumed = savedGame.restore();
    expect(resumed).toBeDefined();
    const state = resumed as PuzzleState;
    expect(state.seed).toBe(2026);
    expect(state.score).toBe(16);
    expect(state.rng).toEqual({ s: [359489542, 403443395, 482253009, 25] });
    expect(state.tray.map((b) => b?.colour ?? null)).toEqual(["#800080", null, "#00FFFF"]);
    // It plays on: the old game's next move, and the next save is in the new spelling.
    const step = handleCommand(puzzleGame, state, { cmd: "place", piece: 0, row: 1, col: 5 });
    expect(step.reply.ok && step.reply.events[0]).toMatchObject({ type: "placed", colour: "#800080" });
    savedGame.save(step.state as PuzzleState);
    const saved = data.get(GAME_KEY) ?? "";
    expect(saved).not.toContain('"color"');
    expect(savedGame.restore()).toEqual(step.state);
  });
});

describe("a game's bests", () => {
  it("starts from the size's best, and at the end records the score against the best before it", () => {
    bestScores.record("8x8", 40);
    expect(bestsFor({ rows: 8, cols: 8 })).toEqual({ best: 40, previous: 40 });
    expect(bestsFor({ rows: 10, cols: 6 })).toEqual({ best: 0, previous: 0 });
    const game = newGame({ rows: 8, cols: 8 }, 3);
    expect(recordEnd({ ...game, over: true, score: 55 })).toEqual({ best: 55, previous: 40 });
    expect(recordEnd({ ...game, over: true, score: 20 })).toEqual({ best: 55, previous: 55 });
    expect(JSON.parse(data.get(BEST_KEY) ?? "")).toMatchObject({ "8x8": 55 });
  });
});
