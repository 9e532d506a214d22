/**
 * The PostgreSQL backend (DATABASE_URL): any number of server processes share it. Writers are
 * ordered by the command log's primary key (session_id, seq): a command goes in at the position its
 * writer saw as the session's length, or not at all when another got there first. The appends of
 * one turn of the event loop go as one statement, and at most MAX_IN_FLIGHT such statements are out
 * at once (group commit). Every statement writes its rows in one global order, (session, seq), so two
 * processes' statements never wait on each other in a cycle (docs/service.md "Order across processes").
 */
import pg from "pg";
import { MIGRATIONS } from "./migrations.js";
import {
  type Append,
  keptHelp,
  type NewSession,
  type SessionStorage,
  type StoredSession,
} from "./sessions.js";

/** Any fixed number: the advisory lock that lets one starting process migrate at a time. */
const MIGRATION_LOCK = 7_310_501;

/**
 * Appends, many at once: each command goes in at its position unless one is there already (the
 * primary key is the compare-and-set), and only the logged ones touch their session or leave a
 * snapshot. No session row is rewritten per command: PostgreSQL writes a new row version (and index
 * entries) for every update, which cost more than the insert itself.
 */
const APPEND_MANY = `
  WITH v AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::bool[], $5::bool[], $6::text[], $7::text[])
      AS v(id, seq, command, unrank, touch, snapshot, fair)
  ), logged AS (
    INSERT INTO session_commands (session_id, seq, command) SELECT id, seq, command FROM v
    ON CONFLICT (session_id, seq) DO NOTHING
    RETURNING session_id, seq
  ), done AS (
    SELECT v.* FROM v JOIN logged l ON l.session_id = v.id AND l.seq = v.seq
  ), touched AS (
    UPDATE sessions s SET updated_at = CASE WHEN d.touch OR d.unrank THEN now() ELSE s.updated_at END,
      ranked = s.ranked AND NOT d.unrank,
      fair = CASE WHEN d.fair IS NULL THEN s.fair ELSE ${keptHelp("s.fair", "d.fair")} END
    FROM done d WHERE s.id = d.id AND (d.touch OR d.unrank OR d.fair IS NOT NULL)
  ), snapped AS (
    INSERT INTO session_snapshots (session_id, seq, state)
    SELECT id, seq + 1, snapshot FROM done WHERE snapshot IS NOT NULL
    ON CONFLICT (session_id, seq) DO UPDATE SET state = EXCLUDED.state
  ), pruned AS (
    DELETE FROM session_snapshots p USING done d
    WHERE p.session_id = d.id AND d.snapshot IS NOT NULL AND p.seq < d.seq + 1
  )
  SELECT session_id, seq FROM logged`;

/** Appends in one batch at most; more wait for the next. */
const MAX_BATCH = 256;

/**
 * Batches on their way to PostgreSQL at once. Appends that arrive while these are out wait and go
 * together in the next one (group commit): under load a batch carries tens of commands, one round
 * trip and one commit for them all, instead of a statement per event-loop turn that left the
 * database's processes busy with small commits (docs/service.md "Throughput and scale").
 */
const MAX_IN_FLIGHT = 2;

interface Pending {
  id: string;
  append: Append;
  done: (logged: boolean) => void;
  fail: (err: unknown) => void;
}

const FOREIGN_KEY_VIOLATION = "23503";

/**
 * A statement PostgreSQL aborted to break a lock cycle (40P01) or a serialization conflict (40001):
 * it wrote nothing, so it can be sent again as it was. The global order below keeps group commits
 * out of cycles; these remain for writers outside that order (the retention sweep's deletes).
 */
const RETRYABLE = new Set(["40P01", "40001"]);

/** Tries of one batch when PostgreSQL aborts it as above; the last failure is answered (503). */
const MAX_ATTEMPTS = 5;

/** Milliseconds to wait before retry n (1, 2, ...): random below 5 * 2^n, so two writers part. */
const backoff = (n: number) => Math.random() * 5 * 2 ** n;

const key = (id: string, seq: number) => `${seq} ${id}`;

/**
 * The one order in which every process writes a batch's rows: by session id (UTF-16 code units, the
 * same in every process whatever the database's collation), then seq. Rows of one statement are
 * inserted in the order of its arrays, and a writer only waits on a row another holds; when all take
 * them in one order, no two wait on each other. Given in arrival order, two processes' batches with
 * the same sessions deadlocked (issue 20: 17 answers 500 in 48,623 contended requests).
 */
export function globalOrder(a: { id: string; append: Append }, b: { id: string; append: Append }): number {
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return a.append.seq - b.append.seq;
}

export class PostgresSessionStorage implements SessionStorage {
  readonly kind = "postgres";
  readonly handle: SessionStorage["handle"];
  private pending: Pending[] = [];
  private scheduled = false;
  private inFlight = 0;
  /** Statements sent again after PostgreSQL aborted them (deadlock, serialization): tests and bench read it. */
  retries = 0;

  constructor(readonly pool: pg.Pool) {
    this.handle = { kind: "postgres", pool };
  }

  async createSession(s: NewSession): Promise<void> {
    await this.pool.query(
      `INSERT INTO sessions (id, game, seed, config, ranked, name, fair, created_at, updated_at, rules)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now(), now(), $8)`,
      [
        s.id,
        s.game,
        s.seed,
        JSON.stringify(s.config ?? null),
        s.ranked,
        s.name,
        s.fair ?? null,
        s.rules ?? 1,
      ],
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
      fair: string | null;
      rules: number;
      length: number;
      snap_seq: number | null;
      snap_state: string | null;
      commands: string[] | null;
    }>({
      name: "read-session",
      text: `WITH s AS (SELECT * FROM sessions WHERE id = $1),
            snap AS (SELECT seq, state FROM session_snapshots WHERE session_id = $1 ORDER BY seq DESC LIMIT 1)
       SELECT s.game, s.seed, s.config, s.ranked, s.name, s.fair, s.rules,
              (SELECT coalesce(max(seq) + 1, 0) FROM session_commands WHERE session_id = $1) AS length,
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
      rules: row.rules,
      name: row.name,
      fair: row.fair,
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
      // The last key of the session's log: one step down the primary key's index.
      text: `SELECT (SELECT coalesce(max(seq) + 1, 0) FROM session_commands WHERE session_id = $1) AS length
             FROM sessions WHERE id = $1`,
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

  /** Sends what is queued (up to MAX_BATCH a statement) while fewer than MAX_IN_FLIGHT are out. */
  private flush(): void {
    this.scheduled = false;
    while (this.pending.length > 0 && this.inFlight < MAX_IN_FLIGHT) {
      const batch = this.pending.splice(0, MAX_BATCH);
      this.inFlight++;
      void this.write(batch).finally(() => {
        this.inFlight--;
        if (this.pending.length > 0 && !this.scheduled) {
          this.scheduled = true;
          setImmediate(() => this.flush());
        }
      });
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    batch.sort(globalOrder);
    try {
      const logged = await this.retrying(() => this.appendMany(batch));
      for (const p of batch) p.done(logged.has(key(p.id, p.append.seq)));
    } catch (err) {
      if ((err as { code?: string }).code !== FOREIGN_KEY_VIOLATION || batch.length === 1) {
        const gone = (err as { code?: string }).code === FOREIGN_KEY_VIOLATION;
        for (const p of batch) {
          if (gone) p.done(false);
          else p.fail(err);
        }
        return;
      }
      // A session of the batch is gone (deleted as idle) and the statement wrote nothing: each
      // append is tried on its own, and only that one is refused.
      await Promise.all(batch.map((p) => this.write([p])));
    }
  }

  /** Runs a statement again (a few times, after a random pause) when PostgreSQL aborted it as RETRYABLE. */
  private async retrying<T>(statement: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await statement();
      } catch (err) {
        if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has((err as { code?: string }).code ?? "")) throw err;
        this.retries++;
        await new Promise((resolve) => setTimeout(resolve, backoff(attempt)));
      }
    }
  }

  /** The keys (session, seq) of the appends this statement logged. */
  private async appendMany(batch: Pending[]): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ session_id: string; seq: number }>({
      name: "append-many",
      text: APPEND_MANY,
      values: [
        batch.map((p) => p.id),
        batch.map((p) => p.append.seq),
        batch.map((p) => p.append.command),
        batch.map((p) => p.append.unrank === true),
        batch.map((p) => p.append.touch === true),
        batch.map((p) => p.append.snapshot ?? null),
        batch.map((p) => p.append.fair ?? null),
      ],
    });
    return new Set(rows.map((r) => key(r.session_id, r.seq)));
  }

  async deleteIdle(before: Date, limit: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE updated_at < $1 LIMIT $2)`,
      [before, limit],
    );
    return rowCount ?? 0;
  }

  async updateFair(id: string, fair: string): Promise<void> {
    await this.pool.query(`UPDATE sessions SET fair = ${keptHelp("fair", "$1")} WHERE id = $2`, [fair, id]);
  }

  async claimDaily(game: string, day: string, player: string, sessionId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      "INSERT INTO daily_attempts (game, day, player, session_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
      [game, day, player, sessionId],
    );
    return rowCount === 1;
  }

  async keptValue(key: string, fresh: string): Promise<string> {
    await this.pool.query("INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT DO NOTHING", [
      key,
      fresh,
    ]);
    const { rows } = await this.pool.query<{ value: string }>("SELECT value FROM meta WHERE key = $1", [key]);
    return rows[0]?.value ?? fresh;
  }

  async countSessions(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions");
    return rows[0]?.n ?? 0;
  }

  async ping(): Promise<number> {
    const { rows } = await this.pool.query<{ v: number | null }>(
      "SELECT max(version) AS v FROM schema_migrations",
    );
    return rows[0]?.v ?? 0;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * How long a query waits for a connection (a new one to a server that does not answer, or a free one
 * of a busy pool) before it fails and the request is answered 503 DATABASE_UNAVAILABLE: without it a
 * database gone silent (no refusal, no reset) held every request for the operating system's minutes.
 */
export const CONNECT_TIMEOUT_MS = 5000;

export async function openPostgres(url: string, poolSize = 10): Promise<PostgresSessionStorage> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose server vanished is noticed by TCP keepalive, not by a query hanging forever.
    keepAlive: true,
  });
  // An idle client that loses its server (a restart) must not crash the process.
  pool.on("error", () => {});
  try {
    await migratePostgres(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return new PostgresSessionStorage(pool);
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
