/**
 * The baseline of the service bench: a bare Fastify process with one POST route and one GET route
 * answering `{"ok":true}`, and the game service's logger and request-log settings (no line per
 * request, plugins/logging.ts), so the ratio measures what the service adds to Fastify itself.
 * Env: PORT, LOG_LEVEL (default info, as server.ts).
 */
import Fastify from "fastify";
import { loggerOptions } from "../src/plugins/logging.js";
import { serverOptions } from "../src/plugins/security-options.js";

const port = Number(process.env.PORT ?? 0);
const app = Fastify({
  ...serverOptions().fastify,
  logger: loggerOptions({ level: process.env.LOG_LEVEL ?? "info" }),
});
app.post("/bare/:id", async () => ({ ok: true }));
app.get("/bare/:id", async () => ({ ok: true }));
app.get("/api/health", async () => ({ status: "ok" }));

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
await app.listen({ port, host: "127.0.0.1" });
