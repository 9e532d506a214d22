/** scripts/postgres-local.mjs: the persistent local PostgreSQL for people without Docker. */
import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./ports.js";
import { postgresSkipReason } from "./postgres.js";

if (postgresSkipReason !== undefined) console.warn(`PostgreSQL tests skipped: ${postgresSkipReason}`);

const SCRIPT = fileURLToPath(new URL("../../../scripts/postgres-local.mjs", import.meta.url));
// As root the server runs as `postgres`, which must reach the folder: a readable parent in /tmp.
const parent = mkdtempSync(join(process.getuid?.() === 0 ? "/tmp" : tmpdir(), "ba-pg-local-"));
chmodSync(parent, 0o755);
const dir = join(parent, "postgres");

function script(action: string, port: number): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, action],
      { env: { ...process.env, PG_LOCAL_DIR: dir, PGPORT: String(port) } },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
        resolve({ code, out: stdout + stderr });
      },
    );
  });
}

async function currentDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query("SELECT current_database() AS db")).rows[0].db;
  } finally {
    await client.end();
  }
}

describe.skipIf(postgresSkipReason !== undefined)("postgres-local script", () => {
  let port = 0;
  afterAll(async () => {
    if (port !== 0) await script("stop", port);
    rmSync(parent, { recursive: true, force: true });
  });

  it("creates, starts, reports and stops a cluster with the blockarcade database", async () => {
    port = await freePort();
    const url = `postgres://postgres@127.0.0.1:${port}/blockarcade`;
    expect(await script("status", port)).toEqual({
      code: 3,
      out: `PostgreSQL is not created yet (${dir}).\n`,
    });

    const started = await script("start", port);
    expect(started.code).toBe(0);
    expect(started.out).toContain(`Created a PostgreSQL cluster in ${join(dir, "data")}.`);
    expect(started.out).toContain(`DATABASE_URL=${url}\n`);
    expect(await currentDatabase(url)).toBe("blockarcade");

    const again = await script("start", port);
    expect(again).toEqual({ code: 0, out: `PostgreSQL is already running (${dir}).\nDATABASE_URL=${url}\n` });
    expect(await script("status", port)).toEqual({
      code: 0,
      out: `PostgreSQL is running (${dir}).\nDATABASE_URL=${url}\n`,
    });

    expect(await script("stop", port)).toEqual({ code: 0, out: "PostgreSQL stopped.\n" });
    await expect(currentDatabase(url)).rejects.toThrow(/ECONNREFUSED/);
    expect(await script("status", port)).toEqual({ code: 3, out: `PostgreSQL is stopped (${dir}).\n` });

    // A second start reuses the cluster and its database.
    const restarted = await script("start", port);
    expect(restarted.code).toBe(0);
    expect(restarted.out).not.toContain("Created");
    expect(await currentDatabase(url)).toBe("blockarcade");
    expect(await script("stop", port)).toEqual({ code: 0, out: "PostgreSQL stopped.\n" });
  });

  it("refuses an unknown action or a bad port with a usage line", async () => {
    const unknown = await script("restart", 5433);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toMatch(/^usage: node scripts\/postgres-local\.mjs start\|stop\|status/);
    const badPort = await script("status", 70000);
    expect(badPort).toEqual({ code: 1, out: "postgres-local: PGPORT is not a port: 70000\n" });
  });
});
