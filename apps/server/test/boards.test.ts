/**
 * The boards of issue 23 through the real app (inject) on SQLite: pages (`limit`, `offset`, `total`),
 * periods (today, this week: UTC, weeks from Monday), `around=me`, every refusal; and the day's game
 * with its leader, yesterday's best, the player's attempt and streak, on a clock the test moves
 * (the app's one clock: `sessions.now`). Ranks are checked against ranks computed here from the rows.
 */
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { offeredGame } from "../src/games.js";
import { DAILY_CONFIGS } from "../src/scores/leaderboards.js";
import type { NewScore } from "../src/store/scores.js";
import { SqliteScoreStorage } from "../src/store/sqlite-scores.js";
import { type App, expectErrorShape, type Json, send, tempDataDir } from "./support.js";

const apps: App[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Wednesday: its week began on Monday 2030-01-07. */
const WEDNESDAY = Date.parse("2030-01-09T12:00:00.000Z");

interface Clock {
  ms: number;
}

async function open(clock: Clock): Promise<App> {
  const app = await buildApp({
    dataDir: tempDataDir(),
    security: { rateLimit: false },
    sessions: { now: () => clock.ms },
  });
  apps.push(app);
  return app;
}

function storageOf(app: App): SqliteScoreStorage {
  const handle = app.storage.handle;
  if (handle.kind !== "sqlite") throw new Error("these tests run on SQLite");
  return new SqliteScoreStorage(handle.db);
}

async function newPlayer(app: App): Promise<{ id: string; auth: string }> {
  const res = await send(app, "POST", "/api/players");
  expect(res.status, res.text).toBe(201);
  return { id: res.body.player, auth: `Bearer ${res.body.player}.${res.body.secret}` };
}

let entered = 0;
/** Enters a score straight in the storage (the board's rules, not the games that reach them). */
async function enter(
  app: App,
  fields: Partial<NewScore> & { score: number; createdAt: Date },
): Promise<number> {
  entered += 1;
  const result = await storageOf(app).enter(
    {
      game: "blast",
      configKey: "{}",
      name: `P${entered}`,
      seed: entered,
      replayHash: `r${entered}`,
      ...fields,
    },
    "once-per-replay",
  );
  if (!result.ok) throw new Error(result.code);
  return result.id;
}

interface Row {
  id: number;
  name: string;
  score: number;
  at: number;
}

/** The board as the contract defines it: score descending, earlier, lower id; rank 1 + strictly higher. */
function expected(rows: Row[]): Json[] {
  const sorted = [...rows].sort((a, b) => b.score - a.score || a.at - b.at || a.id - b.id);
  return sorted.map((row) => ({
    rank: 1 + sorted.filter((other) => other.score > row.score).length,
    name: row.name,
    score: row.score,
    date: new Date(row.at).toISOString(),
    replay: row.id,
  }));
}

function expectRefused(res: { status: number; text: string; body: Json }, status: number, code: string) {
  expectErrorShape(res, code);
  expect(res.status, res.text).toBe(status);
  expect(res.body.error.code, res.text).toBe(code);
}

describe("GET /api/leaderboards/:game pages", () => {
  it("answers pages of any offset with total and ranks that hold across page boundaries, ties included", async () => {
    const clock = { ms: WEDNESDAY };
    const app = await open(clock);
    const rows: Row[] = [];
    // 23 entries, many tied, entered out of order, some at the same time (the id decides).
    for (let i = 0; i < 23; i++) {
      const score = [500, 300, 300, 300, 120, 90, 90][i % 7] as number;
      const at = WEDNESDAY - DAY - (i % 4) * 1000;
      const name = `Name${i}`;
      const id = await enter(app, { name, score, createdAt: new Date(at) });
      rows.push({ id, name, score, at });
    }
    const board = expected(rows);
    for (const [offset, limit] of [
      [0, 10],
      [3, 5],
      [7, 7],
      [20, 10],
      [22, 1],
    ] as const) {
      const res = await send(app, "GET", `/api/leaderboards/blast?offset=${offset}&limit=${limit}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        game: "blast",
        config: {},
        board: "unaided",
        period: "all",
        total: 23,
        offset,
        limit,
        entries: board.slice(offset, offset + limit),
      });
    }
    // Past the end: an empty page, not a refusal.
    const past = await send(app, "GET", "/api/leaderboards/blast?offset=1000000&limit=100");
    expect(past.status, past.text).toBe(200);
    expect(past.body).toMatchObject({ total: 23, offset: 1_000_000, limit: 100, entries: [] });
    // The default page is the top 10.
    expect((await send(app, "GET", "/api/leaderboards/blast")).body).toMatchObject({
      offset: 0,
      limit: 10,
      entries: board.slice(0, 10),
    });
  });

  it("answers today's and this week's entries (UTC, weeks from Monday), ranked among themselves", async () => {
    const clock = { ms: WEDNESDAY };
    const app = await open(clock);
    const monday = Date.parse("2030-01-07T00:00:00.000Z");
    const today = Date.parse("2030-01-09T00:00:00.000Z");
    const spots: [string, number, number][] = [
      ["Sunday late", 900, monday - 1],
      ["Monday first", 100, monday],
      ["Tuesday", 700, monday + DAY + 5 * HOUR],
      ["Tuesday late", 300, today - 1],
      ["Today first", 300, today],
      ["Today", 200, WEDNESDAY - HOUR],
      ["Today tie", 300, WEDNESDAY - 1000],
    ];
    const rows: Row[] = [];
    for (const [name, score, at] of spots) {
      rows.push({ id: await enter(app, { name, score, createdAt: new Date(at) }), name, score, at });
    }
    // The help board and a day's board hold no entries of these periods.
    await enter(app, { name: "Helped", score: 999, createdAt: new Date(WEDNESDAY - HOUR), board: "help" });
    await enter(app, { name: "Daily", score: 999, createdAt: new Date(WEDNESDAY - HOUR), day: "2030-01-09" });
    const since = { all: 0, week: monday, today };
    for (const period of ["all", "week", "today"] as const) {
      const res = await send(app, "GET", `/api/leaderboards/blast?period=${period}&limit=100`);
      expect(res.status, res.text).toBe(200);
      const inPeriod = rows.filter((row) => row.at >= since[period]);
      expect(res.body).toMatchObject({ period, total: inPeriod.length, entries: expected(inPeriod) });
    }
    expect(
      (await send(app, "GET", "/api/leaderboards/blast?period=today&limit=100")).body.entries.map(
        (e: Json) => [e.rank, e.name],
      ),
    ).toEqual([
      [1, "Today first"],
      [1, "Today tie"],
      [3, "Today"],
    ]);
    // Sunday 23:59 UTC is in the week that began the Monday before; Monday 00:00 begins the next one.
    clock.ms = monday - 60_000;
    const lastWeek = await send(app, "GET", "/api/leaderboards/blast?period=week&limit=100");
    expect(lastWeek.body.total).toBe(7);
    expect(lastWeek.body.entries.map((e: Json) => e.name)).toContain("Sunday late");
    clock.ms = monday;
    const thisWeek = await send(app, "GET", "/api/leaderboards/blast?period=week&limit=100");
    expect(thisWeek.body.total).toBe(6);
    expect(thisWeek.body.entries.map((e: Json) => e.name)).not.toContain("Sunday late");
  });

  it("answers the player's place around=me: their best entry, 2 above and 2 below, or null", async () => {
    const clock = { ms: WEDNESDAY };
    const app = await open(clock);
    const me = await newPlayer(app);
    const other = await newPlayer(app);
    const rows: Row[] = [];
    const add = async (name: string, score: number, at: number, player?: string) => {
      const id = await enter(app, { name, score, createdAt: new Date(at), player });
      rows.push({ id, name, score, at });
      return id;
    };
    for (let i = 0; i < 12; i++) await add(`Filler${i}`, 100 + 10 * (i % 6), WEDNESDAY - 3 * DAY + i);
    // My best (130, tied with two fillers, entered between them); my older, lower entry; one of today.
    const best = await add("Me", 130, WEDNESDAY - 3 * DAY + 5, me.id);
    await add("Me", 90, WEDNESDAY - 4 * DAY, me.id);
    const todays = await add("Me", 80, WEDNESDAY - HOUR, me.id);
    await add("Today", 95, WEDNESDAY - 2 * HOUR);
    const board = expected(rows);
    const at = board.findIndex((e) => e.replay === best);
    const res = await send(app, "GET", "/api/leaderboards/blast?around=me&limit=3", undefined, me.auth);
    expect(res.status, res.text).toBe(200);
    expect(res.body.entries).toEqual(board.slice(0, 3));
    expect(res.body.me).toEqual({
      rank: board[at].rank,
      entry: board[at],
      around: board.slice(at - 2, at + 3),
    });
    expect(res.body.me.rank).toBe(1 + rows.filter((row) => row.score > 130).length);
    // Today: my best of today is my only entry of today, below one other.
    const today = await send(
      app,
      "GET",
      "/api/leaderboards/blast?around=me&period=today",
      undefined,
      me.auth,
    );
    expect(today.body.me).toMatchObject({ rank: 2, entry: { replay: todays, score: 80 } });
    expect(today.body.me.around.map((e: Json) => [e.rank, e.name])).toEqual([
      [1, "Today"],
      [2, "Me"],
    ]);
    // The top of the board: nothing above. A player with no entry: null.
    await add("Top", 1000, WEDNESDAY - DAY, other.id);
    const top = await send(app, "GET", "/api/leaderboards/blast?around=me", undefined, other.auth);
    expect(top.body.me.rank).toBe(1);
    expect(top.body.me.around.map((e: Json) => e.name)).toEqual([
      "Top",
      ...expected(rows)
        .slice(1, 3)
        .map((e) => e.name),
    ]);
    const none = await send(app, "GET", "/api/leaderboards/blast?around=me&board=help", undefined, me.auth);
    expect(none.status, none.text).toBe(200);
    expect(none.body.me).toBeNull();
    // Without around=me there is no `me`.
    expect((await send(app, "GET", "/api/leaderboards/blast", undefined, me.auth)).body).not.toHaveProperty(
      "me",
    );
  });

  it("refuses bad queries with a clear 4xx", async () => {
    const app = await open({ ms: WEDNESDAY });
    const me = await newPlayer(app);
    for (const query of [
      "?period=month",
      "?period=",
      "?period=week&day=2030-01-09",
      "?period=all&day=2030-01-09",
      "?offset=-1",
      "?offset=1000001",
      "?offset=1.5",
      "?offset=01",
      "?offset=ten",
      "?limit=0",
      "?limit=101",
      "?around=you",
      "?day=2030-13-45",
      "?unknown=1",
    ]) {
      expectRefused(
        await send(app, "GET", `/api/leaderboards/blast${query}`, undefined, me.auth),
        400,
        "BAD_REQUEST",
      );
    }
    expectRefused(await send(app, "GET", "/api/leaderboards/blast?around=me"), 401, "PLAYER_REQUIRED");
    expectRefused(
      await send(app, "GET", "/api/leaderboards/blast?around=me", undefined, "Bearer nobody.nothing"),
      401,
      "BAD_PLAYER",
    );
    expectRefused(
      await send(app, "GET", "/api/leaderboards/tetris?around=me", undefined, me.auth),
      404,
      "UNKNOWN_GAME",
    );
    expectRefused(await send(app, "GET", "/api/leaderboards/tetris?period=week"), 404, "UNKNOWN_GAME");
    expectRefused(await send(app, "GET", "/api/leaderboards/blast?config=nope"), 400, "BAD_CONFIG");
    // The bounds themselves are taken.
    for (const query of ["?limit=1", "?limit=100", "?offset=0", "?offset=1000000", "?period=all"]) {
      expect((await send(app, "GET", `/api/leaderboards/blast${query}`)).status, query).toBe(200);
    }
  });
});

/** Starts the day's game of `game` for a player; answers the session. */
async function startDaily(app: App, game: string, auth: string): Promise<Json> {
  const res = await send(app, "POST", "/api/games", { game, daily: true, name: "Ada" }, auth);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Plays legal moves (picked by a counter) of a Block Blast session to its end; answers the last reply. */
async function playToEnd(app: App, id: string, auth: string): Promise<Json> {
  const url = `/api/games/${id}/commands`;
  let last: Json;
  let pick = 7;
  for (let over = false; !over; ) {
    const legal = await send(app, "POST", url, { cmd: "legal" }, auth);
    pick = (pick * 1_103_515_245 + 12_345) >>> 0;
    last = await send(app, "POST", url, legal.body.legal[pick % legal.body.legal.length], auth);
    expect(last.status, last.text).toBe(200);
    over = last.body.state.over;
  }
  return last;
}

describe("GET /api/daily/:game", () => {
  it("says whether the player may watch today's replays, as the replays' daily lock decides", async () => {
    const clock = { ms: Date.parse("2030-01-09T10:00:00.000Z") };
    const app = await open(clock);
    const ada = await newPlayer(app);
    const me = async () => (await send(app, "GET", "/api/daily/blast", undefined, ada.auth)).body.me;
    const game = await startDaily(app, "blast", ada.auth);
    const end = await playToEnd(app, game.id, ada.auth);
    expect(end.body.state.revivesLeft).toBeGreaterThan(0);
    const replay = `/api/replays/${end.body.entry.replay}`;
    // Over with a revive left: "done" (entered), but the lock still holds for Ada.
    expect(await me()).toMatchObject({ attempt: "done", canWatch: false });
    expect((await send(app, "GET", replay, undefined, ada.auth)).status).toBe(403);
    // Revives used and over again: nothing left to play, and the replay opens for her.
    const url = `/api/games/${game.id}/commands`;
    for (let i = 0; i < 2000; i++) {
      const legal = (await send(app, "POST", url, { cmd: "legal" }, ada.auth)).body.legal;
      if (legal.length === 0) break;
      expect((await send(app, "POST", url, legal[0], ada.auth)).status).toBe(200);
    }
    expect(await me()).toMatchObject({ attempt: "done", canWatch: true });
    expect((await send(app, "GET", replay, undefined, ada.auth)).status).toBe(200);
  });

  it("answers the next start, today's leader, yesterday's best 3, and the player's attempt, rank and streak", async () => {
    const clock = { ms: Date.parse("2030-01-09T22:00:00.000Z") };
    const app = await open(clock);
    const ada = await newPlayer(app);
    const bob = await newPlayer(app);
    const daily = async (auth?: string) => {
      const res = await send(app, "GET", "/api/daily/blast", undefined, auth);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    expect(await daily()).toEqual({
      game: "blast",
      date: "2030-01-09",
      config: {},
      nextAt: "2030-01-10T00:00:00.000Z",
      leader: null,
      yesterday: [],
    });
    expect((await daily(ada.auth)).me).toEqual({ attempt: "none", streak: 0 });
    const game = await startDaily(app, "blast", ada.auth);
    expect((await daily(ada.auth)).me).toEqual({
      attempt: "playing",
      session: game.id,
      streak: 1,
      canWatch: false,
    });
    const end = await playToEnd(app, game.id, ada.auth);
    expect(end.body.entry).toMatchObject({ board: "unaided", day: "2030-01-09", rank: 1 });
    const score = end.body.state.score;
    const after = await daily(ada.auth);
    expect(after.me).toEqual({
      attempt: "done",
      session: game.id,
      score,
      rank: 1,
      board: "unaided",
      streak: 1,
      // Over, but a revive is left: today's replays stay locked (its own test below).
      canWatch: false,
    });
    const board = await send(app, "GET", "/api/leaderboards/blast?day=2030-01-09");
    const replay = board.body.entries[0].replay;
    expect(after.leader).toEqual({ name: "Ada", score, replay });
    // A second game of the day is practice: the attempt stays the first one.
    const practice = await startDaily(app, "blast", ada.auth);
    expect(practice.practice).toBe(true);
    expect((await daily(ada.auth)).me).toMatchObject({ attempt: "done", session: game.id });
    // Others see the leader, not Ada's attempt; Bob has none.
    expect((await daily(bob.auth)).me).toEqual({ attempt: "none", streak: 0 });

    // The next day: yesterday's winners, Ada's streak still stands until she plays (then 2).
    clock.ms += 4 * HOUR;
    const next = await daily(ada.auth);
    expect(next).toMatchObject({ date: "2030-01-10", nextAt: "2030-01-11T00:00:00.000Z", leader: null });
    expect(next.yesterday).toEqual([{ rank: 1, name: "Ada", score, replay }]);
    expect(next.me).toEqual({ attempt: "none", streak: 1 });
    await startDaily(app, "blast", ada.auth);
    expect((await daily(ada.auth)).me).toMatchObject({ attempt: "playing", streak: 2 });
    // Another game's streak is its own.
    expect((await send(app, "GET", "/api/daily/puzzle", undefined, ada.auth)).body.me).toEqual({
      attempt: "none",
      streak: 0,
    });
  });

  it("counts a streak of days in a row, ending today or yesterday, and starts again after a missed day", async () => {
    const clock = { ms: Date.parse("2030-02-25T10:00:00.000Z") };
    const app = await open(clock);
    const ada = await newPlayer(app);
    const streak = async () =>
      (await send(app, "GET", "/api/daily/puzzle", undefined, ada.auth)).body.me.streak as number;
    // Five days in a row across a month's end (2030-02-25 .. 2030-03-01).
    for (let day = 1; day <= 5; day++) {
      await startDaily(app, "puzzle", ada.auth);
      expect(await streak()).toBe(day);
      clock.ms += DAY;
    }
    expect(new Date(clock.ms).toISOString().slice(0, 10)).toBe("2030-03-02");
    // Not played yet today: yesterday's streak stands. A missed day ends it.
    expect(await streak()).toBe(5);
    clock.ms += DAY;
    expect(await streak()).toBe(0);
    await startDaily(app, "puzzle", ada.auth);
    expect(await streak()).toBe(1);
    clock.ms += DAY;
    await startDaily(app, "puzzle", ada.auth);
    expect(await streak()).toBe(2);
  });

  it("plays every game's daily config, written out, and answers it", async () => {
    const app = await open({ ms: WEDNESDAY });
    const ada = await newPlayer(app);
    expect(DAILY_CONFIGS).toEqual({
      blast: {},
      puzzle: { rows: 8, cols: 8 },
      stacker: { size: 12 },
      match3: { mode: "arcade", width: 7, height: 14, bricks: "classic", level: 1 },
      blocky: { maxDepth: 4, players: [{ kind: "human" }, { kind: "smart", difficulty: 3 }], turns: 5 },
    });
    // Blocky's is its engine's default, written out: a change of the default shows here.
    expect(DAILY_CONFIGS.blocky).toEqual(offeredGame("blocky")?.defaultConfig);
    for (const [game, config] of Object.entries(DAILY_CONFIGS)) {
      const daily = await send(app, "GET", `/api/daily/${game}`);
      expect(daily.body.config, game).toEqual(config);
      const session = await startDaily(app, game, ada.auth);
      if (game !== "blast") expect(session.state.config, game).toEqual(config);
    }
    expectRefused(await send(app, "GET", "/api/daily/tetris", undefined, ada.auth), 404, "UNKNOWN_GAME");
  });
});
