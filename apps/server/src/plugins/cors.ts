/**
 * Cross-origin requests (docs/service.md "Protections", CORS): off unless origins are configured
 * (env CORS_ORIGINS). A web client served from a configured origin may call /api: its preflight is
 * answered 204 with the Access-Control-* headers, its requests carry Access-Control-Allow-Origin. Any
 * other origin's preflight is refused 403 CORS_REFUSED with no CORS header, so the browser stops
 * there; a plain OPTIONS (no preflight) stays a 404 like any unknown route.
 * Tests: test/http-semantics.test.ts.
 */
import fastifyCors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import { apiError } from "../errors.js";
import { NO_STORE } from "./headers.js";

/** What a cross-origin client may send and read: the API's own headers, no cookies. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "DELETE"];
const ALLOWED_HEADERS = ["authorization", "content-type", "if-match", "if-none-match"];
const EXPOSED_HEADERS = [
  "etag",
  "retry-after",
  "location",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
];
/** Seconds a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_S = 600;

/** Reads CORS_ORIGINS (a comma list of origins such as https://play.example.org): the list, or what is wrong. */
export function corsOriginsFromEnv(text: string | undefined): string[] | string {
  if (text === undefined || text.trim() === "") return [];
  const origins: string[] = [];
  for (const raw of text.split(",")) {
    const item = raw.trim();
    if (item === "") continue;
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      return `CORS_ORIGINS must list origins such as https://play.example.org, got ${item.slice(0, 60)}`;
    }
    // An origin is scheme, host and port only: a path, a wildcard or `null` would never match a browser's Origin.
    if ((url.protocol !== "https:" && url.protocol !== "http:") || url.origin !== item.replace(/\/$/, "")) {
      return `CORS_ORIGINS must list origins (scheme://host[:port], no path), got ${item.slice(0, 60)}`;
    }
    origins.push(url.origin);
  }
  return origins;
}

export async function registerCors(app: FastifyInstance, origins: readonly string[] = []): Promise<void> {
  const allowed = new Set(origins);
  // Off (the default): no plugin and no per-request work, only the refusal of preflights below.
  if (allowed.size > 0) await allowOrigins(app, allowed);
  // After the plugin's hook: a preflight it did not answer is from an origin not allowed.
  app.addHook("onRequest", (request, reply, done) => {
    const preflight =
      request.method === "OPTIONS" &&
      request.headers.origin !== undefined &&
      request.headers["access-control-request-method"] !== undefined;
    if (!preflight || reply.sent) return done();
    const origin = String(request.headers.origin);
    if (allowed.has(origin)) return done();
    reply
      .header("cache-control", NO_STORE)
      .status(403)
      .send(
        apiError(
          "CORS_REFUSED",
          allowed.size === 0
            ? "this service takes no cross-origin requests (CORS_ORIGINS is empty)"
            : "this origin is not one the service takes cross-origin requests from",
        ),
      );
  });
}

/** @fastify/cors for these origins: their preflights answered, their requests marked. */
async function allowOrigins(app: FastifyInstance, allowed: ReadonlySet<string>): Promise<void> {
  await app.register(fastifyCors, {
    origin: (origin, callback) =>
      callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ALLOWED_METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_S,
    credentials: false,
  });
}
