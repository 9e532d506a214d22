// What scripts/backup.mjs and scripts/restore.mjs share: which backend the environment names (as the
// server reads it: DATABASE_URL, else the SQLite file in DATA_DIR), and where PostgreSQL's client
// programs are (docs/service.md "Backup and restore").
import { existsSync, readdirSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";

/** The SQLite file's name in DATA_DIR (apps/server/src/store/sqlite.ts). */
export const SQLITE_FILE = "blockarcade.sqlite";

/** The backend the environment names: the server's own rule (apps/server/src/server.ts). */
export function backendFromEnv(env = process.env) {
  if (env.DATABASE_URL) return { kind: "postgres", url: env.DATABASE_URL };
  const dataDir = resolve(env.DATA_DIR || "data");
  return { kind: "sqlite", dataDir, file: join(dataDir, SQLITE_FILE) };
}

/**
 * A PostgreSQL client program (pg_dump, pg_restore): PG_BIN when set, else Debian's newest
 * /usr/lib/postgresql/<version>/bin, else PATH. pg_dump must be at least the server's version.
 */
export function postgresProgram(name, env = process.env) {
  const dirs = [];
  if (env.PG_BIN) dirs.push(env.PG_BIN);
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    dirs.push(
      ...readdirSync(root)
        .filter((dir) => /^\d+(\.\d+)?$/.test(dir))
        .sort((a, b) => Number(b) - Number(a))
        .map((dir) => join(root, dir, "bin")),
    );
  }
  dirs.push(...(env.PATH ?? "").split(delimiter).filter((dir) => dir !== ""));
  const found = dirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
  if (!found) throw new Error(`${name} not found (set PG_BIN to the folder of PostgreSQL's client programs)`);
  return found;
}

/** The URL with its password hidden, for messages. */
export function shownUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(DATABASE_URL)";
  }
}
