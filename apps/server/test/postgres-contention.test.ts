/**
 * Group commits of several sessions from two writers on one real PostgreSQL (issue 20 finding 4).
 * Each process sends the appends of one event-loop turn as one statement; two such statements with
 * the same sessions in opposite orders used to wait on each other (`40P01 deadlock detected`) and the
 * whole batch answered 500. Here: two storages (two pools, as two processes are) and then two real
 * server processes, with no error, no deadlock in PostgreSQL's log, and exactly one winner per position.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type PostgresSessionStorage } from "../src/store/postgres.js";
import { freePort } from "./ports.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import type { Json } from "./support.js";

let cluster: TestPostgres | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (postgresSkipReason === undefined) cluster = await startPostgres();
  else console.warn(`PostgreSQL contention tests skipped: ${postgresSkipReason}`);
}, 60_000);

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

afterAll(async () => {
  await cluster?.stop();
});

const deadlocksLogged = () =>
  cluster ? (readFileSync(cluster.logFile, "utf8").match(/deadlock detected/g)?.length ?? 0) : 0;

async function startServer(databaseUrl: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ["apps/server/dist/src/server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      RATE_LIMIT: "off",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}/api`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return base;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not start");
}

async function post(url: string, body: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

describe.skipIf(postgresSkipReason !== undefined)("group commits from two writers on one PostgreSQL", () => {
  it("two storages append the same 60 sessions in opposite orders while a third transaction holds the middle one: no deadlock, one winner per position", async () => {
    if (!cluster) throw new Error("no cluster");
    const url = await freshDatabase(cluster);
    const before = deadlocksLogged();
    const a = await openPostgres(url);
    const b = await openPostgres(url);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      const ids = Array.from({ length: 60 }, (_, i) => `contended-${String(i).padStart(2, "0")}`);
      for (const id of ids) {
        await a.createSession({ id, game: "stacker", seed: 1, config: null, ranked: true, name: null });
      }
      const winners = new Map<string, string>();
      for (let seq = 0; seq < 6; seq++) {
        // A third transaction takes the middle session's position and holds it, so both batches are
        // in flight at once, each waiting on it: given in opposite orders, the first now holds the
        // positions below it and the second those above, and when it rolls back they meet.
        await holder.query("BEGIN");
        await holder.query(
          "INSERT INTO session_commands (session_id, seq, command) VALUES ($1, $2, 'held')",
          [ids[30], seq],
        );
        const sent = (storage: PostgresSessionStorage, name: string, order: string[]) =>
          order.map((id) =>
            storage
              .append(id, {
                seq,
                command: JSON.stringify({ by: name, seq }),
                unrank: true,
                touch: true,
                snapshot: seq % 2 === 0 ? `{"${name}":${seq}}` : undefined,
              })
              .then((logged) => ({ id, name, logged })),
          );
        const all = Promise.all([...sent(a, "a", ids), ...sent(b, "b", [...ids].reverse())]);
        // Both statements wait on a lock before the holder lets go (a state, polled; not a sleep).
        for (let polls = 0; ; polls++) {
          const { rows } = await holder.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          if ((rows[0]?.n ?? 0) >= 2) break;
          if (polls > 3000) throw new Error("the two batches never both waited");
          await new Promise((r) => setTimeout(r, 10));
        }
        await holder.query("ROLLBACK");
        const results = await all;
        for (const id of ids) {
          const won = results.filter((r) => r.id === id && r.logged);
          expect(won.length, `${id} at ${seq}`).toBe(1);
          winners.set(`${id} ${seq}`, won[0]?.name as string);
        }
      }
      // The log holds exactly the winners' commands, each at its position.
      const { rows } = await holder.query<{ session_id: string; seq: number; command: string }>(
        "SELECT session_id, seq, command FROM session_commands ORDER BY session_id, seq",
      );
      expect(rows.length).toBe(ids.length * 6);
      for (const row of rows) {
        expect(JSON.parse(row.command).by).toBe(winners.get(`${row.session_id} ${row.seq}`));
      }
      // One snapshot a session, the latest one written (after seq 4).
      const snaps = await holder.query<{ n: number; seq: number }>(
        "SELECT count(*)::int AS n, min(seq) AS seq FROM session_snapshots",
      );
      expect(snaps.rows[0]).toEqual({ n: ids.length, seq: 5 });
      expect(deadlocksLogged() - before).toBe(0);
    } finally {
      await holder.end();
      await a.close();
      await b.close();
    }
  });

  it("a batch PostgreSQL aborts as a deadlock victim is sent again and logged whole", async () => {
    if (!cluster) throw new Error("no cluster");
    const url = await freshDatabase(cluster);
    const before = deadlocksLogged();
    const storage = await openPostgres(url);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      const ids = Array.from({ length: 40 }, (_, i) => `victim-${String(i).padStart(2, "0")}`);
      for (const id of ids) {
        await storage.createSession({ id, game: "stacker", seed: 1, config: null, ranked: true, name: null });
      }
      // A writer outside the global order (as the retention sweep is): it holds a high position and
      // then asks for a low one the batch already holds. Its own deadlock check waits a minute, so the
      // batch's (after PostgreSQL's default second) finds the cycle and the batch is the one aborted.
      await holder.query("BEGIN");
      await holder.query("SET LOCAL deadlock_timeout = '60s'");
      await holder.query("INSERT INTO session_commands (session_id, seq, command) VALUES ($1, 0, 'held')", [
        ids[30],
      ]);
      const appended = Promise.all(
        ids.map((id) => storage.append(id, { seq: 0, command: JSON.stringify({ id }), touch: true })),
      );
      for (let polls = 0; ; polls++) {
        const { rows } = await holder.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if ((rows[0]?.n ?? 0) >= 1) break;
        if (polls > 3000) throw new Error("the batch never waited");
        await new Promise((r) => setTimeout(r, 10));
      }
      await holder.query("INSERT INTO session_commands (session_id, seq, command) VALUES ($1, 0, 'held')", [
        ids[10],
      ]);
      // The batch was aborted and sent again; now it waits on the holder, which lets go.
      for (let polls = 0; storage.retries === 0; polls++) {
        if (polls > 6000) throw new Error("the batch was never retried");
        await new Promise((r) => setTimeout(r, 10));
      }
      await holder.query("ROLLBACK");
      expect(await appended).toEqual(ids.map(() => true));
      expect(storage.retries).toBe(1);
      expect(deadlocksLogged() - before).toBe(1);
      const { rows } = await holder.query<{ n: number }>("SELECT count(*)::int AS n FROM session_commands");
      expect(rows[0]?.n).toBe(ids.length);
    } finally {
      await holder.end();
      await storage.close();
    }
  });

  it("two real processes, 48 clients writing the same 12 sessions: no 5xx, every acknowledged command logged once, in order", async () => {
    if (!cluster) throw new Error("no cluster");
    const url = await freshDatabase(cluster);
    const before = deadlocksLogged();
    const servers = [await startServer(url), await startServer(url)];
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const created = await post(`${servers[i % 2]}/games`, {
        game: "stacker",
        seed: i,
        config: { size: 20 },
      });
      expect(created.status).toBe(201);
      ids.push(created.body.id as string);
    }
    const statuses = new Map<number, number>();
    const acknowledged: { session: number; seq: number; seed: number }[] = [];
    let seed = 0;
    await Promise.all(
      Array.from({ length: 48 }, async (_, client) => {
        for (let i = 0; i < 25; i++) {
          // Each client walks the sessions from its own starting point, through both processes.
          const session = (client * 5 + i * 7) % ids.length;
          const command = { cmd: "new", seed: ++seed };
          const answer = await post(`${servers[(client + i) % 2]}/games/${ids[session]}/commands`, command);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 200) acknowledged.push({ session, seq: answer.body.seq, seed: command.seed });
        }
      }),
    );
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    // Only 200, or 409 BUSY for a command that lost the race for 5 s; never a server error.
    expect([...statuses.keys()].every((s) => s === 200 || s === 409)).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (let i = 0; i < ids.length; i++) {
        const { rows } = await client.query<{ seq: number; command: string }>(
          "SELECT seq, command FROM session_commands WHERE session_id = $1 ORDER BY seq",
          [ids[i]],
        );
        expect(rows.map((r) => r.seq)).toEqual(rows.map((_, k) => k));
        const seeds = rows.map((r) => JSON.parse(r.command).seed as number);
        expect(new Set(seeds).size).toBe(seeds.length);
        const mine = acknowledged.filter((a) => a.session === i);
        // Every acknowledged command is at the position its reply named, and nothing else is logged.
        for (const a of mine) expect(seeds[a.seq - 1], `seed ${a.seed}`).toBe(a.seed);
        expect(rows.length).toBe(mine.length);
      }
    } finally {
      await client.end();
    }
    expect(deadlocksLogged() - before).toBe(0);
  }, 180_000);
});
