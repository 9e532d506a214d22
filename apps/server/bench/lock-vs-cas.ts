/**
 * How to order commands across processes, measured (docs/service.md "Order across processes"): the
 * compare-and-set append the service uses (one statement) against a row lock (BEGIN, SELECT … FOR
 * UPDATE, INSERT, UPDATE, COMMIT), on a throwaway PostgreSQL, with 64 writers on 64 sessions (no
 * contention: the usual case) and 64 writers on one session (all contention). JSON lines.
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

async function run(pool: pg.Pool, method: "cas" | "lock", sessions: string[]): Promise<void> {
  const known = new Map(sessions.map((id) => [id, { length: 0 }]));
  for (const id of sessions) {
    const { rows } = await pool.query<{ length: number }>("SELECT length FROM sessions WHERE id = $1", [id]);
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
        const ok = method === "cas" ? await casAppend(pool, id, mine) : await lockedAppend(pool, id);
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
  const ids = Array.from({ length: WRITERS }, (_, i) => `s${i}`);
  for (const id of ids) {
    await pool.query(
      "INSERT INTO sessions (id, game, seed, config, created_at, updated_at) VALUES ($1, 'stacker', 1, 'null', now(), now())",
      [id],
    );
  }
  for (let round = 0; round < 2; round++) {
    await run(pool, "cas", ids);
    await run(pool, "lock", ids);
    await run(pool, "cas", [ids[0] as string]);
    await run(pool, "lock", [ids[0] as string]);
  }
} finally {
  await pool.end();
  await cluster.stop();
}
