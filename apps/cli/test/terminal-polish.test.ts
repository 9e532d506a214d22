/**
 * Issue 24 finding 6, each item through the built binary: options in both forms (`--seed 5`,
 * `--seed=5`), one tray numbering per game, help that offers only what the game takes, NO_COLOR, a
 * final-score line on every way out (quit, end of input, Ctrl-C, --ai), and best scores kept in the
 * config folder. Ctrl-C is typed on a pseudo-terminal (`script`), where it is a real SIGINT.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bestScoresPath, configDir } from "../src/best-scores.js";
import { freshConfig, type PtySession, runCli, runOpenStdin, startPty } from "./helpers.js";

const sessions: PtySession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

function pty(args: string[], env: NodeJS.ProcessEnv = {}): PtySession {
  const session = startPty(args, env);
  sessions.push(session);
  return session;
}

const BLOCKY = ["blocky", "--depth", "2", "--turns", "2", "--players", "human,smart:3"];

describe("options: --name value and --name=value are one option", () => {
  // Each game's own options in both spellings: the same game, byte for byte.
  const cases: { name: string; spaced: string[]; joined: string[]; input?: string }[] = [
    {
      name: "blast",
      spaced: ["blast", "--seed", "5"],
      joined: ["blast", "--seed=5"],
      input: "hint\n0 0 0\nquit\n",
    },
    {
      name: "puzzle",
      spaced: ["puzzle", "--seed", "5", "--rows", "6", "--cols", "7"],
      joined: ["puzzle", "--seed=5", "--rows=6", "--cols=7"],
      input: "hint\n1 0 0\nquit\n",
    },
    {
      name: "blocky",
      spaced: [...BLOCKY, "--seed", "5"],
      joined: [...BLOCKY.slice(0, 1), "--depth=2", "--turns=2", "--players=human,smart:3", "--seed=5"],
      input: "cw -\npass\nquit\n",
    },
    {
      name: "stacker --ai",
      spaced: ["stacker", "--ai", "--seed", "5", "--size", "10", "--pieces", "8"],
      joined: ["stacker", "--ai", "--seed=5", "--size=10", "--pieces=8"],
    },
    {
      name: "match3 --arcade --ai",
      spaced: ["match3", "--arcade", "--ai", "--seed", "5", "--size", "small", "--level", "3"],
      joined: ["match3", "--arcade", "--ai", "--seed=5", "--size=small", "--level=3"],
    },
    {
      name: "--json",
      spaced: ["puzzle", "--json", "--seed", "5", "--config", '{"rows":6}'],
      joined: ["puzzle", "--json", "--seed=5", '--config={"rows":6}'],
      input: '{"cmd":"state"}\n',
    },
  ];
  for (const { name, spaced, joined, input = "" } of cases) {
    it(`${name}: both forms play the same game`, () => {
      const a = runCli(spaced, input, freshConfig());
      const b = runCli(joined, input, freshConfig());
      expect(a.status, a.stderr).toBe(0);
      expect(b.status, b.stderr).toBe(0);
      expect(a.stdout.length).toBeGreaterThan(100);
      expect(b.stdout).toBe(a.stdout);
    });
  }

  it("refuses a missing value, a value on a switch and an unknown option in either form", () => {
    for (const [args, message] of [
      [["blast", "--seed"], "--seed needs an integer from 0 to 4294967295"],
      [["blast", "--seed", "--ai"], "--seed needs an integer from 0 to 4294967295"],
      [["blast", "--seed=x"], "--seed needs an integer from 0 to 4294967295"],
      [["blast", "--ai=yes"], "--ai takes no value"],
      [["puzzle", "--rows=99"], "--rows needs a whole number from 5 to 20"],
      [["stacker", "--size=3"], "--size needs a whole number from"],
      [["blast", "--size=9"], "unknown option '--size'"],
      [["match3", "--size=small"], "unknown option '--size' (it goes with --arcade)"],
      [["blast", "--json", "--seed=-1"], "--seed needs an integer from 0 to 4294967295"],
    ] as const) {
      const r = runCli([...args], "");
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toContain(message);
    }
  });
});

describe("Block Puzzle numbers its tray 1 to 3 everywhere", () => {
  it("in help, in refusals of 0 and 4, and in the engine's own refusals", async () => {
    const r = await runOpenStdin(
      ["puzzle", "--seed", "3"],
      "help\n0 0 0\n4 0 0\n1 0 0\n1 5 5\nrevive\nquit\n",
      {
        pty: true,
      },
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("place a tray piece (1-3)");
    expect(r.stdout).toContain("Refused: the tray pieces are numbered 1 to 3, not 0.");
    expect(r.stdout).toContain("Refused: the tray pieces are numbered 1 to 3, not 4.");
    // Piece 1 was placed by "1 0 0": the engine's refusal names it as the picture does.
    expect(r.stdout).toContain("Refused: piece 1 has already been placed this round.");
    expect(r.stdout).not.toMatch(/from 0 to 2|piece 0/);
    // Help offers no revive, and the word is not a command in Puzzle.
    expect(r.stdout).not.toMatch(/^ {2}revive/m);
    expect(r.stdout).toContain("Not a command: 'revive'.");
  });

  it("Block Blast keeps its 0-2 tray and its revive", () => {
    const r = runCli(["blast", "--seed", "3"], "help\n3 0 0\nquit\n");
    expect(r.stdout).toContain("place a tray piece (0-2)");
    expect(r.stdout).toMatch(/^ {2}revive/m);
    expect(r.stdout).toContain("Refused: the tray pieces are numbered 0 to 2, not 3.");
  });
});

describe("NO_COLOR", () => {
  const ESCAPE = "\u001b";
  it("Blocky on a terminal prints colour, and none at all with NO_COLOR=1", async () => {
    const args = [...BLOCKY, "--seed", "2"];
    const coloured = await runOpenStdin(args, "pass\nquit\n", { pty: true });
    expect(coloured.stdout).toContain(`${ESCAPE}[`);
    const plain = await runOpenStdin(args, "pass\nquit\n", { pty: true, env: { NO_COLOR: "1" } });
    expect(plain.status).toBe(0);
    expect(plain.stdout).toMatch(/Final score: Player 1 \(you\) \d+/);
    expect(plain.stdout.split(ESCAPE)).toHaveLength(1);
    // --ai too.
    const ai = await runOpenStdin([...args, "--ai"], "", { pty: true, env: { NO_COLOR: "1" } });
    expect(ai.stdout).toContain("wins.");
    expect(ai.stdout.split(ESCAPE)).toHaveLength(1);
  });
});

describe("a final-score line on every way out", () => {
  const FINAL = /Final score: /;
  const MOVE = /^Move 1:/m;
  const games: { name: string; args: string[]; waitFor: RegExp; aiMove: RegExp }[] = [
    { name: "blast", args: ["blast", "--seed", "4"], waitFor: /> $/, aiMove: MOVE },
    { name: "puzzle", args: ["puzzle", "--seed", "4"], waitFor: /> $/, aiMove: MOVE },
    {
      name: "blocky",
      args: [...BLOCKY, "--seed", "4"],
      waitFor: /Player 1> $/,
      aiMove: /^Player \d (rotated|swapped|smashed|painted|combined|passed)/m,
    },
  ];
  for (const { name, args, waitFor, aiMove } of games) {
    it(`${name}: quit, end of input and Ctrl-C`, async () => {
      const quit = await runOpenStdin(args, "quit\n");
      expect(quit.status).toBe(0);
      expect(quit.stdout.trimEnd().split("\n").at(-1)).toMatch(FINAL);
      const eof = runCli(args, "");
      expect(eof.status).toBe(0);
      expect(eof.stdout.trimEnd().split("\n").at(-1)).toMatch(FINAL);
      const session = pty(args);
      await session.waitFor((o) => waitFor.test(o), "the prompt");
      session.send("\u0003");
      expect(await session.exited).toBe(130);
      expect(session.output().trimEnd().split("\n").at(-1)).toMatch(FINAL);
    });

    it(`${name}: --ai, to its end and stopped by Ctrl-C`, async () => {
      // A whole Blast game with its revives is minutes of the computer: its end is tray-play.test.ts's.
      if (name !== "blast") {
        const whole = runCli([...args, "--ai"], "");
        expect(whole.status).toBe(0);
        expect(whole.stdout.trimEnd().split("\n").at(-1)).toMatch(FINAL);
      }
      const session = pty([...args, "--ai"]);
      // Stopped mid-game, after the computer's first move is on screen (the Blast case).
      await session.waitFor((o) => aiMove.test(o), "the computer's first move");
      session.send("\u0003");
      expect(await session.exited).toBe(130);
      const last = session.output().trimEnd().split("\n").at(-1) ?? "";
      expect(last).toMatch(/^(\^C)?Stopped/);
      expect(last).toMatch(FINAL);
    });
  }

  it("match3's dialogue: Ctrl-C in a game prints its score; the spec's own ends are unchanged", async () => {
    const session = pty(["match3"]);
    await session.waitFor((o) => o.includes("field size"), "the init prompt");
    session.send("5 8 H^^* V*@^\n");
    await session.waitFor((o) => o.includes("valid commands are L,R,D"), "the frame prompt");
    session.send("\u0003");
    expect(await session.exited).toBe(130);
    expect(session.output().trimEnd().split("\n").at(-1)).toMatch(/^Final score: 0 cells removed\.$/);
  });

  for (const game of [
    { name: "stacker", args: ["stacker", "--seed", "2", "--size", "10"], ready: "BLOCK STACKER" },
    { name: "match3 --arcade", args: ["match3", "--arcade", "--seed", "2"], ready: "MATCH-3 ARCADE" },
  ]) {
    it(`${game.name}: Ctrl-C and --ai on a terminal end with the final score`, async () => {
      const session = pty(game.args, { NO_COLOR: "1" });
      await session.waitFor((o) => o.includes(game.ready), "the first frame");
      session.send("\u0003");
      expect(await session.exited).toBe(0);
      expect(session.output().trimEnd().split("\n").at(-1)).toMatch(/^Final score: \d+\./);
      const ai = pty([...game.args, "--ai", "--pace", "20"], { NO_COLOR: "1" });
      await ai.waitFor((o) => o.includes("COMPUTER PLAYING"), "the computer's frame");
      ai.send("\u0003");
      await ai.exited;
      expect(ai.output().trimEnd().split("\n").at(-1)).toMatch(/^Final score: \d+, played by the computer/);
    });
  }
});

describe("best scores, kept in the config folder", () => {
  it("are written under XDG_CONFIG_HOME, shown at the next start and at the end, per config", () => {
    const env = freshConfig();
    const file = join(env.XDG_CONFIG_HOME, "blockarcade", "best-scores.json");
    const first = runCli(["puzzle", "--seed", "3"], "1 0 0\nquit\n", env);
    expect(first.stdout).toContain("Best: none yet.");
    const score = Number(/Final score: (\d+)\. New best! Thanks/.exec(first.stdout)?.[1]);
    expect(score).toBeGreaterThan(0);
    const kept = JSON.parse(readFileSync(file, "utf8"));
    expect(kept.scores['puzzle {"rows":8,"cols":8}'].score).toBe(score);

    // The next run shows it at the start; a lower game leaves it and says so at the end.
    const second = runCli(["puzzle", "--seed", "3"], "quit\n", env);
    expect(second.stdout.split("\n")[0]).toContain(`Best: ${score}.`);
    expect(second.stdout).toContain(`Final score: 0. Best: ${score}. Thanks for playing!`);
    // A higher one is a new best, over the old.
    const third = runCli(["puzzle", "--seed", "3"], "1 0 0\n2 3 3\nquit\n", env);
    const higher = Number(/Final score: (\d+)\. New best! \(was (\d+)\)/.exec(third.stdout)?.[1]);
    expect(higher).toBeGreaterThan(score);
    // Another grid size is another best.
    const other = runCli(["puzzle", "--seed", "3", "--rows=6"], "quit\n", env);
    expect(other.stdout).toContain("Best: none yet.");
    // The computer's games are shown beside the best and never kept as it.
    const ai = runCli(["puzzle", "--seed", "3", "--ai"], "", env);
    expect(ai.stdout).toMatch(
      new RegExp(`played by the computer \\(not kept as your best\\)\\. Best: ${higher}\\.`),
    );
    expect(JSON.parse(readFileSync(file, "utf8")).scores['puzzle {"rows":8,"cols":8}'].score).toBe(higher);
  });

  it("a corrupt file is reported and replaced, never a crash", () => {
    for (const junk of ["{not json", "[]", '{"version":1,"scores":null}', "\u0000\u0001"]) {
      const env = freshConfig();
      const file = join(env.XDG_CONFIG_HOME, "blockarcade", "best-scores.json");
      mkdirSync(join(env.XDG_CONFIG_HOME, "blockarcade"));
      writeFileSync(file, junk);
      const r = runCli(["puzzle", "--seed", "3"], "1 0 0\nquit\n", env);
      expect(r.status, junk).toBe(0);
      expect(r.stderr).toContain(`${file} is not a best-score file`);
      expect(r.stderr).toContain("it will be replaced");
      expect(r.stdout).toMatch(/Final score: \d+\. New best!/);
      expect(JSON.parse(readFileSync(file, "utf8")).version).toBe(1);
      // The next run reads the new file without a word.
      const again = runCli(["puzzle", "--seed", "3"], "quit\n", env);
      expect(again.stderr).toBe("");
    }
  });

  it("a folder that cannot be written is reported, and the game still ends as usual", () => {
    const env = freshConfig();
    // A file where the folder should be: nothing can be kept under it.
    writeFileSync(join(env.XDG_CONFIG_HOME, "blockarcade"), "");
    const r = runCli(["puzzle", "--seed", "3"], "1 0 0\nquit\n", env);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain("cannot keep the best score");
    expect(r.stdout).toMatch(/Final score: \d+\. New best! Thanks for playing!/);
  });

  it("Blocky keeps the human's score, never the computer's", () => {
    const env = freshConfig();
    const blocky = runCli([...BLOCKY, "--seed", "4"], "quit\n", env);
    expect(blocky.stdout.split("\n")[0]).toMatch(/^Blocky, seed 4\. Best: none yet\./);
    // Seed 4 starts Player 1 (the human) on 2 points and the computer on 1.
    expect(blocky.stdout).toContain("Final score: Player 1 (you) 2, Player 2 1. New best!");
    const again = runCli([...BLOCKY, "--seed", "4"], "quit\n", env);
    expect(again.stdout.split("\n")[0]).toMatch(/^Blocky, seed 4\. Best: 2\./);
    expect(again.stdout).toContain("Final score: Player 1 (you) 2, Player 2 1. Best: 2.");
    // The computer playing every seat is never the human's best.
    const ai = runCli([...BLOCKY, "--seed", "4", "--ai"], "", env);
    expect(ai.stdout.trimEnd().split("\n").at(-1)).toMatch(
      /Played by the computer \(not kept as your best\)\. Best: 2\.$/,
    );
  });

  it("lives in the platform's config folder", () => {
    expect(configDir({ XDG_CONFIG_HOME: "/x/cfg" }, "linux")).toBe("/x/cfg/blockarcade");
    expect(configDir({}, "linux")).toMatch(/\/\.config\/blockarcade$/);
    expect(configDir({ XDG_CONFIG_HOME: "relative" }, "linux")).toMatch(/\/\.config\/blockarcade$/);
    expect(configDir({}, "darwin")).toMatch(/\/Library\/Application Support\/blockarcade$/);
    expect(configDir({ APPDATA: "/c/Users/a/AppData/Roaming" }, "win32")).toBe(
      join("/c/Users/a/AppData/Roaming", "blockarcade"),
    );
    expect(bestScoresPath({ XDG_CONFIG_HOME: "/x/cfg" }, "linux")).toBe(
      "/x/cfg/blockarcade/best-scores.json",
    );
  });
});
