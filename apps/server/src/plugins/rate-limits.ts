/**
 * Per-client rate limits on writes (docs/service.md "Protections", rate limits): a budget a minute
 * for each kind of write route, counted by client address in this process, and counted again by
 * player for a signed-in request (both apply: many players behind one address share its budget, and
 * one player on many addresses has one budget); a refusal is 429 RATE_LIMITED with Retry-After,
 * documented on every limited route.
 * Tests: test/security.test.ts "rate limits"; test/players.test.ts (per player); test/openapi.test.ts
 * (the 429 on every write).
 */
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, preParsingHookHandler, RouteOptions } from "fastify";
import { apiError, errorRef } from "../errors.js";

/** Requests a client may send a minute to each kind of write (POST, PUT, PATCH, DELETE). */
export interface RateLimits {
  /** POST /api/games: new sessions. */
  creates: number;
  /** POST /api/games/:id/commands, all of one client's sessions together (a 60 Hz Stacker is 3,600). */
  commands: number;
  /** POST /api/scores: every one is a whole replay on the server. */
  scores: number;
  /** POST /api/seeds. */
  seeds: number;
  /** POST /api/players: new players. */
  players: number;
  /** POST /api/players/recover: kept tight, each try is a guess at a code. */
  recoveries: number;
  /** Any other write route. */
  other: number;
}

export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = {
  creates: 60,
  commands: 6000,
  scores: 20,
  seeds: 60,
  players: 30,
  recoveries: 10,
  other: 600,
};

const WINDOW_MS = 60_000;

/** Which budget a write route spends, by its URL pattern. */
function routeKind(url: string): keyof RateLimits {
  if (url === "/api/games") return "creates";
  if (url === "/api/games/:id/commands") return "commands";
  if (url === "/api/scores") return "scores";
  if (url === "/api/seeds") return "seeds";
  if (url === "/api/players") return "players";
  if (url === "/api/players/recover") return "recoveries";
  return "other";
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Documented on every limited route, so the OpenAPI document lists every status a route answers. */
const RATE_LIMITED_RESPONSE = {
  description:
    "RATE_LIMITED: too many writes of this kind from this client in a minute; the Retry-After header says how many seconds to wait",
  headers: {
    "retry-after": { type: "integer", description: "Seconds to wait before trying again" },
    // What @fastify/rate-limit sends with an address's refusal (a player's sends Retry-After only).
    "x-ratelimit-limit": {
      type: "integer",
      description: "Requests of this kind an address may send a minute (an address's refusal only)",
    },
    "x-ratelimit-remaining": {
      type: "integer",
      description: "Requests left in this minute: 0 (an address's refusal only)",
    },
    "x-ratelimit-reset": {
      type: "integer",
      description: "Seconds until the minute's budget starts again (an address's refusal only)",
    },
  },
  ...errorRef,
};

/**
 * Limits every write route registered after this call. `false` turns the limits off (benchmarks);
 * an object changes some of them.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  setting: boolean | Partial<RateLimits> = true,
): Promise<void> {
  if (setting === false) return;
  const limits: RateLimits = {
    ...DEFAULT_RATE_LIMITS,
    ...(typeof setting === "object" ? setting : {}),
  };
  const playerCounts = new WindowCounts();
  // Before the plugin's own onRoute hook, which reads config.rateLimit.
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITES.has(m))) return;
    const url = route.url;
    const kind = routeKind(url);
    route.config = {
      ...route.config,
      rateLimit: { max: limits[kind], timeWindow: WINDOW_MS },
    } as RouteOptions["config"];
    // The player's budget, after the address's (the plugin's onRequest) and before the body is read.
    const max = limits[kind];
    const perPlayer: preParsingHookHandler = (request, reply, _payload, done) => {
      const player = request.player;
      if (player === null) return done();
      const wait = playerCounts.spend(`${player.id} ${kind}`, max, Date.now());
      if (wait === 0) return done();
      const seconds = Math.ceil(wait / 1000);
      reply.header("retry-after", String(seconds));
      done(
        new RateLimited(
          `too many requests to ${request.method} ${url} from this player: at most ${max} a minute; retry in ${seconds} seconds`,
        ),
      );
    };
    route.preParsing = [...hooksOf(route.preParsing), perPlayer];
    // A refusal from the limit is answered here, without errors.ts's warn line and stack: a flood
    // would otherwise write a line per request. One warn per client and route a minute says it.
    const inner = route.errorHandler;
    route.errorHandler = function (this: FastifyInstance, err, request, reply) {
      if (err instanceof RateLimited) return reply.status(429).send(apiError("RATE_LIMITED", err.message));
      return inner ? inner.call(this, err, request, reply) : app.errorHandler(err, request, reply);
    };
    const schema = route.schema ?? {};
    const responses = (schema.response ?? {}) as Record<string, { description?: string }>;
    // A route's own 429 (CPU_LIMIT, compute/pool.ts) is kept beside the rate limit's.
    const own = responses[429]?.description;
    const limited = own
      ? { ...RATE_LIMITED_RESPONSE, description: `${RATE_LIMITED_RESPONSE.description}; ${own}` }
      : RATE_LIMITED_RESPONSE;
    route.schema = { ...schema, response: { ...responses, 429: limited } };
  });
  const warned = new Map<string, number>();
  await app.register(rateLimit, {
    global: false,
    // Counters per client address, in this process (docs/service.md "Protections").
    cache: 10_000,
    timeWindow: WINDOW_MS,
    // The budget's headers only on a refusal (with Retry-After): three fewer headers per command.
    addHeadersOnExceeding: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
    },
    // Thrown, so errors.ts answers it in the one error shape; the plugin has set Retry-After.
    errorResponseBuilder: (request, context) =>
      new RateLimited(
        `too many requests to ${request.method} ${request.routeOptions.url} from this address: at most ${context.max} a minute; retry in ${context.after}`,
      ),
    onExceeded: (request, key) => {
      const at = `${key} ${request.routeOptions.url}`;
      const now = Date.now();
      const last = warned.get(at);
      if (last !== undefined && now - last < WINDOW_MS) return;
      // Bounded: many clients over their limit at once forget the oldest warnings.
      if (warned.size >= 10_000) warned.clear();
      warned.set(at, now);
      request.log.warn({ req: request, client: key }, "rate limit reached");
    },
  });
}

/** The rate limit's refusal, told apart from every other error by the limited routes' handler. */
class RateLimited extends Error {}

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Requests per key in fixed one-minute windows, in this process: the player's budget. Bounded: past
 * 10,000 keys the oldest window's keys are forgotten (a forgotten key starts a new window).
 */
class WindowCounts {
  private readonly counts = new Map<string, { start: number; n: number }>();

  /** Spends one request of `key`'s budget: 0 when allowed, else the milliseconds until the window ends. */
  spend(key: string, max: number, now: number): number {
    let entry = this.counts.get(key);
    if (entry === undefined || now - entry.start >= WINDOW_MS) {
      if (entry === undefined && this.counts.size >= 10_000) this.forgetEnded(now);
      entry = { start: now, n: 0 };
      this.counts.set(key, entry);
    }
    if (entry.n >= max) return entry.start + WINDOW_MS - now;
    entry.n++;
    return 0;
  }

  private forgetEnded(now: number): void {
    for (const [key, entry] of this.counts) if (now - entry.start >= WINDOW_MS) this.counts.delete(key);
    if (this.counts.size >= 10_000) this.counts.clear();
  }
}
