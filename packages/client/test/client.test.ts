/**
 * The typed client against the real service on a real port of 127.0.0.1 (packages/client/README.md):
 * every route, the conditional requests (304, 409, 412), the refusals as values (the server's code,
 * the engine's reply for a refused command, Retry-After on 429) and a network failure apart from an
 * HTTP error.
 */

import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type CommandReply,
  type Connection,
  createPlayer,
  getBoard,
  getDaily,
  getHealth,
  getMe,
  getReady,
  getReplay,
  getScoreCurve,
  getSession,
  recoverPlayer,
  request,
  sendCommand,
  startGame,
} from "@blockarcade/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../apps/server/src/app.js";
import type { SecurityOptions } from "../../../apps/server/src/plugins/security-options.js";

type App = Awaited<ReturnType<typeof buildApp>>;
const apps: App[] = [];

async function serve(security?: SecurityOptions): Promise<string> {
  const app = await buildApp({
    dataDir: join(mkdtempSync(join(tmpdir(), "ba-client-")), "data"),
    logger: false,
    security: security ?? { rateLimit: false },
  });
  apps.push(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

let conn: Connection;
beforeAll(async () => {
  conn = { base: await serve() };
});
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** Plays a session to its end with the first of the server's legal commands each time. */
async function playOut(c: Connection, id: string): Promise<CommandReply<"blast">> {
  for (let i = 0; i < 2000; i++) {
    const legal = await sendCommand<"blast">(c, id, { cmd: "legal" });
    if (!legal.ok) throw new Error(legal.message);
    const move = legal.value.legal?.[0];
    if (!move) throw new Error("no legal move in a game not over");
    const played = await sendCommand<"blast">(c, id, move);
    if (!played.ok) throw new Error(played.message);
    if (played.value.state.over) return played.value;
  }
  throw new Error("the game did not end");
}

describe("the client against a real server", () => {
  it("health and ready answer their typed values", async () => {
    expect(await getHealth(conn)).toMatchObject({ ok: true, status: 200, value: { status: "ok" } });
    expect(await getReady(conn)).toMatchObject({ ok: true, value: { status: "ok", database: "ok" } });
  });

  it("players: create, me, recover (the old secret stops working: a typed 401)", async () => {
    const made = await createPlayer(conn);
    if (!made.ok) throw new Error(made.message);
    expect(made.status).toBe(201);
    const signed: Connection = { ...conn, player: made.value };
    expect(await getMe(signed)).toMatchObject({ ok: true, value: { player: made.value.player, names: [] } });
    const recovered = await recoverPlayer(conn, made.value.recoveryCode);
    if (!recovered.ok) throw new Error(recovered.message);
    expect(recovered.value.player).toBe(made.value.player);
    expect(recovered.value.secret).not.toBe(made.value.secret);
    const stale = await getMe(signed);
    expect(stale).toMatchObject({ ok: false, kind: "http", status: 401, code: "BAD_PLAYER" });
    const unsigned = await getMe(conn);
    expect(unsigned).toMatchObject({ ok: false, kind: "http", status: 401, code: "PLAYER_REQUIRED" });
  });

  it("an unranked session: If-Match moves it, a stale seq is 409, a weak tag is 412, a refused move is the engine's reply", async () => {
    const created = await startGame(conn, { game: "puzzle", seed: 3 });
    if (!created.ok) throw new Error(created.message);
    expect(created.etag).toBe('"0"');
    const { id } = created.value;
    expect(created.value.state.seed).toBe(3);
    const legal = await sendCommand<"puzzle">(conn, id, { cmd: "legal" }, { ifMatch: 0 });
    if (!legal.ok) throw new Error(legal.message);
    const move = legal.value.legal?.[0];
    if (!move) throw new Error("no legal move");
    const played = await sendCommand<"puzzle">(conn, id, move, { ifMatch: legal.value.seq });
    if (!played.ok) throw new Error(played.message);
    expect(played.value.seq).toBe(1);
    expect(played.etag).toBe('"1"');
    const stale = await sendCommand(conn, id, move, { ifMatch: 0 });
    expect(stale).toMatchObject({ ok: false, kind: "http", status: 409, code: "SEQ_MISMATCH" });
    const weak = await request(conn, "POST", `/api/games/${id}/commands`, {
      body: { cmd: "state" },
      headers: { "if-match": 'W/"1"' },
    });
    expect(weak).toMatchObject({ ok: false, kind: "http", status: 412, code: "PRECONDITION_FAILED" });
    const illegal = await sendCommand<"puzzle">(conn, id, { cmd: "place", piece: 0, row: 99, col: 99 });
    expect(illegal.ok).toBe(false);
    if (illegal.ok || illegal.kind !== "refused")
      throw new Error(`not a refusal: ${JSON.stringify(illegal)}`);
    expect([illegal.status, illegal.code]).toEqual([422, "ILLEGAL_MOVE"]);
    expect(illegal.reply.ok).toBe(false);
    expect(illegal.reply.state.score).toBe(played.value.state.score);
    const unknown = await sendCommand(conn, id, { cmd: "fly" });
    expect(unknown).toMatchObject({ ok: false, kind: "refused", status: 400, code: "UNKNOWN_COMMAND" });
  });

  it("polling: If-None-Match with the held seq answers NotModified until the session moves", async () => {
    const created = await startGame(conn, { game: "blast", seed: 9 });
    if (!created.ok) throw new Error(created.message);
    const { id } = created.value;
    const same = await getSession(conn, id, { ifNoneMatch: 0 });
    expect(same).toEqual({ ok: true, status: 304, notModified: true, etag: '"0"' });
    const legal = await sendCommand<"blast">(conn, id, { cmd: "legal" });
    if (!legal.ok || !legal.value.legal?.[0]) throw new Error("no legal move");
    await sendCommand(conn, id, legal.value.legal[0]);
    const moved = await getSession<"blast">(conn, id, { ifNoneMatch: 0 });
    if (!moved.ok || moved.notModified) throw new Error("the moved session answered 304");
    expect(moved.value.seq).toBe(1);
    expect(moved.etag).toBe('"1"');
    expect(await getSession(conn, "no-such-session")).toMatchObject({
      ok: false,
      kind: "http",
      status: 404,
      code: "NOT_FOUND",
    });
  });

  it("a ranked game to its end: public views only, entered on the board, its replay and score curve, paged boards and around=me", async () => {
    const made = await createPlayer(conn);
    if (!made.ok) throw new Error(made.message);
    const me: Connection = { ...conn, player: made.value };
    const refused = await startGame(conn, { game: "blast", ranked: true });
    expect(refused).toMatchObject({ ok: false, kind: "http", status: 401, code: "PLAYER_REQUIRED" });
    const created = await startGame(me, { game: "blast", ranked: true, name: "Client" });
    if (!created.ok) throw new Error(created.message);
    expect(created.value).toMatchObject({ ranked: true, kind: "ranked" });
    expect("seed" in created.value.state).toBe(false);
    const last = await playOut(me, created.value.id);
    expect(last.entry).toMatchObject({ board: "unaided", name: "Client", score: last.state.score, rank: 1 });
    const replayId = last.entry?.replay ?? -1;

    const board = await getBoard(conn, "blast", { limit: 5 });
    if (!board.ok || board.notModified) throw new Error("no board");
    expect(board.value).toMatchObject({
      game: "blast",
      board: "unaided",
      period: "all",
      total: 1,
      offset: 0,
    });
    expect(board.value.entries.map((e) => [e.name, e.replay])).toEqual([["Client", replayId]]);
    const again = await getBoard(conn, "blast", { limit: 5 }, { ifNoneMatch: board.etag });
    expect(again).toMatchObject({ ok: true, status: 304, notModified: true });
    const paged = await getBoard(conn, "blast", { offset: 1, limit: 5 });
    expect(paged).toMatchObject({ ok: true, value: { offset: 1, entries: [], total: 1 } });
    const around = await getBoard(me, "blast", { aroundMe: true, period: "today" });
    expect(around).toMatchObject({ ok: true, value: { period: "today", me: { rank: 1 } } });
    const badQuery = await getBoard(conn, "blast", { limit: 1000 });
    expect(badQuery).toMatchObject({ ok: false, kind: "http", status: 400, code: "BAD_REQUEST" });

    const replay = await getReplay<"blast">(conn, replayId);
    if (!replay.ok) throw new Error(replay.message);
    expect(replay.value).toMatchObject({ id: replayId, game: "blast", score: last.state.score });
    expect(replay.value.commands.length).toBe(replay.value.moves);
    const curve = await getScoreCurve(conn, replayId);
    if (!curve.ok) throw new Error(curve.message);
    expect(curve.value.scores.length).toBe(replay.value.moves);
    expect(curve.value.scores.at(-1)).toBe(last.state.score);
    expect(await getReplay(conn, 999_999)).toMatchObject({ ok: false, status: 404, code: "UNKNOWN_REPLAY" });
  });

  it("the day's game: GET /api/daily, a daily session, and the player's part in it", async () => {
    const made = await createPlayer(conn);
    if (!made.ok) throw new Error(made.message);
    const me: Connection = { ...conn, player: made.value };
    const before = await getDaily(me, "puzzle");
    if (!before.ok) throw new Error(before.message);
    expect(before.value.game).toBe("puzzle");
    expect(before.value.me).toMatchObject({ attempt: "none" });
    const daily = await startGame(me, { game: "puzzle", daily: true });
    if (!daily.ok) throw new Error(daily.message);
    expect(daily.value).toMatchObject({ kind: "daily", day: before.value.date, practice: false });
    const after = await getDaily(me, "puzzle");
    expect(after).toMatchObject({ ok: true, value: { me: { attempt: "playing", session: daily.value.id } } });
    expect(await getDaily(conn, "chess" as "puzzle")).toMatchObject({ ok: false, status: 404 });
  });
});

/** Each operation of the OpenAPI document and the client function that calls it. */
const ROUTES: Record<string, (...args: never[]) => Promise<unknown>> = {
  "GET /api/health": getHealth,
  "GET /api/ready": getReady,
  "POST /api/games": startGame,
  "GET /api/games/{id}": getSession,
  "POST /api/games/{id}/commands": sendCommand,
  "GET /api/daily/{game}": getDaily,
  "GET /api/leaderboards/{game}": getBoard,
  "GET /api/replays/{id}": getReplay,
  "GET /api/replays/{id}/scores": getScoreCurve,
  "POST /api/players": createPlayer,
  "POST /api/players/recover": recoverPlayer,
  "GET /api/players/me": getMe,
};
/** Operations with no function: gone (410 RANKED_BY_SESSION), or documents (the API's and its schemas). */
const NOT_CALLED = [
  "POST /api/seeds",
  "POST /api/scores",
  "GET /api/openapi.json",
  "GET /api/schemas",
  "GET /api/schemas/{file}",
];

it("has a function for every operation the server's OpenAPI document lists", async () => {
  const res = await fetch(`${conn.base}/api/openapi.json`);
  const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(operations.filter((op) => !NOT_CALLED.includes(op)).sort()).toEqual(Object.keys(ROUTES).sort());
});

describe("failures the client tells apart", () => {
  it("429 carries Retry-After in seconds", async () => {
    const limited: Connection = { base: await serve({ rateLimit: { players: 1 } }) };
    expect((await createPlayer(limited)).ok).toBe(true);
    const refused = await createPlayer(limited);
    expect(refused).toMatchObject({ ok: false, kind: "http", status: 429, code: "RATE_LIMITED" });
    if (refused.ok || refused.kind !== "http") throw new Error("not refused");
    expect(refused.retryAfter).toBeGreaterThan(0);
  });

  it("no server at all is a network failure, not an HTTP error; a timeout says so", async () => {
    const gone = await createClosedPort();
    const answer = await getHealth({ base: gone });
    expect(answer).toMatchObject({ ok: false, kind: "network", timeout: false });
    const silent = createServer(() => {
      // Never answers: the client's timeout ends the call.
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const late = await getHealth({ base: `http://127.0.0.1:${port}`, timeoutMs: 200 });
      expect(late).toMatchObject({ ok: false, kind: "network", timeout: true });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it("an answer that is not the service's (a static host's HTML) is a bad reply", async () => {
    const html = createServer((_req, res) => {
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
    });
    await new Promise<void>((resolve) => html.listen(0, "127.0.0.1", resolve));
    const port = (html.address() as { port: number }).port;
    try {
      expect(await getHealth({ base: `http://127.0.0.1:${port}` })).toMatchObject({
        ok: false,
        kind: "bad-reply",
        status: 404,
      });
    } finally {
      html.close();
    }
  });

  it("fetch is injected: every call goes through the one given", async () => {
    const seen: string[] = [];
    const counting: typeof fetch = (input, init) => {
      seen.push(`${init?.method} ${String(input)}`);
      return fetch(input, init);
    };
    const c: Connection = { base: conn.base, fetch: counting };
    await getHealth(c);
    await startGame(c, { game: "stacker", seed: 1 });
    expect(seen).toEqual([`GET ${conn.base}/api/health`, `POST ${conn.base}/api/games`]);
  });
});

/** A port nothing listens on: one a server held and let go. */
async function createClosedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
