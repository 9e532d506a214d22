/**
 * The protections' settings in one place (docs/service.md "Protections"): the options buildApp
 * takes, read from the environment by server.ts, and the constructor options Fastify needs before
 * any plugin. Each protection is its own plugin file, registered by app.ts: client-address.ts,
 * connections.ts, logging.ts, json-bodies.ts, headers.ts, compression.ts, rate-limits.ts.
 * Tests: test/security.test.ts "settings from the environment"; test/app.test.ts.
 */
import type { FastifyServerOptions } from "fastify";
import { proxyList, TRUST_ALL, TRUST_HOPS, trustProxyFromEnv } from "./client-address.js";
import { type ConnectionLimits, DEFAULT_CONNECTIONS_PER_ADDRESS, timeoutOptions } from "./connections.js";
import { corsOriginsFromEnv } from "./cors.js";
import { QuietLogs } from "./logging.js";
import type { RateLimits } from "./rate-limits.js";

export interface SecurityOptions {
  /** false turns the limits off (benchmarks); an object changes some of them. Default: on. */
  rateLimit?: boolean | Partial<RateLimits>;
  /** Milliseconds for a whole request (line, headers and body) to arrive; 408 after. Default 10 s. */
  requestTimeout?: number;
  /** Milliseconds a socket may stay silent before it is destroyed. Default 120 s. */
  connectionTimeout?: number;
  /** Milliseconds an idle keep-alive connection is kept. Default 5 s. */
  keepAliveTimeout?: number;
  /** Open connections one client address may hold at once; 0 for no cap. Default 64. */
  connectionsPerAddress?: number;
  /** Strict-Transport-Security: only when the service is reached over TLS (a proxy in front). */
  hsts?: boolean;
  /**
   * Fastify's trustProxy: behind a proxy, the client's address (and so its rate-limit budget) comes
   * from X-Forwarded-For, as far as the proxies named here wrote it: their addresses / CIDRs
   * (separated by commas, or `loopback`, `linklocal`, `uniquelocal`). Never `true` (then every
   * client picks its own address) nor a hop count (Fastify then trusts no one).
   */
  trustProxy?: string;
  /** Origins (https://host[:port]) whose web clients may call the API (plugins/cors.ts). Default: none. */
  corsOrigins?: string[];
}

/**
 * The constructor options these protections need (Fastify takes them before any plugin): timeouts,
 * quiet request logs, the proxy setting, and Node's own server options for the timeout checks.
 */
export function serverOptions(options: SecurityOptions = {}): {
  fastify: Pick<
    FastifyServerOptions,
    "requestTimeout" | "connectionTimeout" | "keepAliveTimeout" | "logController" | "trustProxy"
  >;
  http: { headersTimeout: number; connectionsCheckingInterval: number };
  connections: ConnectionLimits;
} {
  const trustProxy = options.trustProxy;
  if (typeof trustProxy !== "undefined" && typeof trustProxy !== "string") {
    throw new Error(typeof trustProxy === "number" ? TRUST_HOPS : TRUST_ALL);
  }
  const timeouts = timeoutOptions(options);
  return {
    fastify: {
      ...timeouts.fastify,
      logController: new QuietLogs(),
      ...(trustProxy === undefined ? {} : { trustProxy }),
    },
    connections: {
      perAddress: options.connectionsPerAddress ?? DEFAULT_CONNECTIONS_PER_ADDRESS,
      exempt: trustProxy === undefined ? undefined : proxyList(trustProxy),
    },
    http: timeouts.http,
  };
}

/** Reads the protections' settings from the environment (server.ts): options, or what is wrong. */
export function securityFromEnv(env: Record<string, string | undefined>): SecurityOptions | string {
  const options: SecurityOptions = {};
  const rate = env.RATE_LIMIT;
  if (rate !== undefined && rate !== "" && rate !== "on" && rate !== "off") {
    return `RATE_LIMIT must be on or off, got ${rate.slice(0, 40)}`;
  }
  const limits: Partial<RateLimits> = {};
  for (const [kind, name] of [
    ["creates", "RATE_LIMIT_CREATES"],
    ["commands", "RATE_LIMIT_COMMANDS"],
    ["scores", "RATE_LIMIT_SCORES"],
    ["seeds", "RATE_LIMIT_SEEDS"],
    ["players", "RATE_LIMIT_PLAYERS"],
    ["recoveries", "RATE_LIMIT_RECOVERIES"],
  ] as const) {
    const text = env[name];
    if (text === undefined || text === "") continue;
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
      return `${name} must be a whole number of requests a minute (at least 1), got ${text.slice(0, 40)}`;
    }
    limits[kind] = value;
  }
  options.rateLimit = rate === "off" ? false : limits;
  const perAddress = env.CONNECTIONS_PER_ADDRESS;
  if (perAddress !== undefined && perAddress !== "") {
    const value = Number(perAddress);
    if (!/^\d+$/.test(perAddress) || !Number.isSafeInteger(value)) {
      return `CONNECTIONS_PER_ADDRESS must be a whole number of connections (0: no cap), got ${perAddress.slice(0, 40)}`;
    }
    options.connectionsPerAddress = value;
  }
  for (const [key, name] of [
    ["requestTimeout", "REQUEST_TIMEOUT_MS"],
    ["keepAliveTimeout", "KEEP_ALIVE_TIMEOUT_MS"],
  ] as const) {
    const text = env[name];
    if (text === undefined || text === "") continue;
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 100) {
      return `${name} must be a whole number of milliseconds (at least 100), got ${text.slice(0, 40)}`;
    }
    options[key] = value;
  }
  if (env.HSTS !== undefined && env.HSTS !== "") {
    if (env.HSTS !== "on" && env.HSTS !== "off")
      return `HSTS must be on or off, got ${env.HSTS.slice(0, 40)}`;
    options.hsts = env.HSTS === "on";
  }
  const proxy = trustProxyFromEnv(env.TRUST_PROXY);
  if (typeof proxy === "string") return proxy;
  if (proxy.proxy !== undefined) options.trustProxy = proxy.proxy;
  const origins = corsOriginsFromEnv(env.CORS_ORIGINS);
  if (typeof origins === "string") return origins;
  if (origins.length > 0) options.corsOrigins = origins;
  return options;
}
