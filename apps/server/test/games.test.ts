/**
 * Integration tests of the game service: through inject() (no port) and through a real port with
 * the built server, including a restart between two commands of one session. Temp data dirs only.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { handleCommand, startGame } from "@blockarcade/engine/core";
import { match3Game } from "@blockarcade/engine/games/match3";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";

type App = Awaited<ReturnType<typeof buildApp>>;
const open: App[] = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});

function tempDataDir(): string {
  return join(mkdtempSync(join(tmpdir(), "ba-games-")), "data");
}

async function makeApp(dataDir = tempDataDir()): Promise<{ app: App; dataDir: string }> {
  const app = await buildApp({ dataDir });
  open.push(app);
  return { app, dataDir };
}

async function closeApp(app: App): Promise<void> {
  open.splice(open.indexOf(app), 1);
  await app.close();
}

// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field.
type Json = any;

async function post(app: App, url: string, body: unknown): Promise<{ status: number; body: Json }> {
  const res = await app.inject({ method: "POST", url, payload: body as object });
  return { status: res.statusCode, body: res.json() };
}

async function createMatch3(app: App, input = "5 8 H^^* V*@^", seed = 1): Promise<string> {
  const res = await post(app, "/api/games", { game: "match3", seed, config: { input } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe("POST /api/games", () => {
  it("starts a match3 session from the spec's example", async () => {
    const { app } = await makeApp();
    const res = await post(app, "/api/games", {
      game: "match3",
      seed: 7,
      config: { input: "5 8 H^^* V*@^" },
    });
    expect(res.status).toBe(201);
    expect(typeof res.body.id).toBe("string");
    expect(res.body.game).toBe("match3");
    expect(res.body.state).toMatchObject({
      game: "match3",
      seed: 7,
      score: 0,
      over: false,
      board: Array(8).fill("....."),
      active: {
        cells: [
          [0, 1, "^"],
          [0, 2, "^"],
          [0, 3, "*"],
        ],
      },
      queue: ["V*@^"],
      config: { input: "5 8 H^^* V*@^" },
    });
  });

  it("takes the game's defaults and draws a seed when they are left out", async () => {
    const { app } = await makeApp();
    const res = await post(app, "/api/games", { game: "match3" });
    expect(res.status).toBe(201);
    expect(res.body.state.config).toEqual({ input: "5 8 H^^* V*@^" });
    expect(Number.isInteger(res.body.state.seed)).toBe(true);
  });

  it("answers every bad request with a 4xx and an error object", async () => {
    const { app } = await makeApp();
    const cases: [unknown, number, string, RegExp?][] = [
      [{ game: "tetris" }, 400, "UNKNOWN_GAME", /"tetris" is not offered.*match3/],
      [{ game: "match3", config: { input: "5 8 H^^* XYZ" } }, 400, "BAD_CONFIG", /brick 2 "XYZ"/],
      [{ game: "match3", config: { input: "0 8" } }, 400, "BAD_CONFIG", /width "0"/],
      [{ game: "match3", config: "5 8" }, 400, "BAD_CONFIG"],
      [{ game: "match3", seed: -1 }, 400, "BAD_REQUEST"],
      [{ game: "match3", seed: 1.5 }, 400, "BAD_REQUEST"],
      [{ game: "match3", seed: 2 ** 32 }, 400, "BAD_REQUEST"],
      [{ game: "match3", extra: 1 }, 400, "BAD_REQUEST"],
      [{ seed: 1 }, 400, "BAD_REQUEST"],
      [[1, 2], 400, "BAD_REQUEST"],
      [{ game: 5 }, 400, "BAD_REQUEST"],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await post(app, "/api/games", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.code, JSON.stringify(body)).toBe(code);
      if (message) expect(res.body.error.message).toMatch(message);
    }
  });

  it("checks the body against each game's schema, config included, before anything else", async () => {
    const { app } = await makeApp();
    const cases: [unknown, string, string][] = [
      [
        { game: "puzzle", config: { rows: 40 } },
        "BAD_CONFIG",
        "config.rows must be an integer from 5 to 20, not 40",
      ],
      [
        { game: "blast", config: { size: 8 } },
        "BAD_CONFIG",
        'config has an unknown field "size"; it takes none',
      ],
      [
        { game: "match3", config: { mode: "arcade", width: 1e308 } },
        "BAD_CONFIG",
        "config.width must be an integer from 4 to 16, not 1e+308",
      ],
      [
        { game: "blocky", config: { players: [{ kind: "human", goal: { type: "blob", colour: "Z" } }] } },
        "BAD_CONFIG",
        'config.players[0].goal.colour must be one of B, R, G, Y, not "Z"',
      ],
      [{ game: "puzzle", ranked: "yes" }, "BAD_REQUEST", 'ranked must be true or false, not "yes"'],
      [{ game: "puzzle", name: "" }, "BAD_REQUEST", 'name must be a string of 1 to 24 characters, not ""'],
      [
        { game: "stacker", colour: "red" },
        "BAD_REQUEST",
        'body has an unknown field "colour"; known: game, seed, ranked, daily, name, config',
      ],
      [{}, "BAD_REQUEST", 'body needs "game"'],
      // Checked before the handler asks for a player: the config is wrong whoever sends it.
      [
        { game: "puzzle", ranked: true, config: { cols: 3 } },
        "BAD_CONFIG",
        "config.cols must be an integer from 5 to 20, not 3",
      ],
    ];
    for (const [body, code, message] of cases) {
      const res = await post(app, "/api/games", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toEqual({ code, message });
    }
  });

  it("refuses bad JSON, a wrong media type and a body over the size limit", async () => {
    const { app } = await makeApp();
    const bad = await app.inject({
      method: "POST",
      url: "/api/games",
      headers: { "content-type": "application/json" },
      payload: '{"game": "match3",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("BAD_JSON");
    const text = await app.inject({
      method: "POST",
      url: "/api/games",
      headers: { "content-type": "application/xml" },
      payload: "match3",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const big = await post(app, "/api/games", {
      game: "match3",
      config: { input: `5 8 ${"x".repeat(20_000)}` },
    });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("BODY_TOO_LARGE");
  });
});

describe("POST /api/games/:id/commands and GET /api/games/:id", () => {
  it("plays the spec's example to its end, frame by frame", async () => {
    const { app } = await makeApp();
    const id = await createMatch3(app);
    const first = await post(app, `/api/games/${id}/commands`, { cmd: "frame", commands: "D" });
    expect(first.status).toBe(200);
    expect(first.body.ok).toBe(true);
    expect(first.body.events.map((e: Json) => e.type)).toEqual(["moved", "locked", "spawned"]);
    expect(first.body.state.board[7]).toBe(".^^*.");
    await post(app, `/api/games/${id}/commands`, { cmd: "frame", commands: "" });
    const last = await post(app, `/api/games/${id}/commands`, { cmd: "frame", commands: "D" });
    expect(last.body.state).toMatchObject({ over: true, reason: "no-bricks", active: null });
    expect(last.body.state.board.slice(4)).toEqual(["..*..", "..@..", "..^..", ".^^*."]);
    const read = await app.inject({ method: "GET", url: `/api/games/${id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ id, game: "match3", seq: 3, ranked: false, state: last.body.state });
    expect(read.headers.etag).toBe('"3"');
  });

  it("refuses a move after the end with 422, the error and the unchanged state", async () => {
    const { app } = await makeApp();
    const id = await createMatch3(app, "3 3");
    const res = await post(app, `/api/games/${id}/commands`, { cmd: "frame", commands: "L" });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ ok: false, error: { code: "GAME_OVER" }, state: { over: true } });
    expect(typeof res.body.error.message).toBe("string");
  });

  it("answers malformed commands with 400 and the error, and changes nothing", async () => {
    const { app } = await makeApp();
    const id = await createMatch3(app);
    const before = (await app.inject({ method: "GET", url: `/api/games/${id}` })).json();
    const cases: [unknown, string][] = [
      [{ cmd: "jump" }, "UNKNOWN_COMMAND"],
      [{ cmd: "frame", commands: 5 }, "BAD_ARGUMENT"],
      [{ cmd: "load", state: { board: ["#"] } }, "BAD_STATE"],
      [{ cmd: "new", config: { input: "5" } }, "BAD_CONFIG"],
      [{ commands: "L" }, "BAD_REQUEST"],
      [{ cmd: {} }, "BAD_REQUEST"],
      [["L"], "BAD_REQUEST"],
    ];
    for (const [body, code] of cases) {
      const res = await post(app, `/api/games/${id}/commands`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code, JSON.stringify(body)).toBe(code);
    }
    const after = (await app.inject({ method: "GET", url: `/api/games/${id}` })).json();
    expect(after).toEqual(before);
  });

  it("answers the protocol's own commands: state, legal, new, load", async () => {
    const { app } = await makeApp();
    const id = await createMatch3(app);
    const legal = await post(app, `/api/games/${id}/commands`, { cmd: "legal" });
    expect(legal.body.legal).toHaveLength(13);
    const fresh = await post(app, `/api/games/${id}/commands`, { cmd: "new", config: { input: "4 4 V~~@" } });
    expect(fresh.body.state.board).toEqual(["....", "....", "....", "...."]);
    const loaded = await post(app, `/api/games/${id}/commands`, {
      cmd: "load",
      state: { board: ["....", "....", "....", "^*.."] },
    });
    expect(loaded.status).toBe(200);
    expect((await app.inject({ method: "GET", url: `/api/games/${id}` })).json().state.board[3]).toBe("^*..");
  });

  it("answers 404 for an unknown id", async () => {
    const { app } = await makeApp();
    const get = await app.inject({ method: "GET", url: "/api/games/no-such-id" });
    expect(get.statusCode).toBe(404);
    expect(get.json().error.code).toBe("NOT_FOUND");
    const cmd = await post(app, "/api/games/no-such-id/commands", { cmd: "state" });
    expect(cmd.status).toBe(404);
    const long = await app.inject({ method: "GET", url: `/api/games/${"x".repeat(300)}` });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
  });

  it("never answers garbage with a 5xx", async () => {
    const { app } = await makeApp();
    const id = await createMatch3(app);
    const payloads = [
      "",
      "{",
      "null",
      "[]",
      '"x"',
      "1e999",
      '{"cmd":"frame","commands":null}',
      '{"cmd":"__proto__"}',
      '{"cmd":"load","state":{"active":{"cells":[[0,0,"^"]]}}}',
      '{"cmd":"load","state":{"queue":"H^^*"}}',
      '{"game":"match3","config":{"input":null}}',
      '{"game":"constructor"}',
      '{"game":"__proto__"}',
    ];
    for (const url of ["/api/games", `/api/games/${id}/commands`, "/api/games/x/commands"]) {
      for (const payload of payloads) {
        const res = await app.inject({
          method: "POST",
          url,
          headers: { "content-type": "application/json" },
          payload,
        });
        expect(res.statusCode, `${url} ${payload}`).toBeLessThan(500);
        expect(res.statusCode, `${url} ${payload}`).toBeGreaterThanOrEqual(200);
        if (res.statusCode >= 400) expect(typeof res.json().error.message).toBe("string");
      }
    }
  });

  it("serves an OpenAPI document of the routes", async () => {
    const { app } = await makeApp();
    const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/games", "/api/games/{id}", "/api/games/{id}/commands", "/api/health"]),
    );
    expect(doc.paths["/api/games/{id}/commands"].post.responses["422"]).toBeDefined();
    for (const member of doc.components.schemas.CreateGame.anyOf) expect(member.required).toEqual(["game"]);
    // The reply is each game's own (engine/schema), with the session's seq.
    expect(doc.components.schemas.Reply.allOf[0].anyOf).toContainEqual({
      $ref: "#/components/schemas/BlastReply",
    });
    expect(doc.components.schemas.BlastReply.anyOf[0].properties.ok.enum).toEqual([true]);
  });
});

describe("storage", () => {
  it("keeps sessions across a restart: seed, config and the log of accepted commands", async () => {
    const first = await makeApp();
    const id = await createMatch3(first.app, "6 9 H^*@ V~~^ H@@*");
    await post(first.app, `/api/games/${id}/commands`, { cmd: "frame", commands: "L" });
    await post(first.app, `/api/games/${id}/commands`, { cmd: "frame", commands: "nonsense-but-valid" });
    await post(first.app, `/api/games/${id}/commands`, { cmd: "jump" }); // refused: not logged
    const before = (await first.app.inject({ method: "GET", url: `/api/games/${id}` })).json();
    await closeApp(first.app);

    const db = new Database(join(first.dataDir, "blockarcade.sqlite"), { readonly: true });
    const log = db
      .prepare("SELECT seq, command FROM session_commands WHERE session_id = ? ORDER BY seq")
      .all(id);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
    expect(log).toEqual([
      { seq: 0, command: '{"cmd":"frame","commands":"L"}' },
      // Stored as the engine read it: the characters a frame ignores are not kept.
      { seq: 1, command: '{"cmd":"frame","commands":""}' },
    ]);

    const second = await makeApp(first.dataDir);
    const after = (await second.app.inject({ method: "GET", url: `/api/games/${id}` })).json();
    expect(after).toEqual(before);
    const next = await post(second.app, `/api/games/${id}/commands`, { cmd: "frame", commands: "D" });
    expect(next.status).toBe(200);
    expect(next.body.events[0]).toEqual({ type: "moved", command: "D", rows: 6 });
  });

  it("applies many concurrent commands on one session one at a time, in order, losing none", async () => {
    const { app, dataDir } = await makeApp();
    const id = await createMatch3(app, "9 60 V^*@ H*@~ V~^* H^~@ V@*^");
    const texts = ["L", "R", "", "LL", "RR", "LR", "D"];
    const bodies = Array.from({ length: 200 }, (_, i) => ({
      cmd: "frame",
      commands: texts[(i * 7 + (i >> 3)) % texts.length],
    }));
    const replies = await Promise.all(bodies.map((b) => post(app, `/api/games/${id}/commands`, b)));
    const accepted = replies.filter((r) => r.status === 200);
    expect(accepted.length).toBeGreaterThan(20);
    expect(replies.every((r) => r.status === 200 || r.status === 422)).toBe(true);

    // The log, replayed step by step, must pass through every accepted reply's state exactly once:
    // a lost update would give two replies built on the same earlier state.
    const db = new Database(join(dataDir, "blockarcade.sqlite"), { readonly: true });
    const log = (
      db.prepare("SELECT command FROM session_commands WHERE session_id = ? ORDER BY seq").all(id) as {
        command: string;
      }[]
    ).map((r) => JSON.parse(r.command));
    db.close();
    expect(log).toHaveLength(accepted.length);
    const game = match3Game;
    const started = startGame(game, 1, { input: "9 60 V^*@ H*@~ V~^* H^~@ V@*^" });
    if (!started.ok) throw new Error(started.error.message);
    let state = started.value;
    const chain: string[] = [];
    for (const command of log) {
      state = handleCommand(game, state, command).state;
      chain.push(JSON.stringify(state));
    }
    const seen = accepted.map((r) => JSON.stringify(r.body.state));
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(chain));
    // The refused ones came after the end, and the cached state is the end of the chain.
    expect(replies.filter((r) => r.status === 422).every((r) => r.body.error.code === "GAME_OVER")).toBe(
      true,
    );
    const current = (await app.inject({ method: "GET", url: `/api/games/${id}` })).json();
    expect(JSON.stringify(current.state)).toBe(chain.at(-1));
  });
});

describe("game service on a real port", () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
  });

  async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, ["apps/server/dist/src/server.js"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    // Polled until it answers: a start on a loaded machine can take many seconds.
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return child;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the server did not start");
  }

  async function stop(child: ChildProcess): Promise<void> {
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }

  it("keeps a session across a server restart between two commands", async () => {
    const dataDir = tempDataDir();
    const port = 20000 + Math.floor(Math.random() * 20000);
    const base = `http://127.0.0.1:${port}/api`;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(base + path, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Json };
    };

    let server = await startServer(dataDir, port);
    const created = await call("POST", "/games", {
      game: "match3",
      seed: 3,
      config: { input: "5 8 H^^* V*@^" },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const one = await call("POST", `/games/${id}/commands`, { cmd: "frame", commands: "D" });
    expect(one.status).toBe(200);
    const badJson = await call("POST", `/games/${id}/commands`, "{nope");
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.code).toBe("BAD_JSON");
    await stop(server);

    server = await startServer(dataDir, port);
    const read = await call("GET", `/games/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.state).toEqual(one.body.state);
    const two = await call("POST", `/games/${id}/commands`, { cmd: "frame", commands: "D" });
    expect(two.status).toBe(200);
    expect(two.body.events[0]).toEqual({ type: "moved", command: "D", rows: 4 });
    expect(two.body.state).toMatchObject({ over: true, reason: "no-bricks", active: null });
    expect(two.body.state.board.slice(4)).toEqual(["..*..", "..@..", "..^..", ".^^*."]);
    await stop(server);
  });
  it("loses no acknowledged command when the process is killed (SIGKILL, no shutdown)", async () => {
    const dataDir = tempDataDir();
    const port = 20000 + Math.floor(Math.random() * 20000);
    const base = `http://127.0.0.1:${port}/api`;
    const post = async (path: string, body: unknown) => {
      const res = await fetch(base + path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Json };
    };
    let server = await startServer(dataDir, port);
    const created = await post("/games", { game: "stacker", seed: 9, config: { size: 12 } });
    const id = created.body.id as string;
    let last: Json;
    for (const key of ["A", "Space", "D", "D", "Space", "Q"]) {
      const res = await post(`/games/${id}/commands`, { cmd: "key", key });
      expect(res.status).toBe(200);
      last = res.body.state;
    }
    const killed = new Promise((resolve) => server.on("exit", resolve));
    server.kill("SIGKILL");
    await killed;

    server = await startServer(dataDir, port);
    const read = await fetch(`${base}/games/${id}`);
    expect(((await read.json()) as Json).state).toEqual(last);
    await stop(server);
  });
});

describe("stored sessions that cannot be rebuilt", () => {
  it("answer 409 with a clear error, not a 5xx, and stay in the database untouched", async () => {
    const first = await makeApp();
    const id = await createMatch3(first.app);
    expect((await post(first.app, `/api/games/${id}/commands`, { cmd: "frame", commands: "L" })).status).toBe(
      200,
    );
    await closeApp(first.app);
    const db = new Database(join(first.dataDir, "blockarcade.sqlite"));
    db.prepare("UPDATE sessions SET game = 'tetris' WHERE id = ?").run(id);
    const { app } = await makeApp(first.dataDir);
    const read = await app.inject({ method: "GET", url: `/api/games/${id}` });
    expect(read.statusCode).toBe(409);
    expect(read.json()).toMatchObject({
      error: { code: "SESSION_UNREADABLE", message: expect.stringContaining("tetris") },
    });
    const sent = await post(app, `/api/games/${id}/commands`, { cmd: "state" });
    expect(sent.status).toBe(409);
    db.prepare("UPDATE sessions SET game = 'match3', config = '{broken' WHERE id = ?").run(id);
    const damaged = await app.inject({ method: "GET", url: `/api/games/${id}` });
    expect(damaged.statusCode).toBe(409);
    expect(damaged.json().error.message).toContain("damaged");
    expect(
      (db.prepare("SELECT COUNT(*) AS n FROM session_commands WHERE session_id = ?").get(id) as { n: number })
        .n,
    ).toBe(1);
    db.close();
  });

  it("refuse a seed sent as a string instead of coercing it", async () => {
    const { app } = await makeApp();
    const res = await post(app, "/api/games", { game: "match3", seed: "5", config: { input: "5 8 H^^*" } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("BAD_REQUEST");
  });
});
