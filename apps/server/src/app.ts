/**
 * Builds the Fastify instance: the API under /api and the built web app everywhere else. Listening
 * is server.ts's job, so tests build the app and call `inject()` without a port.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { clip } from "@blockarcade/engine/core";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { type ComputeOptions, ComputePool } from "./compute/pool.js";
import {
  answerClientError,
  answerFrameworkError,
  apiError,
  errorSchema,
  installErrorHandler,
} from "./errors.js";
import { BODY_LIMIT, MAX_HEADER_BYTES, MAX_PARAM_LENGTH } from "./limits.js";
import { Players } from "./players.js";
import { registerCompression } from "./plugins/compression.js";
import { limitConnections } from "./plugins/connections.js";
import { registerCors } from "./plugins/cors.js";
import { NO_STORE, registerHeaders } from "./plugins/headers.js";
import { registerJsonBodies } from "./plugins/json-bodies.js";
import { loggerOptions, registerRequestLog } from "./plugins/logging.js";
import { registerMetrics } from "./plugins/metrics.js";
import { registerPlayers } from "./plugins/players.js";
import { registerRateLimits } from "./plugins/rate-limits.js";
import { type SecurityOptions, serverOptions } from "./plugins/security-options.js";
import { gameRoutes, gameSchemas } from "./routes/games.js";
import { healthRoutes } from "./routes/health.js";
import { completeDocument, gameComponents, openApiRoutes, operationIdOf } from "./routes/openapi.js";
import { playerRoutes } from "./routes/players.js";
import { replayRoutes } from "./routes/replays.js";
import { schemaRoutes } from "./routes/schemas.js";
import { scoreRoutes } from "./routes/scores.js";
import { DAILY_SECRET_KEY, freshDailySecret } from "./scores/daily.js";
import { Leaderboards } from "./scores/leaderboards.js";
import { Replays } from "./scores/replays.js";
import { DEFAULT_SESSION_OPTIONS, type EndedGame, type SessionOptions, Sessions } from "./sessions.js";
import { openStorage, replayStorageFor, type SessionStorage, scoreStorageFor } from "./store/index.js";
import { settleNames } from "./store/names.js";
import { playerStorageFor } from "./store/players.js";
import { isApiPath, isWebPage } from "./web-pages.js";

export interface AppOptions {
  /** Folder of the SQLite file; created when missing. Unused when `databaseUrl` is set. */
  dataDir: string;
  /** postgres://… : store everything in PostgreSQL, shared with every other process that uses it. */
  databaseUrl?: string;
  /** Cache, snapshot and size limits of sessions (sessions.ts DEFAULT_SESSION_OPTIONS). */
  sessions?: Partial<SessionOptions>;
  /** Sessions unchanged for this many days are deleted (checked at start and every hour). */
  retentionDays?: number;
  /** Folder of the built web app (apps/web/dist); the API works without it. */
  webDir?: string;
  logger?: FastifyServerOptions["logger"];
  /** Headers, rate limits, timeouts, connection cap, proxies (plugins/security-options.ts). */
  security?: SecurityOptions;
  /** The worker pool of expensive work and each client's CPU share (compute/pool.ts). */
  compute?: Partial<ComputeOptions>;
  /** Collect Prometheus metrics (plugins/metrics.ts); serving them on their own port is server.ts's job. */
  metrics?: boolean;
  /** The secret the day's seeds are derived from (env DAILY_SECRET); kept in the database when absent. */
  dailySecret?: string;
}

declare module "fastify" {
  interface FastifyInstance {
    storage: SessionStorage;
    sessions: Sessions;
    leaderboards: Leaderboards;
    replays: Replays;
    players: Players;
    compute: ComputePool;
  }
}

/** Default retention of idle sessions (docs/service.md "Limits"). */
export const RETENTION_DAYS = 30;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const server = serverOptions(options.security);
  const app = Fastify({
    // Timeouts, quiet request logs and the trusted proxies (plugins/security-options.ts); session
    // ids kept out of logs (plugins/logging.ts).
    ...server.fastify,
    logger: loggerOptions(options.logger),
    bodyLimit: BODY_LIMIT,
    http: { maxHeaderSize: MAX_HEADER_BYTES, ...server.http },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Fastify's own 503 while closing has another shape: the onRequest hook below answers instead.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Schemas check, they do not repair: "5" is not a seed and unknown fields are not dropped.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });
  limitConnections(app.server, server.connections, (client) =>
    app.log.warn({ client, cap: server.connections.perAddress }, "connection cap reached"),
  );
  // The services, built once here: routes read them from the instance and build none of their own.
  const storage = await openStorage({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  app.decorate("storage", storage);
  const compute = new ComputePool(options.compute);
  app.decorate("compute", compute);
  // Names entered before migration 006 get their look-alike keys before any post can take one.
  await settleNames(storage.handle);
  // The daily secret: from the environment, else the one the database keeps (made on first start),
  // so every process sharing the database names the same day's seeds.
  const dailySecret = options.dailySecret ?? (await storage.keptValue(DAILY_SECRET_KEY, freshDailySecret()));
  // One clock for the day's game, the boards' periods and the sessions' rules (tests move it).
  const now = options.sessions?.now ?? DEFAULT_SESSION_OPTIONS.now;
  const leaderboards = new Leaderboards(scoreStorageFor(storage.handle), dailySecret, () => new Date(now()));
  app.decorate("leaderboards", leaderboards);
  const players = new Players(playerStorageFor(storage.handle));
  app.decorate("players", players);
  // Ranked server sessions that end are entered too, and their replays kept. The ending command is
  // already stored and answered as applied: a leaderboard that cannot take the entry, or a replay
  // that cannot be kept, is logged, not thrown.
  const enterEnded = async (ended: EndedGame) => {
    const entry = await leaderboards.enterSession(ended).catch((err: unknown) => {
      app.log.error({ err, game: ended.game.id }, "an ended ranked session was not entered");
      return undefined;
    });
    if (entry !== undefined) {
      await replays.keep(entry.replay, ended).catch((err: unknown) => {
        app.log.error({ err, game: ended.game.id }, "an entered game's replay was not kept");
      });
    }
    return entry;
  };
  const sessions = new Sessions(storage, options.sessions, compute, enterEnded);
  app.decorate("sessions", sessions);
  const replays = new Replays(
    replayStorageFor(storage.handle),
    (id, from) => storage.readCommands(id, from),
    (id, client) => sessions.get(id, client),
    compute,
    now,
  );
  app.decorate("replays", replays);
  const sweeps = [
    sweepIdleSessions(app, sessions, options.retentionDays ?? RETENTION_DAYS),
    sweepExpiredSeeds(app, leaderboards),
  ];
  app.addHook("onClose", async () => {
    for (const sweep of sweeps) sweep.stop();
    await compute.close();
    await storage.close();
  });
  // Before the other hooks' answers are counted; off unless asked for (a hook on every request).
  app.decorate("metrics", options.metrics ? registerMetrics(app, () => sessions) : null);
  installErrorHandler(app);

  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  // Hooks on every request take a callback, not a promise: they run on every command.
  app.addHook("onRequest", (_request, reply, done) => {
    if (!closing) return done();
    // Fastify has already set `Connection: close` on this response; done() is not called.
    reply
      .header("cache-control", NO_STORE)
      .status(503)
      .send(apiError("CLOSING", "the server is shutting down; try again shortly"));
  });
  // The protections, one plugin file each (docs/service.md "Protections"), in this order: bodies
  // are parsed by the depth-checking JSON parser; every answer gets its headers (after the closing
  // hook above, which answers with its own); text answers are compressed; refusals and failures are
  // logged; and the rate limits' onRoute hook sees every write route registered below.
  registerJsonBodies(app);
  registerHeaders(app, options.security);
  // Cross-origin clients: none unless configured; other origins' preflights are refused.
  await registerCors(app, options.security?.corsOrigins);
  await registerCompression(app);
  registerRequestLog(app);
  // Who the player is, before the limits that count per player as well as per address.
  registerPlayers(app, players);
  await registerRateLimits(app, options.security?.rateLimit);

  // Each game's schemas (engine/schema) are components the responses refer to. POST /api/games checks
  // its body (each game's config schema) with the engine's checker; a command's game-dependent part
  // is checked by the engine itself (routes/openapi.ts completeDocument says why).
  for (const schema of [errorSchema, ...gameComponents(), ...gameSchemas]) app.addSchema(schema);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Block Arcade game service",
        version: "0.1.0",
        description:
          "Every game of the arcade over HTTP, speaking the commands of docs/protocol.md. Sessions are stored as (game, seed, config) and the log of accepted commands, and survive restarts. Each game's commands, configs, states and events have JSON Schemas (GET /api/schemas/). Limits, headers and error shapes: docs/service.md.",
        license: { name: "MIT", identifier: "MIT" },
      },
      servers: [{ url: "/", description: "The server that answered this document" }],
      components: {
        securitySchemes: {
          player: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "<player id>.<secret>",
            description:
              "A player's token from POST /api/players (Authorization: Bearer <player>.<secret>): needed for ranked and daily games and GET /api/players/me, optional elsewhere (it also counts the player's rate limits).",
          },
        },
      },
      // Optional everywhere ({} is no token); the routes that need a player answer 401 without one.
      security: [{}, { player: [] }],
    },
    // Shared schemas keep their $id as their component name (Error, Session, Reply...).
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // The web app's files are not part of the API; every operation of the API has an id.
    transform: ({ schema, url, route }) => {
      if (!isApiPath(url) || schema?.hide) return { schema: { ...schema, hide: true }, url };
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
      return { schema: { ...schema, operationId: operationIdOf(method, url) }, url };
    },
    transformObject: (documents) =>
      "openapiObject" in documents
        ? (completeDocument(
            documents.openapiObject as Record<string, unknown>,
          ) as typeof documents.openapiObject)
        : documents.swaggerObject,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(gameRoutes);
      await api.register(scoreRoutes);
      await api.register(replayRoutes);
      await api.register(playerRoutes);
      await api.register(openApiRoutes);
      await api.register(schemaRoutes);
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
      // Source maps stay in the build (tests trace pages through them) but would hand out the whole
      // source: no route is made for a map file, and a file found any other way is checked by name.
      globIgnore: ["**/*.map", "**/*.MAP"],
      allowedPath: (path) => !isSourceMapFile(path),
      // Vite names built assets by their content hash: they never change, so they may be kept.
      setHeaders(res, path) {
        if (/[\\/]assets[\\/]/.test(path)) res.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // The router ends a path at `?` or `#` (a fragment a raw client sent): so does this.
    const path = request.url.split(/[?#]/)[0] ?? "";
    const isApi = isApiPath(path);
    // Real URLs (/games/blast/leaderboard) are routes of the web app: it decides what they show.
    if (
      hasWeb &&
      !isApi &&
      (request.method === "GET" || request.method === "HEAD") &&
      !/\.[a-z0-9]+$/i.test(decoded(path))
    ) {
      // Unknown pages are 404s the app still renders: its not-found page, with a way home.
      if (!isWebPage(path)) reply.status(404);
      return reply.type("text/html").sendFile("index.html");
    }
    const message =
      isApi || hasWeb || (request.method !== "GET" && request.method !== "HEAD")
        ? `no route ${request.method} ${shorten(path)}`
        : "the web app is not built: run `npm run build`";
    return reply.status(404).send(apiError("NOT_FOUND", message));
  });
  return app;
}

/** Deletes idle sessions once the app is ready and then every hour; a failed sweep is only logged. */
function sweepIdleSessions(app: FastifyInstance, sessions: Sessions, days: number): { stop(): void } {
  return everyHour(app, () => {
    const before = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    sessions.deleteIdle(before).then(
      (deleted) => {
        if (deleted > 0) app.log.info({ deleted, days }, "deleted idle sessions");
      },
      (err: unknown) => app.log.error({ err }, "could not delete idle sessions"),
    );
  });
}

/** Deletes the seeds that expired unclaimed once the app is ready and then every hour; a failure is logged. */
function sweepExpiredSeeds(app: FastifyInstance, leaderboards: Leaderboards): { stop(): void } {
  return everyHour(app, () => {
    leaderboards.deleteExpiredSeeds().then(
      (deleted) => {
        if (deleted > 0) app.log.info({ deleted }, "deleted expired seeds");
      },
      (err: unknown) => app.log.error({ err }, "could not delete expired seeds"),
    );
  });
}

/** Runs `run` once the app is ready and then every hour, until stopped. */
function everyHour(app: FastifyInstance, run: () => void): { stop(): void } {
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook("onReady", async () => run());
  return { stop: () => clearInterval(timer) };
}

/** A path as the file system would see it (`%2Emap` is `.map`); as sent when it cannot be decoded. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A source map, by its file name in any case (`.MAP` on a file system that ignores case). */
function isSourceMapFile(path: string): boolean {
  return path.toLowerCase().endsWith(".map");
}

/** A path in a message: a URL may be 16 KiB long, a message need not be. */
function shorten(path: string): string {
  return clip(path, 100);
}
