import { describe, expect, it } from "vitest";
import { freshConfig, runCli, runOpenStdin } from "./helpers.js";

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
    expect(out).toMatch(/Final score: \d+\. (New best! )?Thanks for playing!/);
  });

  it("plays the same game for the same seed and ends cleanly at end of input", () => {
    const a = run(["puzzle", "--seed", "11"], "1 0 0\n", freshConfig());
    const b = run(["puzzle", "--seed", "11"], "1 0 0\n", freshConfig());
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

describe("the computer player in the tray games' terminal (blast)", () => {
  it("'hint' prints the suggested '<piece> <row> <col>' and why, and plays nothing", async () => {
    const r = await runOpenStdin(["blast", "--seed", "5"], "hint\nhint\nquit\n");
    expect(r.status).toBe(0);
    const hints = r.stdout.match(/Hint: (\d) (\d) (\d) \(([^)]+)\)/g) ?? [];
    expect(hints).toHaveLength(2);
    // Asking twice gives the same move: the position did not change.
    expect(hints[0]).toBe(hints[1]);
    expect(r.stdout).toMatch(/Final score: 0\./);
    // The hinted move is accepted as typed.
    const move = /Hint: (\d \d \d)/.exec(r.stdout)?.[1] as string;
    const played = run(["blast", "--seed", "5"], `${move}\nquit\n`);
    expect(played.stdout).not.toContain("Refused");
    expect(played.stdout.match(/\(placed\)/g)?.length).toBe(1);
  });

  it("--ai plays the whole game by itself to game over, printing each placement, with stdin left open", async () => {
    // A whole Blast game with its three revives by the computer player (about 900 moves): minutes on
    // a loaded machine, so a long hang timeout. The terminal play has no way to start it later.
    const r = await runOpenStdin(["blast", "--seed", "3", "--ai"], "", { timeoutMs: 540_000 });
    expect(r.status).toBe(0);
    const moves = r.stdout.match(/^Move \d+: (\d \d \d|revive) \(/gm) ?? [];
    expect(moves.length).toBeGreaterThan(30);
    // Three revives are used before the end.
    expect(r.stdout.match(/^Move \d+: revive/gm)?.length).toBe(3);
    const end = /Game over after (\d+) moves\. Final score: (\d+), played by the computer/.exec(r.stdout);
    expect(Number(end?.[1])).toBe(moves.length);
    expect(r.stdout).toContain("score 0  streak 0");
  }, 600_000);

  // The same --ai loop (tray-play.ts) on a 6 x 6 Puzzle: a short game, where two whole Blast games
  // with revives cost minutes of the computer player on a loaded machine.
  it("--ai is the same game for the same seed", () => {
    const args = ["puzzle", "--seed", "8", "--rows", "6", "--cols", "6", "--ai"];
    const a = run(args);
    const b = run(args);
    expect(a.status).toBe(0);
    expect(a.stdout).toMatch(/Game over after \d+ moves\. Final score: \d+, played by the computer/);
    expect(a.stdout).toBe(b.stdout);
  });
});
