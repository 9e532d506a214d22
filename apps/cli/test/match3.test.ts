/**
 * Acceptance tests: the real `blockarcade match3` process (the built CLI) fed piped transcripts;
 * the prompts, frames and end are checked line for line.
 */
import { spawn, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const BIN = "apps/cli/bin/blockarcade.js";
const INIT = "Please enter field size (width and height) and up to 5 bricks set:";
const FRAME = "Enter up to 2 commands to process before moving to the next frame (valid commands are L,R,D)";
const END = "Enter S to start over or Q to quit";
const BYE = "Thank you for playing Match-3!";

function match3(input: string, args: string[] = []) {
  const r = spawnSync(process.execPath, [BIN, "match3", ...args], {
    input,
    encoding: "utf8",
    timeout: 90_000, // only a hang: sized for a loaded machine
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { status: r.status, lines: r.stdout.split("\n"), stdout: r.stdout, stderr: r.stderr };
}

/** Types the lines one at a time, each after the previous prompt has been answered with output. */
function typed(lines: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, "match3"], { env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const sendNext = () => {
      if (sent < lines.length) child.stdin.write(`${lines[sent++]}\n`);
      else child.stdin.end();
    };
    child.stdout.on("data", (d) => {
      stdout += d;
      // Answer once the output has settled after a prompt, as a person would.
      clearTimeout(timer);
      timer = setTimeout(sendNext, 40);
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout });
    });
  });
}

const EMPTY_ROW = ".....";

describe("blockarcade match3 (acceptance)", () => {
  it("plays the spec's example 5 8 H^^* V*@^ prompt for prompt, then quits", () => {
    const r = match3("5 8 H^^* V*@^\nD\n\nD\nQ\n");
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.lines).toEqual([
      INIT,
      ".^^*.  <",
      ...Array(7).fill(EMPTY_ROW),
      "-===-",
      FRAME,
      "..*..  <",
      "..@..  <",
      "..^..  <",
      ...Array(4).fill(EMPTY_ROW),
      ".^^*.",
      "--=--",
      FRAME,
      EMPTY_ROW,
      "..*..  <",
      "..@..  <",
      "..^..  <",
      ...Array(3).fill(EMPTY_ROW),
      ".^^*.",
      "--=--",
      FRAME,
      ...Array(4).fill(EMPTY_ROW),
      "..*..",
      "..@..",
      "..^..",
      ".^^*.",
      "-----",
      "Game over: no bricks left. Cells removed: 0.",
      END,
      BYE,
      "",
    ]);
  });

  it("plays the worked example 5 8 H^^* V*@^ with LL, R, DR, LLR, blank, R, DR frame by frame", () => {
    const r = match3("5 8 H^^* V*@^\nLL\nR\nDR\nLLR\n\nR\nDR\nQ\n");
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    // Each picture is the field shown before a command prompt, worked out by hand from the rules.
    const frames = [
      // H^^* spawns centred in row 0.
      [".^^*.  <", ...Array(7).fill(EMPTY_ROW), "-===-"],
      // LL: one column left (the second L is blocked by the wall), then the automatic drop.
      [EMPTY_ROW, "^^*..  <", ...Array(6).fill(EMPTY_ROW), "===--"],
      // R, then the drop.
      [EMPTY_ROW, EMPTY_ROW, ".^^*.  <", ...Array(5).fill(EMPTY_ROW), "-===-"],
      // DR: D to the floor, R; the drop fails, the brick locks as ..^^* and V*@^ spawns in column 2.
      ["..*..  <", "..@..  <", "..^..  <", ...Array(4).fill(EMPTY_ROW), "..^^*", "--=--"],
      // LLR: the first two count, L L to column 0; then the drop.
      [EMPTY_ROW, "*....  <", "@....  <", "^....  <", ...Array(3).fill(EMPTY_ROW), "..^^*", "=----"],
      // Blank: no commands, only the drop.
      [EMPTY_ROW, EMPTY_ROW, "*....  <", "@....  <", "^....  <", EMPTY_ROW, EMPTY_ROW, "..^^*", "=----"],
      // R, then the drop.
      [...Array(3).fill(EMPTY_ROW), ".*...  <", ".@...  <", ".^...  <", EMPTY_ROW, "..^^*", "-=---"],
    ];
    // DR: D to the floor in column 1, R blocked by the ^ in column 2; the lock makes .^^^* and the
    // three ^ are removed (no gravity: the * and @ above stay), and no brick is left.
    const end = [...Array(5).fill(EMPTY_ROW), ".*...", ".@...", "....*", "-----"];
    expect(r.lines).toEqual([
      INIT,
      ...frames.flatMap((picture) => [...picture, FRAME]),
      ...end,
      "Game over: no bricks left. Cells removed: 3.",
      END,
      BYE,
      "",
    ]);
  });

  it("quits on Q with stdin left open, and never acts on the lines after Q", async () => {
    const child = spawn(process.execPath, [BIN, "match3"], { env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", (status) => resolve(status)));
    // Written at once and never ended: Q must end the program by itself (else the wait below is
    // only ended by the hang timeout).
    child.stdin.write("3 3\nQ\n5 5 H^^*\nL\n");
    const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 90_000));
    const status = await Promise.race([exited, timeout]);
    if (status === "timeout") child.kill();
    expect(status).toBe(0);
    const lines = stdout.split("\n");
    expect(lines.at(-2)).toBe(BYE);
    expect(lines.filter((l) => l === INIT)).toHaveLength(1);
    expect(stdout).not.toContain(".^^*.");
  });

  it("rejects invalid init lines with a clear error and prompts again until one is valid", () => {
    const bad = [
      "",
      "5",
      "0 8",
      "5abc 8",
      "5.5 8",
      "-2 8",
      "5 8 H^^",
      "5 8 h^^*",
      "5 8 H^^* H^^* H^^* H^^* H^^* H^^*",
    ];
    const r = match3(`${bad.join("\n")}\n3 3\nQ\n`);
    expect(r.status).toBe(0);
    const errors = r.lines.filter((l) => l.startsWith("Invalid input: "));
    expect(errors).toEqual([
      expect.stringContaining("empty"),
      expect.stringContaining("height is missing"),
      expect.stringContaining('width "0"'),
      expect.stringContaining('width "5abc"'),
      expect.stringContaining('width "5.5"'),
      expect.stringContaining('width "-2"'),
      expect.stringContaining('brick 1 "H^^"'),
      expect.stringContaining('brick 1 "h^^*"'),
      expect.stringContaining("6 bricks given: at most 5"),
    ]);
    // Each error is followed by the init prompt again, and no frame is shown before a valid line.
    for (let i = 0; i < r.lines.length; i++) {
      if (r.lines[i]?.startsWith("Invalid input: ")) expect(r.lines[i + 1]).toBe(INIT);
    }
    expect(r.lines.filter((l) => l === INIT)).toHaveLength(bad.length + 1);
    expect(r.lines.indexOf(FRAME)).toBe(-1);
    // 3 3 with no bricks: the game ends at once.
    expect(r.lines.slice(-8)).toEqual([
      "...",
      "...",
      "...",
      "---",
      "Game over: no bricks left. Cells removed: 0.",
      END,
      BYE,
      "",
    ]);
  });

  it("reads a command line character by character: the first two of L, R, D count", () => {
    // Each frame's brick row (row 1 after the automatic drop) shows where the commands moved it.
    const frames = ["L R", "lr", "x,R,y", "RRL"];
    const r = match3(`7 9 H^*@\n${frames.join("\n")}\n`);
    const rows = r.lines.filter((l) => l.endsWith("  <"));
    expect(rows).toEqual([
      "..^*@..  <", // spawn, centred on column 3
      "..^*@..  <", // "L R": left then right
      "..^*@..  <", // "lr": lower case ignored, no move
      "...^*@.  <", // "x,R,y": one R
      "....^*@  <", // "RRL": RR (the second blocked at the wall), L dropped
    ]);
    expect(r.status).toBe(0);
  });

  it("matches and removes runs, shows the next brick, and reports a blocked spawn", () => {
    // 3 x 3: V^^^ lands as a vertical run and vanishes; H**~ drops to the bottom; H~@~ locks on
    // it in row 1; the last brick, V@@~, needs rows 0 to 2 of column 1 and cannot spawn.
    const r = match3("3 3 V^^^ H**~ H~@~ V@@~\n\nD\n\n\nQ\n");
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toContain(".^.  <\n.^.  <\n.^.  <\n-=-\n");
    expect(out).toContain("**~  <\n...\n...\n===\n");
    expect(out).toContain(
      "~@~\n**~\n---\nGame over: the next brick V@@~ has no room to spawn. Cells removed: 3.\n",
    );
    expect(r.lines.at(-2)).toBe(BYE);
  });

  it("repeats the end prompt on anything but S or Q, and starts over on S", () => {
    const r = match3("3 3\nq\ns\n  x \n S \n4 4\n Q\n");
    expect(r.status).toBe(0);
    const ends = r.lines.filter((l) => l === END);
    expect(ends).toHaveLength(5); // q, s, x: repeated; S: restart; after the second game, Q
    expect(r.lines.filter((l) => l === INIT)).toHaveLength(2);
    expect(r.lines.at(-2)).toBe(BYE);
  });

  it("ends cleanly with status 0 at end of input at every prompt", () => {
    for (const input of ["", "5 8 H^^*\n", "5 8 H^^*\nL\n", "5 8 H^^*\nD\n", "5 8 H^^*\nD\nx\n", "bad\n"]) {
      const r = match3(input);
      expect(r.status, JSON.stringify(input)).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).not.toContain(BYE);
    }
  });

  it("accepts Windows line ends in piped input", () => {
    const r = match3("5 8 H^^* V*@^\r\nD\r\n\r\nD\r\nQ\r\n");
    expect(r.lines.at(-2)).toBe(BYE);
    expect(r.lines.filter((l) => l.startsWith("Invalid"))).toEqual([]);
  });

  it("gives the same transcript whether the lines are piped at once or typed one by one", async () => {
    const lines = ["9 x", "6 7 V*@^ H~~^", "LD", "R", "DR", "", "D", "Z", "S", "4 4 H^^*", "D", "Q"];
    const piped = match3(`${lines.join("\n")}\n`);
    const slow = await typed(lines);
    expect(slow.status).toBe(0);
    expect(slow.stdout).toBe(piped.stdout);
    expect(piped.lines.at(-2)).toBe(BYE);
  });

  it("refuses options it does not know with exit 2", () => {
    const r = match3("", ["--size", "5"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("unknown option '--size'");
    expect(match3("", ["--ai", "--pace", "x"]).status).toBe(2);
  });

  it("speaks the JSON-lines protocol with --json", () => {
    const r = match3('{"cmd":"frame","commands":"D"}\n{"cmd":"frame","commands":"D"}\n{"cmd":"frame"}\n', [
      "--json",
      "--seed",
      "1",
      "--config",
      '{"input":"5 8 H^^* V*@^"}',
    ]);
    expect(r.status).toBe(0);
    const replies = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(replies).toHaveLength(4);
    expect(replies[0].state.active.cells).toEqual([
      [0, 1, "^"],
      [0, 2, "^"],
      [0, 3, "*"],
    ]);
    expect(replies[2].state.over).toBe(true);
    expect(replies[2].state.reason).toBe("no-bricks");
    expect(replies[2].state.board.slice(4)).toEqual(["..*..", "..@..", "..^..", ".^^*."]);
    expect(replies[3]).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
  });

  it("--hints adds one hint line before each command prompt and changes nothing else", () => {
    const input = "5 8 H^^* V*@^\nLL\nR\nDR\nLLR\n\nR\nDR\nQ\n";
    const plain = match3(input);
    const hinted = match3(input, ["--hints"]);
    expect(hinted.status).toBe(0);
    const hints = hinted.lines.filter((l) => l.startsWith("Hint: "));
    expect(hints).toHaveLength(plain.lines.filter((l) => l === FRAME).length);
    expect(hinted.lines.filter((l) => !l.startsWith("Hint: "))).toEqual(plain.lines);
    hinted.lines.forEach((line, i) => {
      if (line.startsWith("Hint: ")) expect(hinted.lines[i + 1]).toBe(FRAME);
    });
    expect(hints[0]).toMatch(/^Hint: [LRD]{0,2}( |\(none\) )\(.+\)$/);
  });

  it("plays the hints it prints: following them all removes cells", () => {
    // Answer each prompt with the hint printed just before it, typed as a player would.
    const child = spawn(process.execPath, [BIN, "match3", "--hints"], {
      env: { ...process.env, NO_COLOR: "1" },
    });
    return new Promise<void>((resolve, reject) => {
      let stdout = "";
      let answered = 0;
      child.stdout.on("data", (d) => {
        stdout += d;
        const lines = stdout.split("\n");
        const prompts = lines.filter((l) => l === FRAME).length;
        if (lines.includes(INIT) && answered === 0) {
          child.stdin.write("6 8 H^^* V*@^ H@@^ V~~^ H~@~\n");
          answered = 1;
        }
        while (answered - 1 < prompts) {
          const hint = lines.filter((l) => l.startsWith("Hint: "))[answered - 1] as string;
          child.stdin.write(`${/^Hint: ([LRD]*)/.exec(hint)?.[1] ?? ""}\n`);
          answered++;
        }
        if (lines.includes(END)) child.stdin.end("Q\n");
      });
      child.on("close", (status) => {
        try {
          expect(status).toBe(0);
          expect(stdout).toContain("Game over: no bricks left. Cells removed: 9.");
          resolve();
        } catch (error) {
          reject(error);
        }
      });
    });
  });

  it("--ai plays the field by itself to the end and exits, with stdin left open", async () => {
    const child = spawn(process.execPath, [BIN, "match3", "--ai", "--pace", "0"], {
      env: { ...process.env, NO_COLOR: "1" },
    });
    let stdout = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stdin.write("6 8 H^^* V*@^ H@@^ V~~^ H~@~\n");
    const status = await new Promise((resolve) => child.on("close", resolve));
    expect(status).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toBe(INIT);
    expect(lines).not.toContain(FRAME);
    const moves = lines.filter((l) => l.startsWith("Computer: "));
    expect(moves.length).toBeGreaterThan(4);
    for (const move of moves) expect(move).toMatch(/^Computer: ([LRD]{1,2}|\(none\)) \(.+\)$/);
    expect(lines.at(-2)).toBe("Game over: no bricks left. Cells removed: 9.");
  });
});
