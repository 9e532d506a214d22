/**
 * The PostgreSQL backend (DATABASE_URL): any number of server processes share it. Writers are
 * ordered by one statement per command that moves the session's length from N to N+1 only if it is
 * still N and logs the command at N in the same statement (so in the same transaction); the primary
 * key (session_id, seq) refuses a second command at one position whatever happens.
 */
import pg from "pg";
import { MIGRATIONS } from "./migrations.js";
import type { Append, NewSession, Storage, StoredSession } from "./types.js";

/** Any fixed number: the advisory lock that lets one starting process migrate at a time. */
const MIGRATION_LOCK = 7_310_501;

/** Many appends at once: the same compare-and-set per row, over arrays (one row per session). */
const APPEND_MANY = `
  WITH v AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::bool[], $5::text[])
      AS v(id, seq, command, unrank, snapshot)
  ), bumped AS (
    UPDATE sessions s SET length = s.length + 1, updated_at = now(), ranked = s.ranked AND NOT v.unrank
    FROM v WHERE s.id = v.id AND s.length = v.seq
    RETURNING s.id, v.seq, v.command, v.snapshot
  ), logged AS (
    INSERT INTO session_commands (session_id, seq, command) SELECT id, seq, command FROM bumped
    RETURNING session_id
  ), snapped AS (
    INSERT INTO session_snapshots (session_id, seq, state)
    SELECT id, seq + 1, snapshot FROM bumped WHERE snapshot IS NOT NULL
    ON CONFLICT (session_id, seq) DO UPDATE SET state = EXCLUDED.state
  ), pruned AS (
    DELETE FROM session_snapshots p USING bumped b
    WHERE p.session_id = b.id AND b.snapshot IS NOT NULL AND p.seq < b.seq + 1
  )
  SELECT session_id FROM logged`;

/** Appends in one batch at most; more wait for the next. */
const MAX_BATCH = 256;

interface Pending {
  id: string;
  append: Append;
  done: (logged: boolean) => void;
  fail: (err: unknown) => void;
}

const APPEND = `
  WITH bumped AS (
    UPDATE sessions SET length = length + 1, updated_at = now(), ranked = ranked AND NOT $4
    WHERE id = $1 AND length = $2
    RETURNING id
  ), logged AS (
    INSERT INTO session_commands (session_id, seq, command) SELECT id, $2, $3 FROM bumped RETURNING seq
  ), snapped AS (
    INSERT INTO session_snapshots (session_id, seq, state)
    SELECT id, $2 + 1, $5 FROM bumped WHERE $5::text IS NOT NULL
    ON CONFLICT (session_id, seq) DO UPDATE SET state = EXCLUDED.state
  ), pruned AS (
    DELETE FROM session_snapshots
    WHERE session_id = $1 AND seq < $2 + 1 AND $5::text IS NOT NULL AND EXISTS (SELECT 1 FROM bumped)
  )
  SELECT count(*)::int AS logged FROM logged`;

export class PostgresStorage implements Storage {
  readonly kind = "postgres";
  readonly handle: Storage["handle"];
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(readonly pool: pg.Pool) {
    this.handle = { kind: "postgres", pool };
  }

  async createSession(s: NewSession): Promise<void> {
    await this.pool.query(
      `INSERT INTO sessions (id, game, seed, config, ranked, name, length, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 0, now(), now())`,
      [s.id, s.game, s.seed, JSON.stringify(s.config ?? null), s.ranked, s.name],
    );
  }

  async readSession(id: string): Promise<StoredSession | undefined> {
    // One statement, so the row, the snapshot and the commands are one consistent picture.
    const { rows } = await this.pool.query<{
      game: string;
      seed: string;
      config: string;
      ranked: boolean;
      name: string | null;
      length: number;
      snap_seq: number | null;
      snap_state: string | null;
      commands: string[] | null;
    }>({
      name: "read-session",
      text: `WITH s AS (SELECT * FROM sessions WHERE id = $1),
            snap AS (SELECT seq, state FROM session_snapshots WHERE session_id = $1 ORDER BY seq DESC LIMIT 1)
       SELECT s.game, s.seed, s.config, s.ranked, s.name, s.length,
              (SELECT seq FROM snap) AS snap_seq, (SELECT state FROM snap) AS snap_state,
              (SELECT array_agg(command ORDER BY seq) FROM session_commands
                 WHERE session_id = $1 AND seq >= COALESCE((SELECT seq FROM snap), 0)) AS commands
       FROM s`,
      values: [id],
    });
    const row = rows[0];
    if (!row) return undefined;
    return {
      id,
      game: row.game,
      seed: Number(row.seed),
      config: (JSON.parse(row.config) as unknown) ?? undefined,
      ranked: row.ranked,
      name: row.name,
      length: row.length,
      snapshot:
        row.snap_seq === null || row.snap_state === null
          ? null
          : { seq: row.snap_seq, state: row.snap_state },
      commands: row.commands ?? [],
    };
  }

  async length(id: string): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ length: number }>({
      name: "length",
      text: "SELECT length FROM sessions WHERE id = $1",
      values: [id],
    });
    return rows[0]?.length;
  }

  async readCommands(id: string, from: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ command: string }>(
      "SELECT command FROM session_commands WHERE session_id = $1 AND seq >= $2 ORDER BY seq",
      [id, from],
    );
    return rows.map((r) => r.command);
  }

  append(id: string, append: Append): Promise<boolean> {
    return new Promise((done, fail) => {
      this.pending.push({ id, append, done, fail });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Sends every append queued in this turn (up to MAX_BATCH) as one statement. */
  private flush(): void {
    this.scheduled = false;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      void this.write(batch);
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      await this.appendOne(only.id, only.append).then(only.done, only.fail);
      return;
    }
    try {
      const { rows } = await this.pool.query<{ session_id: string }>({
        name: "append-many",
        text: APPEND_MANY,
        values: [
          batch.map((p) => p.id),
          batch.map((p) => p.append.seq),
          batch.map((p) => p.append.command),
          batch.map((p) => p.append.unrank === true),
          batch.map((p) => p.append.snapshot ?? null),
        ],
      });
      const logged = new Set(rows.map((r) => r.session_id));
      for (const p of batch) p.done(logged.has(p.id));
    } catch (err) {
      if ((err as { code?: string }).code !== "23505") {
        for (const p of batch) p.fail(err);
        return;
      }
      // One row met the key (a writer elsewhere at the same position): the statement wrote nothing,
      // so each append is tried on its own and only that one loses.
      await Promise.all(batch.map((p) => this.appendOne(p.id, p.append).then(p.done, p.fail)));
    }
  }

  private async appendOne(id: string, a: Append): Promise<boolean> {
    try {
      const { rows } = await this.pool.query<{ logged: number }>({
        name: "append",
        text: APPEND,
        values: [id, a.seq, a.command, a.unrank === true, a.snapshot ?? null],
      });
      return rows[0]?.logged === 1;
    } catch (err) {
      // Two writers at one position: the key decided, and this one lost.
      if ((err as { code?: string }).code === "23505") return false;
      throw err;
    }
  }

  async deleteIdle(before: Date, limit: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE updated_at < $1 LIMIT $2)`,
      [before, limit],
    );
    return rowCount ?? 0;
  }

  async countSessions(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions");
    return rows[0]?.n ?? 0;
  }

  async ping(): Promise<void> {
    await this.pool.query("SELECT 1");
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

export async function openPostgres(url: string, poolSize = 10): Promise<PostgresStorage> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server (a restart) must not crash the process.
  pool.on("error", () => {});
  try {
    await migratePostgres(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return new PostgresStorage(pool);
}

export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
    );
    const { rows } = await client.query<{ v: number | null }>(
      "SELECT max(version) AS v FROM schema_migrations",
    );
    for (let v = rows[0]?.v ?? 0; v < MIGRATIONS.length; v++) {
      const migration = MIGRATIONS[v] as (typeof MIGRATIONS)[number];
      await client.query("BEGIN");
      try {
        await client.query(migration.postgres);
        await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
          v + 1,
          migration.name,
        ]);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw err;
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
