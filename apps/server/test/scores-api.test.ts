/**
 * The leaderboard routes on a real app (inject): the day's game (no seed), boards per config, limits,
 * ties and bad queries, and ranked server sessions entered when their game ends. Ranked play is a
 * server session only (docs/service.md "Fair play"): fair-play.test.ts holds the issue 22 findings.
 */
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { SqliteScoreStorage } from "../src/store/sqlite-scores.js";
import { type App, expectErrorShape, type Json, send, tempDataDir } from "./support.js";

const apps: App[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()?.close();
});

/** An app without rate limits: these tests play more games a minute than a player may. */
async function open(dataDir = tempDataDir(), dailySecret?: string): Promise<App> {
  const app = await buildApp({ dataDir, security: { rateLimit: false }, dailySecret });
  apps.push(app);
  return app;
}

const call = send;

async function player(app: App): Promise<string> {
  const res = await call(app, "POST", "/api/players");
  expect(res.status, res.text).toBe(201);
  return `Bearer ${res.body.player}.${res.body.secret}`;
}

function expectRefused(res: { status: number; text: string; body: Json }, status: number, code: string) {
  expectErrorShape(res, code);
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  expect(res.body.error.code).toBe(code);
}

/** Starts a session and plays legal moves (asked of the session itself) picked by a counter to the end. */
async function play(app: App, body: object, auth?: string): Promise<{ id: string; score: number }> {
  const created = await call(app, "POST", "/api/games", body, auth);
  expect(created.status, created.text).toBe(201);
  const commands = `/api/games/${created.body.id}/commands`;
  let state = created.body.state;
  let pick = 1;
  while (!state.over) {
    const legal = await call(app, "POST", commands, { cmd: "legal" }, auth);
    expect(legal.status, legal.text).toBe(200);
    pick = (pick * 1_103_515_245 + 12_345) >>> 0;
    const res = await call(app, "POST", commands, legal.body.legal[pick % legal.body.legal.length], auth);
    expect(res.status, res.text).toBe(200);
    state = res.body.state;
  }
  return { id: created.body.id, score: state.score as number };
}

describe("the day's game", () => {
  it("names the game, the day and the config, never the seed; 404 for an unknown game", async () => {
    const app = await open();
    const res = await call(app, "GET", "/api/daily/puzzle");
    expect(res.status).toBe(200);
    const date = new Date().toISOString().slice(0, 10);
    expect(res.body).toEqual({
      game: "puzzle",
      date,
      config: { rows: 8, cols: 8 },
      nextAt: new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString(),
      leader: null,
      yesterday: [],
    });
    expectRefused(await call(app, "GET", "/api/daily/tetris"), 404, "UNKNOWN_GAME");
  });

  it("deals the same day's game in every process that shares the database or the secret, and another under another secret", async () => {
    const dataDir = tempDataDir();
    const [a, b] = [await open(dataDir), await open(dataDir)];
    const first = async (app: App) => {
      const res = await call(app, "POST", "/api/games", { game: "blast", daily: true }, await player(app));
      expect(res.status, res.text).toBe(201);
      return res.body.state.tray;
    };
    // Two processes on one database keep one secret (its `meta` table).
    expect(await first(b)).toEqual(await first(a));
    // DAILY_SECRET: the same secret on two databases, the same day's game; another secret, another.
    const [c, d, e] = [await open(undefined, "s1"), await open(undefined, "s1"), await open(undefined, "s2")];
    const trays = [await first(c), await first(d), await first(e)];
    expect(trays[1]).toEqual(trays[0]);
    expect(trays[2]).not.toEqual(trays[0]);
  });
});

describe("ranked server sessions", () => {
  it("enter a ranked session's score when its game ends with its rank, and never an unranked one", async () => {
    const app = await open();
    const sam = await player(app);
    const { score } = await play(app, { game: "blast", ranked: true, name: "Sam" }, sam);
    await play(app, { game: "blast", name: "Drawn" }, sam);
    await play(app, { game: "blast", seed: 3, name: "Picked" }, sam);
    const board = await call(app, "GET", "/api/leaderboards/blast");
    expect(board.body).toMatchObject({ game: "blast", config: {}, board: "unaided" });
    expect(board.body.entries).toMatchObject([{ rank: 1, name: "Sam", score }]);
    expect(Date.parse(board.body.entries[0].date)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("refuses a bad name with 400 BAD_NAME before any game starts", async () => {
    const app = await open();
    const auth = await player(app);
    for (const name of [
      "",
      "     ",
      "n".repeat(200),
      "Ada\u0000\u0007",
      "<script>alert(1)</script>",
      "\u202Eevil",
    ]) {
      const res = await call(app, "POST", "/api/games", { game: "blast", ranked: true, name }, auth);
      expect(res.status, name).toBe(400);
      expect(["BAD_NAME", "BAD_REQUEST"]).toContain(res.body.error.code);
    }
  });
});

describe("GET /api/leaderboards/:game", () => {
  it("keeps one board per config: 8x8 and 10x10 Puzzle are separate, {} is the default board", async () => {
    const app = await open();
    const auth = await player(app);
    const small = await play(app, { game: "puzzle", ranked: true, name: "Small" }, auth);
    const large = await play(
      app,
      { game: "puzzle", ranked: true, name: "Large", config: { rows: 10, cols: 10 } },
      auth,
    );
    const board = (query: string) => call(app, "GET", `/api/leaderboards/puzzle${query}`);
    const eight = await board("");
    expect(eight.body.config).toEqual({ rows: 8, cols: 8 });
    expect(eight.body.entries).toMatchObject([{ rank: 1, name: "Small", score: small.score }]);
    for (const query of ["?config=%7B%7D", `?config=${encodeURIComponent('{"cols":8,"rows":8}')}`]) {
      expect((await board(query)).body).toEqual(eight.body);
    }
    const ten = await board(`?config=${encodeURIComponent('{"rows":10,"cols":10}')}`);
    expect(ten.body.entries).toMatchObject([{ rank: 1, name: "Large", score: large.score }]);
    expect((await board(`?config=${encodeURIComponent('{"rows":6,"cols":6}')}`)).body.entries).toEqual([]);
  });

  it("answers at most `limit` entries, best first, ranks ties alike, and refuses bad queries", async () => {
    const app = await open();
    // Entries written straight to the score storage: the board's order and ranks, not the games.
    const handle = app.storage.handle;
    if (handle.kind !== "sqlite") throw new Error("these tests run on SQLite");
    const storage = new SqliteScoreStorage(handle.db);
    const rows: [string, number][] = [
      ["Low", 10],
      ["Tie1", 500],
      ["Tie2", 500],
      ["Mid", 90],
    ];
    for (const [name, score] of rows) {
      const row = { game: "blast", configKey: "{}", name, score, seed: 1, replayHash: name };
      expect(await storage.enter({ ...row, createdAt: new Date() }, "once-per-replay")).toMatchObject({
        ok: true,
      });
    }
    const top = await call(app, "GET", "/api/leaderboards/blast?limit=1");
    expect(top.body.entries).toEqual([
      { rank: 1, name: "Tie1", score: 500, date: expect.any(String), replay: expect.any(Number) },
    ]);
    const all = await call(app, "GET", "/api/leaderboards/blast?limit=100");
    expect(all.body.entries.map((e: Json) => [e.rank, e.name])).toEqual([
      [1, "Tie1"],
      [1, "Tie2"],
      [3, "Mid"],
      [4, "Low"],
    ]);
    // The help board and a day's board are other boards.
    expect((await call(app, "GET", "/api/leaderboards/blast?board=help")).body.entries).toEqual([]);
    for (const query of [
      "?limit=0",
      "?limit=101",
      "?limit=ten",
      "?sort=asc",
      "?board=robots",
      "?day=2030-13-45x",
    ]) {
      expectRefused(await call(app, "GET", `/api/leaderboards/blast${query}`), 400, "BAD_REQUEST");
    }
    expectRefused(await call(app, "GET", "/api/leaderboards/blast?config=%7Bnope"), 400, "BAD_CONFIG");
    expectRefused(
      await call(app, "GET", "/api/leaderboards/puzzle?config=%7B%22rows%22%3A99%7D"),
      400,
      "BAD_CONFIG",
    );
    expectRefused(await call(app, "GET", "/api/leaderboards/tetris"), 404, "UNKNOWN_GAME");
  });
});
