import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { BIN, runJson } from "./helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field below.
type Reply = any;

/** Pipes every command line at once into the built `blockarcade blast --json` and parses the replies. */
const run = (args: string[], commands: unknown[]) => runJson("blast", args, commands);

/** A live CLI process: send one line, wait for its one reply (a bot's view of the protocol). */
class Session {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: string[] = [];
  private waiting: ((line: string) => void) | undefined;

  constructor(args: string[]) {
    this.child = spawn(process.execPath, [BIN, "blast", "--json", ...args]);
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = undefined;
        w(line);
      } else this.lines.push(line);
    });
  }

  next(): Promise<Reply> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(JSON.parse(line));
    return new Promise((resolve) => {
      this.waiting = (l) => resolve(JSON.parse(l));
    });
  }

  send(command: unknown): Promise<Reply> {
    this.child.stdin.write(`${JSON.stringify(command)}\n`);
    return this.next();
  }

  close(): Promise<number | null> {
    return new Promise((resolve) => {
      this.child.on("close", (code) => resolve(code));
      this.child.stdin.end();
    });
  }
}

const EMPTY = Array(8).fill("........");

describe("blockarcade blast --json", () => {
  it("answers a scripted game: load, place, clears and scores, refusals, revive, legal", () => {
    const oneLine = ["AAAAAAA.", "........", "....B...", ...EMPTY.slice(3)];
    const checker = [
      "A.A.A.A.",
      ".A.A.A.A",
      "A.A.A.A.",
      ".A.A.A.A",
      "A.A.A.A.",
      ".A.A.A.A",
      "A.A.A.A.",
      ".A.A.A.A",
    ];
    const commands: unknown[] = [
      { cmd: "state" },
      {
        cmd: "load",
        state: { board: oneLine, tray: [{ shape: ["#"], colour: 0 }, { shape: ["#", "#"] }, null] },
      },
      { cmd: "place", piece: 0, row: 0, col: 7 },
      { cmd: "place", piece: 0, row: 1, col: 1 },
      { cmd: "place", piece: 1, row: 6, col: 7 },
      "not json",
      { cmd: "place", piece: "1", row: 0, col: 0 },
      { cmd: "fly" },
      { cmd: "revive" },
      { cmd: "load", state: { board: ["AAAAAAAA", ...EMPTY.slice(1)] } },
      {
        cmd: "load",
        state: { board: checker, tray: [{ shape: ["###", "###", "###"] }, null, null], score: 700 },
      },
      { cmd: "legal" },
      { cmd: "place", piece: 0, row: 0, col: 0 },
      { cmd: "revive" },
      { cmd: "load", state: { board: checker, tray: [{ shape: ["#.", "#."] }, null, null] } },
      { cmd: "new", seed: 8 },
    ];
    const { status, replies, stderr } = run(["--seed", "5"], commands);
    expect(stderr).toBe("");
    expect(status).toBe(0);
    expect(replies).toHaveLength(1 + commands.length);
    const [
      start,
      state,
      load,
      clear,
      used,
      place2,
      badJson,
      badArg,
      unknown,
      earlyRevive,
      fullLine,
      over,
      legal,
    ] = replies;
    expect(start.ok).toBe(true);
    expect(start.state).toMatchObject({ game: "blast", seed: 5, score: 0, over: false, board: EMPTY });
    expect(start.state).toMatchObject({ streak: 0, movesSinceLastClear: 0, revivesLeft: 3 });
    expect(start.state.tray).toHaveLength(3);
    for (const t of start.state.tray) expect(t.shape.every((r: string) => /^[#.]+$/.test(r))).toBe(true);
    expect(state.state).toEqual(start.state);

    expect(load.ok).toBe(true);
    expect(clear.ok).toBe(true);
    expect(clear.events.map((e: Reply) => e.type)).toEqual(["placed", "cleared", "scored"]);
    expect(clear.events[1]).toMatchObject({ rows: [0], cols: [] });
    expect(clear.events[2]).toMatchObject({ points: 100 });
    expect(clear.state.score).toBe(100);
    expect(clear.state.board[0]).toBe("........");
    expect(used).toMatchObject({ ok: false, error: { code: "ILLEGAL_MOVE" } });
    expect(used.state).toEqual(clear.state);
    // The last piece placed: a tray is dealt in the same reply.
    expect(place2.ok).toBe(true);
    expect(place2.events.map((e: Reply) => e.type)).toContain("dealt");
    expect(place2.state.tray.every((t: Reply) => t !== null)).toBe(true);
    expect(badJson.error.code).toBe("BAD_JSON");
    expect(badArg.error.code).toBe("BAD_ARGUMENT");
    expect(unknown.error.code).toBe("UNKNOWN_COMMAND");
    expect(earlyRevive.error.code).toBe("ILLEGAL_MOVE");
    expect(fullLine).toMatchObject({ ok: false, error: { code: "BAD_STATE" } });
    expect(fullLine.error.message).toMatch(/full line/);

    expect(over.ok).toBe(true);
    expect(over.state.over).toBe(true);
    expect(legal.legal).toEqual([{ cmd: "revive" }]);
    const [, , , , , , , , , , , , , refusedPlace, revive, badShape, fresh] = replies;
    expect(refusedPlace.error.code).toBe("GAME_OVER");
    expect(revive.ok).toBe(true);
    expect(revive.events[0]).toMatchObject({ type: "revived", revivesLeft: 2 });
    expect(revive.events[0].removed).toHaveLength(20);
    expect(revive.state).toMatchObject({ score: 700, revivesLeft: 2, streak: 0 });
    expect(badShape.error.code).toBe("BAD_STATE");
    expect(fresh.state).toMatchObject({ seed: 8, score: 0, revivesLeft: 3 });
  });

  it("a bot plays whole games through legal, place and revive until the final game over", async () => {
    for (const seed of [1, 2]) {
      const session = new Session(["--seed", String(seed)]);
      let reply = await session.next();
      const sent: unknown[] = [];
      let revives = 0;
      let placements = 0;
      for (let i = 0; i < 3000; i++) {
        const legal = await session.send({ cmd: "legal" });
        sent.push({ cmd: "legal" });
        expect(legal.ok).toBe(true);
        if (legal.legal.length === 0) break;
        // Deterministic choice: a spread of moves across the list.
        const move = legal.legal[(i * 7) % legal.legal.length];
        reply = await session.send(move);
        sent.push(move);
        expect(reply.ok).toBe(true);
        if (move.cmd === "revive") revives++;
        else placements++;
      }
      expect(await session.close()).toBe(0);
      expect(reply.state.over).toBe(true);
      expect(reply.state.revivesLeft).toBe(0);
      expect(revives).toBe(3);
      expect(placements).toBeGreaterThan(10);
      // The same commands piped at once replay the same game, byte for byte.
      const again = run(["--seed", String(seed)], sent);
      expect(JSON.stringify(again.replies.at(-1).state)).toBe(JSON.stringify(reply.state));
    }
  });
});

describe("blockarcade blast (terminal)", () => {
  it("plays typed or piped commands against the picture of the position", () => {
    const r = spawnSync(process.execPath, [BIN, "blast", "--seed", "3"], {
      input: "0 0 0\n0 0 0\n9 9 9\nnonsense\nquit\n",
      encoding: "utf8",
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Block Blast. Type 'help' for the commands.");
    // Seed 3 deals a 2x2 square first: placed at the top-left corner in its colour's letter.
    expect(r.stdout).toContain("0 GG......\n1 GG......");
    expect(r.stdout).toContain("(placed)");
    expect(r.stdout).toContain("Refused: piece 0 has already been placed.");
    expect(r.stdout).toContain("Refused: the tray pieces are numbered 0 to 2, not 9.");
    expect(r.stdout).toContain("Not a command: 'nonsense'");
    expect(r.stdout.trimEnd().endsWith("Final score: 0. Thanks for playing!")).toBe(true);
  });

  it("refuses unknown options with a usage line", () => {
    const r = spawnSync(process.execPath, [BIN, "blast", "--size", "9"], { input: "", encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("Usage: blockarcade blast [--seed N]");
  });
});
