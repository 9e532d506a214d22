/**
 * The `players` table (migration 007), an adapter under the Players service (players.ts): rows in,
 * rows out. A player's secret and recovery code are stored only as SHA-256 hashes, so the table
 * hands out nothing a client could sign in with. The names a player owns are `names.owner` (store/names.ts).
 */
import type Database from "better-sqlite3";
import type pg from "pg";
import type { SessionStorage } from "./sessions.js";

export interface NewPlayer {
  id: string;
  secretHash: string;
  recoveryHash: string;
  createdAt: Date;
}

export interface PlayerStorage {
  create(player: NewPlayer): Promise<void>;
  /** The hash of the player's current secret; undefined when there is no such player. */
  secretHash(id: string): Promise<string | undefined>;
  /**
   * Gives the player whose recovery code hashes to `recoveryHash` a new secret and a new code, in one
   * statement (two recoveries with one code: one wins); the player's id, or undefined when no code matched.
   */
  recover(
    recoveryHash: string,
    secretHash: string,
    newRecoveryHash: string,
    at: Date,
  ): Promise<string | undefined>;
  /** The names the player owns, in the order taken. */
  names(id: string): Promise<string[]>;
  /** The owner of a look-alike key (scores/names.ts nameKey): a player, null for a name without one, undefined when free. */
  nameOwner(key: string): Promise<string | null | undefined>;
}

const INSERT = "INSERT INTO players (id, secret_hash, recovery_hash, created_at) VALUES ($1, $2, $3, $4)";
const SECRET = "SELECT secret_hash FROM players WHERE id = $1";
const RECOVER =
  "UPDATE players SET secret_hash = $1, recovery_hash = $2, recovered_at = $3 WHERE recovery_hash = $4 RETURNING id";
const NAMES = "SELECT name FROM names WHERE owner = $1 ORDER BY taken_at, name";
const OWNER = "SELECT owner FROM names WHERE name_key = $1";

const positional = (sql: string) => sql.replace(/\$\d/g, "?");

export class SqlitePlayerStorage implements PlayerStorage {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      insert: db.prepare(positional(INSERT)),
      secret: db.prepare(positional(SECRET)).pluck(),
      recover: db.prepare(positional(RECOVER)).pluck(),
      names: db.prepare(positional(NAMES)).pluck(),
      owner: db.prepare(positional(OWNER)),
    };
  }

  async create(p: NewPlayer): Promise<void> {
    this.statements.insert.run(p.id, p.secretHash, p.recoveryHash, p.createdAt.toISOString());
  }

  async secretHash(id: string): Promise<string | undefined> {
    return this.statements.secret.get(id) as string | undefined;
  }

  async recover(
    recoveryHash: string,
    secretHash: string,
    newRecoveryHash: string,
    at: Date,
  ): Promise<string | undefined> {
    return this.statements.recover.get(secretHash, newRecoveryHash, at.toISOString(), recoveryHash) as
      | string
      | undefined;
  }

  async names(id: string): Promise<string[]> {
    return this.statements.names.all(id) as string[];
  }

  async nameOwner(key: string): Promise<string | null | undefined> {
    return (this.statements.owner.get(key) as { owner: string | null } | undefined)?.owner;
  }
}

export class PostgresPlayerStorage implements PlayerStorage {
  constructor(private readonly pool: pg.Pool) {}

  async create(p: NewPlayer): Promise<void> {
    await this.pool.query(INSERT, [p.id, p.secretHash, p.recoveryHash, p.createdAt]);
  }

  async secretHash(id: string): Promise<string | undefined> {
    const result = await this.pool.query<{ secret_hash: string }>(SECRET, [id]);
    return result.rows[0]?.secret_hash;
  }

  async recover(
    recoveryHash: string,
    secretHash: string,
    newRecoveryHash: string,
    at: Date,
  ): Promise<string | undefined> {
    const result = await this.pool.query<{ id: string }>(RECOVER, [
      secretHash,
      newRecoveryHash,
      at,
      recoveryHash,
    ]);
    return result.rows[0]?.id;
  }

  async names(id: string): Promise<string[]> {
    const result = await this.pool.query<{ name: string }>(NAMES, [id]);
    return result.rows.map((row) => row.name);
  }

  async nameOwner(key: string): Promise<string | null | undefined> {
    const result = await this.pool.query<{ owner: string | null }>(OWNER, [key]);
    return result.rows[0]?.owner;
  }
}

/** The players' queries on the database the session storage opened. */
export function playerStorageFor(handle: SessionStorage["handle"]): PlayerStorage {
  return handle.kind === "sqlite"
    ? new SqlitePlayerStorage(handle.db)
    : new PostgresPlayerStorage(handle.pool);
}
