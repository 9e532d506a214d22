import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BIN, runJson, runOpenStdin } from "./helpers.js";

/** Pipes command lines into the built `blockarcade blocky --json` and parses every reply line. */
const run = (args: string[], commands: unknown[]) => runJson("blocky", args, commands);

const CONFIG = {
  maxDepth: 3,
  turns: 2,
  players: [{ kind: "human" }, { kind: "smart", difficulty: 20 }],
};
const ARGS = ["--seed", "4", "--config", JSON.stringify(CONFIG)];
/** The classic reference board: upper-right split into blue, red, red, yellow. */
const REFERENCE = [["B", "R", "R", "Y"], "G", "R", "Y"];

describe("blockarcade blocky --json", () => {
  it("starts from the config and seed", () => {
    const { status, replies } = run(ARGS, []);
    expect(status).toBe(0);
    expect(replies).toHaveLength(1);
    const state = replies[0].state;
    expect(state).toMatchObject({
      game: "blocky",
      seed: 4,
      maxDepth: 3,
      turns: 2,
      turn: 0,
      current: 0,
      over: false,
    });
    expect(state.board).toHaveLength(8);
    expect(state.board.every((row: string) => /^[BRGY]{8}$/.test(row))).toBe(true);
    expect(state.players.map((p: { kind: string }) => p.kind)).toEqual(["human", "smart"]);
    expect(state.players[1].difficulty).toBe(20);
    expect(state.players[0].goal.type).toBe(state.players[1].goal.type);
  });

  it("loads the reference board, scores it, lists and plays moves to the end", () => {
    const players = [
      { kind: "human", goal: { type: "blob", colour: "B" } },
      { kind: "smart", difficulty: 50, goal: { type: "blob", colour: "Y" } },
    ];
    const commands: unknown[] = [
      { cmd: "load", state: { tree: REFERENCE, maxDepth: 2, players, turns: 2 } },
      { cmd: "score", goal: "blob", colour: "R" },
      { cmd: "score", goal: "perimeter", colour: "R" },
      { cmd: "legal" },
      { cmd: "move", action: "rotate_cw", path: [1] },
      { cmd: "move", action: "rotate_cw", path: [0, 9] },
      "not json",
      { cmd: "hint" },
      { cmd: "move", action: "paint", path: [0, 1] },
      { cmd: "ai" },
      { cmd: "ai" },
      { cmd: "move", action: "pass" },
      { cmd: "fly" },
      { cmd: "state" },
    ];
    const { status, replies } = run(ARGS, commands);
    expect(status).toBe(0);
    expect(replies).toHaveLength(1 + commands.length);
    const [
      ,
      load,
      blob,
      perimeter,
      legal,
      leaf,
      badPath,
      badJson,
      humanHint,
      paint,
      smart,
      expertAi,
      passed,
      unknown,
      last,
    ] = replies;

    expect(load.ok).toBe(true);
    expect(load.state.board).toEqual(["GGRB", "GGRY", "RRYY", "RRYY"]);
    expect(load.state.players.map((p: { score: number }) => p.score)).toEqual([1, 5]);

    expect(blob).toMatchObject({ ok: true, value: 4 });
    expect(perimeter).toMatchObject({ ok: true, value: 5 });
    expect(perimeter.state).toEqual(load.state);

    expect(legal.ok).toBe(true);
    // 15 valid moves and one pass; moves only (ai is a command, not a move).
    expect(legal.legal).toHaveLength(16);
    expect(legal.legal).not.toContainEqual({ cmd: "ai" });
    expect(legal.legal).toContainEqual({ cmd: "move", action: "combine", path: [0] });
    expect(legal.legal).toContainEqual({ cmd: "move", action: "smash", path: [3] });

    expect(leaf).toMatchObject({ ok: false, error: { code: "ILLEGAL_MOVE" } });
    expect(leaf.state).toEqual(load.state);
    expect(badPath).toMatchObject({ ok: false, error: { code: "BAD_ARGUMENT" } });
    expect(badJson).toMatchObject({ ok: false, error: { code: "BAD_JSON" } });
    // A hint for the human seat: one move, why in words, and nothing changed.
    expect(humanHint.ok).toBe(true);
    expect(humanHint.state).toEqual(load.state);
    expect(humanHint.hint.commands).toHaveLength(1);
    expect(humanHint.hint.commands[0].cmd).toBe("move");
    expect(humanHint.hint.reason).toMatch(/\w/);

    // Player 1 paints the red cell next to its blue one: blue 2, minus 1 for the paint.
    expect(paint.ok).toBe(true);
    expect(paint.events).toEqual([{ type: "moved", player: 0, action: "paint", path: [0, 1] }]);
    expect(paint.state.board.slice(0, 2)).toEqual(["GGBB", "GGRY"]);
    expect(paint.state.players[0]).toMatchObject({ penalty: 1, score: 1 });
    expect(paint.state.current).toBe(1);

    // The smart player (yellow blob) moves on its own and the turn comes back to player 1.
    expect(smart.ok).toBe(true);
    expect(smart.events[0]).toMatchObject({ type: "moved", player: 1 });
    expect(smart.state.turn).toBe(1);
    expect(smart.state.current).toBe(0);
    // ai on the human seat plays the expert's move for player 1.
    expect(expertAi.ok).toBe(true);
    expect(expertAi.events[0]).toMatchObject({ type: "moved", player: 0 });

    // Player 2's pass is the last move of the second turn.
    expect(passed.ok).toBe(true);
    expect(passed.state.over).toBe(true);
    expect(passed.events.at(-1)).toMatchObject({ type: "game_over" });
    expect(unknown).toMatchObject({ ok: false, error: { code: "UNKNOWN_COMMAND" } });
    expect(last.state).toEqual(passed.state);
  });

  it("plays a computer-only game to the end with a winner", () => {
    const config = {
      maxDepth: 3,
      turns: 3,
      players: [{ kind: "random" }, { kind: "smart", difficulty: 10 }],
    };
    const commands = Array.from({ length: 7 }, () => ({ cmd: "ai" }));
    const { replies } = run(["--seed", "8", "--config", JSON.stringify(config)], commands);
    const sixth = replies[6];
    expect(sixth.state.over).toBe(true);
    const end = sixth.events.at(-1);
    expect(end.type).toBe("game_over");
    const scores = sixth.state.players.map((p: { score: number }) => p.score);
    expect(end.scores).toEqual(scores);
    expect(sixth.state.winner).toBe(scores[1] > scores[0] ? 1 : 0);
    expect(replies[7]).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
  });

  it("ai on a human seat plays the expert's move, the one the hint names", () => {
    const load = { cmd: "load", state: { tree: REFERENCE, maxDepth: 2, turns: 2 } };
    const [, , hint, ai] = run(ARGS, [load, { cmd: "hint" }, { cmd: "ai" }]).replies;
    const command = hint.hint.commands[0];
    const [, , moved] = run(ARGS, [load, command]).replies;
    expect(ai.ok).toBe(true);
    expect(ai.events[0]).toEqual({ type: "moved", player: 0, action: command.action, path: command.path });
    expect(ai.state).toEqual(moved.state);
  });

  it("takes expert seats in a config", () => {
    const config = { maxDepth: 2, turns: 1, players: [{ kind: "expert" }, { kind: "smart", difficulty: 5 }] };
    const { replies } = run(
      ["--seed", "2", "--config", JSON.stringify(config)],
      [{ cmd: "ai" }, { cmd: "ai" }],
    );
    expect(replies[0].state.players[0].kind).toBe("expert");
    expect(replies[2].state.over).toBe(true);
  });

  it("replays byte for byte", () => {
    const commands = [{ cmd: "move", action: "rotate_ccw", path: [] }, { cmd: "ai" }, { cmd: "legal" }];
    expect(run(ARGS, commands).stdout).toBe(run(ARGS, commands).stdout);
  });

  it("refuses invalid trees and configs", () => {
    const { replies } = run(ARGS, [
      { cmd: "load", state: { tree: REFERENCE, maxDepth: 1 } },
      { cmd: "load", state: { tree: ["B", "R", "X", "Y"], maxDepth: 2 } },
      { cmd: "load", state: { tree: ["B", "R", "Y"], maxDepth: 2 } },
      { cmd: "new", config: { maxDepth: 9 } },
    ]);
    for (const reply of replies.slice(1, 4))
      expect(reply).toMatchObject({ ok: false, error: { code: "BAD_STATE" } });
    expect(replies[4]).toMatchObject({ ok: false, error: { code: "BAD_CONFIG" } });
    const bad = run(["--config", '{"players":[]}'], []);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/players/);
  });
});

describe("blockarcade blocky (terminal play)", () => {
  const play = (args: string[], input: string) =>
    spawnSync(process.execPath, [BIN, "blocky", ...args], { input, encoding: "utf8" });
  const ARGS = ["--depth", "2", "--turns", "1", "--players", "human,smart:3", "--seed", "4"];

  it("plays a game from piped lines: refusals cost nothing, the computer moves, the winner is named", () => {
    const r = play(ARGS, "bogus\ncw 9\npaint -\ncw -\n");
    expect(r.status).toBe(0);
    const out = r.stdout;
    // The seeded board, then the same board turned a quarter clockwise by "cw -".
    expect(out).toContain("GRBR\nRGRB\nGBGY\nRRGB\n");
    expect(out).toContain('Unknown action "bogus"');
    expect(out).toContain('A path is digits 0-3 (or - for the top-level block), not "9"');
    expect(out).toContain("Not a valid move: only a unit cell can be painted. Nothing was spent");
    expect(out).toContain("Player 1 rotated the top-level block clockwise.");
    expect(out).toContain("RGRG\nRBGR\nGGRB\nBYBR\n");
    expect(out).toMatch(/Player 2 (passed|\w+ed )/);
    expect(out).toContain("Game over.");
    expect(out).toMatch(/Player 1: goal \d+ - penalty 0 = \d+/);
    expect(out).toMatch(/Player [12] wins\./);
  });

  it("shows the engine's status under the board and lets a random player move by itself", () => {
    const r = play(["--depth", "2", "--turns", "1", "--players", "human,random", "--seed", "4"], "pass\n");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/> Player 1 \(human\): -?\d+ points \(penalty 0\); goal: /);
    expect(r.stdout).toContain("Turn 1 of 1; Player 1 to move.");
    expect(r.stdout).toContain("Player 1 passed.");
    // A random player never passes while a valid move exists.
    expect(r.stdout).toMatch(/Player 2 (rotated|swapped|smashed|painted|combined) /);
    expect(r.stdout).toMatch(/Player [12] wins\./);
  });

  it("hint names the expert's move as the player would type it, and plays nothing", () => {
    const r = play(ARGS, "hint\npass\n");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /Hint: (cw|ccw|swaph|swapv|smash|paint|combine) [-0-3]+ \(.+\)\.|Hint: pass \(nothing beats/,
    );
    // The hint changed nothing: the player's own pass is still the first move made.
    expect(r.stdout).toContain("Player 1 passed.");
  });

  it("--ai plays every seat to the end, human seats by the expert, with stdin left open", async () => {
    const r = await runOpenStdin(
      ["blocky", "--depth", "3", "--turns", "2", "--players", "human,smart:20", "--seed", "5", "--ai"],
      "",
    );
    expect(r.status).toBe(0);
    // Two moves for the human seat, each with the expert's reason; two for the smart player.
    expect(r.stdout.match(/^Player 1 \(expert for the human seat\): .+\.$/gm)).toHaveLength(2);
    expect(r.stdout.match(/^Player 1 (passed|rotated|swapped|smashed|painted|combined)/gm)).toHaveLength(2);
    expect(r.stdout.match(/^Player 2 (passed|rotated|swapped|smashed|painted|combined)/gm)).toHaveLength(2);
    expect(r.stdout).toContain("Game over.");
    expect(r.stdout).toMatch(/Player [12] wins\./);
  });

  it("--ai is the same game for the same seed", () => {
    const args = ["--depth", "3", "--turns", "2", "--players", "expert,random", "--seed", "6", "--ai"];
    const a = play(args, "");
    expect(a.status).toBe(0);
    expect(a.stdout).toContain("(expert): ");
    expect(a.stdout).toBe(play(args, "").stdout);
  });

  it("ends quietly with status 0 at the end of input", () => {
    const r = play(ARGS, "");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Player 1> ");
    expect(r.stdout).not.toContain("Game over");
  });

  it("refuses bad options with a usage line", () => {
    for (const args of [
      ["--depth", "9"],
      ["--players", "robot"],
      ["--players", "human,smart:0"],
      ["--players", "smart:1001"],
      ["--players", "expert:3"],
      ["--turns"],
      ["--turns", "1001"],
      ["--seed", "1e3"],
      ["--colour", "1"],
    ]) {
      const r = play(args, "");
      expect(r.status).toBe(2);
      expect(r.stderr).toContain("Usage: blockarcade blocky");
    }
  });
});
