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
