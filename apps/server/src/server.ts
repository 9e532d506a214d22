/** Starts the arcade: the only file that listens on a port. */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { computeFromEnv } from "./compute/pool.js";
import { serveMetrics } from "./plugins/metrics.js";
import { securityFromEnv } from "./plugins/security-options.js";

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? "0.0.0.0";
const dataDir = resolve(process.env.DATA_DIR ?? "data");
// Set: every process with this URL shares sessions and leaderboards (docs/service.md "Storage and durability").
const databaseUrl = process.env.DATABASE_URL || undefined;
// WEB_DIR lets a browser test run serve its own build (several builds side by side).
const webDir = process.env.WEB_DIR
  ? resolve(process.env.WEB_DIR)
  : fileURLToPath(new URL("../../../web/dist", import.meta.url));

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`PORT must be an integer from 0 to 65535, got ${process.env.PORT}\n`);
  process.exit(2);
}

// Prometheus metrics on a port of their own, off unless METRICS_PORT is set (docs/service.md "Operations").
const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;
const metricsHost = process.env.METRICS_HOST || "127.0.0.1";
if (metricsPort !== undefined && (!Number.isInteger(metricsPort) || metricsPort < 1 || metricsPort > 65535)) {
  process.stderr.write(`METRICS_PORT must be an integer from 1 to 65535, got ${process.env.METRICS_PORT}\n`);
  process.exit(2);
}
if (metricsPort !== undefined && metricsPort === port) {
  process.stderr.write("METRICS_PORT must differ from PORT: metrics are never served on the public port\n");
  process.exit(2);
}

// Rate limits, timeouts, HSTS, proxy: docs/service.md "Protections".
const security = securityFromEnv(process.env);
if (typeof security === "string") {
  process.stderr.write(`${security}\n`);
  process.exit(2);
}

// Worker threads and each client's CPU share: docs/service.md "Protections".
const compute = computeFromEnv(process.env);
if (typeof compute === "string") {
  process.stderr.write(`${compute}\n`);
  process.exit(2);
}

const app = await buildApp({
  dataDir,
  databaseUrl,
  webDir,
  security,
  compute,
  metrics: metricsPort !== undefined,
  dailySecret: process.env.DAILY_SECRET || undefined,
  logger: { level: process.env.LOG_LEVEL ?? "info" },
}).catch((err: unknown) => {
  // A database that cannot be reached or migrated: say which, without the URL's password.
  process.stderr.write(`cannot open the ${databaseUrl ? "PostgreSQL" : "SQLite"} database: ${String(err)}\n`);
  process.exit(1);
});

let closing = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, "error while shutting down");
        process.exit(1);
      },
    );
  });
}

try {
  if (metricsPort !== undefined && app.metrics) {
    const metricsServer = await serveMetrics(app.metrics.registry, metricsPort, metricsHost);
    app.addHook("onClose", async () => {
      await new Promise((done) => metricsServer.close(done));
    });
    app.log.info(`metrics at http://${metricsHost}:${metricsPort}/metrics`);
  }
  await app.listen({ port, host });
  app.log.info(
    `Block Arcade at http://localhost:${port} (${databaseUrl ? "PostgreSQL" : `SQLite in ${dataDir}`})`,
  );
} catch (err) {
  app.log.error({ err }, "cannot start");
  process.exit(1);
}
