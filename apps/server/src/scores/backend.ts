/** The leaderboards' queries for the storage backend the app opened. */
import type { Storage } from "../store/types.js";
import type { ScoreStore } from "./store.js";
import { PostgresScoreStore } from "./store-postgres.js";
import { SqliteScoreStore } from "./store-sqlite.js";

export function scoreStoreFor(handle: Storage["handle"]): ScoreStore {
  return handle.kind === "sqlite" ? new SqliteScoreStore(handle.db) : new PostgresScoreStore(handle.pool);
}
