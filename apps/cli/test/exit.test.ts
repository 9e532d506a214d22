/**
 * The terminal games end when the game ends, whatever stdin does: a person at a terminal never
 * closes it, so these runs write their lines and leave stdin open.
 */
import { describe, expect, it } from "vitest";
import { runOpenStdin } from "./helpers.js";

const BLOCKY = ["blocky", "--depth", "2", "--turns", "1", "--players", "human,smart:3", "--seed", "4"];

/** Each line-based game, with lines that end it and the last words it says. */
const ENDINGS: { name: string; args: string[]; input: string; last: RegExp }[] = [
  {
    name: "match3: Q at the end prompt",
    args: ["match3"],
    input: "5 8 H^^* V*@^\nD\n\nD\nQ\n",
    last: /Thank you for playing Match-3!\r?\n$/,
  },
  {
    name: "blocky: quit",
    args: BLOCKY,
    input: "quit\n",
    last: /Player 1> (quit\r\n)?Final score: Player 1 \(you\) \d+, Player 2 \d+\..*\r?\n$/,
  },
  {
    name: "blocky: the game-over summary",
    args: BLOCKY,
    input: "cw -\n",
    last: /Player [12] wins\.\r?\nFinal score: Player 1 \(you\) \d+, Player 2 \d+\..*\r?\n$/,
  },
  { name: "blast: quit", args: ["blast", "--seed", "1"], input: "quit\n", last: /Thanks for playing!\r?\n$/ },
  {
    name: "puzzle: quit",
    args: ["puzzle", "--seed", "1"],
    input: "quit\n",
    last: /Thanks for playing!\r?\n$/,
  },
];

describe("terminal games exit when the game ends, with stdin left open", () => {
  for (const { name, args, input, last } of ENDINGS) {
    it(`${name} (pipe)`, async () => {
      const r = await runOpenStdin(args, input);
      expect(r.status, r.stdout.slice(-200)).toBe(0);
      expect(r.stdout).toMatch(last);
      expect(r.stderr).toBe("");
    });
  }

  // The bug report's own setting: a real terminal (util-linux `script` gives a pseudo-terminal).
  for (const { name, args, input, last } of ENDINGS) {
    it(`${name} (terminal)`, async () => {
      const r = await runOpenStdin(args, input, { pty: true });
      expect(r.status, r.stdout.slice(-200)).toBe(0);
      expect(r.stdout).toMatch(last);
    });
  }

  it("a game that is not over keeps waiting for its next line", async () => {
    const prompt = /Commands:[\s\S]*> $/;
    const r = await runOpenStdin(["blast", "--seed", "1"], "help\n", { until: (o) => prompt.test(o) });
    expect(r.status).toBe("running");
    expect(r.stdout).toMatch(prompt);
  });
});
