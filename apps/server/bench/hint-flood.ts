/**
 * `npm run bench:flood` (and the end of `npm run bench`): /api/health latency while one client floods the computer player with the
 * costliest `hint` known (issue 20's Block Blast position), on the real service in its own process.
 * BENCH_FLOODERS (default 8) loops each hint one session of their own, as fast as answered; on a 429
 * or 503 they wait 50 ms and go on, as an attacker would. A prober asks /api/health one at a time
 * every 20 ms for BENCH_SECONDS (default 10). Two figures: the default CPU share (the flooder is soon
 * refused with CPU_LIMIT) and an unlimited share (the pool stays saturated the whole time). Prints
 * JSON lines: health's p50 / p99 / worst, and what the flooder got. Aim: p99 under 100 ms, worst
 * under 300 ms.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { CRAFTED_BLAST } from "../test/crafted-positions.js";
import { SERVER_JS, startProcess } from "./processes.js";

// `npm run bench -- <name>` runs the figures whose name holds <name>, as service.ts does.
const only = process.argv[2];
const wanted = (name: string) => !only || name.includes(only);
const seconds = Math.max(1, Math.min(120, Number(process.env.BENCH_SECONDS ?? 10) || 10));
const flooders = Math.max(1, Math.min(64, Number(process.env.BENCH_FLOODERS ?? 8) || 8));

const HEADERS = { "content-type": "application/json" };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const round = (x: number) => Math.round(x * 10) / 10;

async function post(url: string, body: unknown): Promise<{ status: number; body: { id?: string } }> {
  const res = await fetch(url, { method: "POST", headers: HEADERS, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { id?: string } };
}

async function measure(name: string, env: Record<string, string>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "ba-flood-"));
  const server = await startProcess(name, SERVER_JS, { RATE_LIMIT: "off", DATA_DIR: dataDir, ...env });
  try {
    const sessions: string[] = [];
    for (let i = 0; i < flooders; i++) {
      const created = await post(`${server.url}/api/games`, { game: "blast", seed: i + 1 });
      const id = created.body.id as string;
      const loaded = await post(`${server.url}/api/games/${id}/commands`, {
        cmd: "load",
        state: CRAFTED_BLAST,
      });
      if (loaded.status !== 200) throw new Error(`load answered ${loaded.status}`);
      sessions.push(id);
    }
    const counts = { ok: 0, cpuLimit: 0, busy: 0, other: 0 };
    let flooding = true;
    const loops = sessions.map(async (id) => {
      while (flooding) {
        const res = await post(`${server.url}/api/games/${id}/commands`, { cmd: "hint" });
        if (res.status === 200) counts.ok++;
        else if (res.status === 429) counts.cpuLimit++;
        else if (res.status === 503) counts.busy++;
        else counts.other++;
        if (res.status !== 200) await sleep(50);
      }
    });
    // Let the flood reach the pool first.
    await sleep(200);
    const loadBefore = loadavg()[0] ?? 0;
    const latencies: number[] = [];
    let failed = 0;
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      const began = performance.now();
      const res = await fetch(`${server.url}/api/health`);
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
      latencies.push(performance.now() - began);
      await sleep(20);
    }
    const loadAfter = loadavg()[0] ?? 0;
    flooding = false;
    await Promise.all(loops);
    const sorted = [...latencies].sort((a, b) => a - b);
    process.stdout.write(
      `${JSON.stringify({
        name,
        unit: "ms",
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? Number.NaN),
        probes: latencies.length,
        healthFailed: failed,
        flooders,
        seconds,
        hints: counts,
        load: { before: round(loadBefore), after: round(loadAfter), cores: availableParallelism() },
      })}\n`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const DEFAULT = "service.health-under-hint-flood.default-share";
const UNLIMITED = "service.health-under-hint-flood.unlimited-share";
if (wanted(DEFAULT)) await measure(DEFAULT, {});
if (wanted(UNLIMITED))
  await measure(UNLIMITED, { CPU_MS_PER_MINUTE: "1000000000", CPU_BURST_MS: "1000000000" });
