import { spawnSync } from "node:child_process";
import { PassThrough } from "node:stream";
import { GAME_IDS, GAME_INFO } from "@blockarcade/engine/core";
import { describe, expect, it } from "vitest";
import { toyGame } from "../../../packages/engine/src/testing/toy-game.js";
import { runJsonMode } from "../src/json-mode.js";
import { parseJsonOptions } from "../src/main.js";
import { PLAYERS } from "../src/play/index.js";
import { BIN, runCli, runJson } from "./helpers.js";

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
    for (const g of [...GAME_IDS, "--json", "--seed"]) expect(r.stdout).toContain(g);
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

describe("blockarcade <game> --help", () => {
  it("prints each game's own usage (or the general help where a game has none), exit 0", async () => {
    for (const id of GAME_IDS) {
      const { usage } = await PLAYERS[id]();
      for (const flag of id === "blast" ? ["--help", "-h"] : ["--help"]) {
        const r = cli([id, flag]);
        expect(r.status, id).toBe(0);
        expect(r.stderr).toBe("");
        if (usage === undefined) {
          expect(r.stdout, id).toBe(cli(["--help"]).stdout);
        } else {
          expect(r.stdout, id).toContain(usage.trimEnd());
          expect(r.stdout).toContain(GAME_INFO[id].title);
          // How to reach the protocol is always part of it.
          expect(r.stdout).toContain(`blockarcade ${id} --json`);
        }
      }
    }
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
    expect(m.err()).toContain("size must be an integer");
  });

  it("parses --seed and --config and refuses bad ones", () => {
    expect(parseJsonOptions(["--json", "--seed", "42", "--config", '{"rows":6}'])).toEqual({
      seed: 42,
      config: { rows: 6 },
      ranked: false,
    });
    // A session on a server: its base URL without a trailing slash.
    expect(
      parseJsonOptions(["--json", "--server", "http://localhost:8080/", "--ranked", "--name", "Ada"]),
    ).toEqual({
      server: "http://localhost:8080",
      ranked: true,
      name: "Ada",
    });
    expect(parseJsonOptions(["--seed", "-1"])).toHaveProperty("error");
    expect(parseJsonOptions(["--seed", "4294967296"])).toHaveProperty("error");
    expect(parseJsonOptions(["--seed"])).toHaveProperty("error");
    expect(parseJsonOptions(["--config", "{"])).toMatchObject({
      error: expect.stringContaining("not valid JSON"),
    });
    expect(parseJsonOptions(["--fast"])).toMatchObject({ error: "unknown option '--fast'" });
    // Messages quote a huge argument by its start only.
    const huge = parseJsonOptions(["--config", `{${"x".repeat(100_000)}`]);
    expect("error" in huge && huge.error.length).toBeLessThan(100);
  });

  it("refuses an over-long line in one reply and goes on with the next", () => {
    const long = `{"cmd":"state","pad":"${"x".repeat(2 * 1024 * 1024)}"}`;
    const r = runJson("blast", ["--seed", "5"], [long, { cmd: "state" }, "x".repeat(1000)]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.replies).toHaveLength(4);
    expect(r.replies[1]).toMatchObject({ ok: false, error: { code: "BAD_JSON" } });
    expect(r.replies[1].error.message).toContain("at most 1048576 characters");
    expect(r.replies[2]).toMatchObject({ ok: true, state: r.replies[0].state });
    expect(r.replies[3]).toMatchObject({ ok: false, error: { code: "BAD_JSON" } });
    expect(r.replies[3].error.message.length).toBeLessThan(200);
  });

  it("stops quietly when its reader goes away (no EPIPE stack trace)", () => {
    const r = spawnSync(
      "sh",
      ["-c", `yes '{"cmd":"state"}' | ${process.execPath} ${BIN} blast --json | head -n 2`],
      {
        encoding: "utf8",
        timeout: 90_000, // only a hang: sized for a loaded machine
      },
    );
    expect(r.stdout.trim().split("\n")).toHaveLength(2);
    expect(r.stderr).toBe("");
  });
});
