#!/usr/bin/env node
// Backs up the arcade's database to one file while the server runs (docs/service.md "Backup and
// restore"): `node scripts/backup.mjs <file>`.
// - SQLite (no DATABASE_URL): SQLite's online backup API through better-sqlite3 (`db.backup`), a
//   consistent copy taken page by page while the server keeps writing, then checked with
//   `PRAGMA integrity_check`.
// - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` (one consistent snapshot), for pg_restore.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { backendFromEnv, postgresProgram, shownUrl } from "./backup-tools.mjs";

const target = process.argv[2];
if (!target || target.startsWith("-")) {
  process.stderr.write(
    "usage: node scripts/backup.mjs <file>   (DATABASE_URL or DATA_DIR as for the server)\n",
  );
  process.exit(2);
}
const out = resolve(target);
mkdirSync(dirname(out), { recursive: true });
// Written beside the target and renamed at the end: a failed backup never leaves a half file under its name.
const partial = `${out}.partial`;
rmSync(partial, { force: true });
const backend = backendFromEnv();

try {
  if (backend.kind === "sqlite") {
    if (!existsSync(backend.file)) throw new Error(`no database at ${backend.file} (set DATA_DIR)`);
    // Read-write: a read-only connection cannot open a WAL database whose -shm is missing (server stopped).
    const db = new Database(backend.file, { fileMustExist: true });
    try {
      await db.backup(partial);
    } finally {
      db.close();
    }
    const copy = new Database(partial, { readonly: true });
    try {
      const check = copy.pragma("integrity_check", { simple: true });
      if (check !== "ok") throw new Error(`the copy failed its integrity check: ${check}`);
    } finally {
      copy.close();
    }
  } else {
    execFileSync(
      postgresProgram("pg_dump"),
      ["--format=custom", "--no-owner", "--file", partial, backend.url],
      {
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
  }
  renameSync(partial, out);
  process.stdout.write(
    `backed up ${backend.kind === "sqlite" ? backend.file : shownUrl(backend.url)} to ${out}\n`,
  );
} catch (err) {
  rmSync(partial, { force: true });
  process.stderr.write(`backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
