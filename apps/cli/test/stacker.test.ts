/**
 * Acceptance tests: the real `blockarcade stacker` process (the built CLI) in a pseudo-terminal
 * made by `script`, driven by keys; the board is read back from the frames it draws.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";

const BIN = "apps/cli/bin/blockarcade.js";
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
        const deadline = Date.now() + 8000;
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
  const frame = out.slice(out.lastIndexOf(`${ESC}H`) + 3);
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

const frames = (out: string) => out.split(`${ESC}H`).length - 1;
const fallingCols = (rows: string[]) =>
  rows.flatMap((row) => [...row].flatMap((ch, c) => (/[a-z]/.test(ch) ? [c] : [])));

describe("blockarcade stacker in a terminal", () => {
  it("draws the board, moves the piece on keys, hard-drops it, and restores the terminal on q", async () => {
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

    s.send("q");
    expect(await s.exited).toBe(0);
    const tail = s.output().slice(s.output().lastIndexOf(`${ESC}?25h`));
    expect(tail).toContain(`${ESC}?1049l`); // back from the alternate screen, cursor shown
    expect(tail).toMatch(/Block Stacker: score \d+, level 1, 0 lines \(seed 1\)/);
  }, 20_000);

  it("falls by itself as time passes (the front end's clock sends ticks)", async () => {
    const s = start("--size 12 --seed 3");
    await s.waitFor((o) => lastBoard(o).length === 12, "the first frame");
    const topRow = (rows: string[]) => rows.findIndex((row) => /[a-z]/.test(row));
    expect(topRow(lastBoard(s.output()))).toBe(0);
    await s.waitFor((o) => topRow(lastBoard(o)) >= 1, "a step down after a second");
    s.send("\u0003");
    // In raw mode Ctrl-C arrives as a key, not a signal: a clean quit.
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain(`${ESC}?25h`);
  }, 20_000);

  it("pauses with p: no step down while paused", async () => {
    const s = start("--size 10 --seed 2");
    await s.waitFor((o) => lastBoard(o).length === 10, "the first frame");
    s.send("p");
    await s.waitFor((o) => o.includes("PAUSED"), "the pause note");
    const paused = lastBoard(s.output()).join("/");
    await new Promise((r) => setTimeout(r, 1500));
    expect(lastBoard(s.output()).join("/")).toBe(paused);
    s.send("q");
    expect(await s.exited).toBe(0);
  }, 20_000);

  it("in a terminal too small for the board, pauses and says how many rows it needs", async () => {
    const s = start("--size 30 --seed 1", 20);
    await s.waitFor((o) => o.includes("needs 33"), "the size note");
    expect(s.output()).toContain("The terminal is 20 rows high");
    s.send("q");
    expect(await s.exited).toBe(0);
  }, 20_000);

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
      expect(r.stderr).toMatch(/--size needs an integer from 10 to 30/);
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
});
