/**
 * How long and how many connections (docs/service.md "Protections": connections per address,
 * timeouts): the request, socket and keep-alive timeouts Fastify and Node take at construction, and
 * a cap on each address's open connections, counted before Node reads a byte.
 * Tests: test/connections.test.ts; test/security.test.ts "request timeouts".
 */
import type { Server } from "node:http";
import { type BlockList, isIP, type Socket } from "node:net";
import { plainAddress } from "./client-address.js";

export const DEFAULT_KEEP_ALIVE_MS = 5_000;
export const DEFAULT_CONNECTIONS_PER_ADDRESS = 64;

/** The per-address connection cap and who is spared it (the trusted proxies, which carry everyone). */
export interface ConnectionLimits {
  perAddress: number;
  exempt: BlockList | undefined;
}

/** Milliseconds, as SecurityOptions names them (security-options.ts). */
export interface Timeouts {
  requestTimeout?: number;
  connectionTimeout?: number;
  keepAliveTimeout?: number;
}

const REPORT_EVERY_MS = 60_000;

/** Fastify's timeout options and Node's own server options for the timeout checks. */
export function timeoutOptions(options: Timeouts): {
  fastify: { requestTimeout: number; connectionTimeout: number; keepAliveTimeout: number };
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  const requestTimeout = options.requestTimeout ?? 10_000;
  return {
    fastify: {
      requestTimeout,
      connectionTimeout: options.connectionTimeout ?? 120_000,
      // Short: an idle connection holds a file descriptor and serves no one (issue 20: 20,000 idle
      // keep-alive connections exhausted them). Below the request timeout, so a kept connection
      // never outlives the wait for a request's headers.
      keepAliveTimeout: Math.min(options.keepAliveTimeout ?? DEFAULT_KEEP_ALIVE_MS, requestTimeout),
    },
    http: {
      headersTimeout: requestTimeout,
      // Node checks the timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.max(20, Math.min(1000, Math.floor(requestTimeout / 4))),
    },
  };
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
      if (last === undefined || now - last >= REPORT_EVERY_MS) {
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
