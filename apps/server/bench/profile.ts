/**
 * `npm run bench:profile [-- sqlite|postgres|bare] [reads]`: where a command's time goes. Starts one
 * server process under `node --cpu-prof`, loads it as the service bench does (64 connections, each
 * on its own Block Stacker session, BENCH_SECONDS, default 5), stops it, and prints one JSON line:
 * the share of the server's CPU samples in each part (engine, sessions and storage code, SQLite,
 * pg, Fastify, logging, JSON, Node's HTTP and sockets, GC, idle), with the busiest functions.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "../test/postgres.js";
import { BARE_JS, SERVER_JS, startProcess } from "./processes.js";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const backend = process.argv[2] ?? "sqlite";
const reads = process.argv[3] === "reads";
const seconds = Math.max(1, Math.min(120, Number(process.env.BENCH_SECONDS ?? 5) || 5));
const connections = Math.max(2, Math.min(1024, Number(process.env.BENCH_CONNECTIONS ?? 64) || 64));

/** The part of the service a profile frame belongs to. */
function part(frame: ProfileNode["callFrame"]): string {
  const { url, functionName } = frame;
  if (url === "") {
    if (/^\((garbage collector|idle|program|root)\)$/.test(functionName)) return functionName;
    if (/^(stringify|parse)$/.test(functionName)) return "JSON (V8)";
    return `native: ${functionName || "(anonymous)"}`;
  }
  if (url.includes("/packages/engine/")) return "engine";
  if (url.includes("/apps/server/dist/src/store/")) return "server: store/";
  if (url.includes("/apps/server/dist/src/")) return "server: routes, sessions";
  if (/node_modules\/(better-sqlite3|bindings)\//.test(url)) return "better-sqlite3 (JS side)";
  if (/node_modules\/(pg|pg-protocol|pg-pool|pg-types|pgpass|pg-connection-string)\//.test(url)) return "pg";
  if (
    /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|on-exit-leak-free)\//.test(
      url,
    )
  )
    return "logging (pino)";
  if (
    /node_modules\/(fast-json-stringify|secure-json-parse|json-schema-ref-resolver|ajv|ajv-formats|fast-uri)\//.test(
      url,
    )
  )
    return "Fastify: schemas, JSON";
  if (
    /node_modules\/@fastify\/(helmet|compress|rate-limit)\//.test(url) ||
    /node_modules\/helmet\//.test(url)
  )
    return "Fastify plugins (helmet, compress, rate-limit)";
  if (
    /node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify\/[a-z-]+|toad-cache|process-warning|abstract-logging|rfdc|fast-querystring)\//.test(
      url,
    )
  )
    return "Fastify core";
  if (url.includes("/node_modules/lru-cache/")) return "lru-cache";
  if (url.startsWith("node:internal/") || url.startsWith("node:")) {
    if (/http|stream|net|_http/.test(url)) return "Node: HTTP, sockets, streams";
    if (/timers|process\/task_queues|promise/.test(url)) return "Node: timers, promises";
    return "Node: other";
  }
  return url.replace(/^.*node_modules\//, "").split("/")[0] ?? url;
}

function analyse(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const name = part(node.callFrame);
    parts.set(name, (parts.get(name) ?? 0) + dt);
    const file = node.callFrame.url.replace(/^.*\/(node_modules|dist)\//, "").replace(/^file:\/\//, "");
    const fn = `${name}: ${node.callFrame.functionName || "(anonymous)"} ${file}:${node.callFrame.lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + dt);
  });
  const idle = parts.get("(idle)") ?? 0;
  const busy = total - idle;
  const share = (entries: Map<string, number>, limit: number) =>
    [...entries.entries()]
      .filter(([name]) => name !== "(idle)")
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, us]) => ({ name, share: Math.round((us / busy) * 1000) / 1000 }));
  return {
    busySeconds: Math.round(busy / 1e4) / 100,
    idleShare: Math.round((idle / total) * 1000) / 1000,
    parts: share(parts, 20),
    functions: share(functions, Number(process.env.PROFILE_FUNCTIONS ?? 25) || 25),
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "ba-prof-"));
  let postgres: TestPostgres | undefined;
  const env: Record<string, string> = {
    RATE_LIMIT: "off",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    DATA_DIR: dir,
  };
  try {
    if (backend === "postgres") {
      if (postgresSkipReason !== undefined) throw new Error(postgresSkipReason);
      postgres = await startPostgres();
      env.DATABASE_URL = await freshDatabase(postgres, "profile");
    }
    const script = backend === "bare" ? BARE_JS : SERVER_JS;
    const proc = await startProcess(backend, script, env, [
      "--cpu-prof",
      `--cpu-prof-dir=${join(dir, "prof")}`,
    ]);
    const ids: string[] = [];
    for (let i = 0; i < connections; i++) {
      if (backend === "bare") {
        ids.push(`s${i}`);
        continue;
      }
      const response = await fetch(`${proc.url}/api/games`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ game: "stacker", seed: i + 1, config: { size: 20 } }),
      });
      ids.push(((await response.json()) as { id: string }).id);
    }
    const prefix = backend === "bare" ? "/bare" : "/api/games";
    let next = 0;
    const result = await autocannon({
      url: proc.url,
      connections,
      duration: seconds,
      setupClient: (client) => {
        const id = ids[next++ % ids.length] as string;
        const path = reads || backend === "bare" ? `${prefix}/${id}` : `${prefix}/${id}/commands`;
        client.setRequests(
          reads
            ? [{ method: "GET", path }]
            : ["A", "D"].map((key) => ({
                method: "POST",
                path,
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ cmd: "key", key }),
              })),
        );
      },
    });
    await proc.stop();
    const file = readdirSync(join(dir, "prof")).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("the server wrote no .cpuprofile");
    const profile = JSON.parse(readFileSync(join(dir, "prof", file), "utf8")) as Profile;
    process.stdout.write(
      `${JSON.stringify({
        name: `service.profile.${backend}${reads ? ".reads" : ".commands"}`,
        rate: Math.round(result["2xx"] / result.duration),
        non2xx: result.non2xx,
        ...analyse(profile),
      })}\n`,
    );
  } finally {
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
