/**
 * Prometheus metrics (docs/service.md "Operations", metrics): requests and their latency per route
 * pattern, Node's own (event-loop delay, heap, GC), the session cache and database errors. Off
 * unless asked for (AppOptions.metrics; env METRICS_PORT): then collected by one onResponse hook and
 * served by `serveMetrics` on a port of their own, never on the public API port, since they tell
 * anyone who reads them how busy the service is and which routes fail.
 * Tests: test/metrics.test.ts.
 */
import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Sessions } from "../sessions.js";

/** Seconds: from a cached command (well under 1 ms) to a deep computer move in the pool (seconds). */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route took: one label, however many URLs are tried. */
const UNMATCHED = "unmatched";

export interface Metrics {
  readonly registry: Registry;
  /** A database error answered 503 (DATABASE_UNAVAILABLE / DATABASE_BUSY), or a failed readiness query. */
  databaseError(kind: string): void;
}

declare module "fastify" {
  interface FastifyInstance {
    /** null unless metrics were asked for. */
    metrics: Metrics | null;
  }
}

/** Registers the metrics and the hook that counts every answer; one registry per app (tests build many). */
export function registerMetrics(app: FastifyInstance, sessions: () => Sessions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "blockarcade_" });
  const requests = new Counter({
    name: "blockarcade_http_requests_total",
    help: "Requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "blockarcade_http_request_duration_seconds",
    help: "Time from the request's arrival to its answer, by method and route pattern",
    labelNames: ["method", "route"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const databaseErrors = new Counter({
    name: "blockarcade_database_errors_total",
    help: "Database errors answered 503 (DATABASE_UNAVAILABLE, DATABASE_BUSY) and failed readiness queries",
    labelNames: ["kind"],
    registers: [registry],
  });
  // Read when scraped: the cache keeps its own account.
  new Gauge({
    name: "blockarcade_session_cache_sessions",
    help: "Sessions held in the memory cache",
    registers: [registry],
    collect() {
      this.set(sessions().cacheStats().sessions);
    },
  });
  new Gauge({
    name: "blockarcade_session_cache_bytes",
    help: "Estimated heap bytes of the sessions in the memory cache (bounded by the cache's maximum)",
    registers: [registry],
    collect() {
      this.set(sessions().cacheStats().bytes);
    },
  });
  // Callback style, like every per-request hook here. The route pattern (/api/games/:id), never the
  // URL, so a label cannot grow with the ids clients send.
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    requests.inc({ method: request.method, route, status: reply.statusCode });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
  return { registry, databaseError: (kind) => databaseErrors.inc({ kind }) };
}

/**
 * Serves GET /metrics of `registry` on its own port (the Prometheus text format); anything else is
 * 404. Resolves once listening; close the returned server to stop.
 */
export async function serveMetrics(registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("GET /metrics only\n");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": registry.contentType }).end(text),
      (err: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(`${String(err)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
