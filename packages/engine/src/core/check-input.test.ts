/**
 * The engine reads commands and configs against the published schemas (core/check-input.ts): each
 * game's refusals here are the schema's, in read.ts's words, and bounded whatever the input.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_DEPTH, DEFAULT_DIFFICULTY, DEFAULT_TURNS } from "../games/blocky/constants.js";
import { GAMES } from "../games/registry.js";
import { checkInput, findProblem, type InputSchema, readCommand } from "./check-input.js";
import type { GameId } from "./game.js";

function refusal(game: GameId, kind: "config" | "command", raw: unknown): { code: string; message: string } {
  const definition = GAMES[game];
  const result =
    kind === "config"
      ? definition.parseConfig(raw)
      : definition.parseCommand(raw as { cmd: string } & Record<string, unknown>);
  if (result.ok) throw new Error(`${game} accepted ${JSON.stringify(raw)}`);
  return result.error;
}

const deep = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe("configs are read against each game's config schema", () => {
  it.each([
    ["blast", "config must be an object such as {}, not 5", 5],
    ["blast", 'config has an unknown field "size"; it takes none', { size: 8 }],
    ["puzzle", 'config must be an object such as {"rows":8,"cols":8}, not 5', 5],
    ["puzzle", 'config has an unknown field "size"; known: rows, cols', { rows: 8, size: 3 }],
    ["puzzle", "rows must be an integer from 5 to 20, not 40", { rows: 40 }],
    ["puzzle", "cols must be an integer from 5 to 20, not null", { cols: null }],
    ["puzzle", "rows must be an integer from 5 to 20, not 1e+308", { rows: 1e308 }],
    ["stacker", "size must be an integer from 10 to 30, not 8.5", { size: 8.5 }],
    ["match3", 'config must be an object such as {"input":"5 8 H^^* V*@^"}, not an array of 0', []],
    ["match3", 'input must be a string such as "5 8 H^^* V*@^", not 5', { input: 5 }],
    ["match3", 'mode must be one of classic, arcade, not "turbo"', { mode: "turbo" }],
    ["match3", "width must be an integer from 4 to 16, not 99", { mode: "arcade", width: 99 }],
    [
      "match3",
      'bricks must be one of classic, easy, flat, tall, not "odd"',
      { mode: "arcade", bricks: "odd" },
    ],
    [
      "match3",
      'config has an unknown field "input"; known: mode, width, height, bricks, level',
      { mode: "arcade", input: "5 8 H^^*" },
    ],
    ["blocky", "players must hold 1 to 4 items, not 0", { players: [] }],
    [
      "blocky",
      'players[1] must be an object such as {"kind":"human"}, not "smart"',
      { players: [{ kind: "human" }, "smart"] },
    ],
    ["blocky", 'players[0] needs "kind"', { players: [{}] }],
    [
      "blocky",
      'players[0].goal.colour must be one of B, R, G, Y, not "Z"',
      { players: [{ kind: "human", goal: { type: "blob", colour: "Z" } }] },
    ],
    ["blocky", "turns must be an integer from 1 to 1000, not 0", { turns: 0 }],
  ] as const)("%s: %s", (game, message, raw) => {
    expect(refusal(game, "config", raw)).toEqual({ code: "BAD_CONFIG", message });
  });

  it("never follows a value deeper than the schema: a value nested 100,000 deep is one wrong field", () => {
    expect(refusal("puzzle", "config", { rows: deep(100_000) })).toEqual({
      code: "BAD_CONFIG",
      message: "rows must be an integer from 5 to 20, not an array of 1",
    });
    expect(refusal("blocky", "command", { cmd: "move", action: "smash", path: deep(100_000) })).toEqual({
      code: "BAD_ARGUMENT",
      message: "path[0] must be an integer from 0 to 3, not an array of 1",
    });
  });

  it("fills what a config leaves out with the game's defaults", () => {
    expect(GAMES.puzzle.parseConfig({ rows: 10 })).toEqual({ ok: true, value: { rows: 10, cols: 8 } });
    expect(GAMES.match3.parseConfig({ mode: "arcade", width: 6 })).toMatchObject({
      ok: true,
      value: { mode: "arcade", width: 6 },
    });
    expect(
      GAMES.blocky.parseConfig({ players: [{ kind: "smart" }, { kind: "human", difficulty: 9 }] }),
    ).toEqual({
      ok: true,
      value: {
        maxDepth: DEFAULT_DEPTH,
        turns: DEFAULT_TURNS,
        players: [{ kind: "smart", difficulty: DEFAULT_DIFFICULTY }, { kind: "human" }],
      },
    });
  });
});

describe("commands are read against each game's command schema", () => {
  it.each([
    ["blast", "piece must be an integer from 0 to 2, not 3", { cmd: "place", piece: 3, row: 0, col: 0 }],
    ["blast", 'place needs "row"', { cmd: "place", piece: 0, col: 0 }],
    ["blast", 'row must be an integer, not "1"', { cmd: "place", piece: 0, row: "1", col: 0 }],
    ["puzzle", "piece must be an integer from 0 to 2, not -1", { cmd: "place", piece: -1, row: 0, col: 0 }],
    [
      "stacker",
      'key must be one of A, ArrowLeft, D, ArrowRight, S, ArrowDown, Q, X, ArrowUp, E, Z, Space, C, Shift, a, d, s, q, x, e, z, c, " ", not "Enter"',
      { cmd: "key", key: "Enter" },
    ],
    ["match3", 'move must be one of L, R, D, not "U"', { cmd: "move", move: "U" }],
    ["match3", "commands must be a string, not an array of 1", { cmd: "frame", commands: ["L"] }],
    [
      "blocky",
      'action must be one of rotate_cw, rotate_ccw, swap_h, swap_v, smash, paint, combine, pass, not "bogus"',
      { cmd: "move", action: "bogus", path: [] },
    ],
    ["blocky", 'move needs "path"', { cmd: "move", action: "smash" }],
    [
      "blocky",
      "path must hold 0 to 8 items, not 9",
      { cmd: "move", action: "smash", path: [0, 1, 2, 3, 0, 1, 2, 3, 0] },
    ],
    ["blocky", 'colour must be one of B, R, G, Y, not "Z"', { cmd: "score", goal: "blob", colour: "Z" }],
  ] as const)("%s: %s", (game, message, raw) => {
    expect(refusal(game, "command", raw)).toEqual({ code: "BAD_ARGUMENT", message });
  });

  it("copies only a command's own fields (a command object is open) and reads aliases", () => {
    const place = { cmd: "place", piece: 1, row: 2, col: 3, note: { deep: deep(100_000) } };
    expect(GAMES.blast.parseCommand(place)).toEqual({
      ok: true,
      value: { cmd: "place", piece: 1, row: 2, col: 3 },
    });
    expect(GAMES.stacker.parseCommand({ cmd: "key", key: " " })).toEqual({
      ok: true,
      value: { cmd: "key", key: "Space" },
    });
    expect(GAMES.stacker.parseCommand({ cmd: "key", key: "z" })).toEqual({
      ok: true,
      value: { cmd: "key", key: "Z" },
    });
    expect(GAMES.blocky.parseCommand({ cmd: "move", action: "pass" })).toEqual({
      ok: true,
      value: { cmd: "move", action: "pass", path: [] },
    });
    expect(GAMES.match3.parseCommand({ cmd: "frame" })).toEqual({
      ok: true,
      value: { cmd: "frame", commands: "" },
    });
  });

  it("calls a name the schema does not list unknown, in a bounded message", () => {
    const schema = { anyOf: [{ type: "object", properties: { cmd: { const: "go" } } }] } as const;
    const read = readCommand(schema, { cmd: "x".repeat(100_000) }, "blast");
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.error.code).toBe("UNKNOWN_COMMAND");
      expect(read.error.message).toBe('unknown command "xxxxxxxxxxxxxxxxxxxxx..." for blast');
    }
  });
});

describe("checkInput", () => {
  it("reads numbers, tuples, nulls and unions of types", () => {
    const schema: InputSchema = {
      type: "object",
      properties: {
        share: { type: "number", minimum: 0 },
        cell: {
          type: "array",
          prefixItems: [{ type: "integer" }, { type: "integer" }],
          items: false,
          minItems: 2,
          maxItems: 2,
        },
        name: { type: "string", minLength: 1, maxLength: 24 },
        next: { anyOf: [{ type: "string" }, { type: "null" }] },
        on: { type: "boolean" },
      },
    };
    expect(checkInput(schema, { share: 0.5, cell: [1, 2], next: null, on: true }, "it")).toBeUndefined();
    expect(checkInput(schema, { share: -1 }, "it")).toBe("share must be a number of at least 0, not -1");
    expect(checkInput(schema, { share: Number.NaN }, "it")).toBe(
      "share must be a number of at least 0, not NaN",
    );
    expect(checkInput(schema, { cell: [1, 2, 3] }, "it")).toBe("cell must hold 2 items, not 3");
    expect(checkInput(schema, { cell: [1, "2"] }, "it")).toBe('cell[1] must be an integer, not "2"');
    expect(checkInput(schema, { next: 4 }, "it")).toBe("next must be a string or null, not 4");
    expect(checkInput(schema, { on: "yes" }, "it")).toBe('on must be true or false, not "yes"');
    expect(checkInput(schema, "it", "it")).toBe('it must be an object, not "it"');
    expect(checkInput(schema, { name: "" }, "it")).toBe(
      'name must be a string of 1 to 24 characters, not ""',
    );
    expect(findProblem(schema, { cell: [0, null] }, "it")).toEqual({
      path: "cell[1]",
      message: "cell[1] must be an integer, not null",
    });
  });
});
