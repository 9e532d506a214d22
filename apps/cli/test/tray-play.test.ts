import { describe, expect, it } from "vitest";
import { runCli } from "./helpers.js";

const run = runCli;

describe("terminal play of the tray games (puzzle)", () => {
  it("places pieces typed as '<piece> <row> <col>', refuses bad ones, and quits with the score", () => {
    const r = run(["puzzle", "--seed", "3", "--rows", "6", "--cols", "9"], "help\n1 0 0\nfoo\n2 0 0\nquit\n");
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toContain("Block Puzzle. Type 'help' for the commands.");
    expect(out).toContain("<piece> <row> <col>");
    // Six rows of nine columns, numbered.
    expect(out).toContain("    0 1 2 3 4 5 6 7 8\n 0  . . . . . . . . .");
    expect(out).toMatch(/Score [1-9]\d*/);
    expect(out).toContain("Not a command: 'foo'");
    expect(out).toContain("Refused:");
    expect(out).toMatch(/Final score: \d+\. Thanks for playing!/);
  });

  it("plays the same game for the same seed and ends cleanly at end of input", () => {
    const a = run(["puzzle", "--seed", "11"], "1 0 0\n");
    const b = run(["puzzle", "--seed", "11"], "1 0 0\n");
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
  });

  it("refuses unknown options with exit 2", () => {
    const r = run(["puzzle", "--size", "9"], "");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("unknown option '--size'");
    expect(run(["puzzle", "--rows", "40"], "").status).toBe(2);
  });
});

describe("terminal play of the tray games (blast), through the engine's runner", () => {
  it("reads --seed with the shared reader and refuses a bad one with the usage", () => {
    for (const bad of ["1e3", "-1", "0x10", "4294967296", "seven"]) {
      const r = run(["blast", "--seed", bad], "");
      expect(r.status, bad).toBe(2);
      expect(r.stderr).toContain("--seed needs an integer from 0 to 4294967295");
      expect(r.stderr).toContain("Usage: blockarcade blast [--seed N]");
    }
  });

  it("starts a new game on 'new', scores a clear with +points, and revives after a game over", () => {
    const a = run(["blast", "--seed", "5"], "new\nquit\n");
    expect(a.status).toBe(0);
    // The first picture and the one after 'new' are both games of 0 points with a full tray.
    expect(a.stdout.match(/score 0 {2}streak 0/g)?.length).toBe(2);
    const r = run(["blast", "--seed", "5"], "revive\nquit\n");
    expect(r.stdout).toContain("Refused: revive is only possible once the game is over.");
  });

  it("cuts a long unknown line short in its answer", () => {
    const r = run(["blast", "--seed", "5"], `${"x".repeat(5000)}\nquit\n`);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Not a command: '${"x".repeat(40)}'.`);
    expect(r.stdout).not.toContain("x".repeat(41));
  });
});
