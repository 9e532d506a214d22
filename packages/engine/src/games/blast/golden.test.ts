/**
 * Golden replays (testing/golden.ts): a seed and a command list must give exactly this position.
 * Each picture was checked by hand against docs/games/blast.md before it was pinned, and the bench's
 * plain implementation of the rules (bench/blast.ts) reaches the same boards and scores.
 */
import { describe, it } from "vitest";
import { expectGolden } from "../../testing/golden.js";
import { blastGame } from "./index.js";

type Move = readonly [number, number, number] | "revive";

const commands = (moves: readonly Move[]) =>
  moves.map((m) =>
    m === "revive" ? { cmd: "revive" } : { cmd: "place", piece: m[0], row: m[1], col: m[2] },
  );

describe("blast golden replays", () => {
  it("seed 2026, default config: 33 placements that go for clears", () => {
    // Twelve clears: eight single lines at streak 0 ((80 + 20) x 1 = 100 each), three single lines
    // at streak 1 (x 1.5 = 150 each) and one row-and-column cross of 15 cells at streak 0:
    // (150 + 20 + 10) x 1 = 180.
    // 8 x 100 + 3 x 150 + 180 = 1430. The last placement cleared column 4: streak 1, moves 0.
    expectGolden(blastGame, {
      seed: 2026,
      config: undefined,
      commands: commands([
        [0, 0, 0],
        [1, 0, 1],
        [2, 0, 2],
        [0, 2, 2],
        [1, 1, 7],
        [2, 0, 4],
        [0, 0, 6],
        [1, 0, 2],
        [2, 0, 0],
        [0, 0, 3],
        [1, 0, 5],
        [2, 0, 0],
        [0, 0, 6],
        [1, 0, 2],
        [2, 0, 0],
        [0, 1, 1],
        [1, 5, 0],
        [2, 0, 3],
        [1, 2, 1],
        [0, 0, 1],
        [2, 0, 5],
        [2, 1, 5],
        [0, 1, 2],
        [1, 0, 7],
        [1, 3, 6],
        [0, 1, 0],
        [2, 1, 4],
        [0, 2, 1],
        [1, 4, 2],
        [2, 6, 2],
        [0, 5, 6],
        [1, 3, 3],
        [2, 6, 3],
      ]),
      text: [
        "score 1430  streak 1  moves since clear 0  revives 3",
        "  01234567",
        "0 .EE..G.I",
        "1 .CD..B.I",
        "2 .....BB.",
        "3 CEEE.E..",
        "4 .DBE.AHI",
        "5 G.B...HB",
        "6 G.CH..BB",
        "7 G..H.HB.",
        "",
        "[0]   [1]     [2]",
        "##    #####   ###",
        "              ###",
        "              ###",
      ].join("\n"),
      score: 1430,
      over: false,
    });
  });

  it("seed 43: 10 placements that clear the last column, then the last row", () => {
    // The board's edges (issue 21): a rule that missed column 7 or row 7 would still pass the two
    // replays above. Recorded from the computer player's placements by scripts/record-goldens.mjs
    // (the shortest such opening of seeds 1-60). Clears: placement 5 columns 6 and 7 at streak 0,
    // 16 cells: 160 + 20 + 10 = 190; placement 9 column 2, streak 0: 100; placement 10 row 7,
    // streak 1: 100 x 1.5 = 150. 190 + 100 + 150 = 440, streak 2.
    expectGolden(blastGame, {
      seed: 43,
      config: undefined,
      commands: commands([
        [0, 1, 5],
        [1, 0, 6],
        [2, 2, 6],
        [0, 5, 6],
        [1, 7, 5],
        [2, 6, 5],
        [0, 0, 0],
        [1, 1, 2],
        [2, 6, 2],
        [0, 5, 0],
      ]),
      text: [
        "score 440  streak 2  moves since clear 0  revives 3",
        "  01234567",
        "0 II......",
        "1 .....J..",
        "2 .....J..",
        "3 ........",
        "4 ........",
        "5 GGG.....",
        "6 GGGHHII.",
        "7 ........",
        "",
        "[0]        [1]   [2]",
        "(placed)     #   ####",
        "             #",
        "           ###",
      ].join("\n"),
      score: 440,
      over: false,
    });
  });

  it("seed 7: the first fitting placement every time, three revives, then the final game over", () => {
    // The big L-corner left in the tray needs three free cells in a row with two free below the
    // first: row 4 columns 2-4 is the only run of three with room below, and (5, 2) is taken.
    expectGolden(blastGame, {
      seed: 7,
      config: undefined,
      commands: commands([
        [0, 0, 0],
        [1, 0, 2],
        [2, 0, 3],
        [0, 0, 5],
        [1, 2, 1],
        [2, 0, 7],
        [0, 1, 0],
        [1, 0, 4],
        [2, 3, 4],
        [0, 4, 0],
        [2, 4, 3],
        "revive",
        [0, 0, 0],
        [1, 0, 7],
        [2, 2, 1],
        [0, 5, 4],
        [1, 4, 1],
        [2, 0, 4],
        [0, 2, 0],
        [1, 2, 3],
        [2, 6, 0],
        [0, 0, 1],
        [1, 3, 2],
        "revive",
        [0, 0, 7],
        [1, 0, 0],
        [2, 0, 2],
        [0, 1, 6],
        [1, 3, 0],
        [2, 4, 6],
        [0, 0, 6],
        [1, 0, 4],
        "revive",
        [0, 1, 1],
        [1, 2, 3],
        [2, 0, 1],
        [0, 3, 4],
        [1, 3, 0],
        [2, 5, 2],
        [0, 0, 3],
        [1, 6, 3],
        [2, 0, 4],
        [1, 2, 7],
        [2, 0, 0],
      ]),
      text: [
        "score 700  streak 0  moves since clear 3  revives 0  GAME OVER",
        "  01234567",
        "0 IEEEHE..",
        "1 DAJEH.CC",
        "2 .AAEHC.A",
        "3 FFA..CGA",
        "4 FF...CGA",
        "5 EJH..GGA",
        "6 ..HC.C..",
        "7 .DHC....",
        "",
        "[0]   [1]        [2]",
        "###   (placed)   (placed)",
        "#",
        "#",
      ].join("\n"),
      score: 700,
      over: true,
    });
  });
});
