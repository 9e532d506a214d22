/**
 * The adapters (docs/service.md "Services and adapters"): opens the database the app uses,
 * PostgreSQL when a database URL is given, the embedded SQLite file otherwise, and answers its
 * session storage; the score storage works on the same database through that storage's handle.
 */
import { openPostgres } from "./postgres.js";
import { PostgresReplayStorage } from "./postgres-replays.js";
import { PostgresScoreStorage } from "./postgres-scores.js";
import type { ReplayStorage } from "./replays.js";
import type { ScoreStorage } from "./scores.js";
import type { SessionStorage } from "./sessions.js";
import { openSqlite } from "./sqlite.js";
import { SqliteReplayStorage } from "./sqlite-replays.js";
import { SqliteScoreStorage } from "./sqlite-scores.js";

export type { ReplayStorage } from "./replays.js";
export type { ScoreStorage } from "./scores.js";
export type { Append, NewSession, SessionStorage, StoredSession } from "./sessions.js";

export interface StorageOptions {
  /** Folder of the SQLite file (created when missing); used when `databaseUrl` is not set. */
  dataDir: string;
  /** postgres://… : sessions and leaderboards in PostgreSQL, shared by every process using it. */
  databaseUrl?: string;
}

export async function openStorage(options: StorageOptions): Promise<SessionStorage> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
}

/** The leaderboards' queries on the database the session storage opened. */
export function scoreStorageFor(handle: SessionStorage["handle"]): ScoreStorage {
  return handle.kind === "sqlite" ? new SqliteScoreStorage(handle.db) : new PostgresScoreStorage(handle.pool);
}

/** The replays' queries on the database the session storage opened. */
export function replayStorageFor(handle: SessionStorage["handle"]): ReplayStorage {
  return handle.kind === "sqlite"
    ? new SqliteReplayStorage(handle.db)
    : new PostgresReplayStorage(handle.pool);
}
