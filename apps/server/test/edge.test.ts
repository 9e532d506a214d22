/**
 * The service's edge: bodies nested far too deep in every field of every command of every game, and
 * the one error shape for every refusal, down to the ones Node answers from the socket (over-long
 * URL or headers, a request that is not HTTP) and the 503 while closing, on a real port.
 */
import { connect } from "node:net";
import type { GameId } from "@blockarcade/engine/core";
import { describe, expect, it } from "vitest";
import { OFFERED_IDS } from "../src/games.js";
import { BODY_LIMIT, MAX_BODY_DEPTH } from "../src/limits.js";
import {
  closeApp,
  create,
  expectErrorShape,
  isErrorShape,
  type Json,
  listen,
  openApp,
  send,
} from "./support.js";

/** Commands `legal` may not list (keys that are not moves now, the AI, scoring...), per game. */
const MORE_COMMANDS: Readonly<Record<GameId, Json[]>> = {
  blast: [{ cmd: "place", piece: 0, row: 0, col: 0 }, { cmd: "revive" }],
  puzzle: [{ cmd: "place", piece: 0, row: 0, col: 0 }],
  stacker: [{ cmd: "key", key: "Space" }, { cmd: "tick" }],
  match3: [{ cmd: "frame", commands: "LRD" }],
  blocky: [
    { cmd: "move", action: "swap_h", path: [0] },
    { cmd: "ai" },
    { cmd: "score", goal: "blob", colour: "B" },
  ],
};

const DEPTHS = [1_000, 5_000, 8_000, 100_000];

/** A JSON text nested `depth` levels: arrays, objects, or both in turn. */
function nested(depth: number, kind: number): string {
  if (kind === 0) return `${"[".repeat(depth)}${"]".repeat(depth)}`;
  if (kind === 1) return `${'{"a":'.repeat(depth - 1)}{}${"}".repeat(depth - 1)}`;
  return `${'[{"a":'.repeat(depth / 2)}0${"}]".repeat(depth / 2)}`;
}

/** The command's JSON text with the field at `path` replaced by `deep` (a new field when absent). */
function withDeepField(command: Json, path: string[], deep: string): string {
  const marker = "\u0000deep\u0000";
  const copy = structuredClone(command);
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key];
  at[path.at(-1) as string] = marker;
  return JSON.stringify(copy).replace(JSON.stringify(marker), deep);
}

/** Every field of the command, the load's state fields one by one, and one field too many. */
function fieldPaths(command: Json): string[][] {
  const paths = Object.keys(command).map((key) => [key]);
  if (command.cmd === "load") for (const key of Object.keys(command.state)) paths.push(["state", key]);
  paths.push(["extra"]);
  return paths;
}

describe("bodies nested too deep", () => {
  it("are refused with a 4xx in the one shape in every field of every command of every game", async () => {
    const { app } = await openApp();
    let sent = 0;
    for (const game of OFFERED_IDS) {
      const id = await create(app, game, 1);
      const before = await send(app, "GET", `/api/games/${id}`);
      const legal = (await send(app, "POST", `/api/games/${id}/commands`, { cmd: "legal" })).body
        .legal as Json[];
      const firstOfEach = [...new Map(legal.map((c) => [c.cmd, c])).values()];
      const commands = [
        { cmd: "state" },
        { cmd: "legal" },
        { cmd: "new", seed: 1, config: before.body.state.config ?? {} },
        { cmd: "load", state: before.body.state },
        ...firstOfEach,
        ...(MORE_COMMANDS[game] ?? []),
      ];
      for (const command of commands) {
        for (const path of fieldPaths(command)) {
          for (const [i, depth] of DEPTHS.entries()) {
            const text = withDeepField(command, path, nested(depth, i % 3));
            const res = await send(app, "POST", `/api/games/${id}/commands`, text);
            const what = `${game} ${command.cmd} ${path.join(".")} depth ${depth}`;
            expectErrorShape(res, what);
            expect(res.body.error.code, what).toBe(text.length > BODY_LIMIT ? "BODY_TOO_LARGE" : "TOO_DEEP");
            sent++;
          }
        }
      }
      // Nothing was logged or changed.
      expect((await send(app, "GET", `/api/games/${id}`)).text).toBe(before.text);
    }
    expect(sent).toBeGreaterThan(400);
  });

  it("are refused in every field of a new session", async () => {
    const { app } = await openApp();
    for (const field of ["game", "seed", "config", "extra"]) {
      for (const [i, depth] of DEPTHS.entries()) {
        const text = withDeepField({ game: "match3", seed: 1, config: {} }, [field], nested(depth, i % 3));
        const res = await send(app, "POST", "/api/games", text);
        expectErrorShape(res, `${field} ${depth}`);
        expect(res.body.error.code).toBe(text.length > BODY_LIMIT ? "BODY_TOO_LARGE" : "TOO_DEEP");
      }
    }
    // The whole body nested, and a deep value behind a key the schema does not know.
    for (const text of [nested(6_000, 0), `{"cmd":"state","a":${nested(2_000, 1)}}`]) {
      expect((await send(app, "POST", "/api/games", text)).body.error.code).toBe("TOO_DEEP");
    }
  });

  it("stop at the edge one level above the engine's bound, so the engine's own refusals still speak", async () => {
    const { app } = await openApp();
    const id = await create(app, "match3", 1);
    const at = (depth: number) => `{"cmd":"frame","commands":${nested(depth - 1, 0)}}`;
    const engine = await send(app, "POST", `/api/games/${id}/commands`, at(MAX_BODY_DEPTH));
    expect(engine.status).toBe(400);
    expect(engine.body).toMatchObject({ ok: false, error: { code: "BAD_ARGUMENT" } });
    expect(engine.body.error.message).toMatch(/nest at most 64/);
    const edge = await send(app, "POST", `/api/games/${id}/commands`, at(MAX_BODY_DEPTH + 1));
    expect(edge.status).toBe(400);
    expect(edge.body).toEqual({
      error: {
        code: "TOO_DEEP",
        message: `a request body may nest at most ${MAX_BODY_DEPTH} levels of arrays and objects`,
      },
    });
    const config = await send(
      app,
      "POST",
      "/api/games",
      `{"game":"match3","config":${nested(MAX_BODY_DEPTH - 1, 0)}}`,
    );
    expect(config.body.error.code).toBe("BAD_CONFIG");
  });
});

describe("the one error shape", () => {
  it("answers refusals of the router, the parser and the schemas", async () => {
    const { app } = await openApp();
    const id = await create(app, "match3", 1);
    const cases: [string, string, unknown, number, string][] = [
      ["GET", "/api/games/%ZZ", undefined, 400, "BAD_URL"],
      ["POST", "/api/games/%E0%A4%A/commands", { cmd: "state" }, 400, "BAD_URL"],
      ["GET", `/api/games/${"x".repeat(65)}`, undefined, 400, "BAD_REQUEST"],
      ["GET", `/api/games/${"x".repeat(101)}`, undefined, 414, "URI_TOO_LONG"],
      ["POST", `/api/games/${"x".repeat(5000)}/commands`, { cmd: "state" }, 414, "URI_TOO_LONG"],
      ["GET", "/api/games/nope", undefined, 404, "NOT_FOUND"],
      ["DELETE", `/api/games/${id}`, undefined, 404, "NOT_FOUND"],
      ["PUT", "/api/games", { game: "match3" }, 404, "NOT_FOUND"],
      ["GET", "/api", undefined, 404, "NOT_FOUND"],
      ["POST", "/api/games", "{", 400, "BAD_JSON"],
      ["POST", "/api/games", "", 400, "BAD_JSON"],
      ["POST", "/api/games", "null", 400, "BAD_REQUEST"],
      ["POST", `/api/games/${id}/commands`, "1e308", 400, "BAD_REQUEST"],
      ["POST", "/api/games", { game: "match3", seed: 1e308 }, 400, "BAD_REQUEST"],
      ["POST", "/api/games", `{"game":"${"g".repeat(BODY_LIMIT)}"}`, 413, "BODY_TOO_LARGE"],
    ];
    for (const [method, url, body, status, code] of cases) {
      const res = await send(app, method, url, body);
      expect(res.status, `${method} ${url.slice(0, 40)}`).toBe(status);
      expectErrorShape(res, `${method} ${url.slice(0, 40)}`);
      expect(res.body.error.code, `${method} ${url.slice(0, 40)}`).toBe(code);
    }
    for (const type of ["text/plain", "application/xml", "multipart/form-data; boundary=x"]) {
      const res = await app.inject({
        method: "POST",
        url: `/api/games/${id}/commands`,
        headers: { "content-type": type },
        payload: '{"cmd":"state"}',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
  });

  /** Sends raw bytes on a new socket; resolves with all it read and how the socket ended. */
  function raw(port: number, chunks: string[]): Promise<{ text: string; ended: "end" | "reset" }> {
    return new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1");
      let text = "";
      let sentAll = false;
      socket.on("data", (data) => {
        text += data.toString("latin1");
        // The answer is in: try a second request on the same socket, as a keep-alive client would.
        if (!sentAll && text.includes("\r\n\r\n")) {
          sentAll = true;
          socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n", () => undefined);
        }
      });
      socket.on("error", () => resolve({ text, ended: "reset" }));
      socket.on("end", () => {
        socket.end();
        resolve({ text, ended: "end" });
      });
      for (const chunk of chunks) socket.write(chunk);
    });
  }

  function parse(text: string): { status: number; headers: string; body: string } {
    const split = text.indexOf("\r\n\r\n");
    const head = text.slice(0, split);
    return { status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body: text.slice(split + 4) };
  }

  it("answers requests Node cannot parse with the shape and Connection: close, then ends cleanly", async () => {
    const { app } = await openApp();
    const port = await listen(app);
    const cases: [string[], number, string][] = [
      [[`GET /api/${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`], 431, "HEADERS_TOO_LARGE"],
      // The URL arrives in pieces; the answer comes while the client is still sending.
      [
        ["GET /api/", "b".repeat(9000), "c".repeat(9000), " HTTP/1.1\r\nHost: x\r\n\r\n"],
        431,
        "HEADERS_TOO_LARGE",
      ],
      [
        [`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"z".repeat(17_000)}\r\n\r\n`],
        431,
        "HEADERS_TOO_LARGE",
      ],
      [["HELLO THERE\r\n\r\n"], 400, "BAD_HTTP"],
      [["GET /api/health HTTP/1.1\r\nContent-Length: x\r\n\r\n"], 400, "BAD_HTTP"],
      [["\u0000\u0001\u0002garbage\r\n\r\n"], 400, "BAD_HTTP"],
    ];
    for (const [chunks, status, code] of cases) {
      const answer = await raw(port, chunks);
      const what = chunks.join("").slice(0, 40);
      expect(answer.ended, what).toBe("end");
      const parsed = parse(answer.text);
      expect(parsed.status, what).toBe(status);
      expect(parsed.headers, what).toContain("connection: close");
      expect(isErrorShape(parsed.body), what).toBe(true);
      expect(JSON.parse(parsed.body).error.code, what).toBe(code);
    }
    // The server is unharmed.
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });

  it("answers every route with a 503 in the shape and Connection: close while shutting down", async () => {
    const { app } = await openApp();
    let id = "";
    const answers: { status: number; connection: string | null; body: string }[] = [];
    let port = 0;
    app.addHook("preClose", async () => {
      for (const [method, path] of [
        ["GET", "/api/health"],
        ["GET", "/api/ready"],
        ["GET", "/api/openapi.json"],
        ["POST", "/api/games"],
        ["GET", `/api/games/${id}`],
        ["POST", `/api/games/${id}/commands`],
        ["GET", "/api/nope"],
      ] as const) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, {
          method,
          headers: method === "POST" ? { "content-type": "application/json" } : {},
          body: method === "POST" ? '{"game":"stacker","cmd":"tick"}' : undefined,
        });
        answers.push({
          status: res.status,
          connection: res.headers.get("connection"),
          body: await res.text(),
        });
      }
    });
    port = await listen(app);
    id = await create(app, "stacker", 1);
    await closeApp(app);
    expect(answers).toHaveLength(7);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.connection).toBe("close");
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: "CLOSING", message: "the server is shutting down; try again shortly" },
      });
    }
  });
});
