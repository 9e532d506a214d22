/**
 * Builds the Fastify instance: the API under /api and the built web app everywhere else. Listening
 * is server.ts's job, so tests build the app and call `inject()` without a port.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { type Db, openDatabase } from "./db.js";
import { apiError, installErrorHandler } from "./errors.js";
import { gameRoutes } from "./routes/games.js";
import { healthRoutes } from "./routes/health.js";
import { openApiRoutes } from "./routes/openapi.js";

export interface AppOptions {
  /** Folder of the SQLite file; created when missing. */
  dataDir: string;
  /** Folder of the built web app (apps/web/dist); the API works without it. */
  webDir?: string;
  logger?: FastifyServerOptions["logger"];
  /** Largest request body in bytes. */
  bodyLimit?: number;
}

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    return503OnClosing: true,
    // Schemas check, they do not repair: "5" is not a seed and unknown fields are not dropped.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });
  const db = openDatabase(options.dataDir);
  app.decorate("db", db);
  app.addHook("onClose", async () => {
    db.close();
  });
  installErrorHandler(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(gameRoutes);
      await api.register(openApiRoutes);
    },
    { prefix: "/api" },
  );

  const webDir = options.webDir;
  const hasWeb = webDir !== undefined && existsSync(join(webDir, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: ["index.html"],
      // Vite names built assets by their content hash: they never change, so they may be kept.
      setHeaders(res, path) {
        if (/[\\/]assets[\\/]/.test(path)) res.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path === "/api" || path.startsWith("/api/")) {
      return reply.status(404).send(apiError("NOT_FOUND", `no route ${request.method} ${path}`));
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.status(404).send(apiError("NOT_FOUND", `no route ${request.method} ${path}`));
    }
    // Real URLs (/games/blast/leaderboard) are routes of the web app: it decides what they show.
    if (hasWeb && !/\.[a-z0-9]+$/i.test(path)) return reply.type("text/html").sendFile("index.html");
    if (!hasWeb)
      return reply.status(404).type("text/plain").send("The web app is not built: run `npm run build`.\n");
    return reply.status(404).type("text/plain").send("Not found\n");
  });
  return app;
}
