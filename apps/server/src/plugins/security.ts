/**
 * The service's protections in one place (issue 13 item 5, docs/service.md "Protections"): security
 * headers with a Content-Security-Policy, compression of text answers, a per-client rate limit on
 * writes, request timeouts, a cap on each address's open connections, API answers never cached and
 * logs without session ids.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { BlockList, isIP, type Socket } from "node:net";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from "fastify";
import { apiError, errorRef } from "../errors.js";
import { isApiPath } from "../web-pages.js";

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
  /** Any other write route. */
  other: number;
}

export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = {
  creates: 60,
  commands: 6000,
  scores: 20,
  seeds: 60,
  other: 600,
};

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
}

export const DEFAULT_KEEP_ALIVE_MS = 5_000;
export const DEFAULT_CONNECTIONS_PER_ADDRESS = 64;

/** Every API answer, refusals included: it is one client's state at one moment (the pages' files cache). */
export const NO_STORE = "no-store";

/** The per-address connection cap and who is spared it (the trusted proxies, which carry everyone). */
export interface ConnectionLimits {
  perAddress: number;
  exempt: BlockList | undefined;
}

const WINDOW_MS = 60_000;

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
  const requestTimeout = options.requestTimeout ?? 10_000;
  const trustProxy = options.trustProxy;
  if (typeof trustProxy !== "undefined" && typeof trustProxy !== "string") {
    throw new Error(typeof trustProxy === "number" ? TRUST_HOPS : TRUST_ALL);
  }
  return {
    fastify: {
      requestTimeout,
      connectionTimeout: options.connectionTimeout ?? 120_000,
      // Short: an idle connection holds a file descriptor and serves no one (issue 20: 20,000 idle
      // keep-alive connections exhausted them). Below the request timeout, so a kept connection
      // never outlives the wait for a request's headers.
      keepAliveTimeout: Math.min(options.keepAliveTimeout ?? DEFAULT_KEEP_ALIVE_MS, requestTimeout),
      logController: new QuietLogs(),
      ...(trustProxy === undefined ? {} : { trustProxy }),
    },
    connections: {
      perAddress: options.connectionsPerAddress ?? DEFAULT_CONNECTIONS_PER_ADDRESS,
      exempt: trustProxy === undefined ? undefined : proxyList(trustProxy),
    },
    http: {
      headersTimeout: requestTimeout,
      // Node checks the timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.max(20, Math.min(1000, Math.floor(requestTimeout / 4))),
    },
  };
}

/**
 * No info line per request: a command costs microseconds and two info lines as much again. Refusals
 * and failures are logged by the onResponse hook below and by errors.ts; Fastify's own error lines
 * (a response stream that failed, a serializer that threw) stay.
 */
class QuietLogs extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}

/** Any session id in a path, as written in a URL or in a message. */
const SESSION_PATH = /\/api\/games\/[^/?#\s"\\]+/g;
/** Session ids are UUIDs (sessions.ts): one inside a message is blanked too. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A URL as a log may show it: no query, no session id. */
export function redactPath(url: string): string {
  const path = url.split("?")[0] ?? "";
  return path.replace(SESSION_PATH, "/api/games/:id");
}

/**
 * The logger option with the serializers and the last-moment filter that keep session ids (the only
 * key to a session) out of every line: a request is logged by its route pattern, and any line
 * still holding a games path or a UUID has them blanked before it is written.
 */
export function loggerOptions(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (logger === undefined || logger === false) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: {
      ...base.serializers,
      req: (request: FastifyRequest) => ({
        method: request.method,
        route: request.routeOptions?.url ?? redactPath(request.url),
      }),
    },
    hooks: {
      ...base.hooks,
      streamWrite: (line: string) => line.replace(SESSION_PATH, "/api/games/:id").replace(UUID, "<id>"),
    },
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
  const proxy = env.TRUST_PROXY?.trim();
  if (proxy !== undefined && proxy !== "" && proxy !== "false") {
    if (proxy.toLowerCase() === "true") return TRUST_ALL;
    // Fastify 5.12 trusts no one for a hop count (it cannot check the peer), so it is refused here
    // rather than silently ignored.
    if (/^\d+$/.test(proxy)) return `${TRUST_HOPS}, got ${proxy}`;
    const wrong = proxy.split(",").find((item) => !isProxyEntry(item.trim()));
    if (wrong !== undefined) {
      return `TRUST_PROXY takes the proxies' addresses or CIDRs separated by commas (or loopback, linklocal, uniquelocal); ${JSON.stringify(wrong.trim().slice(0, 40))} is none of them`;
    }
    options.trustProxy = proxy;
  }
  return options;
}

const TRUST_ALL =
  "TRUST_PROXY=true would let every client choose its address (and its rate-limit budget) with X-Forwarded-For: give the proxy's addresses or CIDRs (e.g. 10.0.0.5 or 10.0.0.0/8)";
const TRUST_HOPS =
  "TRUST_PROXY takes the proxy's addresses or CIDRs (e.g. 10.0.0.5 or 10.0.0.0/8), not a hop count: Fastify trusts no one for a count, as it cannot tell a proxy from a client";

/** proxy-addr's names for address ranges, as Fastify's trustProxy takes them. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** An address, a CIDR (address/prefix) or a named range. */
function isProxyEntry(item: string): boolean {
  if (Object.hasOwn(NAMED_RANGES, item)) return true;
  const [address = "", prefix, extra] = item.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** The trusted proxies as a BlockList (node:net), which matches addresses and subnets of both families. */
function proxyList(proxy: string): BlockList {
  const list = new BlockList();
  const add = (entry: string) => {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  };
  for (const raw of proxy.split(",")) {
    const item = raw.trim();
    if (!isProxyEntry(item)) throw new Error(`not a proxy address or CIDR: ${item.slice(0, 40)}`);
    for (const entry of Object.hasOwn(NAMED_RANGES, item) ? (NAMED_RANGES[item] ?? []) : [item]) add(entry);
  }
  return list;
}

/** An IPv4 client reached over an IPv6 socket (`::ffff:10.0.0.1`) is that IPv4 address. */
function plainAddress(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * Caps the connections one address holds open at once (issue 20: one client's idle keep-alive
 * connections took every file descriptor). Counted on the HTTP server's own `connection` event,
 * before Node reads a byte: a connection over the cap is destroyed at once. Trusted proxies are
 * spared: every client behind them shares their address.
 */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits,
  onRefused: (address: string) => void = () => {},
): void {
  if (limits.perAddress <= 0) return;
  const open = new Map<string, number>();
  // One report per address a minute, not one per refused connection (a flood would be a flood of lines).
  const reported = new Map<string, number>();
  server.prependListener("connection", (socket: Socket) => {
    if (socket.remoteAddress === undefined) return;
    const address = plainAddress(socket.remoteAddress);
    if (limits.exempt?.check(address, isIP(address) === 6 ? "ipv6" : "ipv4")) return;
    const count = open.get(address) ?? 0;
    if (count >= limits.perAddress) {
      socket.destroy();
      const now = Date.now();
      const last = reported.get(address);
      if (last === undefined || now - last >= WINDOW_MS) {
        if (reported.size >= 10_000) reported.clear();
        reported.set(address, now);
        onRefused(address);
      }
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** Which budget a write route spends, by its URL pattern. */
function routeKind(url: string): keyof RateLimits {
  if (url === "/api/games") return "creates";
  if (url === "/api/games/:id/commands") return "commands";
  if (url === "/api/scores") return "scores";
  if (url === "/api/seeds") return "seeds";
  return "other";
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Documented on every limited route, so the OpenAPI document lists every status a route answers. */
const RATE_LIMITED_RESPONSE = {
  description:
    "RATE_LIMITED: too many writes of this kind from this client in a minute; the Retry-After header says how many seconds to wait",
  ...errorRef,
};

/**
 * The CSP the built web app passes: its scripts, styles and requests are all its own files, with no
 * inline script or style in index.html (Preact's style properties are set through the DOM, which a
 * CSP allows). Nothing may frame the arcade.
 */
export const CONTENT_SECURITY_POLICY = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "manifest-src": ["'self'"],
  "worker-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/**
 * helmet, the library @fastify/helmet wraps, loaded as that plugin's own dependency. The plugin
 * builds a new helmet middleware for every request (30 to 50 µs of CPU each, measured on a real
 * port, as much as a whole bare Fastify request); the headers here never vary by request, so
 * helmet computes them once and one hook sets them.
 */
type Helmet = (
  options: object,
) => (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
const requireFromHelmetPlugin = createRequire(createRequire(import.meta.url).resolve("@fastify/helmet"));
const helmet = requireFromHelmetPlugin("helmet") as Helmet;

/** The headers helmet sets with these options, as a name -> value map. */
export function securityHeaders(options: SecurityOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // Over TLS only: on plain HTTP upgrade-insecure-requests would send the page's own requests
      // to an https:// that does not answer.
      directives: options.hsts
        ? { ...CONTENT_SECURITY_POLICY, "upgrade-insecure-requests": [] }
        : CONTENT_SECURITY_POLICY,
    },
    // A browser that once saw HSTS refuses plain HTTP to the host for the whole max-age: only say
    // it where TLS is really in front.
    strictTransportSecurity: options.hsts ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
  })({} as IncomingMessage, res as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return headers;
}

/** Helmet's headers that only a document (a page a browser renders or frames) acts on. */
const DOCUMENT_ONLY = [
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/**
 * The headers of a JSON answer under /api: no document is ever rendered from it, so it needs no page
 * policy, only what stops it being run, framed, sniffed or read by another site (OWASP's REST
 * security headers): a CSP that allows nothing, nosniff, DENY, no referrer, same-origin CORP (and
 * HSTS where configured), and `Cache-Control: no-store`: an answer is one session's state at one
 * moment, which no browser or proxy may keep or hand to anyone else. A third of the page set's bytes.
 */
export function apiSecurityHeaders(options: SecurityOptions = {}): Record<string, string> {
  const headers = securityHeaders(options);
  for (const name of DOCUMENT_ONLY) delete headers[name];
  headers["content-security-policy"] = "default-src 'none'; frame-ancestors 'none'";
  headers["cache-control"] = NO_STORE;
  return headers;
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions = {}): Promise<void> {
  const pages = securityHeaders(options);
  const api = apiSecurityHeaders(options);
  // One hook for both (callback style, no promise per request). Source maps are refused by file,
  // where the web folder is served (app.ts), not by the spelling of a URL.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? api : pages);
    done();
  });

  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    // Request bodies are JSON sent as is: a compressed body could unpack past the body limit.
    globalDecompression: false,
  });

  // Refusals at debug, failures at error: with request logging off, these are the request lines.
  app.addHook("onResponse", (request, reply, done) => {
    const status = reply.statusCode;
    if (status >= 500) {
      request.log.error({ req: request, status, ms: Math.round(reply.elapsedTime) }, "request answered");
    } else if (status >= 400) {
      request.log.debug({ req: request, status }, "request answered");
    }
    done();
  });

  if (options.rateLimit === false) return;
  const limits: RateLimits = {
    ...DEFAULT_RATE_LIMITS,
    ...(typeof options.rateLimit === "object" ? options.rateLimit : {}),
  };
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
