#!/usr/bin/env node
// Restores a backup made by scripts/backup.mjs (docs/service.md "Backup and restore"):
// `node scripts/restore.mjs <file>`, with every server on the database stopped first.
// - SQLite (no DATABASE_URL): the file is checked, then copied into DATA_DIR as
//   blockarcade.sqlite; a database already there is kept beside it as blockarcade.sqlite.replaced-<time>
//   (its write-ahead log folded in first), never deleted.
// - PostgreSQL (DATABASE_URL): `pg_restore --clean --if-exists --single-transaction`: the backup's
//   tables replace the database's, all or nothing.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import Database from "better-sqlite3";
import { backendFromEnv, postgresProgram, shownUrl } from "./backup-tools.mjs";

const source = process.argv[2];
if (!source || source.startsWith("-")) {
  process.stderr.write(
    "usage: node scripts/restore.mjs <file>   (DATABASE_URL or DATA_DIR as for the server; servers stopped)\n",
  );
  process.exit(2);
}
const file = resolve(source);
const backend = backendFromEnv();

try {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  if (backend.kind === "sqlite") {
    const backup = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const check = backup.pragma("integrity_check", { simple: true });
      if (check !== "ok") throw new Error(`the backup failed its integrity check: ${check}`);
      const tables = backup.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'sessions'").get();
      if (tables.n !== 1) throw new Error("not a Block Arcade database (no sessions table)");
    } finally {
      backup.close();
    }
    mkdirSync(backend.dataDir, { recursive: true });
    if (existsSync(backend.file)) {
      // Fold the log into the file so the kept copy is whole on its own.
      const current = new Database(backend.file, { fileMustExist: true });
      try {
        current.pragma("wal_checkpoint(TRUNCATE)");
      } finally {
        current.close();
      }
      const kept = `${backend.file}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      renameSync(backend.file, kept);
      process.stdout.write(`kept the database it replaces as ${kept}\n`);
    }
    for (const suffix of ["-wal", "-shm"]) rmSync(`${backend.file}${suffix}`, { force: true });
    const partial = `${backend.file}.partial`;
    copyFileSync(file, partial);
    renameSync(partial, backend.file);
  } else {
    execFileSync(
      postgresProgram("pg_restore"),
      [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--single-transaction",
        "--exit-on-error",
        "--dbname",
        backend.url,
        file,
      ],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
  }
  process.stdout.write(
    `restored ${file} to ${backend.kind === "sqlite" ? backend.file : shownUrl(backend.url)}\n`,
  );
} catch (err) {
  process.stderr.write(`restore failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
