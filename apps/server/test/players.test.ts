/**
 * Players (issue 22 item 3, docs/service.md "Players") through the real server, on SQLite and on a
 * real PostgreSQL: a player is made, signs requests in, is refused with a wrong secret (never served
 * as anonymous), recovers on "another device" (the old secret and code stop working), owns the names
 * it took first, and has its own rate-limit budget beside its address's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import type { SecurityOptions } from "../src/plugins/security-options.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import { type App, expectErrorShape, type Json, tempDataDir } from "./support.js";

interface Credentials {
  player: string;
  secret: string;
  recoveryCode: string;
}

const apps: App[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()?.close();
});

async function call(app: App, method: string, url: string, body?: unknown, auth?: string) {
  const res = await app.inject({
    method: method as "GET",
    url,
    headers: {
      ...(auth === undefined ? {} : { authorization: auth }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  let parsed: Json;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, text: res.body, body: parsed, headers: res.headers };
}

/** A refusal in the API's one error shape, with its status and code. */
function expectRefused(
  res: { status: number; text: string; body: Json },
  status: number,
  code: string,
  what = "",
) {
  expectErrorShape(res, what);
  expect(res.status, what).toBe(status);
  expect(res.body.error.code, what).toBe(code);
}

const bearer = (c: Credentials) => `Bearer ${c.player}.${c.secret}`;

async function newPlayer(app: App): Promise<Credentials> {
  const res = await call(app, "POST", "/api/players");
  expect(res.status, res.text).toBe(201);
  return res.body as Credentials;
}

function playersContract(open: (security?: SecurityOptions) => Promise<App>) {
  it("makes a player with no body or {}, and hands out an id, a secret and a recovery code", async () => {
    const app = await open();
    const first = await call(app, "POST", "/api/players");
    const second = await call(app, "POST", "/api/players", {});
    for (const res of [first, second]) {
      expect(res.status, res.text).toBe(201);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(Object.keys(res.body).sort()).toEqual(["player", "recoveryCode", "secret"]);
      expect(res.body.player).toMatch(/^p_[A-Za-z0-9_-]{22}$/);
      expect(res.body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.recoveryCode).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){4}[0-9A-HJKMNP-TV-Z]{4}$/);
    }
    expect(first.body.player).not.toBe(second.body.player);
    expect(first.body.secret).not.toBe(second.body.secret);
    // A field is refused, not ignored.
    const extra = await call(app, "POST", "/api/players", { name: "Ada" });
    expectRefused(extra, 400, "BAD_REQUEST");
  });

  it("signs a player in with its bearer token; no header is anonymous; a wrong one is 401 BAD_PLAYER", async () => {
    const app = await open();
    const ada = await newPlayer(app);
    const bob = await newPlayer(app);
    const me = await call(app, "GET", "/api/players/me", undefined, bearer(ada));
    expect(me.status, me.text).toBe(200);
    expect(me.body).toEqual({ player: ada.player, names: [] });
    // The scheme's case does not matter (RFC 9110).
    expect(
      (await call(app, "GET", "/api/players/me", undefined, `bearer ${ada.player}.${ada.secret}`)).body
        .player,
    ).toBe(ada.player);

    const anonymous = await call(app, "GET", "/api/players/me");
    expectRefused(anonymous, 401, "PLAYER_REQUIRED");
    // Routes that need no player still serve an anonymous request.
    expect((await call(app, "GET", "/api/health")).status).toBe(200);

    const wrong: [what: string, header: string][] = [
      ["another player's secret", `Bearer ${ada.player}.${bob.secret}`],
      ["an unknown player", `Bearer p_AAAAAAAAAAAAAAAAAAAAAA.${ada.secret}`],
      ["no secret", `Bearer ${ada.player}`],
      ["a secret one character short", `Bearer ${ada.player}.${ada.secret.slice(1)}`],
      ["another scheme", `Basic ${Buffer.from(`${ada.player}:${ada.secret}`).toString("base64")}`],
      ["an empty header", ""],
    ];
    for (const [what, header] of wrong) {
      // On a route that needs a player and on one that does not: never served as anonymous.
      for (const [method, url, body] of [
        ["GET", "/api/players/me", undefined],
        ["GET", "/api/health", undefined],
        ["POST", "/api/games", { game: "blast", seed: 1 }],
      ] as const) {
        const res = await call(app, method, url, body, header);
        expectRefused(res, 401, "BAD_PLAYER", `${what} on ${method} ${url}`);
      }
    }
    // A refused header made no session.
    expect(await app.storage.countSessions()).toBe(0);
  });

  it("recovers a player on another device: a new secret and code, the old ones refused after", async () => {
    const app = await open();
    const ada = await newPlayer(app);
    // Signed in once, so this process has verified (and cached) the old secret.
    expect((await call(app, "GET", "/api/players/me", undefined, bearer(ada))).status).toBe(200);
    // As a person types it: small letters, spaces for dashes, O for 0 and l for 1.
    const typed = ada.recoveryCode.toLowerCase().replace(/-/g, " ").replace(/0/g, "o").replace(/1/g, "l");
    const recovered = await call(app, "POST", "/api/players/recover", { recoveryCode: typed });
    expect(recovered.status, recovered.text).toBe(200);
    const moved = recovered.body as Credentials;
    expect(moved.player).toBe(ada.player);
    expect(moved.secret).not.toBe(ada.secret);
    expect(moved.recoveryCode).not.toBe(ada.recoveryCode);

    expect((await call(app, "GET", "/api/players/me", undefined, bearer(moved))).body.player).toBe(
      ada.player,
    );
    const old = await call(app, "GET", "/api/players/me", undefined, bearer(ada));
    expectRefused(old, 401, "BAD_PLAYER");
    const reused = await call(app, "POST", "/api/players/recover", { recoveryCode: ada.recoveryCode });
    expectRefused(reused, 401, "BAD_RECOVERY_CODE");
    // The new code works (once).
    const again = await call(app, "POST", "/api/players/recover", { recoveryCode: moved.recoveryCode });
    expect(again.status, again.text).toBe(200);
    expect(again.body.player).toBe(ada.player);

    const malformed = await call(app, "POST", "/api/players/recover", { recoveryCode: "1234" });
    expectRefused(malformed, 400, "BAD_RECOVERY_CODE");
    expect(malformed.body.error.message).toMatch(/20 letters and digits/);
  });

  it("limits recovery tries tightly: the 11th in a minute from one address is 429", async () => {
    const app = await open({ rateLimit: true });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const code = `${String(i).padStart(4, "0")}-0000-0000-0000-0000`;
      statuses.push((await call(app, "POST", "/api/players/recover", { recoveryCode: code })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it("counts writes per player as well as per address: one player on many addresses has one budget", async () => {
    const app = await open({ rateLimit: { creates: 3 } });
    const ada = await newPlayer(app);
    const bob = await newPlayer(app);
    const createFrom = (address: string, who?: Credentials) =>
      app
        .inject({
          method: "POST",
          url: "/api/games",
          remoteAddress: address,
          headers: { "content-type": "application/json", ...(who ? { authorization: bearer(who) } : {}) },
          payload: JSON.stringify({ game: "blast", seed: 1 }),
        })
        .then((res) => ({
          status: res.statusCode,
          body: JSON.parse(res.body) as Json,
          headers: res.headers,
        }));
    // Ada on four addresses: each address is within its budget of 3, the player is not.
    const ada4 = [];
    for (const address of ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"])
      ada4.push(await createFrom(address, ada));
    expect(ada4.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    const refused = ada4[3] as { status: number; body: Json; headers: Record<string, unknown> };
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(refused.body.error.message).toMatch(/from this player: at most 3 a minute/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Bob's budget is his own.
    expect((await createFrom("10.0.0.9", bob)).status).toBe(201);
    // And the address's budget still applies to a player within his: 10.0.0.1 has spent 1 of its 3.
    const carl = await newPlayer(app);
    expect((await createFrom("10.0.0.1", carl)).status).toBe(201);
    expect((await createFrom("10.0.0.1", carl)).status).toBe(201);
    const addressFull = await createFrom("10.0.0.1", carl);
    expect(addressFull.status).toBe(429);
    expect(addressFull.body.error.message).toMatch(/from this address/);
  });
}

describe("players on SQLite", () => {
  playersContract(async (security = { rateLimit: false }) => {
    const app = await buildApp({ dataDir: tempDataDir(), security });
    apps.push(app);
    return app;
  });
});

describe.skipIf(postgresSkipReason !== undefined)("players on PostgreSQL", () => {
  let server: TestPostgres | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await server?.stop();
  });
  playersContract(async (security = { rateLimit: false }) => {
    if (!server) throw new Error("no PostgreSQL");
    const app = await buildApp({
      dataDir: tempDataDir(),
      databaseUrl: await freshDatabase(server),
      security,
    });
    apps.push(app);
    return app;
  });
});
