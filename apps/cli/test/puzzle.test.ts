import {
  hint,
  newGame,
  type PuzzleCommand,
  type PuzzleState,
  puzzleGame,
} from "@blockarcade/engine/games/puzzle";
import { describe, expect, it } from "vitest";
import { parseOptions, usage } from "../src/play/puzzle.js";
import { AI_PACE_MS } from "../src/play/tray-play.js";
import { runCli, runJson, runOpenStdin } from "./helpers.js";

/** Pipes command lines into the built `blockarcade puzzle --json` and parses every reply line. */
const run = (args: string[], commands: unknown[]) => runJson("puzzle", args, commands);

const CONFIG = ["--seed", "5", "--config", '{"rows":10,"cols":6}'];
const EMPTY = Array(10).fill("......");

describe("blockarcade puzzle --json (10 x 6)", () => {
  it("starts a 10 x 6 game and answers every command with one reply", () => {
    const bottomRow = ["G.....", ...EMPTY.slice(1, 9), "BBBB.."];
    const blocked = [
      "RR..RR",
      "RR.RRR",
      "R.R.R.",
      ".R.R.R",
      "R.R.R.",
      ".R.R.R",
      "R.R.R.",
      ".R.R.R",
      "R.R.R.",
      ".R.R.R",
    ];
    const commands: unknown[] = [
      { cmd: "state" },
      {
        cmd: "load",
        state: {
          board: bottomRow,
          tray: [
            { shape: ["##"], colour: "#FF0000" },
            { shape: ["###", "###", "###"], colour: "#0000FF" },
            null,
          ],
          score: 10,
        },
      },
      { cmd: "place", piece: 0, row: 9, col: 4 },
      { cmd: "place", piece: 0, row: 0, col: 0 },
      { cmd: "place", piece: 1, row: 7, col: 4 },
      "not json",
      { cmd: "place", piece: "1", row: 0, col: 0 },
      { cmd: "revive" },
      { cmd: "place", piece: 1, row: 7, col: 3 },
      { cmd: "legal" },
      {
        cmd: "load",
        state: { board: blocked, tray: [{ shape: ["##"] }, { shape: ["###", "###", "###"] }, null] },
      },
      { cmd: "place", piece: 0, row: 0, col: 2 },
      { cmd: "place", piece: 1, row: 0, col: 0 },
      { cmd: "new", config: { rows: 4, cols: 6 } },
      { cmd: "new", seed: 5 },
    ];
    const { status, replies } = run(CONFIG, commands);
    expect(status).toBe(0);
    expect(replies).toHaveLength(1 + commands.length);

    const [start, state, load1, place1, again, outside, badJson, badArg, revive, place2, legal] = replies;
    expect(start.ok).toBe(true);
    expect(start.state.game).toBe("puzzle");
    expect(start.state.board).toEqual(EMPTY);
    expect(start.state.config).toEqual({ rows: 10, cols: 6 });
    expect(start.state.tray).toHaveLength(3);
    for (const b of start.state.tray) {
      expect(Object.keys(b).sort()).toEqual(["baseShape", "colour", "id", "shape"]);
      expect(b.shape.every((row: string) => /^[#.]+$/.test(row))).toBe(true);
    }
    expect(state).toEqual(start);

    expect(load1.ok).toBe(true);
    expect(load1.state.tray[0]).toEqual({
      id: "smallLine0",
      baseShape: "smallLine",
      colour: "#FF0000",
      shape: ["##"],
    });

    // The domino completes the bottom row: 2 cells + 12 for one line.
    expect(place1.ok).toBe(true);
    expect(place1.events.map((e: { type: string }) => e.type)).toEqual(["placed", "cleared", "scored"]);
    expect(place1.events[1]).toMatchObject({ rows: [9], cols: [] });
    expect(place1.state.score).toBe(10 + 14);
    expect(place1.state.board[9]).toBe("......");
    expect(place1.state.tray[0]).toBeNull();

    expect(again.ok).toBe(false);
    expect(again.error.code).toBe("ILLEGAL_MOVE");
    expect(again.state).toEqual(place1.state);
    // Six columns: a 3x3 at column 4 would need columns 4 to 6.
    expect(outside.error).toEqual({ code: "ILLEGAL_MOVE", message: "piece 1 does not fit at row 7, col 4" });
    expect(badJson.error.code).toBe("BAD_JSON");
    expect(badArg.error.code).toBe("BAD_ARGUMENT");
    expect(revive.error.code).toBe("UNKNOWN_COMMAND");

    // The last block of the round: a new tray of three is dealt.
    expect(place2.ok).toBe(true);
    expect(place2.state.score).toBe(24 + 9);
    expect(place2.state.board.slice(7)).toEqual(["...BBB", "...BBB", "...BBB"]);
    const dealt = place2.events.find((e: { type: string }) => e.type === "dealt");
    expect(dealt.tray).toHaveLength(3);
    expect(place2.state.tray).toEqual(dealt.tray);

    expect(legal.legal.length).toBeGreaterThan(0);
    for (const c of legal.legal) {
      const shape = place2.state.tray[c.piece].shape;
      expect(c.row + shape.length).toBeLessThanOrEqual(10);
      expect(c.col + shape[0].length).toBeLessThanOrEqual(6);
    }

    const [load2, last, afterOver, badConfig, fresh] = replies.slice(11);
    expect(load2.ok && load2.state.over).toBe(false);
    // The domino completes row 0 (2 + 12); the 3x3 then fits nowhere.
    expect(last.events.at(-1)).toEqual({ type: "game_over", score: 14 });
    expect(last.state.over).toBe(true);
    expect(afterOver.error.code).toBe("GAME_OVER");
    expect(badConfig.error.code).toBe("BAD_CONFIG");
    // `new` without a config keeps the 10 x 6 grid: seed 5 again gives the start position.
    expect(fresh.state).toEqual(start.state);
  });

  it("refuses a grid outside 5 to 20 at start with a clear message", () => {
    const r = run(["--config", '{"rows":21,"cols":6}'], []);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("5 to 20");
    expect(r.replies).toEqual([]);
  });
});

describe("blockarcade puzzle --json: a position saved before `colour`", () => {
  // A `state` reply the CLI printed when Puzzle still spelled a tray block's colour `color`, kept in
  // a file by a bot and loaded back (docs/games/puzzle.md "Colour spelling").
  const saved =
    '{"game":"puzzle","seed":2026,"score":16,"over":false,"board":[".PP.OOOO","PP..G...","....G...","...GG...","B.......","B.......","BB......","........"],"rng":{"s":[359489542,403443395,482253009,25]},"config":{"rows":8,"cols":8},"tray":[{"id":"L6","baseShape":"L","color":"#800080","shape":["#..","###"]},null,{"id":"hook2","baseShape":"hook","color":"#00FFFF","shape":["##",".#"]}],"round":2,"lines":0}';

  it("loads, answers with `colour`, and plays on", () => {
    const { status, replies } = run(
      ["--seed", "1"],
      [`{"cmd":"load","state":${saved}}`, { cmd: "place", piece: 0, row: 1, col: 5 }],
    );
    expect(status).toBe(0);
    const [, loaded, placed] = replies;
    expect(loaded.ok).toBe(true);
    expect(loaded.state.tray[0]).toEqual({
      id: "L6",
      baseShape: "L",
      colour: "#800080",
      shape: ["#..", "###"],
    });
    expect(JSON.stringify(loaded.state)).not.toContain('"color"');
    expect(placed.ok).toBe(true);
    expect(placed.events[0]).toMatchObject({ type: "placed", colour: "#800080", row: 1, col: 5 });
    expect(placed.state.score).toBe(20);
  });
});

describe("blockarcade puzzle (terminal)", () => {
  it("reads --rows and --cols as whole numbers from 5 to 20, naming the range when refused", () => {
    expect(parseOptions([])).toEqual({ config: undefined });
    expect(parseOptions(["--rows", "5", "--cols", "20"])).toEqual({ config: { rows: 5, cols: 20 } });
    for (const bad of [["--rows", "30"], ["--cols", "4"], ["--rows", "1e1"], ["--rows", "-8"], ["--rows"]]) {
      const r = parseOptions(bad);
      expect("error" in r && r.error, bad.join(" ")).toMatch(/needs a whole number from 5 to 20/);
    }
    expect(parseOptions(["--size", "9"])).toEqual({ error: "unknown option '--size'" });
    expect(usage).toContain("--rows M, --cols N   the grid, 5 to 20 on each side");
  });

  it("shows the engine's picture of the seeded game and refuses a grid size with the usage", () => {
    const r = runCli(["puzzle", "--seed", "9", "--rows", "5", "--cols", "12"], "quit\n");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(puzzleGame.toText(newGame({ rows: 5, cols: 12 }, 9)));
    const bad = runCli(["puzzle", "--rows", "30"], "");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--rows needs a whole number from 5 to 20");
    expect(bad.stderr).toContain(usage);
  });
});

/** The engine's hint for a position, as the terminal prints it: `<block> <row> <col> (reason)`. */
function hinted(state: PuzzleState): { command: PuzzleCommand; text: string } {
  const h = hint(state);
  if (!h.ok) throw new Error(h.error.message);
  const command = h.value.commands[0] as PuzzleCommand;
  return { command, text: `${command.piece + 1} ${command.row} ${command.col} (${h.value.reason})` };
}

describe("blockarcade puzzle: the computer player", () => {
  it("'hint' prints the engine's move and reason, and plays nothing", () => {
    const start = newGame({ rows: 8, cols: 8 }, 9);
    const r = runCli(["puzzle", "--seed", "9"], "hint\nhint\nquit\n");
    expect(r.status).toBe(0);
    const line = `Hint: ${hinted(start).text}`;
    expect(r.stdout.split(line)).toHaveLength(3);
    expect(r.stdout).toContain("Final score: 0.");
    expect(usage).toContain("--ai ");
    expect(usage).toContain("'hint'");
  });

  it("--ai plays a 6 x 6 game to its end with stdin left open, each move the engine's hint", async () => {
    const r = await runOpenStdin(["puzzle", "--seed", "4", "--rows", "6", "--cols", "6", "--ai"], "", {});
    expect(r.status).toBe(0);
    // The same game in-process: every printed move is the hint of the position before it.
    let state = newGame({ rows: 6, cols: 6 }, 4);
    let move = 0;
    while (!state.over) {
      const { command, text } = hinted(state);
      move++;
      expect(r.stdout).toContain(`Move ${move}: ${text}`);
      const next = puzzleGame.apply(state, command);
      if (!next.ok) throw new Error(next.error.message);
      state = next.state;
    }
    expect(move).toBeGreaterThan(3);
    expect(r.stdout).toContain(puzzleGame.toText(state));
    expect(r.stdout).toContain(
      `Game over after ${move} moves. Final score: ${state.score}, played by the computer`,
    );
  });

  it("--ai on a terminal waits between moves so a person can follow", async () => {
    const moveLines = (out: string) => out.split("\n").filter((l) => /^Move \d+: /.test(l)).length;
    // Run until three moves are shown: at least two pauses lie between them, on any machine.
    const r = await runOpenStdin(["puzzle", "--seed", "4", "--ai"], "", {
      pty: true,
      until: (o) => moveLines(o) >= 3,
      graceMs: 0,
    });
    expect(r.status).toBe("running");
    const moves = moveLines(r.stdout);
    expect(moves).toBeGreaterThanOrEqual(3);
    // Paced: no more moves than pauses fit in the run (a slower machine only shows fewer).
    expect(moves).toBeLessThanOrEqual(Math.floor(r.ms / AI_PACE_MS) + 1);
  });
});
