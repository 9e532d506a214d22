/**
 * The service's protections (plugins/*.ts, docs/service.md "Protections"): headers and CSP,
 * source maps refused, compression, the rate limit on writes, request timeouts and logs that never
 * show a session id.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { Writable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { type SecurityOptions, securityFromEnv } from "../src/plugins/security-options.js";
import { type App, isErrorShape, type Json, listen, tempDataDir } from "./support.js";

const opened: App[] = [];

afterEach(async () => {
  while (opened.length) await opened.pop()?.close();
});

async function app(security?: SecurityOptions, extra: { webDir?: string; logger?: Json } = {}): Promise<App> {
  const built = await buildApp({ dataDir: tempDataDir(), security, ...extra });
  opened.push(built);
  return built;
}

/** A built web app's shape: an index.html and an asset with its (hidden) source map, each > 1 KiB. */
function webDir(): string {
  const dir = tempDataDir().replace(/data$/, "web");
  mkdirSync(join(dir, "assets"), { recursive: true });
  const filler = "<!-- padding -->".repeat(100);
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html><head><title>t</title></head><body>${filler}</body></html>`,
  );
  writeFileSync(join(dir, "assets", "app-1.js"), `export const x = ${JSON.stringify("y".repeat(3000))};\n`);
  writeFileSync(
    join(dir, "assets", "app-1.js.map"),
    JSON.stringify({ version: 3, sources: ["src/secret.ts"] }),
  );
  return dir;
}

async function createFrom(
  a: App,
  remoteAddress: string,
): Promise<{ status: number; body: Json; headers: Json }> {
  const res = await a.inject({
    method: "POST",
    url: "/api/games",
    remoteAddress,
    payload: { game: "match3", seed: 1 },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe("security headers", () => {
  it("every page carries the app's CSP, nosniff, Referrer-Policy, frame and opener policies; no X-Powered-By; no HSTS without TLS", async () => {
    const a = await app(undefined, { webDir: webDir() });
    for (const url of ["/", "/assets/app-1.js", "/games/blast", "/games/nope"]) {
      const res = await a.inject({ method: "GET", url });
      expect(res.statusCode, url).toBeLessThan(500);
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain("unsafe-inline");
      expect(csp, url).not.toContain("unsafe-eval");
      // On plain HTTP this would send the page's own requests to an https:// that does not answer.
      expect(csp, url).not.toContain("upgrade-insecure-requests");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["referrer-policy"], url).toBe("no-referrer");
      expect(res.headers["x-frame-options"], url).toBe("DENY");
      expect(res.headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      expect(res.headers["x-powered-by"], url).toBeUndefined();
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  it("every API answer carries a CSP that allows nothing, nosniff, DENY, no referrer and same-origin CORP, and no page-only headers", async () => {
    const a = await app(undefined, { webDir: webDir() });
    const id = (await a.inject({ method: "POST", url: "/api/games", payload: { game: "stacker" } })).json()
      .id;
    for (const [method, url] of [
      ["GET", "/api/health"],
      ["GET", "/api/openapi.json"],
      ["GET", "/api/games/nope"],
      ["GET", "/api"],
      ["GET", "/api?x=1"],
      ["POST", `/api/games/${id}/commands`],
      ["POST", "/api/games"],
    ] as const) {
      const res = await a.inject({ method, url, payload: method === "POST" ? { cmd: "tick" } : undefined });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers["content-type"], url).toContain("application/json");
      expect(res.headers["content-security-policy"], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["referrer-policy"], url).toBe("no-referrer");
      expect(res.headers["x-frame-options"], url).toBe("DENY");
      expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      for (const pageOnly of [
        "cross-origin-opener-policy",
        "origin-agent-cluster",
        "x-dns-prefetch-control",
      ]) {
        expect(res.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
      }
      expect(res.headers["x-powered-by"], url).toBeUndefined();
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
    // A path that only starts like the API is a page of the app.
    const page = await a.inject({ method: "GET", url: "/apiary" });
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    const doc = await a.inject({ method: "GET", url: "/api/openapi.json" });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe("3.1.0");
  });

  it("says HSTS and upgrade-insecure-requests only when told TLS is in front", async () => {
    const a = await app({ hsts: true });
    const api = await a.inject({ method: "GET", url: "/api/health" });
    expect(api.headers["strict-transport-security"]).toMatch(/^max-age=\d{7,}$/);
    const page = await a.inject({ method: "GET", url: "/" });
    expect(page.headers["strict-transport-security"]).toMatch(/^max-age=\d{7,}$/);
    expect(page.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
  });
});

describe("source maps", () => {
  it("are refused with a 404 in the one error shape, however the path is spelled", async () => {
    const a = await app(undefined, { webDir: webDir() });
    const js = await a.inject({ method: "GET", url: "/assets/app-1.js" });
    expect(js.statusCode).toBe(200);
    expect(js.body).not.toContain("sourceMappingURL");
    for (const url of [
      "/assets/app-1.js.map",
      "/assets/app-1.js.map?x=1",
      "/assets/app-1.js%2Emap",
      "/assets/app-1.js.MAP",
      "/assets/%61pp-1.js.map",
    ]) {
      for (const method of ["GET", "HEAD"] as const) {
        const res = await a.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body, url).not.toContain("secret");
        if (method === "GET") {
          expect(isErrorShape(res.body), url).toBe(true);
          expect(res.json().error.code).toBe("NOT_FOUND");
        }
      }
    }
  });
});

describe("source maps on a real socket", () => {
  /** The status line of a raw GET: the target exactly as sent, fragment and all. */
  function rawGet(port: number, target: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let answer = "";
      const socket = connect({ port, host: "127.0.0.1" }, () =>
        socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
      );
      socket.on("data", (chunk) => {
        answer += chunk.toString("latin1");
      });
      socket.on("close", () => resolve(answer));
      socket.on("error", reject);
    });
  }

  it("are never served, whatever the target's spelling or the file name's case", async () => {
    const dir = webDir();
    // Maps whose names a case-blind file system (or a careless build) could spell otherwise.
    writeFileSync(join(dir, "assets", "app-2.js.MAP"), JSON.stringify({ sources: ["src/secret.ts"] }));
    writeFileSync(join(dir, "assets", "app-3.js.Map"), JSON.stringify({ sources: ["src/secret.ts"] }));
    const a = await app(undefined, { webDir: dir });
    const port = await listen(a);
    expect(await rawGet(port, "/assets/app-1.js")).toMatch(/^HTTP\/1\.1 200 /);
    for (const target of [
      "/assets/app-1.js.map",
      "/assets/app-1.js.map#x",
      "/assets/app-1.js.map#",
      "/assets/app-1.js.map?#x",
      "/assets/app-1.js.map;x",
      "/assets/app-1.js%2Emap",
      "/assets/app-1.js%2emap#x",
      "/assets/app-1.js.%6Dap",
      "/assets/app-1.js.MAP",
      "/assets/./app-1.js.map",
      "/assets//app-1.js.map",
      "/x/../assets/app-1.js.map",
      "/assets/app-2.js.MAP",
      "/assets/app-2.js.MAP#x",
      "/assets/app-3.js.Map",
      "/assets/app-3.js%2EMap",
    ]) {
      const answer = await rawGet(port, target);
      expect(answer, target).toMatch(/^HTTP\/1\.1 (404|400) /);
      expect(answer, target).not.toContain("secret");
    }
  });
});

describe("compression", () => {
  it("compresses large JSON, HTML and JS with br or gzip when asked, and only then", async () => {
    const a = await app(undefined, { webDir: webDir() });
    // (The web app's own URLs, /games/blast, answer index.html from the not-found handler, which is
    // no route and so not compressed; the built index.html is under 1 KiB anyway.)
    for (const url of ["/api/openapi.json", "/", "/index.html", "/assets/app-1.js"]) {
      const plain = await a.inject({ method: "GET", url });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      expect(plain.rawPayload.length, url).toBeGreaterThan(1024);
      for (const [encoding, unpack] of [
        ["gzip", gunzipSync],
        ["br", brotliDecompressSync],
      ] as const) {
        const res = await a.inject({ method: "GET", url, headers: { "accept-encoding": encoding } });
        expect(res.statusCode, `${url} ${encoding}`).toBe(200);
        expect(res.headers["content-encoding"], `${url} ${encoding}`).toBe(encoding);
        expect(res.headers.vary, url).toMatch(/accept-encoding/i);
        expect(res.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
        expect(unpack(res.rawPayload).toString("utf8"), url).toBe(plain.body);
      }
    }
  });

  it("leaves small answers alone", async () => {
    const a = await app();
    const res = await a.inject({
      method: "GET",
      url: "/api/health",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json().status).toBe("ok");
  });
});

describe("rate limits", () => {
  it("refuses the 61st create in a minute from one address with 429 and Retry-After, not another address", async () => {
    const a = await app();
    for (let i = 0; i < 60; i++) expect((await createFrom(a, "10.0.0.1")).status).toBe(201);
    const refused = await createFrom(a, "10.0.0.1");
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(isErrorShape(JSON.stringify(refused.body))).toBe(true);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(refused.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const other = await createFrom(a, "10.0.0.2");
    expect(other.status).toBe(201);
    expect(other.headers["x-ratelimit-remaining"]).toBeUndefined();
    // Reads are never limited.
    const id = (await createFrom(a, "10.0.0.3")).body.id as string;
    for (let i = 0; i < 200; i++) {
      const res = await a.inject({ method: "GET", url: `/api/games/${id}`, remoteAddress: "10.0.0.1" });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await a.inject({ method: "GET", url: "/api/health", remoteAddress: "10.0.0.1" })).statusCode,
    ).toBe(200);
  });

  it("counts commands per address across sessions, with limits set through the options", async () => {
    const a = await app({ rateLimit: { commands: 5, creates: 2 } });
    const one = (await createFrom(a, "10.0.0.1")).body.id as string;
    const two = (await createFrom(a, "10.0.0.1")).body.id as string;
    expect((await createFrom(a, "10.0.0.1")).status).toBe(429);
    const command = (id: string, remoteAddress: string) =>
      a.inject({
        method: "POST",
        url: `/api/games/${id}/commands`,
        remoteAddress,
        payload: { cmd: "state" },
      });
    for (const id of [one, two, one, two, one]) expect((await command(id, "10.0.0.1")).statusCode).toBe(200);
    const refused = await command(two, "10.0.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    // The message names the route, never the session.
    expect(refused.body).not.toContain(two);
    expect((await command(two, "10.0.0.9")).statusCode).toBe(200);
  });

  it("the default command budget fits a 60 Hz client for a minute", async () => {
    const a = await app();
    const id = (await createFrom(a, "10.0.0.1")).body.id as string;
    for (let i = 0; i < 3600; i++) {
      const res = await a.inject({
        method: "POST",
        url: `/api/games/${id}/commands`,
        remoteAddress: "10.0.0.1",
        payload: { cmd: "state" },
      });
      if (res.statusCode !== 200) throw new Error(`command ${i}: ${res.statusCode} ${res.body}`);
    }
  });

  it("gives scores 20 and seeds 60 a minute, refused or not, and answers the 21st and 61st with 429", async () => {
    const a = await app();
    for (const [url, budget, payload] of [
      ["/api/scores", 20, {}],
      ["/api/seeds", 60, { game: "blast" }],
    ] as const) {
      for (let i = 0; i < budget; i++) {
        const res = await a.inject({ method: "POST", url, payload, remoteAddress: "10.0.0.4" });
        expect(res.statusCode, `${url} ${i} ${res.body}`).not.toBe(429);
      }
      const refused = await a.inject({ method: "POST", url, payload, remoteAddress: "10.0.0.4" });
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json().error.code, url).toBe("RATE_LIMITED");
      expect(Number(refused.headers["retry-after"]), url).toBeGreaterThan(0);
    }
  });

  it("is off when told (benchmarks)", async () => {
    const a = await app({ rateLimit: false });
    for (let i = 0; i < 70; i++) expect((await createFrom(a, "10.0.0.1")).status).toBe(201);
  });

  it("documents 429 on every write route and on no read route", async () => {
    const a = await app();
    const doc = (await a.inject({ method: "GET", url: "/api/openapi.json" })).json();
    let writes = 0;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const limited = op.responses["429"];
        if (method === "get") expect(limited, `${method} ${path}`).toBeUndefined();
        else {
          writes++;
          expect(limited.content["application/json"].schema, `${method} ${path}`).toEqual({
            $ref: "#/components/schemas/Error",
          });
          expect(limited.description).toContain("Retry-After");
        }
      }
    }
    expect(writes).toBeGreaterThanOrEqual(2);
  });
});

describe("request timeouts", () => {
  /** Sends `text` on a new connection to `port` and returns everything the server answers until it closes. */
  function stall(port: number, text: string): Promise<{ answer: string; ms: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, "127.0.0.1", () => socket.write(text));
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk) => {
        answer += chunk;
      });
      socket.on("error", reject);
      socket.on("close", () => resolve({ answer, ms: Date.now() - started }));
      // Only a hang: the server's own timeout closes it, however slow the machine.
      setTimeout(() => reject(new Error(`no close after 60 s; got ${answer}`)), 60_000).unref();
    });
  }

  it("answers a body that stalls with 408 in the one error shape and closes the connection", async () => {
    const a = await app({ requestTimeout: 400 });
    const port = await listen(a);
    const { answer, ms } = await stall(
      port,
      'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"game":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(isErrorShape(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toBe(true);
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
    // Not before the request timeout (a slower machine only closes it later).
    expect(ms).toBeGreaterThanOrEqual(350);
  });

  it("answers headers that never end with 408 too, and a prompt request is served", async () => {
    const a = await app({ requestTimeout: 400 });
    const port = await listen(a);
    const { answer } = await stall(port, "GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: 1");
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(ok.status).toBe(200);
  });

  it("has sane defaults: 10 s for a request, idle sockets cut, a short keep-alive under the request timeout", async () => {
    const a = await app();
    await a.ready();
    expect(a.server.requestTimeout).toBe(10_000);
    expect(a.server.headersTimeout).toBe(10_000);
    expect(a.server.keepAliveTimeout).toBe(5_000);
    expect(a.server.timeout).toBe(120_000);
  });
});

describe("logs", () => {
  it("never show a session id, write no line per request, and still log refusals and failures", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    // debug: the most a server is run with; refusals show at this level.
    const a = await app({ rateLimit: { commands: 3 } }, { logger: { level: "debug", stream } });
    a.post("/api/games/:id/explode", async () => {
      throw new Error("a bug");
    });
    const created = await a.inject({
      method: "POST",
      url: "/api/games",
      payload: { game: "match3", seed: 1 },
    });
    const id = created.json().id as string;
    expect(id.length).toBeGreaterThan(8);
    const send = (url: string, payload?: object) =>
      a.inject({
        method: payload === undefined ? "GET" : "POST",
        url,
        ...(payload === undefined ? {} : { payload }),
      });
    expect((await send(`/api/games/${id}/commands`, { cmd: "state" })).statusCode).toBe(200);
    expect((await send(`/api/games/${id}/commands`, { cmd: "jump" })).statusCode).toBe(400);
    expect((await send(`/api/games/${id}`)).statusCode).toBe(200);
    expect((await send(`/api/games/${id}x`)).statusCode).toBe(404);
    expect((await send(`/api/games/${id}/nothing/here`)).statusCode).toBe(404);
    expect((await send(`/api/games/${id}/commands?id=${id}`, { cmd: "state" })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const refused = await send(`/api/games/${id}/commands`, { cmd: "state" });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe("RATE_LIMITED");
    }
    expect((await send(`/api/games/${id}/explode`, {})).statusCode).toBe(500);

    const text = lines.join("\n");
    expect(text).not.toContain(id);
    expect(text).not.toContain(id.slice(0, 8));
    const logged = lines.map((line) => JSON.parse(line) as Json);
    // No info line for the requests that went well.
    expect(logged.filter((l) => l.level <= 30 && l.msg !== "request answered")).toEqual([]);
    // The failure is logged at error with its route pattern and the error itself.
    const failed = logged.filter((l) => l.level >= 50);
    expect(failed.some((l) => l.err?.message === "a bug")).toBe(true);
    expect(failed.some((l) => l.req?.route === "/api/games/:id/explode" && l.status === 500)).toBe(true);
    // Refusals are there, by route.
    const refused = logged.filter((l) => l.msg === "request answered");
    expect(refused.map((l) => l.status).sort()).toEqual([400, 404, 404, 429, 429, 429, 500]);
    // A client over its limit is one warning a minute, not a line (and a stack) per refusal.
    const limited = logged.filter((l) => l.level === 40);
    expect(limited.map((l) => [l.msg, l.req?.route])).toEqual([
      ["rate limit reached", "/api/games/:id/commands"],
    ]);
    expect(refused.map((l) => l.req.route)).toContain("/api/games/:id/commands");
    expect(refused.map((l) => l.req.route)).toContain("/api/games/:id/nothing/here");
  });
});

describe("caching", () => {
  it("says no-store on every API answer, refusals included, and leaves the pages' caching alone", async () => {
    const a = await app({ rateLimit: { creates: 1 } }, { webDir: webDir() });
    const created = await createFrom(a, "10.0.0.9");
    expect(created.status).toBe(201);
    const answers = [
      await a.inject({ method: "GET", url: "/api/health" }),
      await a.inject({ method: "GET", url: "/api/openapi.json" }),
      await a.inject({ method: "GET", url: `/api/games/${created.body.id}` }),
      await a.inject({ method: "GET", url: "/api/games/nope" }),
      await a.inject({ method: "GET", url: `/api/games/${"x".repeat(200)}` }),
      await a.inject({ method: "GET", url: "/api/games/%ZZ" }),
      await a.inject({ method: "GET", url: "/api/nothing" }),
      await a.inject({
        method: "POST",
        url: "/api/games",
        payload: { game: "tetris" },
        remoteAddress: "10.0.0.8",
      }),
      await a.inject({
        method: "POST",
        url: "/api/games",
        headers: { "content-type": "text/plain" },
        payload: "x",
        remoteAddress: "10.0.0.7",
      }),
      await a.inject({ method: "POST", url: "/api/seeds", payload: { game: "x".repeat(20_000) } }),
      await a.inject({ method: "POST", url: "/api/scores", payload: { game: "blast" } }),
      await a.inject({
        method: "POST",
        url: "/api/games",
        payload: { game: "match3" },
        remoteAddress: "10.0.0.9",
      }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([
      200, 200, 200, 404, 414, 400, 404, 400, 415, 413, 410, 429,
    ]);
    for (const res of answers) {
      expect(res.headers["cache-control"], `${res.statusCode} ${res.body.slice(0, 60)}`).toBe("no-store");
    }
    const asset = await a.inject({ method: "GET", url: "/assets/app-1.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const page = await a.inject({ method: "GET", url: "/" });
    expect(page.headers["cache-control"]).not.toBe("no-store");
  });
});

describe("behind a proxy", () => {
  it("takes the client's address from X-Forwarded-For only when the proxy sent it", async () => {
    const a = await app({ rateLimit: { creates: 1 }, trustProxy: "10.1.0.0/16, 10.2.0.5" });
    const create = (remoteAddress: string, forwarded: string) =>
      a.inject({
        method: "POST",
        url: "/api/games",
        remoteAddress,
        headers: { "x-forwarded-for": forwarded },
        payload: { game: "match3", seed: 1 },
      });
    // Through the proxies, two clients have a budget each.
    expect((await create("10.1.3.4", "203.0.113.1")).statusCode).toBe(201);
    expect((await create("10.2.0.5", "203.0.113.2")).statusCode).toBe(201);
    expect((await create("10.1.9.9", "203.0.113.1")).statusCode).toBe(429);
    // A client that connects directly cannot pick another address with the header.
    expect((await create("198.51.100.7", "203.0.113.3")).statusCode).toBe(201);
    expect((await create("198.51.100.7", "203.0.113.4")).statusCode).toBe(429);
  });

  it("refuses to trust everyone, or a hop count Fastify would ignore", async () => {
    await expect(
      buildApp({ dataDir: tempDataDir(), security: { trustProxy: true as unknown as string } }),
    ).rejects.toThrow(/TRUST_PROXY=true/);
    await expect(
      buildApp({ dataDir: tempDataDir(), security: { trustProxy: 1 as unknown as string } }),
    ).rejects.toThrow(/hop count/);
  });
});

describe("settings from the environment", () => {
  it("reads limits, timeouts, HSTS and the proxy, and refuses what it cannot read", () => {
    expect(securityFromEnv({})).toEqual({ rateLimit: {} });
    expect(securityFromEnv({ RATE_LIMIT: "off" })).toEqual({ rateLimit: false });
    expect(
      securityFromEnv({
        RATE_LIMIT_CREATES: "5",
        RATE_LIMIT_COMMANDS: "100000",
        REQUEST_TIMEOUT_MS: "2000",
        HSTS: "on",
        TRUST_PROXY: "10.0.0.0/8",
      }),
    ).toEqual({
      rateLimit: { creates: 5, commands: 100000 },
      requestTimeout: 2000,
      hsts: true,
      trustProxy: "10.0.0.0/8",
    });
    expect(
      securityFromEnv({
        TRUST_PROXY: "10.0.0.5, 192.168.0.0/16,loopback,::1,fd00::/8",
        CONNECTIONS_PER_ADDRESS: "0",
        KEEP_ALIVE_TIMEOUT_MS: "2000",
      }),
    ).toEqual({
      rateLimit: {},
      trustProxy: "10.0.0.5, 192.168.0.0/16,loopback,::1,fd00::/8",
      connectionsPerAddress: 0,
      keepAliveTimeout: 2000,
    });
    // false and empty are the default: no proxy trusted.
    expect(securityFromEnv({ TRUST_PROXY: "false" })).toEqual({ rateLimit: {} });
    for (const env of [
      { RATE_LIMIT: "no" },
      { RATE_LIMIT_SCORES: "0" },
      { RATE_LIMIT_SEEDS: "1e3" },
      { RATE_LIMIT_CREATES: "-1" },
      { REQUEST_TIMEOUT_MS: "5" },
      { HSTS: "yes" },
      { TRUST_PROXY: "true" },
      { TRUST_PROXY: "TRUE" },
      { TRUST_PROXY: "1" },
      { TRUST_PROXY: "10.0.0.0/33" },
      { TRUST_PROXY: "10.0.0.1,proxy.example" },
      { TRUST_PROXY: "*" },
      { TRUST_PROXY: "constructor" },
      { CONNECTIONS_PER_ADDRESS: "-1" },
      { CONNECTIONS_PER_ADDRESS: "many" },
      { KEEP_ALIVE_TIMEOUT_MS: "50" },
    ]) {
      expect(typeof securityFromEnv(env), JSON.stringify(env)).toBe("string");
    }
  });
});
