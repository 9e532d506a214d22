/**
 * The API document and the schemas (issue 25, docs/service.md "The API document" and "Schemas"):
 * Redocly's recommended rules pass on the document the app writes, it declares the headers and
 * bodies the routes really send, and the schemas under /api/schemas/ and in docs/schemas/ are the
 * engine's, up to date.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { GAME_IDS } from "@blockarcade/engine/core";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { publishedSchemas, schemaFile } from "../src/schemas.js";
import { call, create, type Json, newPlayer, openApp, send } from "./support.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * The warnings the document keeps, each justified in docs/service.md "The API document": the two
 * routes gone to sessions answer 410 to everything, so they have no 2xx.
 */
const ACCEPTED_WARNINGS = [
  "operation-2xx-response #/paths/~1api~1seeds/post/responses",
  "operation-2xx-response #/paths/~1api~1scores/post/responses",
];

async function documentOf(app: Awaited<ReturnType<typeof openApp>>["app"]): Promise<Json> {
  const res = await send(app, "GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  return res.body;
}

const operations = (doc: Json): [string, string, Json][] =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => [method, path, op] as [string, string, Json]),
  );

describe("the API document", () => {
  it("passes Redocly's recommended rules (redocly.yaml)", async () => {
    const { app } = await openApp();
    const file = join(mkdtempSync(join(tmpdir(), "openapi-")), "openapi.json");
    writeFileSync(file, JSON.stringify(await documentOf(app)));
    const lint = spawnSync(
      process.execPath,
      [join(root, "node_modules/@redocly/cli/bin/cli.js"), "lint", file, "--format=json"],
      {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
    const report = JSON.parse(lint.stdout) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
    const errors = report.problems.filter((p) => p.severity === "error");
    expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(problems.sort()).toEqual([...ACCEPTED_WARNINGS].sort());
  }, 60_000);

  it("names every operation, answers each with a 4xx, and says who may call it and where", async () => {
    const { app } = await openApp();
    const doc = await documentOf(app);
    const ids = operations(doc).map(([, , op]) => op.operationId);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [method, path, op] of operations(doc)) {
      expect(
        Object.keys(op.responses).some((status) => status.startsWith("4")),
        `${method} ${path}`,
      ).toBe(true);
    }
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
    expect(doc.security).toEqual([{}, { player: [] }]);
    expect(doc.components.securitySchemes.player).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.info.license.name).toBe("MIT");
  });

  it("gives every game's commands and configs as a union, Match-3's Arcade config among them", async () => {
    const { app } = await openApp();
    const doc = await documentOf(app);
    const schemas = doc.components.schemas;
    const body = doc.paths["/api/games/{id}/commands"].post.requestBody.content["application/json"].schema;
    expect(body).toEqual({ $ref: "#/components/schemas/Command" });
    expect(schemas.Command.anyOf.map((r: Json) => r.$ref)).toEqual(
      ["Blast", "Puzzle", "Stacker", "Match3", "Blocky"].map((g) => `#/components/schemas/${g}Command`),
    );
    // Each game's commands: a union told apart by `cmd`, the protocol's and the game's own.
    const stacker = schemas.StackerCommand.anyOf.map((member: Json) => member.properties.cmd.enum[0]);
    expect(stacker.sort()).toEqual(["ai", "hint", "key", "legal", "load", "new", "state", "tick"]);
    // A new game's body is a union on `game`, each member with its game's config schema.
    const creates = schemas.CreateGame.anyOf.map((member: Json) => [
      member.properties.game.enum?.[0] ?? member.properties.game.const,
      member.properties.config.$ref,
    ]);
    expect(creates).toEqual([
      ["blast", "#/components/schemas/BlastConfigInput"],
      ["puzzle", "#/components/schemas/PuzzleConfigInput"],
      ["stacker", "#/components/schemas/StackerConfigInput"],
      ["match3", "#/components/schemas/Match3ConfigInput"],
      ["blocky", "#/components/schemas/BlockyConfigInput"],
    ]);
    const arcade = schemas.Match3ConfigInput.anyOf.find(
      (member: Json) => member.properties.mode?.enum?.[0] === "arcade",
    );
    expect(Object.keys(arcade.properties).sort()).toEqual(["bricks", "height", "level", "mode", "width"]);
    // Events are a union on `type`; the reply refers to the game's state, events and moves.
    expect(schemas.BlastEvent.anyOf.map((member: Json) => member.properties.type.enum[0])).toContain(
      "cleared",
    );
    expect(JSON.stringify(schemas.BlastReply)).toContain("#/components/schemas/BlastMove");
  });

  it("declares the headers and bodies the routes send: ETag, the engine's refusal, the rate limit's", async () => {
    const { app } = await openApp(undefined, { rateLimit: { creates: 2 } });
    const doc = await documentOf(app);
    const id = await create(app, "match3", 1);
    const responses = (path: string, method: string) => doc.paths[path][method].responses;

    const read = await send(app, "GET", `/api/games/${id}`);
    expect(read.headers.etag).toBe('"0"');
    expect(Object.keys(responses("/api/games/{id}", "get")["200"].headers)).toContain("etag");
    expect(Object.keys(responses("/api/games/{id}", "get")["304"].headers)).toContain("etag");
    const board = await send(app, "GET", "/api/leaderboards/blast");
    expect(board.headers.etag).toMatch(/^W\/"/);
    for (const status of ["200", "304"]) {
      expect(Object.keys(responses("/api/leaderboards/{game}", "get")[status].headers)).toContain("etag");
    }
    const params = doc.paths["/api/games/{id}"].get.parameters.map((p: Json) => `${p.in} ${p.name}`);
    expect(params).toContain("header if-none-match");
    const commandParams = doc.paths["/api/games/{id}/commands"].post.parameters.map(
      (p: Json) => `${p.in} ${p.name}`,
    );
    expect(commandParams).toContain("header if-match");

    // A refused command: 400 with the engine's reply (ok false, the error, the unchanged state) and the ETag.
    const refused = await send(app, "POST", `/api/games/${id}/commands`, { cmd: "frame", commands: 5 });
    expect(refused.status).toBe(400);
    expect(refused.headers.etag).toBe('"0"');
    expect(Object.keys(refused.body).sort()).toEqual(["error", "ok", "seq", "state"]);
    const documented400 = responses("/api/games/{id}/commands", "post")["400"];
    expect(documented400.content["application/json"].schema.anyOf).toContainEqual({
      $ref: "#/components/schemas/RefusedCommand",
    });
    expect(doc.components.schemas.RefusedCommand.required.sort()).toEqual(["error", "ok", "seq", "state"]);
    const ajv = new Ajv2020({ strict: true });
    const match3Reply = await send(app, "GET", "/api/schemas/match3-reply.json");
    expect(ajv.validate(match3Reply.body, refused.body), ajv.errorsText()).toBe(true);

    // An address over its budget: 429 with Retry-After and the X-RateLimit-* headers, all declared.
    let limited = await send(app, "POST", "/api/games", { game: "blast" });
    for (let i = 0; i < 3 && limited.status !== 429; i++) {
      limited = await send(app, "POST", "/api/games", { game: "blast" });
    }
    expect(limited.status).toBe(429);
    const declared = Object.keys(responses("/api/games", "post")["429"].headers).sort();
    expect(declared).toEqual([
      "retry-after",
      "x-ratelimit-limit",
      "x-ratelimit-remaining",
      "x-ratelimit-reset",
    ]);
    for (const header of declared) expect(limited.headers[header], header).toBeDefined();
  });
});

describe("the schemas", () => {
  it("are listed under /api/schemas/ and each is served, valid JSON Schema 2020-12", async () => {
    const { app } = await openApp();
    const index = await send(app, "GET", "/api/schemas/");
    expect(index.status).toBe(200);
    const plain = await send(app, "GET", "/api/schemas");
    expect(plain.body).toEqual(index.body);
    expect(index.body.schemas).toHaveLength(5 * 8);
    const ajv = new Ajv2020({ strict: true });
    for (const entry of index.body.schemas) {
      const res = await send(app, "GET", entry.url);
      expect(res.status, entry.url).toBe(200);
      expect(res.body.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(() => ajv.compile(res.body), entry.url).not.toThrow();
    }
    const missing = await send(app, "GET", "/api/schemas/tetris-state.json");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("NOT_FOUND");
  });

  it("validate what a session really answers, and refuse a command of another game", async () => {
    const { app } = await openApp();
    const ajv = new Ajv2020({ strict: true });
    const schema = (await send(app, "GET", "/api/schemas/blast-reply.json")).body;
    const command = (await send(app, "GET", "/api/schemas/blast-command.json")).body;
    const id = await create(app, "blast", 3);
    const legal = await send(app, "POST", `/api/games/${id}/commands`, { cmd: "legal" });
    expect(ajv.validate(schema, legal.body), ajv.errorsText()).toBe(true);
    const move = legal.body.legal[0];
    expect(ajv.validate(command, move)).toBe(true);
    const played = await send(app, "POST", `/api/games/${id}/commands`, move);
    expect(played.status).toBe(200);
    expect(ajv.validate(schema, played.body), ajv.errorsText()).toBe(true);
    expect(ajv.validate(command, { cmd: "frame", commands: "L" })).toBe(false);
  });

  it("hold for what sessions of every game answer over HTTP, unranked and ranked", async () => {
    const { app } = await openApp();
    const ajv = new Ajv2020({ strict: true });
    const schemaOf = async (file: string) => (await send(app, "GET", `/api/schemas/${file}`)).body;
    const expectValid = (schema: Json, value: unknown, what: string) =>
      expect(ajv.validate(schema, value), `${what}: ${ajv.errorsText()}`).toBe(true);
    const player = await newPlayer(app);
    for (const game of GAME_IDS) {
      const [reply, state, publicState, move] = await Promise.all(
        ["reply", "state", "public-state", "move"].map((kind) => schemaOf(`${game}-${kind}.json`)),
      );
      for (const ranked of [false, true]) {
        const created = await call(player, "POST", "/api/games", { game, ...(ranked ? { ranked } : {}) });
        expect(created.status, created.text).toBe(201);
        const what = `${game}${ranked ? " ranked" : ""}`;
        expectValid(ranked ? publicState : state, created.body.state, what);
        if (ranked) expect(ajv.validate(state, created.body.state)).toBe(false);
        const url = `/api/games/${created.body.id}/commands`;
        // A ranked real-time game keeps the server's clock (TICK_DUE, TOO_FAST): its moves depend on time.
        const moves = ranked && (game === "stacker" || game === "match3") ? 0 : 8;
        for (let i = 0; i < moves; i++) {
          const legal = await call(player, "POST", url, { cmd: "legal" });
          expectValid(reply, legal.body, `${what} legal`);
          const next = legal.body.legal[0];
          if (next === undefined) break;
          expectValid(move, next, `${what} move`);
          const played = await call(player, "POST", url, next);
          expect(played.status, played.text).toBeLessThan(500);
          expectValid(reply, played.body, `${what} ${JSON.stringify(next)}`);
          expectValid(ranked ? publicState : state, played.body.state, `${what} state`);
        }
      }
    }
  });

  it("are in docs/schemas/ as `npm run schemas` writes them", () => {
    const dir = join(root, "docs/schemas");
    const entries = publishedSchemas();
    const files = readdirSync(dir).filter((file) => file.endsWith(".json"));
    expect(files.sort()).toEqual([...entries.map((e) => e.file), "index.json"].sort());
    for (const entry of entries) {
      const written = JSON.parse(readFileSync(join(dir, entry.file), "utf8"));
      expect(written, `docs/schemas/${entry.file} is out of date: npm run schemas`).toEqual(
        schemaFile(entry),
      );
    }
  });
});
