/**
 * Golden replays (testing/golden.ts): fixed seeds, configs and commands whose final position, score
 * and end are pinned. The pictures were produced by the engine and read over against
 * docs/games/stacker.md (spawn columns, piece letters, no full row left); the commands mix ticks, a
 * soft drop, a hold, turns, moves and hard drops, and both games clear lines. A rule change that
 * alters a game's course fails here first.
 */
import { describe, it } from "vitest";
import { expectGolden } from "../../testing/golden.js";
import { stackerGame } from "./index.js";
import type { StackerCommand, StackerKey } from "./types.js";

/** "tick A A Space" -> the protocol's commands. */
function commands(words: string): StackerCommand[] {
  return words.split(" ").map((w) => (w === "tick" ? { cmd: "tick" } : { cmd: "key", key: w as StackerKey }));
}

describe("stacker golden replays", () => {
  it("20 x 20 (the default), seed 11: 202 commands, 5 lines cleared", () => {
    expectGolden(stackerGame, {
      seed: 11,
      config: undefined,
      commands: commands(
        "tick tick S A A A A A A A A Space A A A A A Space A A A A A A A A Space C A A Space A A A Space Space D D D Space Q D D D D Space D D D D D D D Space Q Q Q D D D D D D D D D D Space D D D D D D D Space Q Q D Space A A A A A A A A Space Q Q Q A Space D D D D D D D D Space Q Q Q D D D D D D Space A A A A A A Space Q A A A A A Space Q Q D D Space D D D D Space Q Q A A A Space Q A Space Q D D D D D D D D D Space A A A A A A A A Space D Space D D D D D D D Space Q Q D D D D Space D D D D D D D D Space A A Space A A A A A A Space",
      ),
      text: [
        "........zz..........",
        ".........zz.........",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        ".......SS.......J...",
        "..IIIISSS.OOLLLJJJJZ",
        "next L T O  hold L",
        "score 1541  lines 5  level 1",
      ].join("\n"),
      score: 1541,
      over: false,
    });
  });

  it("10 x 10, seed 5: 64 commands, 3 lines cleared", () => {
    expectGolden(stackerGame, {
      seed: 5,
      config: { size: 10 },
      commands: commands(
        "tick tick S A A A Space Space D D D Space C D D Space A A Space Q D D D D D D Space Q Q Q D D D D Space D Space Q Q Q A A A Space A A Space Q Space Q A A A Space Q Q Q D D D Space A A Space",
      ),
      text: [
        "...iiii...",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "IJ........",
        "IJJJ.ZLL..",
        "IJOOZZ.LT.",
        ".ZZTTTLLLI",
        "next L T Z  hold J",
        "score 469  lines 3  level 1",
      ].join("\n"),
      score: 469,
      over: false,
    });
  });
});
