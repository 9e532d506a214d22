/**
 * A database that goes away (issue 20 finding 4): a real server on a real PostgreSQL, which is
 * stopped (`pg_ctl stop -m fast`) and started again. While it is down every route that needs it
 * answers 503 DATABASE_UNAVAILABLE with Retry-After, /api/ready too, and /api/health (liveness) 200;
 * once it is back everything answers as before, without a restart. Then each way node-postgres
 * reports a missing database, made to happen for real, is classified as unavailable.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { databaseTrouble } from "../src/errors.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import { type Json, tempDataDir } from "./support.js";

let cluster: TestPostgres | undefined;

beforeAll(async () => {
  if (postgresSkipReason === undefined) cluster = await startPostgres();
  else console.warn(`PostgreSQL outage tests skipped: ${postgresSkipReason}`);
}, 60_000);

afterAll(async () => {
  await cluster?.stop();
});

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Json;
}

async function call(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

/** What a connection attempt or query rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (err: unknown) => err,
  );
}

describe.skipIf(postgresSkipReason !== undefined)("PostgreSQL down and back", () => {
  it("answers 503 with Retry-After on every database route while PostgreSQL is stopped, /api/health 200, and serves again once it is started", async () => {
    if (!cluster) throw new Error("no cluster");
    const url = await freshDatabase(cluster);
    const app = await buildApp({
      dataDir: tempDataDir(),
      databaseUrl: url,
      security: { rateLimit: false },
    });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      if (address === null || typeof address === "string") throw new Error("no port");
      const base = `http://127.0.0.1:${address.port}/api`;

      const created = await call(base, "POST", "/games", { game: "stacker", seed: 3, config: { size: 20 } });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      const first = await call(base, "POST", `/games/${id}/commands`, { cmd: "new", seed: 1 });
      expect(first.status).toBe(200);
      expect((await call(base, "GET", "/ready")).status).toBe(200);

      const databaseRoutes: [string, string, unknown?][] = [
        ["GET", `/games/${id}`],
        ["POST", `/games/${id}/commands`, { cmd: "new", seed: 2 }],
        ["POST", `/games/${id}/commands`, { cmd: "state" }],
        ["POST", "/games", { game: "blast" }],
        ["GET", "/leaderboards/blast"],
        // The day's game answers its leader and yesterday's best: read from the database.
        ["GET", "/daily/blast"],
        ["GET", "/ready"],
      ];

      await cluster.halt("fast");
      // Twice: first on the pool's connections the stop terminated, then on fresh attempts refused.
      for (let round = 0; round < 2; round++) {
        for (const [method, path, body] of databaseRoutes) {
          const answer = await call(base, method, path, body);
          expect(answer.status, `${method} ${path} while down`).toBe(503);
          expect(answer.body.error.code).toBe("DATABASE_UNAVAILABLE");
          expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        }
        const health = await call(base, "GET", "/health");
        expect(health.status).toBe(200);
        expect(health.body).toEqual({ status: "ok" });
        // A route without the database still serves.
        expect((await call(base, "POST", "/seeds", { game: "blast" })).status).toBe(410);
      }

      await cluster.resume();
      // Ready again within a bounded number of tries (it is a state, polled; not a fixed sleep).
      let ready = 0;
      for (let tries = 0; tries < 300 && ready !== 200; tries++) {
        ready = (await call(base, "GET", "/ready")).status;
        if (ready !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready).toBe(200);
      const back = await call(base, "POST", `/games/${id}/commands`, { cmd: "new", seed: 4 });
      expect(back.status).toBe(200);
      // The session goes on from its log: the command refused while down was never applied.
      expect(back.body.seq).toBe(2);
      const read = await call(base, "GET", `/games/${id}`);
      expect(read.status).toBe(200);
      expect(read.body.seq).toBe(2);
      expect((await call(base, "POST", "/games", { game: "blast" })).status).toBe(201);
      expect((await call(base, "GET", "/leaderboards/blast")).status).toBe(200);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ command: string }>(
          "SELECT command FROM session_commands WHERE session_id = $1 ORDER BY seq",
          [id],
        );
        expect(rows.map((r) => JSON.parse(r.command).seed)).toEqual([1, 4]);
      } finally {
        await client.end();
      }
    } finally {
      await app.close();
    }
  }, 120_000);

  it("classifies each real way a database goes missing as unavailable, a real deadlock as busy, and nothing else", async () => {
    if (!cluster) throw new Error("no cluster");
    const url = await freshDatabase(cluster);

    // Terminated while a query runs (an administrator, or a fast stop): 57P01.
    const victim = new pg.Client({ connectionString: url });
    victim.on("error", () => {});
    await victim.connect();
    const pid = (await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid;
    const sleeping = rejection(victim.query("SELECT pg_sleep(60)"));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (let polls = 0; ; polls++) {
      const { rows } = await admin.query(
        "SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active'",
        [pid],
      );
      if (rows.length > 0) break;
      if (polls > 3000) throw new Error("the query never started");
      await new Promise((r) => setTimeout(r, 10));
    }
    await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    const terminated = await sleeping;
    expect((terminated as { code?: string }).code).toBe("57P01");
    expect(databaseTrouble(terminated)).toBe("DATABASE_UNAVAILABLE");
    // The same client afterwards: its connection is gone.
    const after = await rejection(victim.query("SELECT 1"));
    expect(databaseTrouble(after)).toBe("DATABASE_UNAVAILABLE");

    // A pool with no connection free in time.
    const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 200 });
    const held = await pool.connect();
    const timedOut = await rejection(pool.query("SELECT 1"));
    expect(String(timedOut)).toMatch(/timeout/);
    expect(databaseTrouble(timedOut)).toBe("DATABASE_UNAVAILABLE");
    held.release();

    // A real deadlock: the victim's error is DATABASE_BUSY (what is left after the storage's retries).
    await admin.query("CREATE TABLE crossing (k INTEGER PRIMARY KEY)");
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await admin.query("BEGIN");
    await other.query("BEGIN");
    await admin.query("INSERT INTO crossing VALUES (1)");
    await other.query("INSERT INTO crossing VALUES (2)");
    const crossed = await Promise.allSettled([
      admin.query("INSERT INTO crossing VALUES (2)"),
      other.query("INSERT INTO crossing VALUES (1)"),
    ]);
    const victims = crossed
      .filter((r) => r.status === "rejected")
      .map((r) => (r as PromiseRejectedResult).reason);
    expect(victims).toHaveLength(1);
    expect(victims[0].code).toBe("40P01");
    expect(databaseTrouble(victims[0])).toBe("DATABASE_BUSY");
    await admin.query("ROLLBACK");
    await other.query("ROLLBACK");
    await other.end();

    // Errors that are the query's own stay what they are (a 500 is a bug to see, not an outage).
    const syntax = await rejection(admin.query("SELEC 1"));
    expect(databaseTrouble(syntax)).toBeUndefined();
    expect(databaseTrouble(new Error("boom"))).toBeUndefined();
    expect(databaseTrouble(new SyntaxError("Unexpected token"))).toBeUndefined();

    // A smart stop waits for open connections and refuses new ones meanwhile: 57P03.
    const stopping = cluster.halt("smart");
    let refused: unknown;
    for (let tries = 0; tries < 3000 && refused === undefined; tries++) {
      const probe = new pg.Client({ connectionString: url });
      probe.on("error", () => {});
      refused = await probe.connect().then(
        async () => {
          await probe.end();
          await new Promise((r) => setTimeout(r, 10));
          return undefined;
        },
        (err: unknown) => err,
      );
    }
    expect((refused as { code?: string }).code).toBe("57P03");
    expect(databaseTrouble(refused)).toBe("DATABASE_UNAVAILABLE");
    await admin.end();
    await pool.end();
    await stopping;

    // Stopped: the connection is refused.
    const down = new pg.Client({ connectionString: url });
    const refusedConnect = await rejection(down.connect());
    expect(databaseTrouble(refusedConnect)).toBe("DATABASE_UNAVAILABLE");
    // Through a pool, as the service meets it.
    const downPool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 2000 });
    expect(databaseTrouble(await rejection(downPool.query("SELECT 1")))).toBe("DATABASE_UNAVAILABLE");
    await downPool.end();
    await cluster.resume();
  }, 120_000);
});
