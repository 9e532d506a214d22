import { describe, expect, it } from "vitest";
import { fieldText, match3Game } from "./index.js";

describe("fieldText", () => {
  it("draws the spec's example: one line per row, `.` for empty, the brick marked", () => {
    const config = match3Game.parseConfig({ input: "5 8 H^^* V*@^" });
    if (!config.ok) throw new Error("config");
    const state = match3Game.newGame(config.value, 1);
    expect(fieldText(state)).toEqual([
      ".^^*.  <",
      ".....",
      ".....",
      ".....",
      ".....",
      ".....",
      ".....",
      ".....",
      "-===-",
    ]);
  });

  it("marks a vertical brick's rows and its column, over stationary cells", () => {
    const lines = fieldText({
      board: ["~...", "@...", "~...", "*^.."],
      active: {
        cells: [
          [0, 1, "^"],
          [1, 1, "*"],
          [2, 1, "@"],
        ],
      },
    });
    expect(lines).toEqual(["~^..  <", "@*..  <", "~@..  <", "*^..", "-=--"]);
  });

  it("wraps active cells in a highlight when asked, and has no marks without a brick", () => {
    const lines = fieldText(
      {
        board: ["...", "..."],
        active: {
          cells: [
            [1, 0, "~"],
            [1, 1, "~"],
            [1, 2, "@"],
          ],
        },
      },
      { highlight: { before: "[", after: "]" } },
    );
    expect(lines).toEqual(["...", "[~][~][@]  <", "==="]);
    expect(fieldText({ board: ["^.", ".*"], active: null })).toEqual(["^.", ".*", "--"]);
  });
});

describe("toText", () => {
  it("is the field with the brick, the queue and the score; the end says why", () => {
    const config = match3Game.parseConfig({ input: "3 3 V^^^ H**~" });
    if (!config.ok) throw new Error("config");
    const state = match3Game.newGame(config.value, 1);
    expect(match3Game.toText(state)).toBe(
      [".^.  <", ".^.  <", ".^.  <", "-=-", "queue: H**~", "score: 0"].join("\n"),
    );
    const over = match3Game.load({ active: null, queue: [], board: ["...", "...", "**~"] }, state);
    if (!over.ok) throw new Error(over.error.message);
    expect(match3Game.toText(over.value)).toBe(
      ["...", "...", "**~", "---", "queue: (empty)", "score: 0", "over: no bricks left"].join("\n"),
    );
  });
});
