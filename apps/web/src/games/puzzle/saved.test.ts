import { handleCommand } from "@blockarcade/engine";
import { newGame, type PuzzleState, puzzleGame } from "@blockarcade/engine/games/puzzle";
import { describe, expect, it } from "vitest";
import { parseBestScores, parseSavedGame, withScore } from "./saved";

describe("puzzle storage", () => {
  it("keeps valid best scores per grid size and drops corrupt entries", () => {
    expect(parseBestScores({ "8x8": 120, "10x6": 40 })).toEqual({ "8x8": 120, "10x6": 40 });
    expect(
      parseBestScores({ "8x8": -1, "4x8": 10, "8x21": 5, "8x8x": 3, "9x9": "50", "7x7": 1.5, "6x6": 7 }),
    ).toEqual({
      "6x6": 7,
    });
    for (const junk of [null, 3, "8x8", [], [1, 2]]) expect(parseBestScores(junk)).toEqual({});
  });

  it("records a new best only when it beats the old one", () => {
    const best = { "8x8": 100 };
    expect(withScore(best, { rows: 8, cols: 8 }, 90)).toBe(best);
    expect(withScore(best, { rows: 8, cols: 8 }, 150)).toEqual({ "8x8": 150 });
    expect(withScore(best, { rows: 10, cols: 6 }, 5)).toEqual({ "8x8": 100, "10x6": 5 });
  });

  it("resumes a saved game exactly (same deals afterwards) and ignores corrupt ones", () => {
    let state = newGame({ rows: 10, cols: 6 }, 77);
    const move = puzzleGame.legal(state)[0];
    state = handleCommand(puzzleGame, state, move).state as PuzzleState;
    const stored = JSON.parse(JSON.stringify(state));
    const resumed = parseSavedGame(stored);
    expect(resumed).toEqual(state);
    // Playing on from the resumed game deals exactly what the original would have.
    const play = (s: PuzzleState) => {
      let cur = s;
      for (let i = 0; i < 6 && !cur.over; i++) {
        cur = handleCommand(puzzleGame, cur, puzzleGame.legal(cur)[0]).state as PuzzleState;
      }
      return cur;
    };
    expect(play(resumed as PuzzleState)).toEqual(play(state));

    const corrupt = [
      null,
      "x",
      { ...stored, game: "blast" },
      { ...stored, board: ["######"] },
      { ...stored, tray: [{ shape: ["#"] }, null, null] },
      { ...stored, rng: { s: [1, 2] } },
      { ...stored, seed: -4 },
      { ...stored, over: "no" },
    ];
    for (const c of corrupt) expect(parseSavedGame(c)).toBeUndefined();
  });
});
