/**
 * The `names` table (migration 006): one row per look-alike key (names.ts `nameKey`), holding the
 * spelling that took it first. A score enters under that spelling, in the same transaction as its
 * insert, so a name is taken by an entered score only, never by a refused post. It is keyed by the
 * skeleton so that "a name belongs to the player who first took it" is one more column here: `owner`
 * (migration 007), the player whose entered score took the key first. A look-alike of a name owned by
 * another player (or posted without a player) is NAME_TAKEN and enters nothing; a name with no owner
 * (taken before players, or without a player) folds as before, and stays unowned.
 *
 * Names entered before migration 006 wait in `names_unsettled` (the migration cannot compute a
 * skeleton in SQL); `settleNames` gives each its key at start, oldest first, so an existing board's
 * names keep their spelling and a later look-alike enters under it.
 */
import type Database from "better-sqlite3";
import type pg from "pg";
import { ANONYMOUS, nameKey } from "../scores/names.js";
import type { SessionStorage } from "./sessions.js";

const TAKE =
  "INSERT INTO names (name_key, name, taken_at) VALUES ($1, $2, $3) ON CONFLICT (name_key) DO NOTHING";
const TAKE_OWNED =
  "INSERT INTO names (name_key, name, taken_at, owner) VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING";
const SHOWN = "SELECT name, owner FROM names WHERE name_key = $1";

/** The spelling a score enters under, or the name's owner is another player. */
export type NameUse = { name: string } | { takenBy: string };

const ANONYMOUS_KEY = nameKey(ANONYMOUS);

/** Who takes the key: the player, except for the shared anonymous name (and its look-alikes). */
function ownerOf(key: string, player: string | undefined): string | null {
  return key === ANONYMOUS_KEY ? null : (player ?? null);
}

/** Whether the key's row lets `player` (undefined: no player) enter under it. */
function useOf(
  row: { name: string; owner: string | null } | undefined,
  name: string,
  player: string | undefined,
  key: string,
): NameUse {
  if (row === undefined) return { name };
  // The anonymous key is no one's, even where a player took it before this rule (an older database).
  if (row.owner !== null && row.owner !== player && key !== ANONYMOUS_KEY) return { takenBy: row.owner };
  return { name: row.name };
}

/** SQLite: the name a score enters under; call inside the entering transaction. */
export class SqliteNameStorage {
  private readonly take;
  private readonly shown;

  constructor(db: Database.Database) {
    this.take = db.prepare(TAKE_OWNED.replace(/\$\d/g, "?"));
    this.shown = db.prepare(SHOWN.replace(/\$\d/g, "?"));
  }

  /**
   * The spelling shown for `name`: its own when its key is free (now taken, owned by `player`), else
   * the first one's, unless another player owns it.
   */
  nameFor(name: string, at: Date, player?: string): NameUse {
    const key = nameKey(name);
    this.take.run(key, name, at.toISOString(), ownerOf(key, player));
    return useOf(
      this.shown.get(key) as { name: string; owner: string | null } | undefined,
      name,
      player,
      key,
    );
  }
}

/**
 * PostgreSQL: the same on the entering transaction's connection. A concurrent first use of the key
 * waits on the insert's unique index until the other commits (or rolls back), then reads its row.
 */
export async function postgresNameFor(
  client: pg.PoolClient,
  name: string,
  at: Date,
  player?: string,
): Promise<NameUse> {
  const key = nameKey(name);
  await client.query(TAKE_OWNED, [key, name, at, ownerOf(key, player)]);
  const result = await client.query<{ name: string; owner: string | null }>(SHOWN, [key]);
  return useOf(result.rows[0], name, player, key);
}

/** Gives the names entered before migration 006 their keys, oldest first; answers how many. */
export async function settleNames(handle: SessionStorage["handle"]): Promise<number> {
  return handle.kind === "sqlite" ? settleSqlite(handle.db) : settlePostgres(handle.pool);
}

function settleSqlite(db: Database.Database): number {
  const take = db.prepare(TAKE.replace(/\$\d/g, "?"));
  const done = db.prepare("DELETE FROM names_unsettled WHERE name = ?");
  const unsettled = db.prepare("SELECT name, first_used FROM names_unsettled ORDER BY first_used, name");
  return db
    .transaction(() => {
      const rows = unsettled.all() as { name: string; first_used: string }[];
      for (const row of rows) {
        take.run(nameKey(row.name), row.name, row.first_used);
        done.run(row.name);
      }
      return rows.length;
    })
    .immediate();
}

async function settlePostgres(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // Locked in order, so two processes starting at once settle one after the other, not twice.
    const { rows } = await client.query<{ name: string; first_used: Date }>(
      "SELECT name, first_used FROM names_unsettled ORDER BY first_used, name FOR UPDATE",
    );
    for (const row of rows) await client.query(TAKE, [nameKey(row.name), row.name, row.first_used]);
    const names = rows.map((row) => row.name);
    if (names.length > 0) await client.query("DELETE FROM names_unsettled WHERE name = ANY($1)", [names]);
    await client.query("COMMIT");
    return rows.length;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
