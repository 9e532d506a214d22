/**
 * The security headers (docs/service.md "Protections", headers): helmet's full set with the web
 * app's Content-Security-Policy on pages, the short set a JSON answer needs (and no-store) under
 * /api. Computed once at start, set by one hook.
 * Tests: test/security.test.ts "security headers", "caching".
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { FastifyInstance } from "fastify";
import { isApiPath } from "../web-pages.js";

/** What changes the headers: HSTS, only where TLS is really in front (SecurityOptions.hsts). */
export interface HeaderOptions {
  hsts?: boolean;
}

/** Every API answer, refusals included: it is one client's state at one moment (the pages' files cache). */
export const NO_STORE = "no-store";

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
export function securityHeaders(options: HeaderOptions = {}): Record<string, string> {
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
export function apiSecurityHeaders(options: HeaderOptions = {}): Record<string, string> {
  const headers = securityHeaders(options);
  for (const name of DOCUMENT_ONLY) delete headers[name];
  headers["content-security-policy"] = "default-src 'none'; frame-ancestors 'none'";
  headers["cache-control"] = NO_STORE;
  return headers;
}

export function registerHeaders(app: FastifyInstance, options: HeaderOptions = {}): void {
  const pages = securityHeaders(options);
  const api = apiSecurityHeaders(options);
  // One hook for both (callback style, no promise per request). Source maps are refused by file,
  // where the web folder is served (app.ts), not by the spelling of a URL.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? api : pages);
    done();
  });
}
