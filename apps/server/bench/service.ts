/**
 * `npm run bench:service` (and the second half of `npm run bench`): the game service under load, as
 * real processes on real ports, each figure beside a bare Fastify process measured in the same run.
 * Prints one JSON line per figure, the engine bench's way (packages/engine/bench/run.ts): the median
 * of several runs (BENCH_RUNS, default 3), the spread, the ratio to the baseline ("speedup", with its
 * spread), and the machine's load. `npm run bench:service -- postgres` runs the figures whose name
 * contains "postgres".
 *
 * Load: autocannon (in this process) at 64 connections (BENCH_CONNECTIONS) for BENCH_SECONDS
 * (default 4) per figure and run; each connection plays its own Block Stacker session on a 20x20
 * well, alternating {"cmd":"key","key":"A"} and "D": every command changes the state (so it is
 * stored) and none ends the game. Servers run with RATE_LIMIT=off, CONNECTIONS_PER_ADDRESS=0 and
 * LOG_LEVEL=info (the default: no line per request). PostgreSQL is a throwaway cluster (apps/server/test/postgres.ts: fsync and
 * synchronous_commit off); without one, a line says why and the other figures go on. Then the scores
 * helper's own benches (score-verify.mjs: ranked sessions; leaderboard.mjs at BENCH_LEADERBOARD_ROWS,
 * default 10^6). Where the time goes:
 * profile.ts (`npm run bench:profile`).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "../test/postgres.js";
import { BARE_JS, type Proc, SERVER_JS, startProcess } from "./processes.js";

const runs = Math.max(1, Math.min(20, Number(process.env.BENCH_RUNS ?? 3) || 3));
const seconds = Math.max(1, Math.min(120, Number(process.env.BENCH_SECONDS ?? 4) || 4));
const connections = Math.max(2, Math.min(1024, Number(process.env.BENCH_CONNECTIONS ?? 64) || 64));
const only = process.argv[2];

// The load comes from one address with up to 1,024 connections: no rate limit, no connection cap.
const SERVER_ENV = {
  RATE_LIMIT: "off",
  CONNECTIONS_PER_ADDRESS: "0",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
};
const JSON_HEADERS = { "content-type": "application/json" };
const MOVES = [JSON.stringify({ cmd: "key", key: "A" }), JSON.stringify({ cmd: "key", key: "D" })];

type Kind = "commands" | "reads" | "bare-post" | "bare-get";

/** One load measurement: what autocannon saw, plus the machine's load around it. */
interface Sample {
  rate: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  acknowledged: number;
  logged?: number;
  loadBefore: number;
  loadAfter: number;
}

interface Measured {
  name: string;
  unit: string;
  value: number;
  extra?: Record<string, unknown>;
  baseline?: { name: string; value: number };
  /** value / baseline for rates, baseline / value for durations: the ratio to the baseline. */
  ratio?: number;
  loadBefore: number;
  loadAfter: number;
}

const wanted = (name: string) => !only || name.includes(only);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function round(x: number): number {
  return Math.abs(x) >= 100 ? Math.round(x) : Math.round(x * 1000) / 1000;
}

const spread = (values: number[]) => ({ min: round(Math.min(...values)), max: round(Math.max(...values)) });

function print(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** Prints one figure from its runs, in the engine bench's shape. */
function summarise(samples: Measured[]): void {
  const first = samples[0] as Measured;
  const values = samples.map((s) => s.value);
  const out: Record<string, unknown> = {
    name: first.name,
    value: round(median(values)),
    unit: first.unit,
    runs: samples.length,
    spread: spread(values),
  };
  if (first.baseline) {
    const ratios = samples.map((s) => s.ratio ?? Number.NaN);
    out.baseline = {
      name: first.baseline.name,
      value: round(median(samples.map((s) => s.baseline?.value ?? Number.NaN))),
    };
    out.speedup = round(median(ratios));
    out.speedupSpread = spread(ratios);
  }
  const keys = Object.keys(first.extra ?? {});
  for (const key of keys) {
    const all = samples.map((s) => s.extra?.[key]);
    if (all.every((v) => typeof v === "number")) {
      const numbers = all as number[];
      // Counts (refusals, errors) are summed over the runs; measures are medians with their spread.
      out[key] = /^(non2xx|errors|acknowledged|logged)$/.test(key)
        ? numbers.reduce((a, b) => a + b, 0)
        : { median: round(median(numbers)), ...spread(numbers) };
    } else {
      out[key] = all[0];
    }
  }
  out.load = {
    before: round(first.loadBefore),
    after: round((samples[samples.length - 1] as Measured).loadAfter),
    cores: availableParallelism(),
  };
  print(out);
}

/** Starts one session per connection on a server (a 20x20 Block Stacker well). */
async function createSessions(url: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}/api/games`, {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ game: "stacker", seed: i + 1, config: { size: 20 } }),
    });
    if (response.status !== 201) throw new Error(`POST /api/games answered ${response.status}`);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

/** The sum of the sessions' lengths (seq): every command the servers logged. */
async function loggedCommands(url: string, ids: string[]): Promise<number> {
  let total = 0;
  for (const id of ids) {
    const response = await fetch(`${url}/api/games/${id}`);
    total += ((await response.json()) as { seq: number }).seq;
  }
  return total;
}

function requestsFor(kind: Kind, id: string) {
  switch (kind) {
    case "commands":
      return MOVES.map((body) => ({
        method: "POST",
        path: `/api/games/${id}/commands`,
        headers: JSON_HEADERS,
        body,
      }));
    case "reads":
      return [{ method: "GET", path: `/api/games/${id}` }];
    case "bare-post":
      return MOVES.map((body) => ({ method: "POST", path: `/bare/${id}`, headers: JSON_HEADERS, body }));
    case "bare-get":
      return [{ method: "GET", path: `/bare/${id}` }];
  }
}

/** autocannon on one server: each connection keeps to its own session id. */
function cannon(url: string, kind: Kind, ids: string[], duration: number): Promise<Result> {
  let next = 0;
  return autocannon({
    url,
    connections: ids.length,
    duration,
    setupClient: (client) => {
      client.setRequests(requestsFor(kind, ids[next++ % ids.length] as string));
    },
  });
}

/**
 * One load measurement on one or more servers at once (connections shared out between them): the
 * rate is the sum of the 2xx answers a second, p50 the mean of the servers' p50s, p99 the largest p99.
 */
async function measure(
  targets: { url: string; ids: string[] }[],
  kind: Kind,
  duration = seconds,
): Promise<Sample> {
  const loadBefore = loadavg()[0] ?? 0;
  const before =
    kind === "commands"
      ? await Promise.all(targets.map((t) => loggedCommands(t.url, t.ids))).then((n) =>
          n.reduce((a, b) => a + b),
        )
      : 0;
  const results = await Promise.all(targets.map((t) => cannon(t.url, kind, t.ids, duration)));
  const loadAfter = loadavg()[0] ?? 0;
  const ok = results.reduce((sum, r) => sum + r["2xx"], 0);
  const sample: Sample = {
    rate: results.reduce((sum, r) => sum + r["2xx"] / r.duration, 0),
    p50: results.reduce((sum, r) => sum + r.latency.p50, 0) / results.length,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    acknowledged: ok,
    loadBefore,
    loadAfter,
  };
  if (kind === "commands") {
    const after = await Promise.all(targets.map((t) => loggedCommands(t.url, t.ids)));
    sample.logged = after.reduce((a, b) => a + b) - before;
  }
  return sample;
}

function asFigure(
  name: string,
  unit: string,
  sample: Sample,
  baseline?: { name: string; sample: Sample },
): Measured {
  const extra: Record<string, unknown> = {
    p50Ms: sample.p50,
    p99Ms: sample.p99,
    non2xx: sample.non2xx,
    errors: sample.errors,
  };
  if (sample.logged !== undefined) {
    // Answers that reached autocannon, and commands the servers logged (in-flight ones at the end
    // of a run are logged but not counted as answered: logged may exceed acknowledged by a few).
    extra.acknowledged = sample.acknowledged;
    extra.logged = sample.logged;
  }
  if (baseline) {
    extra.baselineP50Ms = baseline.sample.p50;
    extra.baselineP99Ms = baseline.sample.p99;
  }
  return {
    name,
    unit,
    value: sample.rate,
    extra,
    ...(baseline
      ? {
          baseline: { name: baseline.name, value: baseline.sample.rate },
          ratio: sample.rate / baseline.sample.rate,
        }
      : {}),
    loadBefore: sample.loadBefore,
    loadAfter: sample.loadAfter,
  };
}

/**
 * The scores helper's own benches (apps/server/bench/score-verify.mjs: the CPU time of a ranked
 * session's moves and of the move that ends it and enters it; leaderboard.mjs: queries at 10^6 rows), run as they are, each line
 * given a name and the machine's load.
 */
function scoresBench(script: string, name: string, args: string[], env: Record<string, string>): void {
  const loadBefore = loadavg()[0] ?? 0;
  const run = spawnSync(
    process.execPath,
    [fileURLToPath(new URL(`../../bench/${script}`, import.meta.url)), ...args],
    {
      env: { ...process.env, ...env },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const load = { before: round(loadBefore), after: round(loadavg()[0] ?? 0), cores: availableParallelism() };
  if (run.status !== 0) {
    print({ name, skipped: `${script} failed: ${(run.stderr ?? "").trim().slice(-300)}` });
    return;
  }
  for (const line of run.stdout.split("\n")) {
    if (line.trim() === "") continue;
    const fields = JSON.parse(line) as Record<string, unknown>;
    const parts = [fields.backend, fields.form, fields.query].filter((p) => typeof p === "string");
    print({ name: [name, ...parts].join("."), ...fields, load });
  }
}

interface LoadFigure {
  name: string;
  kind: Kind;
  /** Names of the servers the connections are shared between. */
  on: string[];
  baseline?: string;
}

const LOAD_FIGURES: LoadFigure[] = [
  { name: "service.bare.post (bare Fastify POST, 64 connections)", kind: "bare-post", on: ["bare1"] },
  {
    name: "service.sqlite.commands (1 process, 64 connections)",
    kind: "commands",
    on: ["sqlite"],
    baseline: "service.bare.post (bare Fastify POST, 64 connections)",
  },
  {
    name: "service.postgres.commands (1 process, 64 connections)",
    kind: "commands",
    on: ["pg1"],
    baseline: "service.bare.post (bare Fastify POST, 64 connections)",
  },
  {
    name: "service.bare.post2 (2 bare Fastify processes, 2x32 connections)",
    kind: "bare-post",
    on: ["bare1", "bare2"],
  },
  {
    name: "service.postgres2.commands (2 processes, one PostgreSQL, 2x32 connections)",
    kind: "commands",
    on: ["pg1", "pg2"],
    baseline: "service.bare.post2 (2 bare Fastify processes, 2x32 connections)",
  },
  { name: "service.bare.get (bare Fastify GET, 64 connections)", kind: "bare-get", on: ["bare1"] },
  {
    name: "service.sqlite.reads (GET /api/games/:id, 64 connections)",
    kind: "reads",
    on: ["sqlite"],
    baseline: "service.bare.get (bare Fastify GET, 64 connections)",
  },
  {
    name: "service.postgres.reads (GET /api/games/:id, 64 connections)",
    kind: "reads",
    on: ["pg1"],
    baseline: "service.bare.get (bare Fastify GET, 64 connections)",
  },
];

async function main(): Promise<void> {
  const figures = LOAD_FIGURES.filter(
    (f) => wanted(f.name) || LOAD_FIGURES.some((g) => g.baseline === f.name && wanted(g.name)),
  );
  const needVerify = wanted("service.ranked.session");
  const needBoards = wanted("service.leaderboard");
  const needs = new Set(figures.flatMap((f) => f.on));
  if (needBoards) needs.add("postgres");
  if (needs.size === 0 && !needVerify) return;

  const procs = new Map<string, Proc>();
  const dataDir = mkdtempSync(join(tmpdir(), "ba-bench-"));
  let postgres: TestPostgres | undefined;
  const stopAll = async () => {
    await Promise.all([...procs.values()].map((p) => p.stop()));
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => {
    void stopAll().then(() => process.exit(130));
  });
  try {
    const start = async (name: string, script: string, env: Record<string, string>) => {
      procs.set(name, await startProcess(name, script, { ...SERVER_ENV, ...env }));
    };
    if (needs.has("bare1")) await start("bare1", BARE_JS, {});
    if (needs.has("bare2")) await start("bare2", BARE_JS, {});
    if (needs.has("sqlite")) await start("sqlite", SERVER_JS, { DATA_DIR: dataDir });
    let databaseUrl: string | undefined;
    if (needs.has("pg1") || needs.has("pg2") || needs.has("postgres")) {
      if (postgresSkipReason !== undefined) {
        print({ name: "service.postgres", skipped: `no PostgreSQL: ${postgresSkipReason}` });
      } else {
        try {
          postgres = await startPostgres();
          const url = await freshDatabase(postgres, "bench");
          databaseUrl = url;
          if (needs.has("pg1")) await start("pg1", SERVER_JS, { DATABASE_URL: url, DATA_DIR: dataDir });
          if (needs.has("pg2")) await start("pg2", SERVER_JS, { DATABASE_URL: url, DATA_DIR: dataDir });
        } catch (err) {
          print({
            name: "service.postgres",
            skipped: `PostgreSQL did not start: ${String(err).slice(0, 300)}`,
          });
        }
      }
    }
    const runnable = figures.filter((f) => f.on.every((name) => procs.has(name)));

    // Sessions per server: one per connection; servers that share a figure share the connections.
    const sessionIds = new Map<string, string[]>();
    const idsFor = async (name: string, count: number): Promise<string[]> => {
      const proc = procs.get(name) as Proc;
      if (name.startsWith("bare")) return Array.from({ length: count }, (_, i) => `s${i}`);
      return createSessions(proc.url, count);
    };
    const targetsFor = async (figure: LoadFigure, run: number) => {
      const share = Math.floor(connections / figure.on.length);
      return Promise.all(
        figure.on.map(async (name) => {
          // Fresh sessions for each command figure and run; reads reuse the ones already made.
          const key = `${name}:${share}:${figure.kind === "commands" ? `${figure.name}:${run}` : "reads"}`;
          let ids = sessionIds.get(key);
          if (!ids) {
            ids = await idsFor(name, share);
            sessionIds.set(key, ids);
          }
          return { url: (procs.get(name) as Proc).url, ids };
        }),
      );
    };

    // A short warm-up of every server so the first run is not the JIT's.
    for (const figure of runnable) await measure(await targetsFor(figure, -1), figure.kind, 1);

    const results = new Map<string, Measured[]>();
    for (let run = 0; run < runs; run++) {
      const samples = new Map<string, Sample>();
      for (const figure of runnable) {
        const sample = await measure(await targetsFor(figure, run), figure.kind);
        samples.set(figure.name, sample);
        const base = figure.baseline === undefined ? undefined : samples.get(figure.baseline);
        const unit = figure.kind === "commands" ? "commands/s" : "requests/s";
        const measured = asFigure(
          figure.name,
          unit,
          sample,
          base && figure.baseline ? { name: figure.baseline, sample: base } : undefined,
        );
        results.set(figure.name, [...(results.get(figure.name) ?? []), measured]);
      }
    }
    for (const figure of runnable) {
      const samples = results.get(figure.name);
      if (samples && wanted(figure.name)) summarise(samples);
    }
    if (needVerify) scoresBench("score-verify.mjs", "service.ranked.session", [], {});
    if (needBoards) {
      // The board is filled in SQLite and, on the throwaway PostgreSQL, in a schema of its own.
      scoresBench(
        "leaderboard.mjs",
        "service.leaderboard",
        [process.env.BENCH_LEADERBOARD_ROWS ?? "1000000", "50"],
        {
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
      );
    }
  } finally {
    await stopAll();
  }
}

await main();
