import { describe, expect, it } from "vitest";
import { puzzleGame } from "./index.js";
import { newGame } from "./rules.js";
import { toText, trayToPicture } from "./text.js";

describe("puzzle text form", () => {
  it("draws the board with coordinates and the tray side by side in colour letters", () => {
    const loaded = puzzleGame.load(
      {
        board: ["B....", ".....", ".....", ".....", "....R"],
        tray: [
          { shape: ["##", "##"], colour: "#FF0000" },
          null,
          { shape: ["#", "#", "#"], colour: "#00FFFF" },
        ],
        score: 7,
      },
      newGame({ rows: 5, cols: 5 }, 1),
    );
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(toText(loaded.value)).toBe(
      [
        "Score 7   Round 1   Lines 0",
        "    0 1 2 3 4",
        " 0  B . . . .",
        " 1  . . . . .",
        " 2  . . . . .",
        " 3  . . . . .",
        " 4  . . . . R",
        "",
        "[1]   [2]   [3]",
        "RR    -     C",
        "RR          C",
        "            C",
      ].join("\n"),
    );
    expect(trayToPicture([null, null, null])).toEqual(["[1]   [2]   [3]", "-     -     -"]);
  });
});
