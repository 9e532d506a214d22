/**
 * Golden replays (testing/golden.ts): a seed and a command list must give exactly this position.
 * The HTTP service rebuilds stored games by replay, so a change to the rules, the board generator or
 * the computer players fails here before it silently changes anyone's game.
 */
import { describe, it } from "vitest";
import { expectGolden } from "../../testing/golden.js";
import { blockyGame } from "./index.js";

const move = (action: string, path?: number[]) =>
  path === undefined ? { cmd: "move", action } : { cmd: "move", action, path };

describe("blocky golden replays", () => {
  it("seed 11, two humans: every action kind once or more, five turns to the end", () => {
    // Checked by hand (docs/games/blocky.md "Rules", "Scores"): penalties are player 1 paint 1 +
    // smash 3 = 4 and player 2 combine 1. Player 2's red perimeter cells: top 2, bottom 2, left 1,
    // right 0 = 5, minus 1 = 4; player 1's blue cells touch no other blue: 1 - 4 = -3.
    expectGolden(blockyGame, {
      seed: 11,
      config: {
        maxDepth: 3,
        turns: 5,
        players: [
          { kind: "human", goal: { type: "blob", colour: "B" } },
          { kind: "human", goal: { type: "perimeter", colour: "R" } },
        ],
      },
      commands: [
        move("paint", [1, 1, 0]),
        move("combine", [1, 1]),
        move("smash", [0]),
        move("rotate_cw", [2]),
        move("rotate_ccw", []),
        move("swap_h", [3]),
        move("swap_v", []),
        move("pass", [2]),
        move("pass"),
        move("rotate_cw", []),
      ],
      text: [
        "YYYGRRYY",
        "YYYGRRYY",
        "BYYYRRYY",
        "RYYYRRYY",
        "YYYGRRYY",
        "GGGGRRYY",
        "YYBGGRGY",
        "YYRYRYYB",
        "",
        "  Player 1 (human): -3 points (penalty 4); goal: largest blue blob",
        "  Player 2 (human): 4 points (penalty 1); goal: most red on the perimeter",
        "Game over after 5 turns. Player 2 wins.",
      ].join("\n"),
      score: -3,
      over: true,
    });
  });

  it("seed 2026, a random player and two smart players, every move chosen by ai", () => {
    expectGolden(blockyGame, {
      seed: 2026,
      config: {
        maxDepth: 4,
        turns: 4,
        players: [{ kind: "random" }, { kind: "smart", difficulty: 5 }, { kind: "smart", difficulty: 60 }],
      },
      commands: Array.from({ length: 12 }, () => ({ cmd: "ai" })),
      // Player 3's blue blob, counted by hand in the top half: 7 + 8 + 6 + 6 + 3 = 30, minus its
      // penalty 2 = 28.
      text: [
        "YYRRYYRBBBBBBBRR",
        "YYYGYYBBBBBBBBRR",
        "YYYYRRRRBBBBBBYY",
        "YGYYRRRRBBBBBBYY",
        "YYYYGGGGYYBBBGGY",
        "YYYYGGGGYYYGRGYG",
        "YYYYGGGGGGYRRRBB",
        "YYYYGGGGYGBYRRBB",
        "GGGGBBBBYYYYYYYY",
        "YBGGBBBBYYYYYYYY",
        "RRBGBBBBGYGGYYYY",
        "RRRYBBBBGBGGYYYY",
        "RRRRGGGGRRRRGGYY",
        "RRRRGGGGRRRRGGYY",
        "RRRRGGGGRRRRGGYY",
        "RRRRGGGGRRRRGGYY",
        "",
        "  Player 1 (random): 35 points (penalty 0); goal: largest yellow blob",
        "  Player 2 (smart 5): 18 points (penalty 1); goal: largest green blob",
        "  Player 3 (smart 60): 28 points (penalty 2); goal: largest blue blob",
        "Game over after 4 turns. Player 1 wins.",
      ].join("\n"),
      score: 35,
      over: true,
    });
  });
});
