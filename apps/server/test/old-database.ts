/**
 * A database as an earlier version of the service left it: the first `before` migrations applied
 * and recorded as that version recorded them, for the migration tests to fill with old rows.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { MIGRATIONS } from "../src/store/migrations.js";

/** The SQLite file of data folder `dataDir` (made if missing) at migration `before`; the caller closes it. */
export function oldSqlite(dataDir: string, before: number): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const old = new Database(join(dataDir, "blockarcade.sqlite"));
  for (const m of MIGRATIONS.slice(0, before)) old.exec(m.sqlite);
  old.pragma(`user_version = ${before}`);
  return old;
}

/** The PostgreSQL database at `url` at migration `before`, on a one-connection pool the caller ends. */
export async function oldPostgres(url: string, before: number): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await pool.query(
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
  );
  for (const [i, m] of MIGRATIONS.slice(0, before).entries()) {
    await pool.query(m.postgres);
    await pool.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [i + 1, m.name]);
  }
  return pool;
}
