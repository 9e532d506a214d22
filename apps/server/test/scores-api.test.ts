/**
 * The leaderboard routes on a real app (inject): ranked seeds, the day's seed, forged scores refused
 * with a clear 4xx in the one error shape, a real finished game accepted, ranked and shown, and ended
 * ranked server sessions entered on their own.
 */
import { blastGame } from "@blockarcade/engine/games/blast";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { dailySeed, utcDay } from "../src/scores/daily.js";
import { MAX_REPLAY_COMMANDS, SCORE_BODY_LIMIT } from "../src/scores/limits.js";
import { SqliteScoreStorage } from "../src/store/sqlite-scores.js";
import {
  issueSeed,
  type PlayedGame,
  playMixed,
  playQuickly,
  type RecordedName,
  replayRecorded,
} from "./scores-support.js";
import { type App, expectErrorShape, type Json, send, tempDataDir } from "./support.js";

const apps: App[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()?.close();
});

/** An app without rate limits: these tests post more games a minute than a player may. */
async function open(dataDir = tempDataDir()): Promise<App> {
  const app = await buildApp({ dataDir, security: { rateLimit: false } });
  apps.push(app);
  return app;
}

async function issue(app: App, game = "blast"): Promise<number> {
  const res = await send(app, "POST", "/api/seeds", { game });
  expect(res.status, res.text).toBe(201);
  expect(res.body).toEqual({ game, seed: res.body.seed, ranked: true });
  return res.body.seed as number;
}

/** A recorded finished game (test/fixtures) on its seed, issued as POST /api/seeds would have. */
async function issueRecorded(app: App, name: RecordedName): Promise<PlayedGame> {
  const game = replayRecorded(name);
  await issueSeed(app, game.state.game, game.seed);
  return game;
}

function post(app: App, body: unknown) {
  return send(app, "POST", "/api/scores", body);
}

async function expectRefused(
  res: { status: number; text: string; body: Json },
  status: number,
  code: string,
) {
  expectErrorShape(res, code);
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  expect(res.body.error.code).toBe(code);
}

describe("seeds", () => {
  it("draws a fresh ranked seed per request; refuses unknown games and fields", async () => {
    const app = await open();
    const seeds = new Set([await issue(app), await issue(app), await issue(app, "puzzle")]);
    expect(seeds.size).toBe(3);
    await expectRefused(await send(app, "POST", "/api/seeds", { game: "tetris" }), 400, "UNKNOWN_GAME");
    await expectRefused(
      await send(app, "POST", "/api/seeds", { game: "blast", seed: 5 }),
      400,
      "BAD_REQUEST",
    );
  });

  it("names the day's seed, the same in every process, and 404 for an unknown game", async () => {
    const [a, b] = [await open(), await open()];
    const [one, two] = [await send(a, "GET", "/api/daily/blast"), await send(b, "GET", "/api/daily/blast")];
    expect(one.status).toBe(200);
    expect(one.body).toEqual(two.body);
    const today = utcDay(new Date());
    expect(one.body).toEqual({ game: "blast", seed: dailySeed("blast", today), date: today });
    expect((await send(a, "GET", "/api/daily/puzzle")).body.seed).not.toBe(one.body.seed);
    await expectRefused(await send(a, "GET", "/api/daily/tetris"), 404, "UNKNOWN_GAME");
  });
});

describe("POST /api/scores: a real finished game", () => {
  it("is accepted, ranked and on the board; its seed cannot be posted again", async () => {
    const app = await open();
    const game = await issueRecorded(app, "blast-1");
    const body = {
      game: "blast",
      seed: game.seed,
      commands: game.moves,
      name: " Ada ",
      score: game.state.score,
    };
    const res = await post(app, body);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ game: "blast", name: "Ada", score: game.state.score, rank: 1 });
    expect(typeof res.body.id).toBe("number");
    expect(Date.parse(res.body.date)).toBeGreaterThan(Date.now() - 60_000);
    // A seed the route drew, and a short game on it.
    const lower = playQuickly(blastGame, await issue(app), undefined);
    const second = await post(app, { game: "blast", seed: lower.seed, commands: lower.moves, name: "Bob" });
    expect(second.status, second.text).toBe(201);
    expect(second.body.rank).toBe(lower.state.score >= game.state.score ? 1 : 2);

    const board = await send(app, "GET", "/api/leaderboards/blast");
    expect(board.status).toBe(200);
    expect(board.body.game).toBe("blast");
    const entries = board.body.entries as Json[];
    expect(entries.map((e) => e.name).sort()).toEqual(["Ada", "Bob"]);
    expect(entries[0].score).toBeGreaterThanOrEqual(entries[1].score);
    expect(entries.find((e) => e.name === "Ada")).toMatchObject({
      score: game.state.score,
      date: res.body.date,
    });

    await expectRefused(await post(app, body), 409, "SEED_CLAIMED");
  });

  it("enters the day's seed once per replay (409 DUPLICATE) and takes yesterday's seed too", async () => {
    const app = await open();
    const today = dailySeed("blast", utcDay(new Date()));
    // Three ai steps, then seeded legal moves: the day's seed changes daily, so it cannot be recorded.
    const game = playMixed(blastGame, today, undefined, 3);
    const body = { game: "blast", seed: today, commands: game.moves, name: "Cy" };
    expect((await post(app, body)).status).toBe(201);
    await expectRefused(await post(app, body), 409, "DUPLICATE");
    // The same game with its first moves sent as the computer player's ai commands is the same replay.
    await expectRefused(await post(app, { ...body, commands: game.records }), 409, "DUPLICATE");
    // Junk fields inside commands are not part of the replay: the same game is the same replay.
    const junk = game.moves.map((move) => ({ ...move, note: "x" }));
    await expectRefused(await post(app, { ...body, commands: junk }), 409, "DUPLICATE");
    const yesterday = dailySeed("blast", utcDay(new Date(Date.now() - 86_400_000)));
    const old = playQuickly(blastGame, yesterday, undefined);
    expect((await post(app, { ...body, seed: yesterday, commands: old.moves })).status).toBe(201);
  });

  it("lets exactly one of two concurrent posts of one issued seed win", async () => {
    const app = await open();
    const game = await issueRecorded(app, "blast-2");
    const seed = game.seed;
    const [a, b] = await Promise.all([
      post(app, { game: "blast", seed, commands: game.moves, name: "One" }),
      post(app, { game: "blast", seed, commands: game.moves, name: "Two" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 409 ? a : b).body.error.code).toBe("SEED_CLAIMED");
    expect((await send(app, "GET", "/api/leaderboards/blast")).body.entries).toHaveLength(1);
  });
});

describe("POST /api/scores: forged scores", () => {
  it("refuses an edited command list, a wrong score, an unfinished game and load/new", async () => {
    const app = await open();
    const game = await issueRecorded(app, "blast-3");
    const base = { game: "blast", seed: game.seed, name: "Eve" };
    // One placement moved: the engine refuses it, or the game it makes differs from the claim.
    const edited = game.moves.map((move, i) =>
      i === 3 ? { ...move, col: ((move.col as number) + 1) % 8 } : move,
    );
    const forged = await post(app, { ...base, commands: edited, score: game.state.score });
    expectErrorShape(forged);
    expect(["BAD_REPLAY", "SCORE_MISMATCH", "NOT_OVER"]).toContain(forged.body.error.code);
    expect(forged.status).toBe(422);
    const more = await post(app, { ...base, commands: game.moves, score: game.state.score + 1000 });
    await expectRefused(more, 422, "SCORE_MISMATCH");
    await expectRefused(await post(app, { ...base, commands: game.moves.slice(0, -1) }), 422, "NOT_OVER");
    const loaded = [{ cmd: "load", state: { game: "blast", score: 999999 } }, ...game.moves];
    await expectRefused(await post(app, { ...base, commands: loaded }), 422, "NOT_RANKABLE");
    await expectRefused(await post(app, { ...base, commands: [{ cmd: "new" }] }), 422, "NOT_RANKABLE");
    const bad = await post(app, { ...base, commands: [{ cmd: "place", piece: 7, row: 0, col: 0 }] });
    await expectRefused(bad, 422, "BAD_REPLAY");
    expect(bad.body.error.message).toMatch(/command 0/);
    // None of these claimed the seed: the real game still enters.
    expect((await post(app, { ...base, commands: game.moves })).status).toBe(201);
  });

  it("refuses seeds it did not issue, issued for another game, or already claimed", async () => {
    const app = await open();
    const theirs = await issue(app);
    const mine = replayRecorded("blast-7");
    expect(mine.seed).toBe(7);
    // Someone else's issued seed with a made-up score: the commands are not that seed's game.
    const stolen = await post(app, {
      game: "blast",
      seed: theirs,
      commands: mine.moves,
      name: "Mal",
      score: 10 ** 7,
    });
    expectErrorShape(stolen);
    expect(stolen.status).toBe(422);
    const notIssued = await post(app, { game: "blast", seed: 7, commands: mine.moves, name: "Mal" });
    await expectRefused(notIssued, 422, "UNRANKED_SEED");
    const puzzleSeed = await issue(app, "puzzle");
    const cross = await post(app, { game: "blast", seed: puzzleSeed, commands: mine.moves, name: "Mal" });
    await expectRefused(cross, 422, "UNRANKED_SEED");
    const real = playQuickly(blastGame, theirs, undefined);
    expect(
      (await post(app, { game: "blast", seed: theirs, commands: real.moves, name: "Owner" })).status,
    ).toBe(201);
    const again = await post(app, {
      game: "blast",
      seed: theirs,
      commands: real.moves,
      name: "Mal",
      score: 10 ** 7,
    });
    await expectRefused(again, 409, "SEED_CLAIMED");
  });

  it("refuses oversize input with 413 TOO_LARGE", async () => {
    const app = await open();
    const seed = await issue(app);
    const many = Array.from({ length: MAX_REPLAY_COMMANDS + 1 }, () => ({ cmd: "state" }));
    await expectRefused(
      await post(app, { game: "blast", seed, commands: many, name: "Big" }),
      413,
      "TOO_LARGE",
    );
    const padding = "x".repeat(SCORE_BODY_LIMIT);
    const huge = await post(app, `{"game":"blast","seed":${seed},"name":"Big","commands":["${padding}"]}`);
    await expectRefused(huge, 413, "TOO_LARGE");
    // Other routes keep the app's 16 KiB limit.
    await expectRefused(
      await send(app, "POST", "/api/seeds", `{"game":"${"x".repeat(20_000)}"}`),
      413,
      "BODY_TOO_LARGE",
    );
  });

  it.each([
    ["empty", ""],
    ["only spaces", "     "],
    ["200 characters", "n".repeat(200)],
    ["control characters", "Ada\u0000\u0007"],
    ["markup", "<script>alert(1)</script>"],
    ["an RTL override", "\u202Eevil"],
  ])("refuses a name that is %s with 400 BAD_NAME", async (_what, name) => {
    const app = await open();
    const seed = await issue(app);
    await expectRefused(await post(app, { game: "blast", seed, commands: [], name }), 400, "BAD_NAME");
  });

  it("refuses unknown fields, odd types and unknown games", async () => {
    const app = await open();
    const seed = await issue(app);
    const base = { game: "blast", seed, commands: [], name: "Ada" };
    const extra = await post(app, { ...base, verified: true });
    await expectRefused(extra, 400, "BAD_REQUEST");
    expect(extra.body.error.message).toMatch(/verified/);
    await expectRefused(await post(app, { ...base, seed: "5" }), 400, "BAD_REQUEST");
    await expectRefused(await post(app, { ...base, commands: "place" }), 400, "BAD_REQUEST");
    await expectRefused(await post(app, { ...base, score: -1 }), 400, "BAD_REQUEST");
    await expectRefused(await post(app, { ...base, name: 5 }), 400, "BAD_REQUEST");
    await expectRefused(await post(app, { ...base, game: "tetris" }), 400, "UNKNOWN_GAME");
    await expectRefused(await post(app, { ...base, config: { size: 99 } }), 400, "BAD_CONFIG");
  });
});

describe("GET /api/leaderboards/:game", () => {
  it("keeps one board per config: 8x8 and 10x10 Puzzle are separate, {} is the default board", async () => {
    const app = await open();
    const entered: Record<string, number> = {};
    for (const [label, name] of [
      ["8x8", "puzzle-8x8"],
      ["10x10", "puzzle-10x10"],
    ] as const) {
      const game = await issueRecorded(app, name);
      const { seed, config } = game;
      const res = await post(app, { game: "puzzle", seed, config, commands: game.moves, name: label });
      expect(res.status, res.text).toBe(201);
      expect(res.body.rank).toBe(1);
      entered[label] = game.state.score;
    }
    const board = (query: string) => send(app, "GET", `/api/leaderboards/puzzle${query}`);
    const small = await board("");
    expect(small.body.config).toEqual({ rows: 8, cols: 8 });
    expect(small.body.entries).toMatchObject([{ rank: 1, name: "8x8", score: entered["8x8"] }]);
    for (const query of ["?config=%7B%7D", `?config=${encodeURIComponent('{"cols":8,"rows":8}')}`]) {
      expect((await board(query)).body).toEqual(small.body);
    }
    const big = await board(`?config=${encodeURIComponent('{"rows":10,"cols":10}')}`);
    expect(big.body.entries).toMatchObject([{ rank: 1, name: "10x10", score: entered["10x10"] }]);
    expect((await board(`?config=${encodeURIComponent('{"rows":6,"cols":6}')}`)).body.entries).toEqual([]);
  });

  it("answers at most `limit` entries, best first, ranks ties alike, and refuses bad queries", async () => {
    const app = await open();
    const games = [
      await issueRecorded(app, "blast-1"),
      await issueRecorded(app, "blast-2"),
      await issueRecorded(app, "blast-3"),
    ];
    for (const [i, game] of games.entries()) {
      const res = await post(app, { game: "blast", seed: game.seed, commands: game.moves, name: `P${i}` });
      expect(res.status, res.text).toBe(201);
    }
    const scores = games.map((game) => game.state.score).sort((a, b) => b - a);
    const top = await send(app, "GET", "/api/leaderboards/blast?limit=1");
    expect(top.body.entries).toEqual([
      { rank: 1, name: expect.any(String), score: scores[0], date: expect.any(String) },
    ]);
    const all = await send(app, "GET", "/api/leaderboards/blast?limit=100");
    expect(all.body.entries.map((e: Json) => e.score)).toEqual(scores);
    // Two more entries with equal scores (written straight to the score storage): they share a rank.
    const handle = app.storage.handle;
    if (handle.kind !== "sqlite") throw new Error("these tests run on SQLite");
    const storage = new SqliteScoreStorage(handle.db);
    for (const name of ["Tie1", "Tie2"]) {
      const row = { game: "blast", configKey: "{}", name, score: 10 ** 9, seed: 1, replayHash: name };
      expect(await storage.enter({ ...row, createdAt: new Date() }, "once-per-replay")).toMatchObject({
        rank: 1,
      });
    }
    const ties = await send(app, "GET", "/api/leaderboards/blast?limit=3");
    expect(ties.body.entries.map((e: Json) => [e.rank, e.name])).toEqual([
      [1, "Tie1"],
      [1, "Tie2"],
      [3, expect.any(String)],
    ]);
    for (const query of ["?limit=0", "?limit=101", "?limit=ten", "?sort=asc"]) {
      await expectRefused(await send(app, "GET", `/api/leaderboards/blast${query}`), 400, "BAD_REQUEST");
    }
    await expectRefused(await send(app, "GET", "/api/leaderboards/blast?config=%7Bnope"), 400, "BAD_CONFIG");
    await expectRefused(
      await send(app, "GET", "/api/leaderboards/puzzle?config=%7B%22rows%22%3A99%7D"),
      400,
      "BAD_CONFIG",
    );
    await expectRefused(await send(app, "GET", "/api/leaderboards/tetris"), 404, "UNKNOWN_GAME");
  });
});

describe("server sessions", () => {
  it("enter a ranked session's score when its game ends, and not an unranked one", async () => {
    const app = await open();
    // Legal moves picked by a counter, asked of the session itself: a short game, whatever the seed.
    const play = async (body: object) => {
      const created = await send(app, "POST", "/api/games", body);
      expect(created.status, created.text).toBe(201);
      const commands = `/api/games/${created.body.id}/commands`;
      let state = created.body.state;
      let pick = 1;
      while (!state.over) {
        const legal = await send(app, "POST", commands, { cmd: "legal" });
        expect(legal.status, legal.text).toBe(200);
        pick = (pick * 1_103_515_245 + 12_345) >>> 0;
        const res = await send(app, "POST", commands, legal.body.legal[pick % legal.body.legal.length]);
        expect(res.status, res.text).toBe(200);
        state = res.body.state;
      }
      return state.score as number;
    };
    const score = await play({ game: "blast", name: "Sam" });
    await play({ game: "blast", seed: 3, name: "Picked" });
    const board = await send(app, "GET", "/api/leaderboards/blast");
    expect(board.body.entries).toMatchObject([{ rank: 1, name: "Sam", score }]);
  });
});
