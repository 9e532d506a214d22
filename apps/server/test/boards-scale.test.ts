/**
 * Boards at 10^5 entries on SQLite and on a real PostgreSQL: pages, periods and "around me" answered
 * by the Leaderboards service on its storage (the route's own call) equal the board computed here in
 * JS from the same rows. The rows are written by one INSERT ... SELECT (a recursive CTE in SQLite,
 * generate_series in PostgreSQL), not 10^5 calls. The queries are checked to run on indexes.
 */
import type Database from "better-sqlite3";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailySeed } from "../src/scores/daily.js";
import { type BoardQuery, Leaderboards, type Period, periodStart } from "../src/scores/leaderboards.js";
import { PostgresScoreStorage } from "../src/store/postgres-scores.js";
import type { ScoreStorage } from "../src/store/scores.js";
import { SqliteScoreStorage } from "../src/store/sqlite-scores.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import { migratedPostgres, migratedSqlite } from "./scores-support.js";
import type { Json } from "./support.js";

const N = 100_000;
const T0 = Date.parse("2030-01-01T00:00:00.000Z");
/** A Friday after the last entry (2030-01-18 08:39:30): this week began on Monday 2030-01-14. */
const NOW = new Date("2030-01-18T12:00:00.000Z");
const PLAYERS = 997;

/**
 * Row i: score (i * 7919) mod 20011 (about 5 entries per score: ties everywhere), entered at
 * T0 + 30 s * floor(i / 2) (pairs entered at the same time: the id decides), player p(i mod 997),
 * every 50th on the help board (another board, which must not count).
 */
const SQLITE_FILL = `INSERT INTO scores (game, config_key, name, score, seed, replay_hash, created_at, board, day, player)
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${N - 1})
  SELECT 'blast', '{}', 'p' || (i % ${PLAYERS}), (i * 7919) % 20011, i, 'r' || i,
    strftime('%Y-%m-%dT%H:%M:%fZ', ${T0 / 1000} + (i / 2) * 30, 'unixepoch'),
    CASE WHEN i % 50 = 0 THEN 'help' ELSE 'unaided' END, '', 'p' || (i % ${PLAYERS})
  FROM n`;
const POSTGRES_FILL = `INSERT INTO scores (game, config_key, name, score, seed, replay_hash, created_at, board, day, player)
  SELECT 'blast', '{}', 'p' || (i % ${PLAYERS}), (i::bigint * 7919) % 20011, i, 'r' || i,
    to_timestamp(${T0 / 1000} + (i / 2) * 30),
    CASE WHEN i % 50 = 0 THEN 'help' ELSE 'unaided' END, '', 'p' || (i % ${PLAYERS})
  FROM generate_series(0, ${N - 1}) AS i`;

interface Row {
  id: number;
  name: string;
  score: number;
  at: number;
  player: string;
}

/** The unaided board in JS: board order and ranks (1 + strictly higher), as the contract says. */
function boardOf(rows: Row[], period: Period): (Json & { player: string })[] {
  const since = periodStart(period, NOW)?.getTime() ?? 0;
  const sorted = rows
    .filter((row) => row.at >= since)
    .sort((a, b) => b.score - a.score || a.at - b.at || a.id - b.id);
  let rank = 0;
  return sorted.map((row, i) => {
    if (i === 0 || row.score !== sorted[i - 1]?.score) rank = i + 1;
    const entry = {
      rank,
      name: row.name,
      score: row.score,
      date: new Date(row.at).toISOString(),
      replay: row.id,
    };
    return Object.defineProperty(entry, "player", { value: row.player, enumerable: false }) as Json;
  });
}

/** What `around=me` must answer for `player` on a board computed in JS. */
function meOf(board: Json[], player: string): Json {
  const at = board.findIndex((entry) => entry.player === player);
  if (at < 0) return null;
  return {
    rank: board[at].rank,
    entry: { ...board[at] },
    around: board.slice(Math.max(0, at - 2), at + 3).map((e) => ({ ...e })),
  };
}

interface Opened {
  storage: ScoreStorage;
  rows: () => Promise<Row[]>;
  /** Runs SQL with positional values (`?` in SQLite, `$n` in PostgreSQL: `sql` gives either). */
  exec: (sql: (placeholder: (n: number) => string) => string, values: unknown[]) => Promise<void>;
}

const SECRET = "secret";
const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

function scaleContract(open: () => Promise<Opened>): void {
  let storage: ScoreStorage;
  let rows: Row[];
  let exec: Opened["exec"];
  beforeAll(async () => {
    const opened = await open();
    storage = opened.storage;
    exec = opened.exec;
    rows = await opened.rows();
  }, 120_000);

  it("answers the day's leader, yesterday's best 3, a player's attempt, rank and streak from the stored rows", async () => {
    const leaderboards = new Leaderboards(storage, SECRET, () => NOW);
    const attempt = (player: string, on: string, session: string) =>
      exec(
        (n) =>
          `INSERT INTO daily_attempts (game, day, player, session_id) VALUES (${[1, 2, 3, 4].map(n).join(", ")})`,
        ["blast", on, player, session],
      );
    const entry = (player: string, on: string, score: number, session: string, board = "unaided") =>
      exec(
        (n) =>
          `INSERT INTO scores (game, config_key, name, score, seed, replay_hash, created_at, board, day, player)
           VALUES (${Array.from({ length: 10 }, (_, i) => n(i + 1)).join(", ")})`,
        [
          "blast",
          "{}",
          player.toUpperCase(),
          score,
          dailySeed(SECRET, "blast", on),
          `session:${session}`,
          // In SQLite an ISO text, in PostgreSQL a timestamptz: both read the same text.
          new Date(Date.parse(`${on}T10:00:00.000Z`) + score).toISOString(),
          board,
          on,
          player,
        ],
      );
    // Ada: five days in a row up to today, and one before a gap of two days.
    for (const [offset, session] of [
      [-7, "a7"],
      [-4, "a4"],
      [-3, "a3"],
      [-2, "a2"],
      [-1, "a1"],
      [0, "a0"],
    ] as const) {
      await attempt("ada", day(offset), session);
    }
    await entry("ada", day(0), 500, "a0");
    await entry("bob", day(0), 700, "b0");
    await entry("cy", day(0), 500, "c0");
    await entry("dee", day(0), 900, "d0", "help");
    for (const [player, score] of [
      ["ada", 10],
      ["bob", 40],
      ["cy", 40],
      ["eve", 20],
    ] as const) {
      await entry(player, day(-1), score, `${player}-y`);
    }
    // Bob started yesterday and today, never finished today's; his streak needs no entry.
    await attempt("bob", day(-1), "b1");
    await attempt("bob", day(0), "b-playing");
    // A streak longer than one page of attempts (STREAK_PAGE, 400), ending yesterday.
    for (let i = 1; i <= 450; i++) await attempt("long", day(-i), `l${i}`);

    const ada = await leaderboards.daily("blast", "ada");
    expect(ada).toMatchObject({ date: day(0), nextAt: `${day(1)}T00:00:00.000Z` });
    expect(ada.leader).toMatchObject({ name: "BOB", score: 700 });
    expect(ada.yesterday.map((e) => [e.rank, e.name, e.score])).toEqual([
      [1, "BOB", 40],
      [1, "CY", 40],
      [3, "EVE", 20],
    ]);
    expect(ada.me).toEqual({
      attempt: "done",
      session: "a0",
      score: 500,
      rank: 2,
      board: "unaided",
      streak: 5,
    });
    expect((await leaderboards.daily("blast", "bob")).me).toEqual({
      attempt: "playing",
      session: "b-playing",
      streak: 2,
    });
    expect((await leaderboards.daily("blast", "long")).me).toEqual({ attempt: "none", streak: 450 });
    expect((await leaderboards.daily("blast", "nobody")).me).toEqual({ attempt: "none", streak: 0 });
    expect((await leaderboards.daily("puzzle", "ada")).me).toEqual({ attempt: "none", streak: 0 });
    // The sessions say whether a game is over when asked (a Block Blast game revived plays on).
    const revived = await leaderboards.daily("blast", "ada", async () => false);
    expect(revived.me).toMatchObject({ attempt: "playing", score: 500 });
  });

  it("answers pages, totals and around=me of every period at 10^5 entries as computed from the rows", async () => {
    expect(rows.length).toBe(N - N / 50);
    const leaderboards = new Leaderboards(storage, "secret", () => NOW);
    const query = (fields: Partial<BoardQuery>): BoardQuery => ({ limit: 10, offset: 0, ...fields });
    for (const period of ["all", "week", "today"] as const) {
      const board = boardOf(rows, period);
      // Each period holds a part of the board (the fill spans 17 days).
      expect(board.length, period).toBeGreaterThan(1000);
      for (const [offset, limit] of [
        [0, 10],
        [Math.floor(board.length / 2), 100],
        [board.length - 3, 10],
      ] as const) {
        const answer = await leaderboards.board("blast", query({ period, offset, limit }));
        expect(answer.total, period).toBe(board.length);
        expect(answer.entries, `${period} at ${offset}`).toEqual(
          board.slice(offset, offset + limit).map((e) => ({ ...e })),
        );
      }
      // The top player, players in the middle and at the bottom, and someone with no entry.
      const players = new Set([
        board[0]?.player,
        board[Math.floor(board.length / 3)]?.player,
        board[Math.floor(board.length / 2)]?.player,
        board[board.length - 1]?.player,
        "p0",
        "p996",
        "nobody",
      ]);
      for (const player of players) {
        const answer = await leaderboards.board("blast", query({ period, around: player }));
        expect(answer.me, `${period} ${player}`).toEqual(meOf(board, player as string));
      }
    }
  });
}

describe("boards at 10^5 entries: SQLite", () => {
  let db: Database.Database;
  scaleContract(async () => {
    db = migratedSqlite();
    db.prepare(SQLITE_FILL).run();
    return {
      storage: new SqliteScoreStorage(db),
      exec: async (sql, values) => {
        db.prepare(sql(() => "?")).run(...(values as string[]));
      },
      rows: async () =>
        (
          db
            .prepare("SELECT id, name, score, created_at, player FROM scores WHERE board = 'unaided'")
            .all() as { id: number; name: string; score: number; created_at: string; player: string }[]
        ).map((row) => ({ ...row, at: Date.parse(row.created_at) })),
    };
  });

  it("runs every board query on an index, and sorts nothing but a player's or a page's own rows", () => {
    const board = "game = 'blast' AND config_key = '{}' AND board = 'unaided' AND day = ''";
    for (const where of [board, `${board} AND created_at >= '2030-01-14T00:00:00.000Z'`]) {
      const plans = [
        `SELECT COUNT(*) FROM scores WHERE ${where}`,
        `SELECT COUNT(*) FROM scores WHERE ${where} AND score > 10000`,
        `SELECT COUNT(*) FROM scores WHERE ${where} AND score = 10000 AND (created_at, id) < ('2030-01-10', 5)`,
        `SELECT id FROM scores INDEXED BY scores_boards WHERE ${where} ORDER BY score DESC, created_at, id LIMIT 10 OFFSET 500`,
        `SELECT id FROM scores INDEXED BY scores_player WHERE player = 'p5' AND ${where} ORDER BY score DESC, created_at, id LIMIT 1`,
        // The seeks around an entry, backwards above it and forwards below it.
        `SELECT id FROM scores INDEXED BY scores_boards WHERE ${where} AND score = 10000 AND (created_at, id) < ('2030-01-10', 5) ORDER BY created_at DESC, id DESC LIMIT 3`,
        `SELECT id FROM scores INDEXED BY scores_boards WHERE ${where} AND score > 10000 ORDER BY score, created_at DESC, id DESC LIMIT 3`,
        `SELECT id FROM scores INDEXED BY scores_boards WHERE ${where} AND score = 10000 AND (created_at, id) > ('2030-01-10', 5) ORDER BY score DESC, created_at, id LIMIT 2`,
        `SELECT id FROM scores INDEXED BY scores_boards WHERE ${where} AND score < 10000 ORDER BY score DESC, created_at, id LIMIT 2`,
      ].map((sql) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
          .map((row) => row.detail)
          .join("; "),
      );
      for (const plan of plans) {
        expect(plan).toMatch(/^SEARCH scores USING (COVERING )?INDEX scores_(boards|period|player)/);
        expect(plan).not.toMatch(/TEMP B-TREE/);
      }
    }
  });
});

describe.skipIf(postgresSkipReason !== undefined)("boards at 10^5 entries: PostgreSQL", () => {
  let server: TestPostgres;
  let pool: pg.Pool;
  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });
  scaleContract(async () => {
    server = await startPostgres();
    pool = await migratedPostgres(await freshDatabase(server));
    await pool.query(POSTGRES_FILL);
    await pool.query("ANALYZE scores");
    return {
      storage: new PostgresScoreStorage(pool),
      exec: async (sql, values) => {
        await pool.query(
          sql((n) => `$${n}`),
          values,
        );
      },
      rows: async () =>
        (
          await pool.query<{ id: string; name: string; score: string; created_at: Date; player: string }>(
            "SELECT id, name, score, created_at, player FROM scores WHERE board = 'unaided'",
          )
        ).rows.map((row) => ({
          id: Number(row.id),
          name: row.name,
          score: Number(row.score),
          at: row.created_at.getTime(),
          player: row.player,
        })),
    };
  });

  // Counting a whole board is a pass over its rows (here the whole table, where a sequential scan
  // is the planner's right choice); the queries that touch a part of it must find that part by index.
  it("finds the top, a player's best, a high rank and a period's entries by index, never a sequential scan", async () => {
    const board = "game = 'blast' AND config_key = '{}' AND board = 'unaided' AND day = ''";
    const today = `${board} AND created_at >= '2030-01-18T00:00:00Z'`;
    for (const sql of [
      `SELECT id FROM scores WHERE ${board} ORDER BY score DESC, created_at, id LIMIT 10`,
      `SELECT id FROM scores WHERE ${board} AND player = 'p5' ORDER BY score DESC, created_at, id LIMIT 1`,
      `SELECT id FROM scores WHERE ${today} AND player = 'p5' ORDER BY score DESC, created_at, id LIMIT 1`,
      `SELECT COUNT(*) FROM scores WHERE ${board} AND score > 19900`,
      `SELECT COUNT(*) FROM scores WHERE ${today}`,
      `SELECT COUNT(*) FROM scores WHERE ${today} AND score > 10000`,
    ]) {
      const plan = (await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`)).rows
        .map((row) => row["QUERY PLAN"])
        .join("\n");
      expect(plan, sql).toMatch(/Index (Only )?Scan/);
      expect(plan, sql).not.toMatch(/Seq Scan/);
    }
  });
});
