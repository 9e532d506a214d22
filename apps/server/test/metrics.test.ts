/**
 * Prometheus metrics (plugins/metrics.ts): off by default; when on, scraped from their own port
 * during a load run, the request count of the route rises by the requests sent (counts, never times),
 * the cache gauge and Node's event-loop delay are there, and the public port serves no /metrics.
 */
import type { Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { serveMetrics } from "../src/plugins/metrics.js";
import { type App, listen, tempDataDir } from "./support.js";

const apps: App[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
  for (const app of apps.splice(0)) await app.close();
});

/** The value of one sample line `name{labels} value` in the text format; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf("}"));
    const found = Object.fromEntries(
      [...inside.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(line.slice(line.lastIndexOf(" ") + 1));
    }
  }
  return 0;
}

describe("metrics", () => {
  it("are off by default, and never on the public port", async () => {
    const app = await buildApp({ dataDir: tempDataDir() });
    apps.push(app);
    expect(app.metrics).toBeNull();
    const on = await buildApp({ dataDir: tempDataDir(), metrics: true });
    apps.push(on);
    for (const url of ["/metrics", "/api/metrics"]) {
      expect((await on.inject({ method: "GET", url })).statusCode).toBe(404);
    }
  });

  it("count a load run's requests per route pattern, scraped from their own port while it runs", async () => {
    const app = await buildApp({ dataDir: tempDataDir(), metrics: true, security: { rateLimit: false } });
    apps.push(app);
    const port = await listen(app);
    const metrics = app.metrics;
    if (!metrics) throw new Error("metrics asked for");
    const server = await serveMetrics(metrics.registry, 0, "127.0.0.1");
    servers.push(server);
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("no metrics port");
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      return res.text();
    };
    expect((await fetch(`http://127.0.0.1:${address.port}/other`)).status).toBe(404);

    const base = `http://127.0.0.1:${port}/api`;
    const created = await fetch(`${base}/games`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: "blast", seed: 3 }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const route = { method: "GET", route: "/api/games/:id", status: "200" };

    const before = sample(await scrape(), "blockarcade_http_requests_total", route);
    // 300 reads in batches of 20, with a scrape after each batch: the count only rises.
    const ROUNDS = 15;
    const BATCH = 20;
    let last = before;
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all(
        Array.from({ length: BATCH }, () => fetch(`${base}/games/${id}`).then((res) => res.status)),
      );
      expect(answers.every((status) => status === 200)).toBe(true);
      const now = sample(await scrape(), "blockarcade_http_requests_total", route);
      expect(now).toBe(last + BATCH);
      last = now;
    }
    expect(last - before).toBe(ROUNDS * BATCH);
    // Unknown URLs share one label; refusals are counted by their status.
    for (const n of [1, 2, 3]) expect((await fetch(`${base}/nothing/${n}`)).status).toBe(404);
    const text = await scrape();
    expect(sample(text, "blockarcade_http_requests_total", { route: "unmatched", status: "404" })).toBe(3);
    expect(sample(text, "blockarcade_http_request_duration_seconds_count", { route: "/api/games/:id" })).toBe(
      last,
    );
    expect(sample(text, "blockarcade_http_requests_total", { route: "/api/games", status: "201" })).toBe(1);
    expect(text).toMatch(/^blockarcade_session_cache_sessions 1$/m);
    expect(text).toMatch(/^blockarcade_nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toContain("# TYPE blockarcade_database_errors_total counter");
  });

  it("count database errors: a failed readiness query", async () => {
    const app = await buildApp({ dataDir: tempDataDir(), metrics: true });
    apps.push(app);
    await app.storage.close();
    expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(503);
    expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(503);
    const text = await app.metrics?.registry.metrics();
    expect(sample(String(text), "blockarcade_database_errors_total", { kind: "READY_FAILED" })).toBe(2);
  });
});
