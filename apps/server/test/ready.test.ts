/**
 * GET /api/ready is readiness (routes/health.ts): the database answers, every migration this code
 * needs is applied (shutting down: test/edge.test.ts, 503 CLOSING); /api/health (liveness) stays
 * 200 through all of it. On SQLite and on a real PostgreSQL that is stopped and started again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { MIGRATIONS } from "../src/store/migrations.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import { type App, openApp, tempDataDir } from "./support.js";

let cluster: TestPostgres | undefined;
beforeAll(async () => {
  if (postgresSkipReason === undefined) cluster = await startPostgres();
  else console.warn(`PostgreSQL readiness tests skipped: ${postgresSkipReason}`);
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

async function status(app: App, url: string): Promise<{ status: number; code?: string }> {
  const res = await app.inject({ method: "GET", url });
  const body = res.json() as { error?: { code: string } };
  return { status: res.statusCode, code: body.error?.code };
}

describe("readiness", () => {
  it("SQLite: ready when migrated; not ready with a migration missing; live all along", async () => {
    const { app } = await openApp();
    expect(await status(app, "/api/ready")).toEqual({ status: 200 });
    const handle = app.storage.handle;
    if (handle.kind !== "sqlite") throw new Error("SQLite expected");
    // As after a restore of an older backup under the running process.
    handle.db.pragma(`user_version = ${MIGRATIONS.length - 1}`);
    expect(await status(app, "/api/ready")).toEqual({ status: 503, code: "DATABASE_UNAVAILABLE" });
    expect(await status(app, "/api/health")).toEqual({ status: 200 });
    handle.db.pragma(`user_version = ${MIGRATIONS.length}`);
    expect(await status(app, "/api/ready")).toEqual({ status: 200 });
  });

  it.skipIf(postgresSkipReason !== undefined)(
    "PostgreSQL: 200 when up, 503 with a migration missing, 503 when stopped, 200 once started again",
    async () => {
      if (!cluster) throw new Error("no cluster");
      const url = await freshDatabase(cluster);
      const app = await buildApp({ dataDir: tempDataDir(), databaseUrl: url });
      try {
        expect(await status(app, "/api/ready")).toEqual({ status: 200 });
        const handle = app.storage.handle;
        if (handle.kind !== "postgres") throw new Error("PostgreSQL expected");
        const last = await handle.pool.query(
          "DELETE FROM schema_migrations WHERE version = $1 RETURNING name",
          [MIGRATIONS.length],
        );
        expect(await status(app, "/api/ready")).toEqual({ status: 503, code: "DATABASE_UNAVAILABLE" });
        await handle.pool.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
          MIGRATIONS.length,
          last.rows[0].name,
        ]);
        expect(await status(app, "/api/ready")).toEqual({ status: 200 });
        await cluster.halt();
        try {
          expect(await status(app, "/api/ready")).toEqual({ status: 503, code: "DATABASE_UNAVAILABLE" });
          expect(await status(app, "/api/health")).toEqual({ status: 200 });
        } finally {
          await cluster.resume();
        }
        // The pool reconnects on demand: poll a bounded number of times, no fixed sleep.
        let ready = 0;
        for (let i = 0; i < 300 && ready !== 200; i++) ready = (await status(app, "/api/ready")).status;
        expect(ready).toBe(200);
      } finally {
        await app.close();
      }
    },
    60_000,
  );
});
