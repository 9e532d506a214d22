/** Picks the backend: PostgreSQL when a database URL is given, the embedded SQLite file otherwise. */
import { openPostgres } from "./postgres.js";
import { openSqlite } from "./sqlite.js";
import type { Storage } from "./types.js";

export type { Append, NewSession, Storage, StoredSession } from "./types.js";

export interface StorageOptions {
  /** Folder of the SQLite file (created when missing); used when `databaseUrl` is not set. */
  dataDir: string;
  /** postgres://… : sessions and leaderboards in PostgreSQL, shared by every process using it. */
  databaseUrl?: string;
}

export async function openStorage(options: StorageOptions): Promise<Storage> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
}
