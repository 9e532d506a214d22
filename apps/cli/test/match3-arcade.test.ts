/**
 * Acceptance tests of `blockarcade match3 --arcade`: the real process (the built CLI) in a
 * pseudo-terminal made by `script`, driven by keys; the field is read back from the frames it draws
 * and checked against the engine playing the same seed.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { type Match3Command, type Match3State, match3Game } from "@blockarcade/engine/games/match3";
import { afterEach, describe, expect, it } from "vitest";
import { parseArcadeInput, parseSize } from "../src/play/match3-arcade.js";
import { BIN } from "./helpers.js";

/** How long a wait for output may last before it is a hang: sized for a loaded machine. */
const WAIT_MS = 60_000;
const ESC = "\u001b[";

const sessions: ChildProcess[] = [];
afterEach(() => {
  for (const child of sessions.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Starts `match3 --arcade <args>` inside `script` so it gets a real terminal (100 x 40). */
function start(args: string) {
  const child = spawn(
    "script",
    ["-qfc", `stty cols 100 rows 40; node ${BIN} match3 --arcade ${args}`, "/dev/null"],
    {
      env: { ...process.env, NO_COLOR: "1", TERM: "xterm" },
    },
  );
  sessions.push(child);
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return {
    output: () => out,
    send: (keys: string) => child.stdin?.write(keys),
    waitFor: (test: (o: string) => boolean, what: string) =>
      new Promise<void>((resolve, reject) => {
        const deadline = Date.now() + WAIT_MS;
        const poll = () => {
          if (test(out)) resolve();
          else if (Date.now() > deadline)
            reject(new Error(`timed out waiting for ${what}; output:\n${out.slice(-2000)}`));
          else setTimeout(poll, 20);
        };
        poll();
      }),
    exited,
  };
}

/** The field of the last frame drawn: the rows between the `|` borders, and the marked rows. */
function lastField(out: string): { rows: string[]; marked: number[] } {
  return fieldOf(out.slice(out.lastIndexOf(`${ESC}H`) + 3));
}

/** The field of the first frame drawn: what the game began with, however late the test looks. */
function firstField(out: string): { rows: string[]; marked: number[] } {
  const start = out.indexOf(`${ESC}H`) + 3;
  const next = out.indexOf(`${ESC}H`, start);
  return fieldOf(out.slice(start, next < 0 ? undefined : next));
}

function fieldOf(text: string): { rows: string[]; marked: number[] } {
  const frame = text.replaceAll(`${ESC}K`, "").replaceAll(`${ESC}J`, "");
  const lines = frame.split("\r\n").filter((l) => l.startsWith("|"));
  const rows = lines.map((l) => l.slice(1, l.indexOf("|", 1)));
  const marked = lines.flatMap((l, r) => (l.slice(l.indexOf("|", 1) + 1).startsWith(" <") ? [r] : []));
  return { rows, marked };
}

const frames = (out: string) => out.split(`${ESC}H`).length - 1;

function play(state: Match3State, ...commands: Match3Command[]): Match3State {
  let s = state;
  for (const c of commands) {
    const r = match3Game.apply(s, c);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

/** The engine's picture of a state's field with its falling brick, as the terminal shows it. */
function picture(state: Match3State): string[] {
  const rows = state.board.slice();
  for (const [r, c, s] of state.active?.cells ?? [])
    rows[r] = `${rows[r]?.slice(0, c)}${s}${rows[r]?.slice(c + 1)}`;
  return rows;
}

describe("blockarcade match3 --arcade in a terminal", () => {
  it("draws the seeded game, moves the brick on keys and arrows, and quits with a summary on q", async () => {
    const s = start("--size small --seed 1 --level 1");
    await s.waitFor(
      (o) => o.includes("MATCH-3 ARCADE") && lastField(o).rows.length === 10,
      "the first frame",
    );
    expect(s.output()).toContain(`${ESC}?1049h`);
    const game = match3Game.newGame({ mode: "arcade", width: 5, height: 10, bricks: "classic", level: 1 }, 1);
    expect(firstField(s.output()).rows).toEqual(picture(game));
    expect(s.output()).toContain(`Next   ${game.queue.join(" ")}`);
    // The brick moves one column left; the clock may let it fall rows meanwhile (more on a slow
    // machine), so any of those pictures counts, and a frame without the move is waited past.
    const lefts: string[][] = [];
    for (let ticks = 0, state = play(game, { cmd: "move", move: "L" }); ticks < 8; ticks++) {
      lefts.push(picture(state));
      state = play(state, { cmd: "tick" });
    }
    const isLeft = (rows: string[]) => lefts.some((p) => p.join("/") === rows.join("/"));
    s.send("l");
    await s.waitFor((o) => isLeft(lastField(o).rows), "the brick one column left");
    const after = lastField(s.output()).rows;
    const seen = frames(s.output());
    s.send(`${ESC}C`);
    await s.waitFor((o) => frames(o) > seen, "a frame after Right");
    const back = lastField(s.output()).rows;
    expect(back.some((row, r) => row !== after[r])).toBe(true);
    s.send("q");
    expect(await s.exited).toBe(0);
    // The terminal is restored and the result printed on the normal screen.
    expect(s.output()).toContain(`${ESC}?25h${ESC}?1049l`);
    expect(s.output()).toMatch(/Match-3 Arcade: quit\. Score 0, level 1, 0 cells removed \(seed 1\)\./);
  });

  it("falls by itself on the clock and ends at game over with a summary, stdin left open", async () => {
    // Level 15 falls a row every 100 ms; on a 4 x 6 field a few bricks fill the spawn.
    const s = start("--size 4x6 --seed 3 --level 15");
    await s.waitFor((o) => lastField(o).rows.length === 6, "the first frame");
    const first = firstField(s.output()).marked;
    await s.waitFor((o) => lastField(o).marked[0] !== first[0], "a fall by the clock");
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(
      /Match-3 Arcade: game over, the next brick [HV]\S{3} has no room to spawn\. Score \d+, level 15, \d+ cells removed \(seed 3\)\./,
    );
  });

  it("pauses with p: nothing falls while paused; Ctrl-C quits", async () => {
    const s = start("--size small --seed 2 --level 10");
    await s.waitFor((o) => lastField(o).rows.length === 10, "the first frame");
    s.send("p");
    await s.waitFor((o) => o.includes("PAUSED"), "the pause note");
    const paused = lastField(s.output()).rows.join("/");
    await new Promise((r) => setTimeout(r, 800));
    expect(lastField(s.output()).rows.join("/")).toBe(paused);
    s.send("\u0003");
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(/Match-3 Arcade: quit\./);
  });

  it("h shows the computer's moves for the brick and why", async () => {
    const s = start("--size small --seed 4");
    await s.waitFor((o) => lastField(o).rows.length === 10, "the first frame");
    s.send("h");
    await s.waitFor((o) => /Hint: ([LRD]( [LRD])*|no moves, let it fall) \(.+\)/.test(o), "the hint");
    s.send("q");
    expect(await s.exited).toBe(0);
  });

  it("--ai plays by itself in a terminal to game over and exits, with stdin left open", async () => {
    const s = start("--size 4x6 --seed 5 --level 15 --ai --pace 10");
    await s.waitFor((o) => o.includes("COMPUTER PLAYING"), "the computer at work");
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(/Match-3 Arcade: game over, .+\(seed 5\)\./);
  });

  it("--ai without a terminal prints one line per brick, as the engine's own computer plays, then the summary", async () => {
    const child = spawn(process.execPath, [
      BIN,
      "match3",
      "--arcade",
      "--ai",
      "--size",
      "5x8",
      "--bricks",
      "easy",
      "--seed",
      "3",
    ]);
    sessions.push(child);
    let out = "";
    child.stdout.on("data", (d) => {
      out += d.toString();
    });
    // stdin stays open: the game ends on its own.
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    let state = match3Game.newGame({ mode: "arcade", width: 5, height: 8, bricks: "easy", level: 1 }, 3);
    let bricks = 0;
    while (!state.over) {
      const h = match3Game.hint(state);
      if (!h.ok) throw new Error(h.error.message);
      state = play(state, ...h.value.commands);
      bricks++;
    }
    const lines = out.trim().split("\n");
    expect(lines.filter((l) => /^\d+\. [\^*@~]{3}: .+ \(score \d+, level \d+\)$/.test(l))).toHaveLength(
      bricks,
    );
    expect(lines.at(-2)).toBe(
      `Match-3 Arcade: game over, the next brick ${state.queue[0]} has no room to spawn. Score ${state.score}, level ${state.level}, ${state.cells} cells removed (seed 3).`,
    );
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^Final score: ${state.score}, played by the computer \\(not kept as your best\\)\\. Best: `,
      ),
    );
  });

  it("says it needs a terminal when stdin is not one (without --ai), and exits 2", () => {
    const r = spawnSync(process.execPath, [BIN, "match3", "--arcade"], { input: "", encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("needs an interactive terminal");
    expect(r.stderr).toContain(`--config '{"mode":"arcade"}'`);
  });

  it("refuses bad Arcade options, and Arcade options without --arcade, with exit 2", () => {
    for (const args of [
      ["--arcade", "--size", "huge"],
      ["--arcade", "--size", "3x10"],
      ["--arcade", "--size", "8x31"],
      ["--arcade", "--bricks", "hard"],
      ["--arcade", "--level", "0"],
      ["--arcade", "--level", "16"],
      ["--arcade", "--seed", "-1"],
      ["--arcade", "--hints"],
      ["--arcade", "--pace", "10"],
      ["--size", "small"],
      ["--seed", "1"],
    ]) {
      const r = spawnSync(process.execPath, [BIN, "match3", ...args], { input: "", encoding: "utf8" });
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(/^blockarcade: match3: /);
    }
  });

  it("documents Arcade mode in --help", () => {
    const r = spawnSync(process.execPath, [BIN, "match3", "--help"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    for (const text of ["--arcade", "--size", "--bricks", "--level", "--seed", "small (5x10)", "Ctrl-C"]) {
      expect(r.stdout).toContain(text);
    }
  });

  it("reads sizes and raw keys: arrows whole, letters in either case, Space drops, q and Ctrl-C quit", () => {
    expect(parseSize("small")).toEqual({ width: 5, height: 10 });
    expect(parseSize("12x20")).toEqual({ width: 12, height: 20 });
    for (const bad of ["", "12x", "x20", "3x10", "17x10", "8x5", "8x31", "8 x 10", "1e1x10"]) {
      expect("error" in parseSize(bad), bad).toBe(true);
    }
    expect(parseArcadeInput(`l${ESC}D${ESC}1;5CrD ${ESC}B`)).toEqual([
      { kind: "move", move: "L" },
      { kind: "move", move: "L" },
      { kind: "move", move: "R" },
      { kind: "move", move: "R" },
      { kind: "move", move: "D" },
      { kind: "move", move: "D" },
      { kind: "move", move: "D" },
    ]);
    expect(parseArcadeInput("\u001bpPhqQ\u0003x").map((i) => i.kind)).toEqual([
      "pause",
      "pause",
      "pause",
      "hint",
      "quit",
      "quit",
      "quit",
      "other",
    ]);
  });
});
