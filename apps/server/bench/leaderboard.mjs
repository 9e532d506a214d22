/**
 * Leaderboard query time at a million rows (docs/service.md "Leaderboards"): fills one board with
 * 10^6 scores in SQLite (a temp file) and, when DATABASE_URL is set, in PostgreSQL (a throwaway
 * schema, dropped after), then times the top-10 query and the rank count of a new entry, and the
 * boards of issue 23 as GET /api/leaderboards asks them (the Leaderboards service: a page with its
 * total and ranks, at the top, deep, of this week and of today, and around=me). One JSON line per
 * backend and query: median and p95 in milliseconds.
 *
 *   npx tsc -b && node apps/server/bench/leaderboard.mjs [rows] [runs]
 *   DATABASE_URL=postgres://... node apps/server/bench/leaderboard.mjs
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { Leaderboards } from "../dist/src/scores/leaderboards.js";
import { MIGRATIONS } from "../dist/src/store/migrations.js";
import { PostgresScoreStorage } from "../dist/src/store/postgres-scores.js";
import { SqliteScoreStorage } from "../dist/src/store/sqlite-scores.js";

const ROWS = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 200);
const T0 = Date.parse("2030-01-01T00:00:00Z");

/** Scores spread over 0..10^6 (a pseudo-random walk), one board: the worst case for one query. */
const scoreOf = (i) => (i * 7919) % 1_000_003;

async function time(run) {
  const samples = [];
  const cpu = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    await run(i);
    const spent = process.cpuUsage(used);
    samples.push(performance.now() - start);
    // This process's CPU time (SQLite's work; PostgreSQL's happens in its server, not counted here).
    cpu.push((spent.user + spent.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const at = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
  return {
    runs: RUNS,
    medianMs: round(at(samples, 0.5)),
    p95Ms: round(at(samples, 0.95)),
    cpuMedianMs: round(at(cpu, 0.5)),
  };
}

const round = (ms) => Math.round(ms * 1000) / 1000;
const report = (fields) => console.log(JSON.stringify({ rows: ROWS, ...fields }));

async function sqlite() {
  const dir = mkdtempSync(join(tmpdir(), "ba-bench-"));
  const db = new Database(join(dir, "bench.sqlite"));
  db.pragma("journal_mode = WAL");
  for (const migration of MIGRATIONS) db.exec(migration.sqlite);
  const fillStart = performance.now();
  const insert = db.prepare(
    "INSERT INTO scores (game, config_key, name, score, seed, replay_hash, created_at, player) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      insert.run(
        "blast",
        "{}",
        `p${i % 9973}`,
        scoreOf(i),
        i,
        `r${i}`,
        new Date(T0 + i * 1000).toISOString(),
        `p${i % 9973}`,
      );
    }
  })();
  report({ backend: "sqlite", step: "fill", ms: Math.round(performance.now() - fillStart) });
  await measure("sqlite", new SqliteScoreStorage(db), (score) =>
    db
      .prepare("SELECT COUNT(*) FROM scores WHERE game = 'blast' AND config_key = '{}' AND score > ?")
      .pluck()
      .get(score),
  );
  db.close();
  rmSync(dir, { recursive: true, force: true });
}

async function postgres(url) {
  const schema = `bench_leaderboard_${process.pid}`;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
  try {
    for (const migration of MIGRATIONS) await pool.query(migration.postgres);
    const fillStart = performance.now();
    await pool.query(
      `INSERT INTO scores (game, config_key, name, score, seed, replay_hash, created_at, player)
       SELECT 'blast', '{}', 'p' || (i % 9973), (i::bigint * 7919) % 1000003, i, 'r' || i,
              timestamptz '2030-01-01' + i * interval '1 second', 'p' || (i % 9973)
       FROM generate_series(0, $1 - 1) AS i`,
      [ROWS],
    );
    await pool.query("ANALYZE scores");
    report({ backend: "postgres", step: "fill", ms: Math.round(performance.now() - fillStart) });
    await measure("postgres", new PostgresScoreStorage(pool), async (score) =>
      pool.query("SELECT COUNT(*) FROM scores WHERE game = 'blast' AND config_key = '{}' AND score > $1", [
        score,
      ]),
    );
  } finally {
    await pool.end();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

/** Top 10 of the board; the rank of a new entry near the top, in the middle and at the bottom. */
async function measure(backend, storage, countHigher) {
  await storage.top("blast", "{}", 10);
  report({ backend, query: "top10", ...(await time(() => storage.top("blast", "{}", 10))) });
  for (const [where, score] of [
    ["top", 999_990],
    ["middle", 500_000],
    ["bottom", 10],
  ]) {
    report({ backend, query: `rank-${where}`, ...(await time(() => countHigher(score))) });
  }
  // The entries span ROWS seconds from T0 (a Tuesday); "now" is an hour after the last.
  const now = new Date(T0 + ROWS * 1000 + 3_600_000);
  const boards = new Leaderboards(storage, "bench", () => now);
  const page = (fields) => () => boards.board("blast", { limit: 10, offset: 0, ...fields });
  for (const [query, run] of [
    ["board-top10", page({})],
    ["board-offset-middle", page({ offset: Math.floor(ROWS / 2) })],
    ["board-week-top10", page({ period: "week" })],
    ["board-today-top10", page({ period: "today" })],
    ["board-around-me", page({ around: "p4321" })],
    ["board-week-around-me", page({ period: "week", around: "p4321" })],
  ]) {
    report({ backend, query, ...(await time(run)) });
  }
}

await sqlite();
if (process.env.DATABASE_URL) await postgres(process.env.DATABASE_URL);
else report({ backend: "postgres", skipped: "set DATABASE_URL to measure PostgreSQL" });
