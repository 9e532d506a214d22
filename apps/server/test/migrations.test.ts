/**
 * Databases made by an earlier version of the service migrate in place, on both backends: a session
 * stored before migration 003 (when the session row kept a length column in step with its log) is
 * read back at the same length and plays on, and the column is gone.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Database from "better-sqlite3";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Sessions } from "../src/sessions.js";
import { MIGRATIONS } from "../src/store/migrations.js";
import { openPostgres } from "../src/store/postgres.js";
import type { SessionStorage } from "../src/store/sessions.js";
import { openSqlite } from "../src/store/sqlite.js";
import { oldPostgres, oldSqlite } from "./old-database.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";

/** Before migration 003: the first two migrations. */
const BEFORE = 2;
const COMMANDS = ['{"cmd":"tick"}', '{"cmd":"key","key":"A"}', '{"cmd":"tick"}'];

let cluster: TestPostgres | undefined;
const opened: SessionStorage[] = [];

beforeAll(async () => {
  if (postgresSkipReason === undefined) cluster = await startPostgres();
});

afterAll(async () => {
  for (const storage of opened) await storage.close().catch(() => {});
  await cluster?.stop();
});

/** The session as the old version left it, then as the migrated service reads and plays it. */
async function playsOn(storage: SessionStorage): Promise<void> {
  const sessions = new Sessions(storage);
  const session = await sessions.get("old-session");
  expect(session?.length).toBe(COMMANDS.length);
  expect(await storage.length("old-session")).toBe(COMMANDS.length);
  const moved = await sessions.command("old-session", { cmd: "key", key: "D" });
  expect(moved.found && moved.reply.ok && moved.length).toBe(COMMANDS.length + 1);
  sessions.clearCache();
  expect((await sessions.get("old-session"))?.length).toBe(COMMANDS.length + 1);
  expect(await storage.readCommands("old-session", 0)).toEqual([...COMMANDS, '{"cmd":"key","key":"D"}']);
}

describe("migrations", () => {
  it("SQLite: a file from before migration 003 migrates in place and its sessions play on", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "ba-migrate-")), "data");
    const old = oldSqlite(dir, BEFORE);
    const at = new Date().toISOString();
    old
      .prepare(
        `INSERT INTO sessions (id, game, seed, config, created_at, updated_at, length) VALUES ('old-session', 'stacker', 4, '{"size":10}', ?, ?, ?)`,
      )
      .run(at, at, COMMANDS.length);
    COMMANDS.forEach((command, seq) => {
      old
        .prepare("INSERT INTO session_commands (session_id, seq, command) VALUES ('old-session', ?, ?)")
        .run(seq, command);
    });
    old.close();

    const storage = openSqlite(dir);
    opened.push(storage);
    const db = (storage.handle as { db: Database.Database }).db;
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    const columns = (db.pragma("table_info(sessions)") as { name: string }[]).map((c) => c.name);
    expect(columns).not.toContain("length");
    await playsOn(storage);
  });

  it.skipIf(postgresSkipReason !== undefined)(
    "PostgreSQL: a database from before migration 003 migrates in place and its sessions play on",
    async () => {
      if (!cluster) throw new Error("no cluster");
      const url = await freshDatabase(cluster);
      const pool = await oldPostgres(url, BEFORE);
      await pool.query(
        `INSERT INTO sessions (id, game, seed, config, created_at, updated_at, length) VALUES ('old-session', 'stacker', 4, '{"size":10}', now(), now(), $1)`,
        [COMMANDS.length],
      );
      for (const [seq, command] of COMMANDS.entries()) {
        await pool.query(
          "INSERT INTO session_commands (session_id, seq, command) VALUES ('old-session', $1, $2)",
          [seq, command],
        );
      }
      await pool.end();

      const storage = await openPostgres(url);
      opened.push(storage);
      const check = (storage.handle as { pool: pg.Pool }).pool;
      const { rows } = await check.query<{ v: number }>("SELECT max(version) AS v FROM schema_migrations");
      expect(rows[0]?.v).toBe(MIGRATIONS.length);
      const { rowCount } = await check.query(
        "SELECT 1 FROM information_schema.columns WHERE table_name = 'sessions' AND column_name = 'length'",
      );
      expect(rowCount).toBe(0);
      await playsOn(storage);
    },
  );
});
