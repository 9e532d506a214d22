/**
 * Acceptance tests: the real `blockarcade stacker` process (the built CLI) in a pseudo-terminal
 * made by `script`, driven by keys; the board is read back from the frames it draws.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { hint, hintTarget, type StackerState, stackerGame } from "@blockarcade/engine/games/stacker";
import { afterEach, describe, expect, it } from "vitest";
import { parseInput, usage } from "../src/play/stacker.js";
import { BIN } from "./helpers.js";

/** How long a wait for output may last before it is a hang: sized for a loaded machine. */
const WAIT_MS = 60_000;
const ESC = "\u001b[";

interface Session {
  child: ChildProcess;
  output: () => string;
  send: (keys: string) => void;
  waitFor: (test: (out: string) => boolean, what: string) => Promise<void>;
  exited: Promise<number | null>;
}

const sessions: ChildProcess[] = [];
afterEach(() => {
  for (const child of sessions.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Starts the game inside `script` so it gets a real terminal (100 x 40). */
function start(args: string, rows = 40): Session {
  const child = spawn(
    "script",
    ["-qfc", `stty cols 100 rows ${rows}; node ${BIN} stacker ${args}`, "/dev/null"],
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
    child,
    output: () => out,
    send: (keys) => child.stdin?.write(keys),
    waitFor: (test, what) =>
      new Promise((resolve, reject) => {
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

/** The board of the last frame drawn, one character per cell as in the engine's pictures. */
function lastBoard(out: string): string[] {
  return boardOf(out.slice(out.lastIndexOf(`${ESC}H`) + 3));
}

/** The board of the first frame drawn: what the game began with, however late the test looks. */
function firstBoard(out: string): string[] {
  const start = out.indexOf(`${ESC}H`) + 3;
  const next = out.indexOf(`${ESC}H`, start);
  return boardOf(out.slice(start, next < 0 ? undefined : next));
}

function boardOf(frame: string): string[] {
  const lines = frame
    .replaceAll(`${ESC}K`, "")
    .replaceAll(`${ESC}J`, "")
    .split("\r\n")
    .filter((l) => l.startsWith("|"));
  return lines.map((line) => {
    const inner = line.slice(1, line.indexOf("|", 1));
    let row = "";
    for (let i = 0; i < inner.length; i += 2) {
      const cell = inner.slice(i, i + 2);
      row += cell === " ." ? "." : cell === "::" ? "+" : (cell[0] as string);
    }
    return row;
  });
}

/** The text of the last frame drawn. */
function lastFrame(out: string): string {
  return out.slice(out.lastIndexOf(`${ESC}H`));
}

/** The falling piece's cells in a board picture (lower-case letters). */
function falling(rows: string[]): number[][] {
  return rows.flatMap((row, r) => [...row].flatMap((ch, c) => (/[a-z]/.test(ch) ? [[r, c]] : [])));
}

/** A set of cells moved to the top-left corner, as text: the shape wherever it is. */
function shape(cells: number[][]): string {
  const top = Math.min(...cells.map(([r]) => r as number));
  const left = Math.min(...cells.map(([, c]) => c as number));
  return cells
    .map(([r, c]) => `${(r as number) - top},${(c as number) - left}`)
    .sort()
    .join(" ");
}

const frames = (out: string) => out.split(`${ESC}H`).length - 1;
const fallingCols = (rows: string[]) =>
  rows.flatMap((row) => [...row].flatMap((ch, c) => (/[a-z]/.test(ch) ? [c] : [])));

describe("blockarcade stacker in a terminal", () => {
  it("draws the board, moves the piece on keys, hard-drops it, and restores the terminal on Ctrl-C", async () => {
    const s = start("--size 10 --seed 1");
    await s.waitFor((o) => o.includes("BLOCK STACKER") && lastBoard(o).length === 10, "the first frame");
    // Alternate screen and hidden cursor; the frame is drawn from the home position.
    expect(s.output()).toContain(`${ESC}?1049h`);
    expect(s.output()).toContain(`${ESC}?25l`);
    const first = lastBoard(s.output());
    expect(first.every((row) => row.length === 10)).toBe(true);
    const startCols = fallingCols(first);
    expect(startCols).toHaveLength(4);
    expect(first.join("")).not.toMatch(/[A-Z]/); // nothing locked yet

    let seen = frames(s.output());
    s.send("a");
    await s.waitFor((o) => frames(o) > seen, "a frame after A");
    const left = fallingCols(lastBoard(s.output()));
    expect(left).toEqual(startCols.map((c) => c - 1));

    seen = frames(s.output());
    s.send("dd");
    await s.waitFor(
      (o) => frames(o) > seen && fallingCols(lastBoard(o))[0] === (startCols[0] as number) + 1,
      "D D",
    );

    seen = frames(s.output());
    s.send(" ");
    await s.waitFor((o) => frames(o) > seen && /[A-Z]/.test(lastBoard(o).join("")), "a locked piece");
    const dropped = lastBoard(s.output());
    expect(dropped[9]).toMatch(/[IOTSZJL]/); // the piece lies on the floor
    expect(fallingCols(dropped)).toHaveLength(4); // and a new one is falling
    expect(s.output()).toMatch(/Score +\d+/);

    s.send("\u0003");
    expect(await s.exited).toBe(0);
    const tail = s.output().slice(s.output().lastIndexOf(`${ESC}?25h`));
    expect(tail).toContain(`${ESC}?1049l`); // back from the alternate screen, cursor shown
    expect(tail).toMatch(/Block Stacker: score \d+, level 1, 0 lines \(seed 1\)/);
  });

  it("falls by itself as time passes (the front end's clock sends ticks)", async () => {
    const s = start("--size 12 --seed 3");
    await s.waitFor((o) => lastBoard(o).length === 12, "the first frame");
    const topRow = (rows: string[]) => rows.findIndex((row) => /[a-z]/.test(row));
    expect(topRow(firstBoard(s.output()))).toBe(0);
    await s.waitFor((o) => topRow(lastBoard(o)) >= 1, "a step down after a second");
    s.send("\u0003");
    // In raw mode Ctrl-C arrives as a key, not a signal: a clean quit.
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain(`${ESC}?25h`);
  });

  it("pauses with p: no step down while paused", async () => {
    const s = start("--size 10 --seed 2");
    await s.waitFor((o) => lastBoard(o).length === 10, "the first frame");
    s.send("p");
    await s.waitFor((o) => o.includes("PAUSED"), "the pause note");
    const paused = lastBoard(s.output()).join("/");
    await new Promise((r) => setTimeout(r, 1500));
    expect(lastBoard(s.output()).join("/")).toBe(paused);
    s.send("\u0003");
    expect(await s.exited).toBe(0);
  });

  it("in a terminal too small for the board, pauses and says how many rows it needs", async () => {
    const s = start("--size 30 --seed 1", 20);
    await s.waitFor((o) => o.includes("needs 33"), "the size note");
    expect(s.output()).toContain("The terminal is 20 rows high");
    s.send("\u0003");
    expect(await s.exited).toBe(0);
  });

  it("q and Q rotate as everywhere else; Ctrl+Left is Left, never the letters of its sequence", async () => {
    const s = start("--size 10 --seed 4");
    await s.waitFor((o) => lastBoard(o).length === 10, "the first frame");
    const game = stackerGame.newGame({ size: 10 }, 4);
    expect(game.active?.type).not.toBe("O"); // a piece whose turn shows
    const turned = (n: number) => {
      let st = game;
      for (let i = 0; i < n; i++) {
        const r = stackerGame.apply(st, { cmd: "key", key: "Q" });
        if (!r.ok) throw new Error(r.error.message);
        st = r.state;
      }
      return shape((st.active?.cells ?? []).map(([r, c]) => [r, c]));
    };
    expect(shape(falling(lastBoard(s.output())))).toBe(turned(0));
    s.send("q");
    await s.waitFor((o) => shape(falling(lastBoard(o))) === turned(1), "q to turn the piece");
    s.send("Q");
    await s.waitFor((o) => shape(falling(lastBoard(o))) === turned(2), "Q to turn it again");
    const before = fallingCols(lastBoard(s.output()));
    s.send("\u001b[1;5D");
    await s.waitFor((o) => {
      const cols = fallingCols(lastBoard(o));
      return cols.length === 4 && Math.min(...cols) === Math.min(...before) - 1;
    }, "Ctrl+Left");
    s.send("\u001b[1;2C"); // Shift+Right
    await s.waitFor((o) => Math.min(...fallingCols(lastBoard(o))) === Math.min(...before), "Shift+Right");
    expect(s.output()).not.toContain("QUIT THIS GAME?");
    expect(s.child.exitCode).toBeNull();
    s.send("\u0003");
    expect(await s.exited).toBe(0);
  });

  it("a key that is not a game key asks before quitting a game in progress; y quits at once", async () => {
    const s = start("--size 10 --seed 2");
    await s.waitFor((o) => lastBoard(o).length === 10, "the first frame");
    s.send("w");
    await s.waitFor((o) => o.includes("QUIT THIS GAME?"), "the question");
    // Asking pauses the game: nothing falls while the question is open.
    const asked = lastBoard(s.output()).join("/");
    await new Promise((r) => setTimeout(r, 1300));
    expect(lastBoard(s.output()).join("/")).toBe(asked);
    s.send("n");
    await s.waitFor((o) => !lastFrame(o).includes("QUIT THIS GAME?"), "the game again");
    expect(s.child.exitCode).toBeNull();
    s.send("1");
    await s.waitFor((o) => lastFrame(o).includes("QUIT THIS GAME?"), "the question again");
    s.send("y");
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(/Block Stacker: score \d+, level 1, 0 lines \(seed 2\)/);
  });

  it("after game over any key that is not a game key quits without asking", async () => {
    const s = start("--size 10 --seed 6");
    await s.waitFor((o) => lastBoard(o).length === 10, "the first frame");
    s.send(" ".repeat(60));
    await s.waitFor((o) => lastFrame(o).includes("GAME OVER"), "game over");
    s.send("w");
    expect(await s.exited).toBe(0);
  });

  it("reads keys from raw input: arrows with modifiers whole, a lone Esc, letters in either case", () => {
    expect(parseInput("\u001b[1;5D\u001b[A\u001bOB\u001b[1;3C")).toEqual([
      { kind: "key", key: "ArrowLeft" },
      { kind: "key", key: "ArrowUp" },
      { kind: "key", key: "ArrowDown" },
      { kind: "key", key: "ArrowRight" },
    ]);
    expect(parseInput("\u001b[3~\u001b[15~")).toEqual([]); // Delete, F5: skipped
    expect(parseInput("\u001b")).toEqual([{ kind: "pause" }]);
    expect(parseInput("qQaD s")).toEqual([
      { kind: "key", key: "Q" },
      { kind: "key", key: "Q" },
      { kind: "key", key: "A" },
      { kind: "key", key: "D" },
      { kind: "key", key: "Space" },
      { kind: "key", key: "S" },
    ]);
    expect(parseInput("pRw\u0003")).toEqual([
      { kind: "pause" },
      { kind: "restart" },
      { kind: "other", text: "w" },
      { kind: "interrupt" },
    ]);
  });

  it("has a usage text naming the options and the keys", () => {
    expect(usage).toMatch(/^Usage: blockarcade stacker \[--size N\] \[--seed N\] \[--ai/);
    expect(usage).toContain("--size N     board of N x N cells, 10 to 30 (default 20)");
    expect(usage).toMatch(/--ai +the computer plays by itself/);
    expect(usage).toMatch(/H hint/);
    expect(usage).toMatch(/Q \/ X \/ Up rotate clockwise/);
    expect(usage).toMatch(/Ctrl-C quits/);
  });

  it("says clearly that it needs a terminal when stdin is not one, and exits 2", () => {
    const r = spawnSync(process.execPath, [BIN, "stacker", "--size", "10"], { input: "", encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/needs an interactive terminal/);
    expect(r.stderr).toMatch(/--json/);
    expect(r.stdout).toBe("");
  });

  it("refuses a bad --size with a usage message", () => {
    for (const size of ["9", "x"]) {
      const r = spawnSync(process.execPath, [BIN, "stacker", "--size", size], {
        input: "",
        encoding: "utf8",
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/--size needs a whole number from 10 to 30/);
    }
  });

  it("plays through the JSON protocol too (stacker --json)", () => {
    const input = ['{"cmd":"key","key":"Space"}', '{"cmd":"tick"}', '{"cmd":"key","key":"W"}'].join("\n");
    const r = spawnSync(
      process.execPath,
      [BIN, "stacker", "--json", "--seed", "5", "--config", '{"size":10}'],
      {
        input,
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(0);
    const replies = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(replies).toHaveLength(4);
    expect(replies[0].state.board).toHaveLength(10);
    expect(replies[1].ok).toBe(true);
    expect(replies[1].events.some((e: { type: string }) => e.type === "locked")).toBe(true);
    expect(replies[2].events).toEqual([{ type: "fell" }]);
    expect(replies[3]).toMatchObject({ ok: false, error: { code: "BAD_ARGUMENT" } });
  });

  it("h shows the computer's place for the piece (marked *), its keys and why; it follows the piece", async () => {
    const s = start("--size 10 --seed 4");
    await s.waitFor((o) => o.includes("BLOCK STACKER") && lastBoard(o).length === 10, "the first frame");
    const state = stackerGame.newGame({ size: 10 }, 4) as StackerState;
    const expected = hint(state);
    if (!expected.ok) throw new Error(expected.error.message);
    const target = hintTarget(state, expected.value.commands)?.cells ?? [];
    s.send("h");
    await s.waitFor((o) => lastFrame(o).includes("HINT (the * cells):"), "the hint");
    const marked = lastBoard(s.output()).flatMap((row, r) =>
      [...row].flatMap((ch, c) => (ch === "*" ? [[r, c]] : [])),
    );
    expect(marked).toEqual(target);
    // The side text wraps: read it with its line breaks as spaces.
    const side = lastFrame(s.output()).replaceAll(`${ESC}K`, "").replace(/\s+/g, " ");
    expect(side).toContain(expected.value.reason);
    // The piece stays where it was: a hint is shown, not played.
    expect(fallingCols(lastBoard(s.output()))).toHaveLength(4);
    expect(lastBoard(s.output()).join("")).not.toMatch(/[A-Z]/);
    // A move of the same piece keeps the hint, asked again from there: the same place.
    let seen = frames(s.output());
    s.send("e");
    await s.waitFor((o) => frames(o) > seen, "a frame after E");
    expect(lastFrame(s.output())).toContain("HINT (the * cells):");
    const again = lastBoard(s.output()).flatMap((row, r) =>
      [...row].flatMap((ch, c) => (ch === "*" ? [[r, c]] : [])),
    );
    expect(again).toEqual(target);
    // A hard drop locks a piece: the hint goes with it.
    seen = frames(s.output());
    s.send(" ");
    await s.waitFor((o) => frames(o) > seen && /[A-Z]/.test(lastBoard(o).join("")), "a locked piece");
    expect(lastFrame(s.output())).not.toContain("HINT");
    expect(lastBoard(s.output()).join("")).not.toContain("*");
    s.send("\u0003");
    expect(await s.exited).toBe(0);
  });

  it("--ai plays by itself in a terminal (stdin left open), names each move and stops at --pieces", async () => {
    const s = start("--size 10 --seed 6 --ai --pace 20 --pieces 4");
    await s.waitFor((o) => lastFrame(o).includes("COMPUTER PLAYING"), "the computer at work");
    await s.waitFor(
      (o) => /[IOTSZJL]: .*drop: /.test(lastFrame(o).replaceAll(`${ESC}K`, "")),
      "a move in words",
    );
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(/Block Stacker: score \d+, level 1, \d+ lines \(seed 6\)/);
    // Four pieces lie on the board of the last frame drawn (16 cells less any cleared lines').
    const locked = lastBoard(s.output().slice(0, s.output().lastIndexOf(`${ESC}?25h`)))
      .join("")
      .replace(/[^A-Z]/g, "");
    expect(locked.length % 10).toBe(16 % 10);
  });

  it("--ai without a terminal prints one line per piece and the final position; ends by itself", async () => {
    const child = spawn(process.execPath, [
      BIN,
      "stacker",
      "--ai",
      "--size",
      "10",
      "--seed",
      "8",
      "--pieces",
      "30",
    ]);
    sessions.push(child);
    let out = "";
    child.stdout.on("data", (d) => {
      out += d.toString();
    });
    // stdin stays open: the game ends on its own.
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    const lines = out.trim().split("\n");
    expect(
      lines.filter((l) => /^\d+\. [IOTSZJL]: (.+, )?drop: .+\(score \d+, lines \d+\)$/.test(l)),
    ).toHaveLength(30);
    // The same game as the engine's own computer player, piece for piece.
    let state = stackerGame.newGame({ size: 10 }, 8) as StackerState;
    for (let i = 0; i < 30; i++) {
      const h = hint(state);
      if (!h.ok) throw new Error(h.error.message);
      for (const command of h.value.commands) {
        const r = stackerGame.apply(state, command);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
      }
    }
    expect(out).toContain(`${stackerGame.toText(state)}\n`);
    expect(lines.at(-2)).toBe(
      `Block Stacker: score ${state.score}, level ${state.level}, ${state.lines} lines, 30 pieces (seed 8).`,
    );
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^Final score: ${state.score}, played by the computer \\(not kept as your best\\)\\. Best: `,
      ),
    );
  });

  it("refuses --pace and --pieces without --ai, and out-of-range values", () => {
    for (const args of [
      ["--pace", "100"],
      ["--ai", "--pieces", "0"],
      ["--ai", "--pace", "-1"],
      ["--ai", "--pace", "9999"],
    ]) {
      const r = spawnSync(process.execPath, [BIN, "stacker", ...args], { input: "", encoding: "utf8" });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/--pace|--pieces/);
    }
  });
});
