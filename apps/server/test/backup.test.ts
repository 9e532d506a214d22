/**
 * Backup and restore (scripts/backup.mjs, scripts/restore.mjs; docs/service.md "Backup and restore"),
 * on both backends for real: sessions and a ranked game on the board, a backup taken while the server
 * runs, more play after it, the server stopped, the backup restored: the server started again answers
 * every session and the board exactly as they were at the backup, and the later play is gone.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import { type App, type Json, tempDataDir } from "./support.js";

const run = promisify(execFile);
const script = (name: string) => fileURLToPath(new URL(`../../../scripts/${name}.mjs`, import.meta.url));

let cluster: TestPostgres | undefined;
beforeAll(async () => {
  if (postgresSkipReason === undefined) cluster = await startPostgres();
  else console.warn(`PostgreSQL backup test skipped: ${postgresSkipReason}`);
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

async function call(app: App, method: string, url: string, payload?: unknown, auth?: string): Promise<Json> {
  const res = await app.inject({
    method: method as "GET",
    url,
    headers: auth === undefined ? {} : { authorization: auth },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return JSON.parse(res.body);
}

/** Sessions of three games with a few commands each, and one ranked Blast game played to the board. */
async function play(app: App, name: string): Promise<string[]> {
  const ids: string[] = [];
  for (const game of ["stacker", "match3", "puzzle"]) {
    const created = await call(app, "POST", "/api/games", { game, seed: 11 });
    for (let i = 0; i < 3; i++) {
      const legal = await call(app, "POST", `/api/games/${created.id}/commands`, { cmd: "legal" });
      await call(app, "POST", `/api/games/${created.id}/commands`, legal.legal[0]);
    }
    ids.push(created.id);
  }
  const player = await call(app, "POST", "/api/players");
  const auth = `Bearer ${player.player}.${player.secret}`;
  const ranked = await call(app, "POST", "/api/games", { game: "blast", ranked: true, name }, auth);
  let last = ranked;
  while (!last.state.over) {
    const legal = await call(app, "POST", `/api/games/${ranked.id}/commands`, { cmd: "legal" }, auth);
    last = await call(app, "POST", `/api/games/${ranked.id}/commands`, legal.legal[0], auth);
  }
  ids.push(ranked.id);
  return ids;
}

/** What a client sees: every session and the Blast board. */
async function snapshot(app: App, ids: string[]): Promise<Json> {
  const sessions = [];
  for (const id of ids) sessions.push(await call(app, "GET", `/api/games/${id}`));
  return { sessions, board: await call(app, "GET", "/api/leaderboards/blast") };
}

async function roundTrip(open: () => Promise<App>, env: Record<string, string>): Promise<void> {
  const backupFile = join(mkdtempSync(join(tmpdir(), "ba-backup-")), "arcade.backup");
  const before = await open();
  let ids: string[];
  let saved: Json;
  try {
    ids = await play(before, "Before");
    saved = await snapshot(before, ids);
    expect(saved.board.entries.length).toBe(1);
    // Online: the server is running and keeps its connections while the backup is taken.
    const backup = await run(process.execPath, [script("backup"), backupFile], {
      env: { ...process.env, ...env },
    });
    expect(backup.stdout).toMatch(/^backed up /);
    expect(existsSync(backupFile)).toBe(true);
    // Play after the backup, which the restore must undo: a command, a new session, a second board entry.
    await call(before, "POST", `/api/games/${ids[0]}/commands`, { cmd: "tick" });
    ids.push((await call(before, "POST", "/api/games", { game: "blocky", seed: 2 })).id);
    await play(before, "After");
    expect((await snapshot(before, ids.slice(0, 4))).board.entries.length).toBe(2);
  } finally {
    await before.close();
  }
  const restore = await run(process.execPath, [script("restore"), backupFile], {
    env: { ...process.env, ...env },
  });
  expect(restore.stdout).toMatch(/restored /);
  const after = await open();
  try {
    expect(await snapshot(after, ids.slice(0, 4))).toEqual(saved);
    const gone = await after.inject({ method: "GET", url: `/api/games/${ids[4]}` });
    expect(gone.statusCode).toBe(404);
    expect((await after.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
  } finally {
    await after.close();
  }
}

describe("backup and restore", () => {
  it("SQLite: an online backup restored gives the same sessions and board; the replaced file is kept", async () => {
    const dataDir = tempDataDir();
    await roundTrip(() => buildApp({ dataDir, security: { rateLimit: false } }), {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
    });
    expect(
      readdirSync(dataDir).filter((name) => name.startsWith("blockarcade.sqlite.replaced-")).length,
    ).toBe(1);
  }, 120_000);

  it("refuses a file that is not a backup, and changes nothing", async () => {
    const dataDir = tempDataDir();
    const bogus = join(mkdtempSync(join(tmpdir(), "ba-backup-")), "not-a-backup");
    await run("sh", ["-c", `echo hello > ${bogus}`]);
    const failed = await run(process.execPath, [script("restore"), bogus], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/^restore failed: /);
    expect(existsSync(join(dataDir, "blockarcade.sqlite"))).toBe(false);
  });

  it.skipIf(postgresSkipReason !== undefined)(
    "PostgreSQL: pg_dump while serving, pg_restore over later play, gives the same sessions and board",
    async () => {
      if (!cluster) throw new Error("no cluster");
      const url = await freshDatabase(cluster);
      await roundTrip(
        () => buildApp({ dataDir: tempDataDir(), databaseUrl: url, security: { rateLimit: false } }),
        {
          DATABASE_URL: url,
        },
      );
    },
    120_000,
  );
});
