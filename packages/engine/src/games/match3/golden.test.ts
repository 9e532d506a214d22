/**
 * Golden replays of Match-3 (testing/golden.ts): each final picture was worked out by hand from the
 * rules in docs/games/match3.md before it was pinned here.
 */
import { describe, it } from "vitest";
import { expectGolden } from "../../testing/golden.js";
import { match3Game } from "./index.js";

const frames = (...commands: string[]) => commands.map((c) => ({ cmd: "frame", commands: c }));

describe("match3 golden replays", () => {
  it("the worked example 5 8 H^^* V*@^: LL, R, DR, LLR, blank, R, DR", () => {
    // H^^* goes left (the second L is blocked at the wall), right, then D to the floor and R: it
    // locks as ..^^* in the bottom row. V*@^ goes to column 0 (R dropped: 2 commands a frame), falls,
    // moves right, drops onto the floor in column 1, and R is blocked by the ^ at column 2: the lock
    // makes .^^^* in the bottom row, the run of three ^ is removed, and no brick is left.
    expectGolden(match3Game, {
      seed: 1,
      config: { input: "5 8 H^^* V*@^" },
      commands: frames("LL", "R", "DR", "LLR", "", "R", "DR"),
      text: [
        ".....",
        ".....",
        ".....",
        ".....",
        ".....",
        ".*...",
        ".@...",
        "....*",
        "-----",
        "queue: (empty)",
        "score: 3",
        "over: no bricks left",
      ].join("\n"),
      score: 3,
      over: true,
    });
  });

  it("two runs removed by one lock, no gravity, and a brick that vanishes by itself", () => {
    // Rows 3 and 4 become ..^^^ and ..@@@ when V~^@ lands in column 2: both runs go at once and
    // the ~ above them stays where it is. H@@@ then lands on that ~ as a run of its own and goes too.
    expectGolden(match3Game, {
      seed: 1,
      config: { input: "5 6 H~~^ V^@@ V^@@ V~^@ H@@@" },
      commands: frames("LD", "RD", "RR", "D", "D", "xRdD"),
      text: [
        ".....",
        ".....",
        "..~..",
        ".....",
        ".....",
        "~~^@@",
        "-----",
        "queue: (empty)",
        "score: 9",
        "over: no bricks left",
      ].join("\n"),
      score: 9,
      over: true,
    });
  });

  it("a blocked spawn ends the game with the brick still queued", () => {
    // The fourth brick lands in row 2 over column 2, where V^~^ must spawn (rows 0 to 2).
    expectGolden(match3Game, {
      seed: 1,
      config: { input: "6 6 H^*@ V~@~ H*^* H@@~ V^~^" },
      commands: frames("L", "D", "R", "DL", "", "LD", "R", "D"),
      text: [
        "......",
        "......",
        "..@@~.",
        "...~..",
        "*^*@..",
        "^*@~..",
        "------",
        "queue: V^~^",
        "score: 0",
        "over: the next brick V^~^ has no room to spawn",
      ].join("\n"),
      score: 0,
      over: true,
    });
  });

  it("Arcade: the seeded stream, moves and ticks of 5 x 8, seed 1", () => {
    // Seed 1 draws V^*@, H*@*, H~~*, H~*~, then V~@^, H~** and V@@^. V^*@ goes left and drops to
    // the floor of column 1 (a tick locks it); H*@* moves right and drops to the floor; H~~* falls
    // two rows by ticks, then drops onto the ^ of column 1 and locks in row 4; its ~ and * over the
    // gap fall to row 6 (gravity, issue 24: before, they stayed in row 4). No run anywhere.
    const move = (m: string) => ({ cmd: "move", move: m });
    const tick = { cmd: "tick" };
    expectGolden(match3Game, {
      seed: 1,
      config: { mode: "arcade", width: 5, height: 8 },
      commands: [move("L"), move("D"), tick, move("R"), move("D"), tick, tick, tick, move("D"), tick],
      text: [
        ".~*~.  <",
        ".....",
        ".....",
        ".....",
        ".~...",
        ".^...",
        ".*~*.",
        ".@*@*",
        "-===-",
        "next: V~@^ H~** V@@^",
        "score: 0",
        "level: 1  cells removed: 0  combo: 0  bricks: 3",
      ].join("\n"),
      score: 0,
      over: false,
    });
  });
});
