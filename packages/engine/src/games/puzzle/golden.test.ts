/**
 * Golden replays of Block Puzzle: a seed, a config and the moves give exactly this picture, score and
 * end. The moves were chosen by a greedy player (most lines, then lowest, then leftmost) and the
 * pictures checked by hand against docs/games/puzzle.md "Rules"; a rule change that alters a game's
 * course fails here first.
 */
import { describe, it } from "vitest";
import { expectGolden } from "../../testing/golden.js";
import { puzzleGame } from "./index.js";

/** [piece, row, col] triples as place commands. */
function places(moves: readonly (readonly [number, number, number])[]) {
  return moves.map(([piece, row, col]) => ({ cmd: "place", piece, row, col }));
}

describe("puzzle golden replays", () => {
  it("8 x 8, seed 3: 36 moves, 14 lines cleared over 13 rounds", () => {
    expectGolden(puzzleGame, {
      seed: 3,
      config: undefined,
      commands: places([
        [1, 7, 0],
        [2, 6, 2],
        [0, 5, 5],
        [0, 0, 5],
        [2, 6, 3],
        [1, 5, 0],
        [0, 4, 6],
        [2, 5, 2],
        [1, 0, 2],
        [1, 6, 0],
        [2, 6, 2],
        [0, 5, 4],
        [0, 6, 5],
        [2, 6, 3],
        [1, 3, 0],
        [0, 4, 2],
        [1, 5, 1],
        [2, 5, 5],
        [1, 6, 5],
        [0, 7, 0],
        [2, 6, 3],
        [0, 6, 5],
        [2, 6, 0],
        [1, 5, 2],
        [0, 6, 0],
        [1, 4, 5],
        [2, 5, 5],
        [1, 6, 1],
        [0, 5, 2],
        [2, 3, 1],
        [2, 0, 1],
        [0, 1, 0],
        [1, 6, 0],
        [2, 7, 1],
        [0, 4, 2],
        [1, 2, 2],
      ]),
      text: [
        "Score 314   Round 13   Lines 14",
        "    0 1 2 3 4 5 6 7",
        " 0  . . . O . . . .",
        " 1  . . . . . . . .",
        " 2  R R B B B . . .",
        " 3  B . B B B . . .",
        " 4  B . C C C B . Y",
        " 5  . . . P C B B B",
        " 6  G G G P C . B .",
        " 7  G Y Y Y Y B B .",
        "",
        "[1]   [2]   [3]",
        "YY    PP    YYY",
        "YY          YYY",
        "YY          YYY",
      ].join("\n"),
      score: 314,
      over: false,
    });
  });

  it("5 x 20, seed 7: 36 moves on a wide, flat grid, 20 lines cleared", () => {
    expectGolden(puzzleGame, {
      seed: 7,
      config: { rows: 5, cols: 20 },
      commands: places([
        [0, 3, 0],
        [1, 0, 0],
        [2, 2, 2],
        [1, 0, 1],
        [0, 1, 0],
        [2, 2, 0],
        [1, 0, 0],
        [2, 2, 0],
        [0, 4, 4],
        [1, 0, 2],
        [0, 3, 0],
        [2, 3, 8],
        [0, 1, 0],
        [1, 0, 7],
        [2, 2, 2],
        [1, 4, 11],
        [2, 3, 3],
        [0, 0, 6],
        [1, 1, 8],
        [2, 0, 2],
        [0, 4, 2],
        [1, 0, 2],
        [2, 2, 2],
        [0, 0, 5],
        [0, 4, 16],
        [1, 3, 2],
        [2, 3, 7],
        [1, 0, 10],
        [2, 3, 10],
        [0, 2, 13],
        [2, 0, 12],
        [1, 0, 16],
        [0, 3, 16],
        [2, 1, 12],
        [0, 0, 1],
        [1, 2, 1],
      ]),
      text: [
        "Score 375   Round 13   Lines 20",
        "    0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9",
        " 0  . . . . . . . . . . . . . . . . . . . .",
        " 1  C . . . Y . G . . . . . . . O . . . . .",
        " 2  . . O O . . . . . . . . . B . . . . . .",
        " 3  O . . B O . O B B B R R . B B B R R R .",
        " 4  O . . B C . C . . B R R . . R R R Y Y Y",
        "",
        "[1]   [2]   [3]",
        "G.    ..P   YYYYY",
        "GG    ..P",
        "      PPP",
      ].join("\n"),
      score: 375,
      over: false,
    });
  });

  it("8 x 8, seed 2026: played to game over in 20 moves", () => {
    expectGolden(puzzleGame, {
      seed: 2026,
      config: undefined,
      commands: places([
        [0, 6, 0],
        [1, 5, 2],
        [2, 5, 4],
        [2, 6, 5],
        [0, 4, 0],
        [1, 4, 1],
        [0, 5, 6],
        [1, 2, 5],
        [2, 1, 6],
        [2, 6, 0],
        [1, 6, 0],
        [0, 5, 2],
        [1, 4, 7],
        [0, 0, 2],
        [2, 6, 4],
        [1, 4, 0],
        [0, 2, 2],
        [2, 2, 3],
        [0, 6, 6],
        [1, 1, 0],
      ]),
      text: [
        "Score 136   Round 7   Lines 5  GAME OVER",
        "    0 1 2 3 4 5 6 7",
        " 0  . . . . . . . .",
        " 1  P P . . . . P .",
        " 2  . P G G O Y P .",
        " 3  . P G . O Y P .",
        " 4  G G G O O . . .",
        " 5  . G G G . . P O",
        " 6  R R . G Y Y G .",
        " 7  R R . G . Y G G",
        "",
        "[1]   [2]   [3]",
        "-     -     OO",
        "            OO",
        "            OO",
      ].join("\n"),
      score: 136,
      over: true,
    });
  });

  it("8 x 8, seed 28: the fifth placement clears row 7 and column 7 together, doubled", () => {
    // The board's edges and the double (issue 21): recorded from the computer player's placements by
    // scripts/record-goldens.mjs (the shortest opening of seeds 1-60 that clears the last row, the
    // last column and a row with a column). The 5-cell block completes the last row and the last
    // column at once: 5 + 2 x (12 + 18) = 65 points after 16 for the four blocks before.
    expectGolden(puzzleGame, {
      seed: 28,
      config: undefined,
      commands: places([
        [0, 0, 0],
        [1, 5, 0],
        [2, 0, 7],
        [2, 7, 3],
        [1, 3, 7],
      ]),
      text: [
        "Score 81   Round 2   Lines 2",
        "    0 1 2 3 4 5 6 7",
        " 0  B B . . . . . .",
        " 1  B . . . . . . .",
        " 2  B . . . . . . .",
        " 3  . . . . . . . .",
        " 4  . . . . . . . .",
        " 5  C . . . . . . .",
        " 6  C . . . . . . .",
        " 7  . . . . . . . .",
        "",
        "[1]   [2]   [3]",
        "RRR   -     -",
        "RRR",
        "RRR",
      ].join("\n"),
      score: 81,
      over: false,
    });
  });

  it("the worked scoring example: three rows at once are 12 + 18 + 24 = 54 line points, plus 3 cells", () => {
    const full3 = "BBBBBBB.";
    expectGolden(puzzleGame, {
      seed: 1,
      config: undefined,
      commands: [
        {
          cmd: "load",
          state: {
            // One cell below keeps the board from ending empty (no +200).
            board: [full3, full3, full3, "........", "........", "........", "........", "G......."],
            tray: [{ shape: ["#", "#", "#"], colour: "#FF0000" }, { shape: ["##"], colour: "#0000FF" }, null],
          },
        },
        { cmd: "place", piece: 0, row: 0, col: 7 },
      ],
      text: [
        "Score 57   Round 1   Lines 3",
        "    0 1 2 3 4 5 6 7",
        " 0  . . . . . . . .",
        " 1  . . . . . . . .",
        " 2  . . . . . . . .",
        " 3  . . . . . . . .",
        " 4  . . . . . . . .",
        " 5  . . . . . . . .",
        " 6  . . . . . . . .",
        " 7  G . . . . . . .",
        "",
        "[1]   [2]   [3]",
        "-     BB    -",
      ].join("\n"),
      score: 57,
      over: false,
    });
  });
});
