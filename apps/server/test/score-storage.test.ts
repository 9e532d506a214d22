/**
 * The leaderboards' storage on both backends: seeds issued and claimed once, one entry per replay,
 * boards ordered and separated by config, concurrent claims of one seed, and the board query on
 * the scores_board index at a million rows.
 */
import type Database from "better-sqlite3";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresScoreStorage } from "../src/store/postgres-scores.js";
import type { NewScore, ScoreStorage } from "../src/store/scores.js";
import { SqliteScoreStorage } from "../src/store/sqlite-scores.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import { migratedPostgres, migratedSqlite } from "./scores-support.js";

const T0 = Date.parse("2030-01-02T03:04:05.000Z");

function entry(fields: Partial<NewScore>): NewScore {
  return {
    game: "blast",
    configKey: "{}",
    name: "Ada",
    score: 100,
    seed: 1,
    replayHash: `h${Math.random()}`,
    createdAt: new Date(T0),
    ...fields,
  };
}

/** The same behaviour, whichever backend: `open` gives a fresh, migrated storage. */
function storageContract(open: () => Promise<ScoreStorage>): void {
  it("issues a seed once, and it is claimed by exactly one entry", async () => {
    const storage = await open();
    expect(await storage.seedStatus("blast", 7)).toBe("not-issued");
    expect(await storage.issueSeed("blast", 7, new Date(T0))).toBe(true);
    expect(await storage.issueSeed("blast", 7, new Date(T0))).toBe(false);
    expect(await storage.seedStatus("blast", 7)).toBe("open");
    expect(await storage.seedStatus("puzzle", 7)).toBe("not-issued");
    expect(await storage.enter(entry({ seed: 7 }), "issued-seed")).toMatchObject({ ok: true, rank: 1 });
    expect(await storage.seedStatus("blast", 7)).toBe("claimed");
    expect(await storage.enter(entry({ seed: 7 }), "issued-seed")).toEqual({
      ok: false,
      code: "SEED_CLAIMED",
    });
    expect(await storage.enter(entry({ seed: 8 }), "issued-seed")).toEqual({
      ok: false,
      code: "UNRANKED_SEED",
    });
    expect(await storage.top("blast", "{}", 10)).toHaveLength(1);
  });

  it("expires seeds left unclaimed, and the sweep deletes those and nothing else", async () => {
    const storage = await open();
    const hour = 3_600_000;
    const since = new Date(T0 + hour);
    await storage.issueSeed("blast", 1, new Date(T0));
    await storage.issueSeed("blast", 2, new Date(T0 + 2 * hour));
    await storage.issueSeed("blast", 3, new Date(T0));
    await storage.issueSeed("blast", 4, new Date(T0 + 2 * hour));
    expect(await storage.enter(entry({ seed: 3 }), "issued-seed")).toMatchObject({ ok: true });
    expect(await storage.seedStatus("blast", 1, since)).toBe("expired");
    expect(await storage.seedStatus("blast", 1)).toBe("open");
    expect(await storage.seedStatus("blast", 2, since)).toBe("open");
    expect(await storage.seedStatus("blast", 3, since)).toBe("claimed");
    expect(await storage.enter(entry({ seed: 1 }), "issued-seed", since)).toEqual({
      ok: false,
      code: "SEED_EXPIRED",
    });
    expect(await storage.enter(entry({ seed: 2 }), "issued-seed", since)).toMatchObject({ ok: true });
    expect(await storage.deleteExpiredSeeds(since)).toBe(1);
    expect(await storage.seedStatus("blast", 1)).toBe("not-issued");
    expect(await storage.seedStatus("blast", 2)).toBe("claimed");
    expect(await storage.seedStatus("blast", 3)).toBe("claimed");
    expect(await storage.seedStatus("blast", 4, since)).toBe("open");
    expect(await storage.deleteExpiredSeeds(since)).toBe(0);
  });

  it("enters one replay once", async () => {
    const storage = await open();
    expect((await storage.enter(entry({ replayHash: "same" }), "once-per-replay")).ok).toBe(true);
    expect(await storage.enter(entry({ replayHash: "same" }), "once-per-replay")).toEqual({
      ok: false,
      code: "DUPLICATE",
    });
    expect((await storage.enter(entry({ replayHash: "other" }), "once-per-replay")).ok).toBe(true);
  });

  it("orders a board by score, earlier first among equals, ranks by strictly higher scores, one board per config", async () => {
    const storage = await open();
    const at = (s: number) => new Date(T0 + s * 1000);
    await storage.enter(entry({ name: "late", score: 50, createdAt: at(9) }), "once-per-replay");
    await storage.enter(entry({ name: "early", score: 50, createdAt: at(1) }), "once-per-replay");
    await storage.enter(entry({ name: "best", score: 90, createdAt: at(5) }), "once-per-replay");
    await storage.enter(
      entry({ name: "big board", score: 999, configKey: '{"cols":10}' }),
      "once-per-replay",
    );
    await storage.enter(entry({ name: "other game", score: 999, game: "puzzle" }), "once-per-replay");
    const tied = await storage.enter(entry({ name: "tie", score: 50, createdAt: at(20) }), "once-per-replay");
    expect(tied).toMatchObject({ ok: true, rank: 2 });
    const board = await storage.top("blast", "{}", 10);
    expect(board.map((row) => [row.name, row.score])).toEqual([
      ["best", 90],
      ["early", 50],
      ["late", 50],
      ["tie", 50],
    ]);
    expect(board[1]?.createdAt.toISOString()).toBe(at(1).toISOString());
    expect((await storage.top("blast", "{}", 2)).map((row) => row.name)).toEqual(["best", "early"]);
    expect((await storage.top("blast", '{"cols":10}', 10)).map((row) => row.name)).toEqual(["big board"]);
    const low = await storage.enter(entry({ score: 10 }), "once-per-replay");
    expect(low).toMatchObject({ ok: true, rank: 5 });
  });

  it("lets exactly one of many concurrent claims of one seed win", async () => {
    const storage = await open();
    await storage.issueSeed("blast", 42, new Date(T0));
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => storage.enter(entry({ seed: 42, name: `p${i}` }), "issued-seed")),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.code)).toEqual(
      Array(7).fill("SEED_CLAIMED"),
    );
    expect(await storage.top("blast", "{}", 10)).toHaveLength(1);
  });
}

describe("leaderboard storage: SQLite", () => {
  storageContract(async () => new SqliteScoreStorage(migratedSqlite()));

  // 10^5 rows: the plan is the same at any size (no ANALYZE statistics); the bench times 10^6.
  it("answers a board of 10^5 rows from the scores_board index", () => {
    const db = migratedSqlite();
    fillSqlite(db, 100_000);
    expect(db.prepare("SELECT COUNT(*) FROM scores").pluck().get()).toBe(100_000);
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT name, score, created_at FROM scores WHERE game = ? AND config_key = ?
         ORDER BY score DESC, created_at LIMIT ?`,
      )
      .all("blast", "{}", 10) as { detail: string }[];
    const details = plan.map((row) => row.detail).join("; ");
    expect(details).toMatch(/USING INDEX scores_board/);
    // The index gives the order: no sort step over the board's rows.
    expect(details).not.toMatch(/TEMP B-TREE/);
    const storage = new SqliteScoreStorage(db);
    return storage.top("blast", "{}", 10).then((top) => {
      expect(top).toHaveLength(10);
      const best = db
        .prepare("SELECT MAX(score) FROM scores WHERE game = 'blast' AND config_key = '{}'")
        .pluck()
        .get();
      expect(top[0]?.score).toBe(best);
      for (let i = 1; i < top.length; i++) expect(top[i - 1]!.score).toBeGreaterThanOrEqual(top[i]!.score);
    });
  });
});

/** Test-only fast path: one transaction, one prepared insert, three games' boards mixed. */
function fillSqlite(db: Database.Database, rows: number): void {
  const insert = db.prepare(
    "INSERT INTO scores (game, config_key, name, score, seed, replay_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const games = ["blast", "puzzle", "stacker"];
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const created = new Date(T0 + i * 1000).toISOString();
      insert.run(games[i % 3], "{}", `p${i % 9973}`, (i * 7919) % 1_000_003, i, `r${i}`, created);
    }
  })();
}

describe.skipIf(postgresSkipReason !== undefined)("leaderboard storage: PostgreSQL", () => {
  let server: TestPostgres;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    for (const pool of pools) await pool.end();
    await server?.stop();
  });
  const open = async () => {
    const pool = await migratedPostgres(await freshDatabase(server));
    pools.push(pool);
    return pool;
  };
  storageContract(async () => new PostgresScoreStorage(await open()));

  it("answers a large board from the scores_board index", async () => {
    const pool = await open();
    await pool.query(
      `INSERT INTO scores (game, config_key, name, score, seed, replay_hash, created_at)
       SELECT (ARRAY['blast','puzzle','stacker'])[1 + i % 3], '{}', 'p' || (i % 9973), (i * 7919) % 1000003, i,
              'r' || i, timestamptz '2030-01-01' + i * interval '1 second'
       FROM generate_series(1, 200000) AS i`,
    );
    await pool.query("ANALYZE scores");
    const plan = await pool.query(
      `EXPLAIN SELECT name, score, created_at FROM scores WHERE game = $1 AND config_key = $2
       ORDER BY score DESC, created_at LIMIT $3`,
      ["blast", "{}", 10],
    );
    const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/Index Scan using scores_board/);
    expect(text).not.toMatch(/Sort/);
    const top = await new PostgresScoreStorage(pool).top("blast", "{}", 10);
    expect(top).toHaveLength(10);
    const best = await pool.query("SELECT MAX(score)::int AS m FROM scores WHERE game = 'blast'");
    expect(top[0]?.score).toBe(best.rows[0].m);
  });
});
