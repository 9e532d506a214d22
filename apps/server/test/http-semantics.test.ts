/**
 * HTTP by the book (issue 25): CORS off by default and on for configured origins; If-Match compares
 * strongly (a weak tag is refused 412); If-None-Match answers 304 with no body.
 */
import { describe, expect, it } from "vitest";
import { corsOriginsFromEnv } from "../src/plugins/cors.js";
import { securityFromEnv } from "../src/plugins/security-options.js";
import { type App, openApp, send } from "./support.js";

const ORIGIN = "https://play.example.org";

function preflight(app: App, origin: string, url = "/api/games") {
  return app.inject({
    method: "OPTIONS",
    url,
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type, if-match",
    },
  });
}

async function newSession(app: App): Promise<string> {
  const created = await send(app, "POST", "/api/games", { game: "stacker", seed: 7 });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

describe("CORS", () => {
  it("is off by default: a preflight is refused 403 JSON with no CORS header, and answers carry none", async () => {
    const { app } = await openApp();
    const res = await preflight(app, ORIGIN);
    expect(res.statusCode).toBe(403);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json().error.code).toBe("CORS_REFUSED");
    expect(Object.keys(res.headers).filter((name) => name.startsWith("access-control-"))).toEqual([]);
    const get = await app.inject({ method: "GET", url: "/api/health", headers: { origin: ORIGIN } });
    expect(get.statusCode).toBe(200);
    expect(get.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("answers a configured origin's preflight and marks its requests; refuses any other origin", async () => {
    const { app } = await openApp(undefined, { corsOrigins: [ORIGIN, "http://localhost:5173"] });
    const ok = await preflight(app, ORIGIN);
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe("");
    expect(ok.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(String(ok.headers["access-control-allow-methods"])).toContain("POST");
    expect(String(ok.headers["access-control-allow-headers"]).split(/,\s*/)).toContain("if-match");
    expect(String(ok.headers.vary)).toMatch(/origin/i);

    const get = await app.inject({ method: "GET", url: "/api/health", headers: { origin: ORIGIN } });
    expect(get.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(String(get.headers["access-control-expose-headers"])).toContain("etag");

    for (const other of ["https://evil.example.com", "https://play.example.org.evil.com", "null"]) {
      const refused = await preflight(app, other);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe("CORS_REFUSED");
      expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
      const plain = await app.inject({ method: "GET", url: "/api/health", headers: { origin: other } });
      expect(plain.headers["access-control-allow-origin"]).toBeUndefined();
    }
  });

  it("reads CORS_ORIGINS as a comma list of origins and refuses anything else", () => {
    expect(corsOriginsFromEnv(undefined)).toEqual([]);
    expect(corsOriginsFromEnv(" https://a.example , http://localhost:5173/ ")).toEqual([
      "https://a.example",
      "http://localhost:5173",
    ]);
    for (const bad of ["*", "a.example", "https://a.example/path", "ftp://a.example", "null"]) {
      expect(corsOriginsFromEnv(bad)).toMatch(/^CORS_ORIGINS must/);
    }
    expect(securityFromEnv({ CORS_ORIGINS: "https://a.example" })).toMatchObject({
      corsOrigins: ["https://a.example"],
    });
    expect(securityFromEnv({ CORS_ORIGINS: "https://a.example/x" })).toMatch(/^CORS_ORIGINS/);
  });
});

describe("conditional requests", () => {
  it("refuses a weak If-Match tag with 412 (strong comparison) and applies the strong one", async () => {
    const { app } = await openApp();
    const id = await newSession(app);
    const command = JSON.stringify({ cmd: "tick" });
    const weak = await app.inject({
      method: "POST",
      url: `/api/games/${id}/commands`,
      headers: { "content-type": "application/json", "if-match": 'W/"0"' },
      payload: command,
    });
    expect(weak.statusCode).toBe(412);
    expect(weak.json().error.code).toBe("PRECONDITION_FAILED");
    expect((await send(app, "GET", `/api/games/${id}`)).body.seq).toBe(0);

    const strong = await app.inject({
      method: "POST",
      url: `/api/games/${id}/commands`,
      headers: { "content-type": "application/json", "if-match": '"0"' },
      payload: command,
    });
    expect(strong.statusCode).toBe(200);
    expect(strong.headers.etag).toBe('"1"');
  });

  it("answers If-None-Match with 304 and no body while the session has not moved, 200 once it has", async () => {
    const { app } = await openApp();
    const id = await newSession(app);
    const first = await app.inject({ method: "GET", url: `/api/games/${id}` });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toBe('"0"');
    for (const header of [etag, `W/${etag}`, `"7", ${etag}`, "*"]) {
      const same = await app.inject({
        method: "GET",
        url: `/api/games/${id}`,
        headers: { "if-none-match": header },
      });
      expect(same.statusCode).toBe(304);
      expect(same.body).toBe("");
      expect(same.headers.etag).toBe(etag);
    }
    await send(app, "POST", `/api/games/${id}/commands`, { cmd: "tick" });
    const moved = await app.inject({
      method: "GET",
      url: `/api/games/${id}`,
      headers: { "if-none-match": etag },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).toBe('"1"');
    expect(moved.json().seq).toBe(1);
    // A session that is not there is 404 even for `*`.
    const missing = await app.inject({
      method: "GET",
      url: "/api/games/nosuchsession",
      headers: { "if-none-match": "*" },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("answers a board's If-None-Match with 304 until a new entry changes the page", async () => {
    const { app } = await openApp(undefined, { rateLimit: false });
    const first = await app.inject({ method: "GET", url: "/api/leaderboards/blast" });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const same = await app.inject({
      method: "GET",
      url: "/api/leaderboards/blast",
      headers: { "if-none-match": etag },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");
    // Another page of the same board is another answer.
    const other = await app.inject({
      method: "GET",
      url: "/api/leaderboards/blast?offset=5",
      headers: { "if-none-match": etag },
    });
    expect(other.statusCode).toBe(200);
    // A ranked game played to its end enters the board: the page changes, and so does its tag.
    const player = await send(app, "POST", "/api/players");
    const auth = `Bearer ${player.body.player}.${player.body.secret}`;
    const created = await send(
      app,
      "POST",
      "/api/games",
      { game: "blast", ranked: true, name: "Etag" },
      auth,
    );
    let last = created.body;
    while (!last.state.over) {
      const legal = await send(app, "POST", `/api/games/${created.body.id}/commands`, { cmd: "legal" }, auth);
      last = (await send(app, "POST", `/api/games/${created.body.id}/commands`, legal.body.legal[0], auth))
        .body;
    }
    const changed = await app.inject({
      method: "GET",
      url: "/api/leaderboards/blast",
      headers: { "if-none-match": etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().entries).toHaveLength(1);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
