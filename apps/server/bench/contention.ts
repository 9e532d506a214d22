/**
 * `node apps/server/dist-bench/bench/contention.js` (after `npx tsc -b`): two real server processes
 * on one throwaway PostgreSQL, many clients writing the same few sessions through both at once, so
 * each process's group commits carry several of those sessions and collide with the other's (issue
 * 20 finding 4: `40P01 deadlock detected`, answered 500). Prints one JSON line: the statuses, the
 * deadlocks PostgreSQL logged, and the check of the log (every acknowledged command logged once, at
 * the position its reply named).
 *
 * BENCH_SESSIONS (default 16), BENCH_CONNECTIONS (64 clients), BENCH_SECONDS (10), BENCH_PROCESSES (2);
 * BENCH_SERVER_JS runs another build of the server (the code before a change, to compare).
 *
 * `contention.js store`: the same race without HTTP, so many more group commits meet in the same
 * time: BENCH_PROCESSES storages (each its own pool, as a process has) in this process, each with
 * BENCH_CONNECTIONS writers that append to random sessions at the length they know (one at a time per
 * session and storage, as sessions.ts does) and catch up when they lose. BENCH_STORE_JS loads another
 * build of store/postgres.js. Counts statements PostgreSQL aborted (errors), deadlocks logged, and checks
 * every append answered true is in the log once.
 */
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import pg from "pg";
import { freshDatabase, postgresSkipReason, startPostgres } from "../test/postgres.js";
import { type Proc, SERVER_JS, startProcess } from "./processes.js";

const sessions = Math.max(1, Number(process.env.BENCH_SESSIONS ?? 16) || 16);
const clients = Math.max(2, Number(process.env.BENCH_CONNECTIONS ?? 64) || 64);
const seconds = Math.max(1, Number(process.env.BENCH_SECONDS ?? 10) || 10);
const processes = Math.max(1, Number(process.env.BENCH_PROCESSES ?? 2) || 2);
const serverJs = process.env.BENCH_SERVER_JS ?? SERVER_JS;

interface Acknowledged {
  session: number;
  seq: number;
  seed: number;
}

async function post(url: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

interface StorageLike {
  createSession(s: {
    id: string;
    game: string;
    seed: number;
    config: unknown;
    ranked: boolean;
    name: string | null;
  }): Promise<void>;
  append(
    id: string,
    a: { seq: number; command: string; touch?: boolean; unrank?: boolean },
  ): Promise<boolean>;
  length(id: string): Promise<number | undefined>;
  close(): Promise<void>;
}

async function storageRace(): Promise<void> {
  if (postgresSkipReason !== undefined) {
    process.stdout.write(`${JSON.stringify({ name: "contention.store", skipped: postgresSkipReason })}\n`);
    return;
  }
  const storageJs = process.env.BENCH_STORE_JS ?? new URL("../src/store/postgres.js", import.meta.url).href;
  const { openPostgres } = (await import(storageJs)) as { openPostgres(url: string): Promise<StorageLike> };
  const cluster = await startPostgres();
  const storages: StorageLike[] = [];
  try {
    const databaseUrl = await freshDatabase(cluster, "contention_store");
    for (let i = 0; i < processes; i++) storages.push(await openPostgres(databaseUrl));
    const ids = Array.from({ length: sessions }, (_, i) => `s${String(i).padStart(4, "0")}`);
    for (const id of ids) {
      await storages[0]?.createSession({
        id,
        game: "stacker",
        seed: 1,
        config: null,
        ranked: true,
        name: null,
      });
    }
    let appended = 0;
    let lostRaces = 0;
    let failed = 0;
    const failures = new Map<string, number>();
    const acknowledged: { id: string; seq: number; n: number }[] = [];
    let n = 0;
    const loadBefore = loadavg()[0] as number;
    const began = performance.now();
    const end = began + seconds * 1000;
    await Promise.all(
      storages.map(async (storage) => {
        const known = new Map(ids.map((id) => [id, 0]));
        const busy = new Set<string>();
        await Promise.all(
          Array.from({ length: clients }, async () => {
            while (performance.now() < end) {
              const id = ids[Math.floor(Math.random() * ids.length)] as string;
              // One append at a time per session in a storage, as sessions.ts runs a session's commands.
              if (busy.has(id)) {
                await new Promise((r) => setImmediate(r));
                continue;
              }
              busy.add(id);
              const seq = known.get(id) as number;
              const mine = ++n;
              try {
                const logged = await storage.append(id, {
                  seq,
                  command: JSON.stringify({ n: mine }),
                  touch: mine % 7 === 0,
                });
                appended++;
                if (logged) {
                  known.set(id, seq + 1);
                  acknowledged.push({ id, seq, n: mine });
                } else {
                  lostRaces++;
                  known.set(id, (await storage.length(id)) ?? seq);
                }
              } catch (err) {
                failed++;
                const code = (err as { code?: string }).code ?? String(err).slice(0, 60);
                failures.set(code, (failures.get(code) ?? 0) + 1);
                known.set(id, (await storage.length(id)) ?? seq);
              } finally {
                busy.delete(id);
              }
            }
          }),
        );
      }),
    );
    const elapsed = (performance.now() - began) / 1000;
    const loadAfter = loadavg()[0] as number;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let lost = 0;
    let logged = 0;
    try {
      const { rows } = await client.query<{ session_id: string; seq: number; command: string }>(
        "SELECT session_id, seq, command FROM session_commands",
      );
      logged = rows.length;
      const at = new Map(
        rows.map((r) => [`${r.session_id} ${r.seq}`, (JSON.parse(r.command) as { n: number }).n]),
      );
      for (const a of acknowledged) if (at.get(`${a.id} ${a.seq}`) !== a.n) lost++;
    } finally {
      await client.end();
    }
    const deadlocks = readFileSync(cluster.logFile, "utf8").match(/deadlock detected/g)?.length ?? 0;
    process.stdout.write(
      `${JSON.stringify({
        name: `contention.store (${processes} storages, one PostgreSQL, ${processes}x${clients} writers on ${sessions} sessions)`,
        store: storageJs, // the key recorded runs used
        seconds: Math.round(elapsed * 10) / 10,
        appends: appended + failed,
        perSecond: Math.round((appended + failed) / elapsed),
        logged,
        lostRaces,
        failedAppends: failed,
        failures: Object.fromEntries(failures),
        deadlocksLogged: deadlocks,
        // Statements the storage sent again after PostgreSQL aborted them (builds that count them).
        retries: storages.reduce((sum, storage) => sum + ((storage as { retries?: number }).retries ?? 0), 0),
        acknowledged: acknowledged.length,
        acknowledgedMissing: lost,
        load: { before: loadBefore, after: loadAfter, cores: availableParallelism() },
      })}\n`,
    );
  } finally {
    for (const storage of storages) await storage.close();
    await cluster.stop();
  }
}

async function main(): Promise<void> {
  if (postgresSkipReason !== undefined) {
    process.stdout.write(`${JSON.stringify({ name: "contention", skipped: postgresSkipReason })}\n`);
    return;
  }
  const cluster = await startPostgres();
  const servers: Proc[] = [];
  try {
    const databaseUrl = await freshDatabase(cluster, "contention");
    for (let i = 0; i < processes; i++) {
      servers.push(
        await startProcess(`server-${i}`, serverJs, {
          DATABASE_URL: databaseUrl,
          RATE_LIMIT: "off",
          LOG_LEVEL: "fatal",
        }),
      );
    }
    const ids: string[] = [];
    for (let i = 0; i < sessions; i++) {
      const created = await post(`${servers[i % processes]?.url}/api/games`, {
        game: "stacker",
        seed: i,
        config: { size: 20 },
      });
      if (created.status !== 201) throw new Error(`create answered ${created.status}`);
      ids.push((created.body as { id: string }).id);
    }
    const statuses = new Map<number, number>();
    const codes = new Map<string, number>();
    const acknowledged: Acknowledged[] = [];
    let seed = 0;
    let failures = 0;
    const loadBefore = loadavg()[0] as number;
    const cpuBefore = process.cpuUsage();
    const began = performance.now();
    const end = began + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < end) {
          const session = Math.floor(Math.random() * sessions);
          const server = servers[Math.floor(Math.random() * processes)] as Proc;
          // A new game with its own seed: every command is told apart in the log.
          const command = { cmd: "new", seed: ++seed };
          try {
            const answer = await post(`${server.url}/api/games/${ids[session]}/commands`, command);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (answer.status === 200) {
              acknowledged.push({ session, seq: (answer.body as { seq: number }).seq, seed: command.seed });
            } else {
              const code = (answer.body as { error?: { code?: string } }).error?.code ?? "?";
              codes.set(`${answer.status} ${code}`, (codes.get(`${answer.status} ${code}`) ?? 0) + 1);
            }
          } catch {
            failures++;
          }
        }
      }),
    );
    const elapsed = (performance.now() - began) / 1000;
    const loadAfter = loadavg()[0] as number;
    const cpu = process.cpuUsage(cpuBefore);

    // The log: every acknowledged command once, at the position its reply named (seq = position + 1).
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let lost = 0;
    let misplaced = 0;
    let duplicated = 0;
    let gaps = 0;
    let logged = 0;
    try {
      const bySession = new Map<number, Map<number, number>>();
      for (let i = 0; i < sessions; i++) {
        const { rows } = await client.query<{ seq: number; command: string }>(
          "SELECT seq, command FROM session_commands WHERE session_id = $1 ORDER BY seq",
          [ids[i]],
        );
        logged += rows.length;
        rows.forEach((row, position) => {
          if (row.seq !== position) gaps++;
        });
        const positions = new Map<number, number>();
        for (const row of rows) {
          const s = (JSON.parse(row.command) as { seed: number }).seed;
          if (positions.has(s)) duplicated++;
          positions.set(s, row.seq);
        }
        bySession.set(i, positions);
      }
      for (const a of acknowledged) {
        const at = bySession.get(a.session)?.get(a.seed);
        if (at === undefined) lost++;
        else if (at !== a.seq - 1) misplaced++;
      }
    } finally {
      await client.end();
    }
    const serverLog = readFileSync(cluster.logFile, "utf8");
    const deadlocks = serverLog.match(/deadlock detected/g)?.length ?? 0;
    const requests = [...statuses.values()].reduce((a, b) => a + b, 0);
    const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
    process.stdout.write(
      `${JSON.stringify({
        name: `contention (${processes} processes, one PostgreSQL, ${clients} clients on ${sessions} sessions)`,
        server: serverJs,
        seconds: Math.round(elapsed * 10) / 10,
        requests,
        perSecond: Math.round(requests / elapsed),
        statuses: Object.fromEntries(statuses),
        refusals: Object.fromEntries(codes),
        fivexx,
        networkFailures: failures,
        deadlocksLogged: deadlocks,
        acknowledged: acknowledged.length,
        logged,
        lost,
        misplaced,
        duplicated,
        gaps,
        benchCpuMs: Math.round((cpu.user + cpu.system) / 1000),
        load: { before: loadBefore, after: loadAfter, cores: availableParallelism() },
      })}\n`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await cluster.stop();
  }
}

if (process.argv[2] === "store") await storageRace();
else await main();
