/**
 * The OpenAPI document is generated from the routes' schemas; these tests make every status each
 * route can answer happen and check the document lists it, so a new answer cannot go undocumented.
 */
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { BODY_LIMIT } from "../src/limits.js";
import { type App, closeApp, create, type Json, listen, openApp, send } from "./support.js";

/** The API's routes as OpenAPI names them. */
const ROUTES: [string, string][] = [
  ["get", "/api/health"],
  ["get", "/api/ready"],
  ["get", "/api/openapi.json"],
  ["get", "/api/schemas"],
  ["get", "/api/schemas/{file}"],
  ["post", "/api/games"],
  ["get", "/api/games/{id}"],
  ["post", "/api/games/{id}/commands"],
  ["post", "/api/seeds"],
  ["get", "/api/daily/{game}"],
  ["post", "/api/scores"],
  ["get", "/api/leaderboards/{game}"],
  ["post", "/api/players"],
  ["post", "/api/players/recover"],
  ["get", "/api/players/me"],
  ["get", "/api/replays/{id}"],
  ["get", "/api/replays/{id}/scores"],
];

/**
 * The leaderboard routes' cases. POST /api/seeds and /api/scores are gone (410: ranked games are
 * server sessions), whatever their body; a body they cannot read is still refused as any route's.
 */
function scoreCases(): [string, string, string, unknown, number][] {
  const long = "x".repeat(200);
  return [
    ["post", "/api/seeds", "/api/seeds", { game: "blast" }, 410],
    ["post", "/api/seeds", "/api/seeds", "{", 400],
    ["post", "/api/seeds", "/api/seeds", `{"game":"${"x".repeat(BODY_LIMIT)}"}`, 413],
    ["get", "/api/daily/{game}", "/api/daily/blast", undefined, 200],
    ["get", "/api/daily/{game}", `/api/daily/${"x".repeat(40)}`, undefined, 400],
    ["get", "/api/daily/{game}", "/api/daily/tetris", undefined, 404],
    ["get", "/api/daily/{game}", `/api/daily/${long}`, undefined, 414],
    ["post", "/api/scores", "/api/scores", { game: "blast", seed: 1, commands: [], name: "Ada" }, 410],
    ["post", "/api/scores", "/api/scores", "{", 400],
    ["post", "/api/scores", "/api/scores", `{"game":"${"x".repeat(BODY_LIMIT)}"}`, 413],
    ["get", "/api/leaderboards/{game}", "/api/leaderboards/blast", undefined, 200],
    ["get", "/api/leaderboards/{game}", "/api/leaderboards/blast?limit=0", undefined, 400],
    ["get", "/api/leaderboards/{game}", "/api/leaderboards/blast?period=week&day=2030-01-02", undefined, 400],
    ["get", "/api/leaderboards/{game}", "/api/leaderboards/blast?around=me", undefined, 401],
    ["get", "/api/leaderboards/{game}", "/api/leaderboards/tetris", undefined, 404],
    ["get", "/api/leaderboards/{game}", `/api/leaderboards/${long}`, undefined, 414],
  ];
}

/** A route's responses in the document. */
function documented(doc: Json, method: string, route: string): Record<string, Json> {
  return doc.paths[route]?.[method]?.responses ?? {};
}

/** Every $ref in the document names one of its components. */
function refs(value: Json, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, found);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref") found.push(item as string);
      else refs(item, found);
    }
  }
  return found;
}

/**
 * Plays a ranked (or the day's) Block Blast session of `auth`'s player named `name` to its end, revives
 * unused: its name is entered. Answers the entry's replay id.
 */
async function rankedGame(app: App, auth: string, name: string, daily = false): Promise<number> {
  const call = async (url: string, payload: unknown) => {
    const res = await app.inject({
      method: "POST",
      url,
      headers: { authorization: auth },
      payload: payload as object,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return JSON.parse(res.body) as Json;
  };
  const created = await call("/api/games", {
    game: "blast",
    ...(daily ? { daily } : { ranked: true }),
    name,
  });
  let last = created;
  while (!last.state.over) {
    const legal = await call(`/api/games/${created.id}/commands`, { cmd: "legal" });
    last = await call(`/api/games/${created.id}/commands`, legal.legal[0]);
  }
  return last.entry.replay as number;
}

async function document(app: App): Promise<Json> {
  const res = await send(app, "GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  return res.body;
}

describe("GET /api/openapi.json", () => {
  it("documents exactly the API's routes, with resolvable schemas, liveness apart from readiness, and the database 503", async () => {
    const { app } = await openApp();
    const doc = await document(app);
    expect(doc.openapi).toBe("3.1.0");
    const listed = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`),
    );
    expect(listed.sort()).toEqual(ROUTES.map(([m, p]) => `${m} ${p}`).sort());
    for (const [method, route] of ROUTES) {
      const url = route.replace("{id}", ":id").replace("{game}", ":game").replace("{file}", ":file");
      expect(app.hasRoute({ method: method.toUpperCase() as "GET", url })).toBe(true);
      // Every route may answer 503 while the server shuts down (edge.test.ts makes it happen).
      expect(documented(doc, method, route)["503"]?.content["application/json"].schema).toEqual({
        $ref: "#/components/schemas/Error",
      });
    }
    for (const ref of refs(doc)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.split("/").at(-1) as string], ref).toBeDefined();
    }
    // Liveness says nothing of the database; readiness does, and its 503 says when to ask again.
    const health = documented(doc, "get", "/api/health")["200"].content["application/json"].schema;
    expect(health.required).toEqual(["status"]);
    const ready = documented(doc, "get", "/api/ready")["200"].content["application/json"].schema;
    expect(ready.required).toEqual(["status", "database"]);
    expect(ready.properties.database.type).toBe("string");
    // Every route that needs the database documents DATABASE_UNAVAILABLE and Retry-After on its 503.
    for (const [method, route] of ROUTES) {
      const unavailable = documented(doc, method, route)["503"];
      // The routes gone to sessions (410) read nothing either.
      const needsDatabase = ![
        "/api/health",
        "/api/openapi.json",
        "/api/schemas",
        "/api/schemas/{file}",
        "/api/seeds",
        "/api/scores",
      ].includes(route);
      expect(unavailable.description.includes("DATABASE_UNAVAILABLE"), `${method} ${route}`).toBe(
        needsDatabase,
      );
      if (needsDatabase) expect(unavailable.headers["retry-after"].schema.type).toBe("integer");
    }
    for (const member of doc.components.schemas.CreateGame.anyOf) expect(member.required).toEqual(["game"]);
    expect(doc.paths["/api/games/{id}/commands"].post.requestBody.content["application/json"].schema).toEqual(
      {
        $ref: "#/components/schemas/Command",
      },
    );
  });

  it("lists every status each route answers", async () => {
    const { app, dataDir } = await openApp();
    const id = await create(app, "match3", 1, { input: "3 3" });
    const live = await create(app, "match3", 1);
    const damaged = await create(app, "match3", 1);
    const otherRules = await create(app, "match3", 1);
    const cmd = (session: string) => `/api/games/${session}/commands`;
    const cases: [string, string, string, unknown, number][] = [
      ["get", "/api/health", "/api/health", undefined, 200],
      ["get", "/api/ready", "/api/ready", undefined, 200],
      ["get", "/api/openapi.json", "/api/openapi.json", undefined, 200],
      ["get", "/api/schemas", "/api/schemas", undefined, 200],
      ["get", "/api/schemas/{file}", "/api/schemas/blast-state.json", undefined, 200],
      ["get", "/api/schemas/{file}", `/api/schemas/${"x".repeat(70)}`, undefined, 400],
      ["get", "/api/schemas/{file}", "/api/schemas/tetris-state.json", undefined, 404],
      ["get", "/api/schemas/{file}", `/api/schemas/${"x".repeat(200)}`, undefined, 414],
      ["post", "/api/games", "/api/games", { game: "blocky" }, 201],
      ["post", "/api/games", "/api/games", { game: "tetris" }, 400],
      ["post", "/api/games", "/api/games", "{", 400],
      ["post", "/api/games", "/api/games", `{"game":"${"x".repeat(BODY_LIMIT)}"}`, 413],
      ["get", "/api/games/{id}", `/api/games/${id}`, undefined, 200],
      ["get", "/api/games/{id}", `/api/games/${"x".repeat(70)}`, undefined, 400],
      ["get", "/api/games/{id}", "/api/games/nope", undefined, 404],
      ["get", "/api/games/{id}", `/api/games/${"x".repeat(200)}`, undefined, 414],
      ["post", "/api/games/{id}/commands", cmd(live), { cmd: "frame", commands: "L" }, 200],
      ["post", "/api/games/{id}/commands", cmd(live), { cmd: "jump" }, 400],
      ["post", "/api/games/{id}/commands", cmd(live), { cmd: 5 }, 400],
      ["post", "/api/games/{id}/commands", cmd(id), { cmd: "frame", commands: "L" }, 422],
      ["post", "/api/games/{id}/commands", cmd("nope"), { cmd: "state" }, 404],
      ["post", "/api/games/{id}/commands", cmd("x".repeat(200)), { cmd: "state" }, 414],
      ["post", "/api/games/{id}/commands", cmd(live), `{"cmd":"${"x".repeat(BODY_LIMIT)}"}`, 413],
    ];
    cases.push(...scoreCases());
    const player = await send(app, "POST", "/api/players");
    cases.push(
      ["post", "/api/players", "/api/players", undefined, 201],
      ["post", "/api/players", "/api/players", { name: "Ada" }, 400],
      ["post", "/api/players", "/api/players", `{"x":"${"x".repeat(2000)}"}`, 413],
      [
        "post",
        "/api/players/recover",
        "/api/players/recover",
        { recoveryCode: player.body.recoveryCode },
        200,
      ],
      ["post", "/api/players/recover", "/api/players/recover", { recoveryCode: "1" }, 400],
      [
        "post",
        "/api/players/recover",
        "/api/players/recover",
        { recoveryCode: player.body.recoveryCode },
        401,
      ],
      ["post", "/api/players/recover", "/api/players/recover", `{"x":"${"x".repeat(2000)}"}`, 413],
      ["get", "/api/players/me", "/api/players/me", undefined, 401],
    );
    // A ranked session: a player required (401), its player's commands only (403), and the server's
    // clock for a real-time game (422 TICK_DUE; its 429 TOO_FAST is fair-play.test.ts's).
    cases.push(["post", "/api/games", "/api/games", { game: "stacker", ranked: true }, 401]);
    const ranker = await send(app, "POST", "/api/players");
    const auth = { authorization: `Bearer ${ranker.body.player}.${ranker.body.secret}` };
    const ranked = await app.inject({
      method: "POST",
      url: "/api/games",
      headers: auth,
      payload: { game: "stacker", ranked: true },
    });
    expect(ranked.statusCode, ranked.body).toBe(201);
    cases.push(["post", "/api/games/{id}/commands", cmd(JSON.parse(ranked.body).id), { cmd: "state" }, 403]);
    const answered: [string, string, number][] = [];
    for (const [method, route, url, body, status] of cases) {
      const res = await send(app, method.toUpperCase(), url, body);
      expect(res.status, `${method} ${url.slice(0, 60)}`).toBe(status);
      answered.push([method, route, res.status]);
    }
    const fresh = await send(app, "POST", "/api/players");
    const me = await app.inject({
      method: "GET",
      url: "/api/players/me",
      headers: { authorization: `Bearer ${fresh.body.player}.${fresh.body.secret}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    answered.push(["get", "/api/players/me", 200]);
    // A name another player owns (store/names.ts owner): 409 NAME_TAKEN when a session is made with it.
    const owner = await app.players.create();
    const replay = await rankedGame(app, `Bearer ${owner.player}.${owner.secret}`, "Owned");
    const otherRulesReplay = await rankedGame(app, `Bearer ${owner.player}.${owner.secret}`, "Owned");
    // Replays: a kept game (200), its curve (200), a daily game's before its day is over (403), a
    // bad id (400), an unknown one (404), an id past the router's limit (414).
    const daily = await rankedGame(app, `Bearer ${owner.player}.${owner.secret}`, "Owned", true);
    for (const [route, suffix] of [
      ["/api/replays/{id}", ""],
      ["/api/replays/{id}/scores", "/scores"],
    ] as const) {
      for (const [url, status] of [
        [`/api/replays/${replay}${suffix}`, 200],
        [`/api/replays/x${suffix}`, 400],
        [`/api/replays/999999${suffix}`, 404],
        [`/api/replays/${"1".repeat(200)}${suffix}`, 414],
      ] as const) {
        const res = await send(app, "GET", url);
        expect(res.status, `${url.slice(0, 60)} ${res.text.slice(0, 200)}`).toBe(status);
        answered.push(["get", route, status]);
      }
    }
    const locked = await send(app, "GET", `/api/replays/${daily}`);
    expect(locked.status, locked.text).toBe(403);
    answered.push(["get", "/api/replays/{id}", 403]);
    const taken = await send(app, "POST", "/api/games", { game: "blast", name: "OWNED" });
    expect(taken.status, taken.text).toBe(409);
    expect(taken.body.error.code).toBe("NAME_TAKEN");
    answered.push(["post", "/api/games", 409]);
    // Every API route answers a bearer token that does not verify with 401 BAD_PLAYER.
    for (const [method, route] of ROUTES) {
      const url = route.replace("{id}", live).replace("{game}", "blast");
      const res = await app.inject({
        method: method.toUpperCase() as "GET",
        url,
        headers: { authorization: "Bearer p_AAAAAAAAAAAAAAAAAAAAAA.wrong" },
      });
      expect(res.statusCode, `${method} ${route}`).toBe(401);
      expect(JSON.parse(res.body).error.code).toBe("BAD_PLAYER");
      answered.push([method, route, 401]);
    }
    // Conditional requests: a poller's If-None-Match (304), a weak If-Match (412).
    const held = await app.inject({ method: "GET", url: `/api/games/${live}` });
    const notModified = await app.inject({
      method: "GET",
      url: `/api/games/${live}`,
      headers: { "if-none-match": String(held.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    answered.push(["get", "/api/games/{id}", 304]);
    const board = await app.inject({ method: "GET", url: "/api/leaderboards/blast" });
    const boardNotModified = await app.inject({
      method: "GET",
      url: "/api/leaderboards/blast",
      headers: { "if-none-match": String(board.headers.etag) },
    });
    expect(boardNotModified.statusCode).toBe(304);
    answered.push(["get", "/api/leaderboards/{game}", 304]);
    const weak = await app.inject({
      method: "POST",
      url: cmd(live),
      headers: { "if-match": `W/${held.headers.etag}` },
      payload: { cmd: "state" },
    });
    expect(weak.statusCode).toBe(412);
    answered.push(["post", "/api/games/{id}/commands", 412]);
    for (const [method, route, url] of [
      ["post", "/api/games", "/api/games"],
      ["post", "/api/players", "/api/players"],
      ["post", "/api/players/recover", "/api/players/recover"],
      ["post", "/api/games/{id}/commands", cmd(live)],
      ["post", "/api/seeds", "/api/seeds"],
      ["post", "/api/scores", "/api/scores"],
    ]) {
      const res = await app.inject({
        method: "POST",
        url,
        headers: { "content-type": "text/plain" },
        payload: "x",
      });
      expect(res.statusCode).toBe(415);
      answered.push([method as string, route as string, 415]);
    }
    // A stored session that no longer replays: 409 on both routes that read one.
    await closeApp(app);
    const db = new Database(join(dataDir, "blockarcade.sqlite"));
    db.prepare("UPDATE sessions SET config = '{broken' WHERE id = ?").run(damaged);
    // A kept replay whose commands no longer replay (as after a rule change): its curve cannot be worked out.
    db.prepare(`UPDATE replays SET commands = '[{"cmd":"jump"}]', curve = NULL WHERE score_id = ?`).run(
      replay,
    );
    // Played under another version of the game's rules (engine rulesVersion): 410 RULES_CHANGED.
    db.prepare("UPDATE sessions SET rules = 2 WHERE id = ?").run(otherRules);
    db.prepare("UPDATE replays SET rules = 2 WHERE score_id = ?").run(otherRulesReplay);
    db.close();
    const again = await openApp(dataDir);
    for (const [method, route, url, body] of [
      ["GET", "/api/games/{id}", `/api/games/${otherRules}`, undefined],
      ["POST", "/api/games/{id}/commands", cmd(otherRules), { cmd: "state" }],
      ["GET", "/api/replays/{id}", `/api/replays/${otherRulesReplay}`, undefined],
      ["GET", "/api/replays/{id}/scores", `/api/replays/${otherRulesReplay}/scores`, undefined],
    ] as const) {
      const res = await send(again.app, method, url, body);
      expect(res.status, res.text).toBe(410);
      expect(res.body.error.code).toBe("RULES_CHANGED");
      answered.push([method.toLowerCase(), route, 410]);
    }
    for (const [method, route, url, body] of [
      ["GET", "/api/games/{id}", `/api/games/${damaged}`, undefined],
      ["POST", "/api/games/{id}/commands", cmd(damaged), { cmd: "state" }],
    ] as const) {
      const res = await send(again.app, method, url, body);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("SESSION_UNREADABLE");
      answered.push([method.toLowerCase(), route, 409]);
    }
    const unreadable = await send(again.app, "GET", `/api/replays/${replay}/scores`);
    expect(unreadable.status, unreadable.text).toBe(409);
    expect(unreadable.body.error.code).toBe("REPLAY_UNREADABLE");
    answered.push(["get", "/api/replays/{id}/scores", 409]);

    const doc = await document(again.app);
    for (const [method, route, status] of answered) {
      const response = documented(doc, method, route)[String(status)];
      expect(response, `${method} ${route} ${status}`).toBeDefined();
      expect(response.description.length, `${method} ${route} ${status}`).toBeGreaterThan(2);
    }
    // And nothing is documented that no case above (or the 503 test) produces.
    for (const [method, route] of ROUTES) {
      const made = new Set(
        answered.filter(([m, r]) => m === method && r === route).map(([, , s]) => String(s)),
      );
      made.add("503");
      // Every route may answer 408 and 431 from the socket (the test below makes them happen).
      made.add("408");
      made.add("431");
      // Every write route may answer 429 (security.test.ts makes it happen).
      if (method === "post") made.add("429");
      expect(Object.keys(documented(doc, method, route)).sort(), `${method} ${route}`).toEqual(
        [...made].sort(),
      );
    }
  });

  it("answers 408 and 431 on every route, as documented, from the socket itself", async () => {
    const { app } = await openApp(undefined, { requestTimeout: 400 });
    const port = await listen(app);
    const doc = await document(app);
    const exchange = (text: string) =>
      new Promise<string>((resolve, reject) => {
        let answer = "";
        const socket = connect({ port, host: "127.0.0.1" }, () => socket.write(text));
        socket.on("data", (chunk) => {
          answer += chunk.toString("latin1");
        });
        socket.on("close", () => resolve(answer));
        socket.on("error", reject);
      });
    await Promise.all(
      ROUTES.map(async ([method, route]) => {
        const url = route.replace("{id}", "nope").replace("{game}", "blast");
        const line = `${method.toUpperCase()} ${url} HTTP/1.1\r\nHost: x\r\n`;
        // Headers that never end: 408 once the request timeout passes.
        const slow = await exchange(`${line}X-Slow: 1`);
        expect(slow, `${method} ${route}`).toMatch(/^HTTP\/1\.1 408 /);
        const big = await exchange(`${line}X-Big: ${"z".repeat(17_000)}\r\n\r\n`);
        expect(big, `${method} ${route}`).toMatch(/^HTTP\/1\.1 431 /);
        for (const answer of [slow, big]) expect(answer.toLowerCase()).toContain("cache-control: no-store");
        for (const status of ["408", "431"]) {
          expect(documented(doc, method, route)[status]?.description, `${method} ${route} ${status}`).toMatch(
            status === "408" ? /REQUEST_TIMEOUT/ : /HEADERS_TOO_LARGE/,
          );
        }
      }),
    );
  });
});

describe("README.md's API table", () => {
  /** The top-level field names of a `{"a","b":1,"c":{...}}` sketch. */
  function fields(sketch: string): string[] {
    const names: string[] = [];
    let depth = 0;
    for (let i = 0; i < sketch.length; i++) {
      const c = sketch[i];
      if (c === "{" || c === "[") depth++;
      else if (c === "}" || c === "]") depth--;
      else if (c === '"') {
        const end = sketch.indexOf('"', i + 1);
        const next = sketch[end + 1];
        if (depth === 1 && (next === "," || next === ":" || next === "}") && sketch[i - 1] !== ":") {
          names.push(sketch.slice(i + 1, end));
        }
        i = end;
      }
    }
    return names.sort();
  }

  it("shows the fields each route answers now", async () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const rows = [
      ...readme.matchAll(/^\| `(GET|POST) (\/api\S*)`(?: `(\{.*?\})`)?[^|]*\| `(\d{3}) (\{.*?\})`/gm),
    ];
    expect(rows.length).toBeGreaterThanOrEqual(7);
    const { app } = await openApp();
    const id = await create(app, "match3", 1);
    let checked = 0;
    for (const [, method, path, sample, status, sketch] of rows) {
      const url = (path as string).replace(":id", id).replace(":game", "blast");
      const res = await send(
        app,
        method as string,
        url,
        sample === undefined ? undefined : JSON.parse(sample),
      );
      expect(res.status, `${method} ${path}`).toBe(Number(status));
      expect(Object.keys(res.body).sort(), `${method} ${path}`).toEqual(fields(sketch as string));
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });
});
