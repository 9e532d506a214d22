/**
 * How to order commands across processes, measured (docs/service.md "Order across processes"): the
 * log's key as the compare-and-set (what the service does: an insert at the position the writer saw,
 * nothing when it is taken), a compare-and-set on a length column kept in the session row (one
 * statement: what the service did before) and a row lock (BEGIN, SELECT … FOR UPDATE, INSERT,
 * UPDATE, COMMIT), on a throwaway PostgreSQL, with 64 writers on 64 sessions (no contention: the
 * usual case) and 64 writers on one session (all contention), one append per statement. JSON lines.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { migratePostgres } from "../src/store/postgres.js";
import { startPostgres } from "../test/postgres.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WRITERS = 64;

const CAS = `WITH bumped AS (
    UPDATE sessions SET length = length + 1, updated_at = now() WHERE id = $1 AND length = $2 RETURNING id
  ) INSERT INTO session_commands (session_id, seq, command) SELECT id, $2, $3 FROM bumped`;

const KEY = `INSERT INTO session_commands (session_id, seq, command) VALUES ($1, $2, $3)
  ON CONFLICT (session_id, seq) DO NOTHING`;

async function keyAppend(pool: pg.Pool, id: string, known: { length: number }): Promise<boolean> {
  const r = await pool.query({ name: "key", text: KEY, values: [id, known.length, '{"cmd":"tick"}'] });
  if (r.rowCount === 1) {
    known.length += 1;
    return true;
  }
  const { rows } = await pool.query<{ length: number }>({
    name: "key-length",
    text: "SELECT coalesce(max(seq) + 1, 0) AS length FROM session_commands WHERE session_id = $1",
    values: [id],
  });
  known.length = rows[0]?.length ?? 0;
  return false;
}

async function casAppend(pool: pg.Pool, id: string, known: { length: number }): Promise<boolean> {
  try {
    const r = await pool.query({ name: "cas", text: CAS, values: [id, known.length, '{"cmd":"tick"}'] });
    if (r.rowCount === 1) {
      known.length += 1;
      return true;
    }
  } catch (err) {
    if ((err as { code?: string }).code !== "23505") throw err;
  }
  // Lost: read the length again (what a stale cache does) and let the caller retry.
  const { rows } = await pool.query<{ length: number }>("SELECT length FROM sessions WHERE id = $1", [id]);
  known.length = rows[0]?.length ?? 0;
  return false;
}

async function lockedAppend(pool: pg.Pool, id: string): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ length: number }>({
      name: "lock",
      text: "SELECT length FROM sessions WHERE id = $1 FOR UPDATE",
      values: [id],
    });
    const length = rows[0]?.length ?? 0;
    await client.query({
      name: "ins",
      text: "INSERT INTO session_commands (session_id, seq, command) VALUES ($1, $2, $3)",
      values: [id, length, '{"cmd":"tick"}'],
    });
    await client.query({
      name: "upd",
      text: "UPDATE sessions SET length = $2, updated_at = now() WHERE id = $1",
      values: [id, length + 1],
    });
    await client.query("COMMIT");
    return true;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

type Method = "key" | "cas" | "lock";

async function run(pool: pg.Pool, method: Method, sessions: string[]): Promise<void> {
  const known = new Map(sessions.map((id) => [id, { length: 0 }]));
  for (const id of sessions) {
    const { rows } = await pool.query<{ length: number }>(
      method === "key"
        ? "SELECT coalesce(max(seq) + 1, 0) AS length FROM session_commands WHERE session_id = $1"
        : "SELECT length FROM sessions WHERE id = $1",
      [id],
    );
    (known.get(id) as { length: number }).length = rows[0]?.length ?? 0;
  }
  let done = 0;
  let retries = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      const id = sessions[w % sessions.length] as string;
      const mine = { length: (known.get(id) as { length: number }).length };
      while (performance.now() < end) {
        const ok =
          method === "key"
            ? await keyAppend(pool, id, mine)
            : method === "cas"
              ? await casAppend(pool, id, mine)
              : await lockedAppend(pool, id);
        if (ok) done += 1;
        else retries += 1;
      }
    }),
  );
  const name = `service.order.${method}.${sessions.length === 1 ? "one-session" : "many-sessions"}`;
  process.stdout.write(
    `${JSON.stringify({ name, value: Math.round(done / SECONDS), unit: "appends/s", writers: WRITERS, sessions: sessions.length, retries, seconds: SECONDS, load: loadavg()[0] })}\n`,
  );
}

const cluster = await startPostgres();
const pool = new pg.Pool({ connectionString: cluster.url, max: 10 });
try {
  await migratePostgres(pool);
  // The column the other two methods keep in step (the service's schema has it no more: migration
  // 003), and sessions of their own for each method (the key method leaves that column behind).
  await pool.query("ALTER TABLE sessions ADD COLUMN length INTEGER NOT NULL DEFAULT 0");
  const ids = (method: Method) => Array.from({ length: WRITERS }, (_, i) => `${method}${i}`);
  for (const method of ["key", "cas", "lock"] as const) {
    for (const id of ids(method)) {
      await pool.query(
        "INSERT INTO sessions (id, game, seed, config, created_at, updated_at) VALUES ($1, 'stacker', 1, 'null', now(), now())",
        [id],
      );
    }
  }
  for (let round = 0; round < 2; round++) {
    for (const method of ["key", "cas", "lock"] as const) await run(pool, method, ids(method));
    for (const method of ["key", "cas", "lock"] as const) await run(pool, method, [ids(method)[0] as string]);
  }
} finally {
  await pool.end();
  await cluster.stop();
}
