/**
 * What judging a body while it is read costs (docs/service.md "Limits"): the depth scan's CPU per
 * byte on a long real-sized body, JSON.parse of the 8 MB body nested 4,000,000 deep (the
 * old path: parse, then check), and on a real port 16 such bodies at once from one client while
 * GET /api/health is asked every 10 ms: how long until all 16 are refused, and health's worst wait.
 * One JSON line each.
 *
 *   npx tsc -b && node apps/server/bench/body-depth.mjs
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { buildApp } from "../dist/src/app.js";
import { DepthScan } from "../dist/src/json-depth.js";
import { MAX_BODY_DEPTH } from "../dist/src/limits.js";

const cpuMs = (f) => {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const round = (x) => Math.round(x * 1000) / 1000;

// A 512 KiB Block Stacker game of ticks and keys, and 8 MB of a flat array.
const ticks = Buffer.from(
  JSON.stringify({
    game: "stacker",
    seed: 1,
    commands: Array.from({ length: 30_000 }, (_, i) =>
      i % 3 ? { cmd: "tick" } : { cmd: "key", key: "Left" },
    ),
    name: "Ada",
  }),
);
const flat = Buffer.from(`[${"1,".repeat(4_000_000)}1]`);
for (const [name, body] of [
  ["stacker game", ticks],
  ["flat 8 MB", flat],
]) {
  let ok = true;
  const runs = 5;
  const ms = cpuMs(() => {
    for (let i = 0; i < runs; i++) ok = new DepthScan(MAX_BODY_DEPTH).push(body) && ok;
  });
  console.log(
    JSON.stringify({
      what: "scan",
      body: name,
      bytes: body.length,
      ok,
      cpuMsPerRun: round(ms / runs),
      nsPerByte: round((ms * 1e6) / runs / body.length),
    }),
  );
}

const depth = 4_000_000;
const deep = `${"[".repeat(depth)}${"]".repeat(depth)}`;
console.log(
  JSON.stringify({
    what: "JSON.parse (old path)",
    bytes: deep.length,
    cpuMs: round(cpuMs(() => JSON.parse(deep))),
  }),
);
console.log(
  JSON.stringify({
    what: "scan refusal",
    bytes: deep.length,
    cpuMs: round(cpuMs(() => new DepthScan(MAX_BODY_DEPTH).push(Buffer.from(deep)))),
  }),
);

const app = await buildApp({
  dataDir: join(mkdtempSync(join(tmpdir(), "ba-bench-")), "data"),
  security: { rateLimit: false },
});
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address();
// The 16 clients run in a worker thread: building and sending 128 MB is their work, not the server's.
const POSTERS = `
const { connect } = require("node:net");
const { workerData, parentPort } = require("node:worker_threads");
const { port, depth } = workerData;
const deep = "[".repeat(depth) + "]".repeat(depth);
const chunked = Buffer.from(Buffer.byteLength(deep).toString(16) + "\\r\\n" + deep + "\\r\\n0\\r\\n\\r\\n");
const post = () => new Promise((resolve, reject) => {
  let answer = "";
  const socket = connect({ port, host: "127.0.0.1" }, () => {
    socket.write("POST /api/scores HTTP/1.1\\r\\nHost: x\\r\\nContent-Type: application/json\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n");
    socket.write(chunked);
  });
  socket.on("data", (chunk) => {
    answer += chunk;
    if (answer.includes("\\r\\n\\r\\n")) { socket.destroy(); resolve(Number(answer.split(" ")[1])); }
  });
  socket.on("error", reject);
});
parentPort.postMessage("ready");
parentPort.once("message", async () => {
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: 16 }, post));
  parentPort.postMessage({ statuses, ms: performance.now() - started });
});
`;
const worker = new Worker(POSTERS, { eval: true, workerData: { port, depth } });
await new Promise((resolve) => worker.once("message", resolve));
let worst = 0;
let asked = 0;
let running = true;
const pinging = (async () => {
  while (running) {
    const started = performance.now();
    await fetch(`http://127.0.0.1:${port}/api/health`);
    worst = Math.max(worst, performance.now() - started);
    asked++;
    await new Promise((r) => setTimeout(r, 10));
  }
})();
worker.postMessage("go");
const { statuses, ms: allMs } = await new Promise((resolve) => worker.once("message", resolve));
running = false;
await worker.terminate();
await pinging;
console.log(
  JSON.stringify({
    what: "16 deep 8 MB posts at once",
    statuses: [...new Set(statuses)],
    allRefusedMs: Math.round(allMs),
    healthAsked: asked,
    healthWorstMs: round(worst),
    rssMB: Math.round(process.memoryUsage().rss / 1e6),
  }),
);
await app.close();
