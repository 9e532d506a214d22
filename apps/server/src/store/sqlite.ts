/**
 * The embedded SQLite backend (the default): one file under the data directory, created on first
 * start, in WAL mode. Appends that arrive in the same turn of the event loop are committed in one
 * transaction (a commit, not a statement, is what costs), and each is answered only after that commit.
 * A command is one statement: the log's primary key (session_id, seq) is the compare-and-set.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { MIGRATIONS } from "./migrations.js";
import {
  type Append,
  keptHelp,
  type NewSession,
  type SessionStorage,
  type StoredSession,
} from "./sessions.js";

interface Pending {
  id: string;
  append: Append;
  done: (logged: boolean) => void;
  fail: (err: unknown) => void;
}

export class SqliteSessionStorage implements SessionStorage {
  readonly kind = "sqlite";
  readonly handle: SessionStorage["handle"];
  private readonly statements;
  private pending: Pending[] = [];
  private flushing = false;

  constructor(readonly db: Database.Database) {
    this.handle = { kind: "sqlite", db } as const;
    this.statements = {
      insertSession: db.prepare(
        `INSERT INTO sessions (id, game, seed, config, ranked, name, fair, created_at, updated_at, rules)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      selectSession: db.prepare(
        `SELECT game, seed, config, ranked, name, fair, rules,
           (SELECT coalesce(max(c.seq) + 1, 0) FROM session_commands c WHERE c.session_id = s.id) AS length
         FROM sessions s WHERE id = ?`,
      ),
      // The last key of the session's log: one step down the primary key's index.
      selectLength: db
        .prepare(
          `SELECT (SELECT coalesce(max(c.seq) + 1, 0) FROM session_commands c WHERE c.session_id = s.id)
           FROM sessions s WHERE id = ?`,
        )
        .pluck(),
      selectSnapshot: db.prepare(
        "SELECT seq, state FROM session_snapshots WHERE session_id = ? ORDER BY seq DESC LIMIT 1",
      ),
      selectCommands: db
        .prepare("SELECT command FROM session_commands WHERE session_id = ? AND seq >= ? ORDER BY seq")
        .pluck(),
      // The compare-and-set that orders writers: a position already taken is left as it is.
      insertCommand: db.prepare(
        "INSERT OR IGNORE INTO session_commands (session_id, seq, command) VALUES (?, ?, ?)",
      ),
      touch: db.prepare(
        "UPDATE sessions SET updated_at = ?, ranked = CASE WHEN ? THEN 0 ELSE ranked END WHERE id = ?",
      ),
      insertSnapshot: db.prepare(
        "INSERT OR REPLACE INTO session_snapshots (session_id, seq, state) VALUES (?, ?, ?)",
      ),
      dropOldSnapshots: db.prepare("DELETE FROM session_snapshots WHERE session_id = ? AND seq < ?"),
      selectIdle: db.prepare("SELECT id FROM sessions WHERE updated_at < ? LIMIT ?").pluck(),
      deleteCommands: db.prepare("DELETE FROM session_commands WHERE session_id = ?"),
      deleteSnapshots: db.prepare("DELETE FROM session_snapshots WHERE session_id = ?"),
      deleteSession: db.prepare("DELETE FROM sessions WHERE id = ?"),
      count: db.prepare("SELECT COUNT(*) FROM sessions").pluck(),
      setFair: db.prepare(`UPDATE sessions SET fair = ${keptHelp("fair", "@fair")} WHERE id = @id`),
      claimDaily: db.prepare(
        "INSERT INTO daily_attempts (game, day, player, session_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
      ),
      keepValue: db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING"),
      readValue: db.prepare("SELECT value FROM meta WHERE key = ?").pluck(),
      // The readiness query: it reads the schema version, so it also says the migrations are applied.
      ping: db.prepare("PRAGMA user_version").pluck(),
    };
  }

  async createSession(s: NewSession): Promise<void> {
    const now = new Date().toISOString();
    this.statements.insertSession.run(
      s.id,
      s.game,
      s.seed,
      JSON.stringify(s.config ?? null),
      s.ranked ? 1 : 0,
      s.name,
      s.fair ?? null,
      now,
      now,
      s.rules ?? 1,
    );
  }

  async readSession(id: string): Promise<StoredSession | undefined> {
    const read = this.db.transaction(() => {
      const row = this.statements.selectSession.get(id) as
        | {
            game: string;
            seed: number;
            config: string;
            ranked: number;
            name: string | null;
            fair: string | null;
            rules: number;
            length: number;
          }
        | undefined;
      if (!row) return undefined;
      const snapshot =
        (this.statements.selectSnapshot.get(id) as { seq: number; state: string } | undefined) ?? null;
      const commands = this.statements.selectCommands.all(id, snapshot?.seq ?? 0) as string[];
      return { row, snapshot, commands };
    });
    const found = read();
    if (!found) return undefined;
    const { row, snapshot, commands } = found;
    return {
      id,
      game: row.game,
      seed: row.seed,
      config: parseConfig(row.config),
      ranked: row.ranked === 1,
      rules: row.rules,
      name: row.name,
      fair: row.fair,
      length: row.length,
      snapshot,
      commands,
    };
  }

  async length(id: string): Promise<number | undefined> {
    return this.statements.selectLength.get(id) as number | undefined;
  }

  async readCommands(id: string, from: number): Promise<string[]> {
    return this.statements.selectCommands.all(id, from) as string[];
  }

  append(id: string, append: Append): Promise<boolean> {
    return new Promise((done, fail) => {
      this.pending.push({ id, append, done, fail });
      if (this.pending.length === 1 && !this.flushing) setImmediate(() => this.flush());
    });
  }

  /** Commits every append queued since the last flush in one transaction, then answers each. */
  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    this.flushing = true;
    let results: boolean[];
    try {
      // One clock reading for the batch: its appends commit together.
      const now = new Date().toISOString();
      results = this.db.transaction(() => batch.map((p) => this.write(p.id, p.append, now)))();
    } catch (err) {
      for (const p of batch) p.fail(err);
      return;
    } finally {
      this.flushing = false;
      if (this.pending.length > 0) setImmediate(() => this.flush());
    }
    batch.forEach((p, i) => {
      p.done(results[i] as boolean);
    });
  }

  private write(id: string, a: Append, now: string): boolean {
    const s = this.statements;
    try {
      if (s.insertCommand.run(id, a.seq, a.command).changes !== 1) return false;
    } catch (err) {
      // The session is gone (deleted as idle): nothing to log it in. OR IGNORE does not cover this.
      if ((err as { code?: string }).code === "SQLITE_CONSTRAINT_FOREIGNKEY") return false;
      throw err;
    }
    if (a.touch || a.unrank) s.touch.run(now, a.unrank ? 1 : 0, id);
    if (a.fair !== undefined) s.setFair.run({ fair: a.fair, id });
    if (a.snapshot !== undefined) {
      s.insertSnapshot.run(id, a.seq + 1, a.snapshot);
      s.dropOldSnapshots.run(id, a.seq + 1);
    }
    return true;
  }

  async deleteIdle(before: Date, limit: number): Promise<number> {
    const s = this.statements;
    return this.db.transaction(() => {
      const ids = s.selectIdle.all(before.toISOString(), limit) as string[];
      for (const id of ids) {
        s.deleteCommands.run(id);
        s.deleteSnapshots.run(id);
        s.deleteSession.run(id);
      }
      return ids.length;
    })();
  }

  async updateFair(id: string, fair: string): Promise<void> {
    this.statements.setFair.run({ fair, id });
  }

  async claimDaily(game: string, day: string, player: string, sessionId: string): Promise<boolean> {
    return this.statements.claimDaily.run(game, day, player, sessionId).changes === 1;
  }

  async keptValue(key: string, fresh: string): Promise<string> {
    this.statements.keepValue.run(key, fresh);
    return this.statements.readValue.get(key) as string;
  }

  async countSessions(): Promise<number> {
    return this.statements.count.get() as number;
  }

  async ping(): Promise<number> {
    return this.statements.ping.get() as number;
  }

  async close(): Promise<void> {
    // Anything queued is written before the file closes.
    this.flush();
    this.db.close();
  }
}

export function openSqlite(dataDir: string): SqliteSessionStorage {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, "blockarcade.sqlite"));
  db.pragma("journal_mode = WAL");
  // A commit reaches the OS before it is acknowledged; a power cut may lose the last ones
  // (docs/service.md "Durability").
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  // Checkpoints moved most of the storage time and the p99 stalls under load (docs/service.md
  // "Throughput and scale"): let the WAL grow to about 16 MiB before one runs.
  db.pragma("wal_autocheckpoint = 4000");
  // Another process on the same file (two servers on one data folder) waits rather than fails.
  db.pragma("busy_timeout = 5000");
  migrateSqlite(db);
  return new SqliteSessionStorage(db);
}

export function migrateSqlite(db: Database.Database): void {
  const version = () => db.pragma("user_version", { simple: true }) as number;
  for (let v = version(); v < MIGRATIONS.length; v++) {
    // Immediate: a second process starting at the same moment waits, then finds it done.
    db.transaction(() => {
      if (version() !== v) return;
      db.exec((MIGRATIONS[v] as { sqlite: string }).sqlite);
      db.pragma(`user_version = ${v + 1}`);
    }).immediate();
  }
}

function parseConfig(text: string): unknown {
  return (JSON.parse(text) as unknown) ?? undefined;
}
