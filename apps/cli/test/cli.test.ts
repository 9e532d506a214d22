import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { toyGame } from "../../../packages/engine/src/testing/toy-game.js";
import { runJsonMode } from "../src/json-mode.js";
import { parseJsonOptions } from "../src/main.js";
import { runCli } from "./helpers.js";

const cli = runCli;

function memoryIo(input: string) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (d) => {
    out += d;
  });
  stderr.on("data", (d) => {
    err += d;
  });
  stdin.end(input);
  return { io: { stdin, stdout, stderr }, out: () => out, err: () => err };
}

describe("blockarcade process", () => {
  it("prints help listing every game, exit 0", () => {
    const r = cli(["--help"]);
    expect(r.status).toBe(0);
    for (const g of ["blast", "puzzle", "stacker", "match3", "blocky", "--json", "--seed"])
      expect(r.stdout).toContain(g);
  });

  it("prints its version", () => {
    const r = cli(["--version"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^blockarcade \d+\.\d+\.\d+\n$/);
  });

  it("refuses an unknown game or option with a clear message and exit 2", () => {
    const game = cli(["tetris"]);
    expect(game.status).toBe(2);
    expect(game.stderr).toContain("unknown game 'tetris'");
    expect(game.stdout).toBe("");
    const option = cli(["--frobnicate"]);
    expect(option.status).toBe(2);
    expect(option.stderr).toContain("unknown option '--frobnicate'");
    expect(cli([]).status).toBe(2);
  });
});

describe("JSON-lines mode", () => {
  it("writes one reply at start and exactly one per line, never ending on errors", async () => {
    const m = memoryIo(
      '{"cmd":"nope"}\nnot json\n\n{"cmd":"fill","row":0,"col":0}\n{"cmd":"fill","row":"x"}\n{"cmd":"state"}\n',
    );
    const status = await runJsonMode(toyGame, 3, undefined, m.io);
    expect(status).toBe(0);
    const lines = m
      .out()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatchObject({ ok: true, state: { seed: 3, score: 0 } });
    expect(lines[1]).toMatchObject({ ok: false, error: { code: "UNKNOWN_COMMAND" } });
    expect(lines[2]).toMatchObject({ ok: false, error: { code: "BAD_JSON" } });
    expect(lines[3]).toMatchObject({ ok: false, error: { code: "BAD_JSON" } });
    expect(lines[4]).toMatchObject({ ok: true, state: { score: 1 } });
    expect(lines[5]).toMatchObject({ ok: false, error: { code: "BAD_ARGUMENT" }, state: { score: 1 } });
    expect(lines[6]).toMatchObject({ ok: true, state: { score: 1 } });
    expect(m.err()).toBe("");
  });

  it("refuses a bad config at start with exit 2 and nothing on stdout", async () => {
    const m = memoryIo("");
    expect(await runJsonMode(toyGame, 1, { size: 99 }, m.io)).toBe(2);
    expect(m.out()).toBe("");
    expect(m.err()).toContain("config.size");
  });

  it("parses --seed and --config and refuses bad ones", () => {
    expect(parseJsonOptions(["--json", "--seed", "42", "--config", '{"rows":6}'])).toEqual({
      seed: 42,
      config: { rows: 6 },
    });
    expect(parseJsonOptions(["--seed", "-1"])).toHaveProperty("error");
    expect(parseJsonOptions(["--seed", "4294967296"])).toHaveProperty("error");
    expect(parseJsonOptions(["--seed"])).toHaveProperty("error");
    expect(parseJsonOptions(["--config", "{"])).toMatchObject({
      error: expect.stringContaining("not valid JSON"),
    });
    expect(parseJsonOptions(["--fast"])).toMatchObject({ error: "unknown option '--fast'" });
  });
});
