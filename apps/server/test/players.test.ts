/**
 * Players (issue 22 item 3, docs/service.md "Players") through the real server, on SQLite and on a
 * real PostgreSQL: a player is made, signs requests in, is refused with a wrong secret (never served
 * as anonymous), recovers on "another device" (the old secret and code stop working), owns the names
 * it took first, and has its own rate-limit budget beside its address's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { type SecurityOptions, securityFromEnv } from "../src/plugins/security-options.js";
import { scoreStorageFor } from "../src/store/index.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import { type App, expectErrorShape, type Json, send, tempDataDir } from "./support.js";

interface Credentials {
  player: string;
  secret: string;
  recoveryCode: string;
}

const apps: App[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()?.close();
});

const call = send;

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

/**
 * Plays a ranked Block Blast session of `who` named `name` to its end (the first legal move each
 * time): the refusal of the session when it is refused, else the last reply, whose `entry` (when
 * present) is where the game went in and under which name.
 */
async function postAs(app: App, name: string | undefined, who: Credentials) {
  const body = name === undefined ? { game: "blast", ranked: true } : { game: "blast", ranked: true, name };
  const created = await call(app, "POST", "/api/games", body, bearer(who));
  if (created.status !== 201) return created;
  const commands = `/api/games/${created.body.id}/commands`;
  for (;;) {
    const legal = await call(app, "POST", commands, { cmd: "legal" }, bearer(who));
    const moved = await call(app, "POST", commands, legal.body.legal[0], bearer(who));
    expect(moved.status, moved.text).toBe(200);
    if (moved.body.state.over) return { ...moved, status: 201, body: moved.body.entry ?? null };
  }
}

/** A name entered without a player, as before players: straight through the score storage. */
async function enterUnowned(app: App, name: string): Promise<void> {
  const storage = scoreStorageFor(app.storage.handle);
  const row = { game: "blast", configKey: "{}", name, score: 1, seed: 1, replayHash: `legacy-${name}` };
  expect(await storage.enter({ ...row, createdAt: new Date() }, "once-per-replay")).toMatchObject({
    ok: true,
  });
}

async function namesOf(app: App, who: Credentials): Promise<string[]> {
  const me = await call(app, "GET", "/api/players/me", undefined, bearer(who));
  expect(me.status, me.text).toBe(200);
  return me.body.names;
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

  it("gives a name to the player who took it first: another player's look-alike is 409 NAME_TAKEN", async () => {
    const app = await open();
    const ada = await newPlayer(app);
    const bob = await newPlayer(app);
    const first = await postAs(app, "Honest", ada);
    expect(first.status, first.text).toBe(201);
    expect(await namesOf(app, ada)).toEqual(["Honest"]);
    // Bob, and a post without a player, cannot use it nor any spelling that looks the same:
    // the same, other case, fullwidth (NFKC), and Cyrillic/Greek whole-script look-alikes of BOB below.
    for (const name of ["Honest", "HONEST", "\uFF28\uFF2F\uFF2E\uFF25\uFF33\uFF34"]) {
      const res = await postAs(app, name, bob);
      expectRefused(res, 409, "NAME_TAKEN", name);
      expect(res.body.error.message).toMatch(/belongs to another player/);
    }
    const anonymous = await call(app, "POST", "/api/games", { game: "blast", name: "honest" });
    expectRefused(anonymous, 409, "NAME_TAKEN");
    // A refused name claimed nothing: Bob plays under his own name.
    const bobs = await postAs(app, "BOB", bob);
    expect(bobs.status, bobs.text).toBe(201);
    for (const lookalike of ["\u0412\u041E\u0412", "\u0392\u039F\u0392", "bob"]) {
      expectRefused(await postAs(app, lookalike, ada), 409, "NAME_TAKEN", lookalike);
    }
    // The owner's own look-alike spellings fold into the spelling taken.
    const again = await postAs(app, "HONEST", ada);
    expect(again.status, again.text).toBe(201);
    expect(again.body.name).toBe("Honest");
    expect(await namesOf(app, ada)).toEqual(["Honest"]);
    expect(await namesOf(app, bob)).toEqual(["BOB"]);
    // A server session is refused the name when it is made, not when it ends.
    const session = await call(app, "POST", "/api/games", { game: "blast", name: "honest" }, bearer(bob));
    expectRefused(session, 409, "NAME_TAKEN");
    const own = await call(app, "POST", "/api/games", { game: "blast", name: "honest" }, bearer(ada));
    expect(own.status, own.text).toBe(201);
    const board = await call(app, "GET", "/api/leaderboards/blast?limit=100");
    expect(board.body.entries.map((e: Json) => e.name).sort()).toEqual(["BOB", "Honest", "Honest"]);
  });

  it("leaves a name taken without a player unowned: it folds for everyone, as before players", async () => {
    const app = await open();
    const ada = await newPlayer(app);
    const bob = await newPlayer(app);
    await enterUnowned(app, "Zed");
    for (const [who, name] of [
      [ada, "zed"],
      [bob, "ZED"],
    ] as const) {
      const res = await postAs(app, name, who);
      expect(res.status, res.text).toBe(201);
      expect(res.body.name).toBe("Zed");
    }
    expect(await namesOf(app, ada)).toEqual([]);
    expect(await namesOf(app, bob)).toEqual([]);
  });

  it("lets every player who gives no name enter as Anonymous: that name is no one's", async () => {
    const app = await open();
    const [ada, bob, cy] = [await newPlayer(app), await newPlayer(app), await newPlayer(app)];
    for (const who of [ada, bob]) {
      const res = await postAs(app, undefined, who);
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ name: "Anonymous", board: "unaided" });
      expect(res.body.rank).toBeGreaterThanOrEqual(1);
    }
    // Typed, or a look-alike of it: the same shared name, still no one's.
    for (const name of ["anonymous", "ANONYMOUS"]) {
      const res = await postAs(app, name, cy);
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ name: "Anonymous" });
    }
    for (const who of [ada, bob, cy]) expect(await namesOf(app, who)).toEqual([]);
  });

  it("gives a new name to exactly one of two players whose games end at once", async () => {
    const app = await open();
    const ada = await newPlayer(app);
    const bob = await newPlayer(app);
    // Both sessions are made while the name is free; the entering transaction decides.
    const [a, b] = await Promise.all([postAs(app, "Racer", ada), postAs(app, "RACER", bob)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const entries = [a.body, b.body].filter((entry) => entry !== null);
    expect(entries).toHaveLength(1);
    const winner = a.body !== null ? ada : bob;
    const loser = a.body !== null ? bob : ada;
    expect(await namesOf(app, winner)).toEqual([a.body !== null ? "Racer" : "RACER"]);
    expect(await namesOf(app, loser)).toEqual([]);
    // The loser plays on under another name.
    expect((await postAs(app, "Second", loser)).body).toMatchObject({ name: "Second", board: "unaided" });
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

  it("takes the players' limits from the environment", () => {
    expect(securityFromEnv({ RATE_LIMIT_PLAYERS: "5", RATE_LIMIT_RECOVERIES: "3" })).toMatchObject({
      rateLimit: { players: 5, recoveries: 3 },
    });
    expect(securityFromEnv({ RATE_LIMIT_RECOVERIES: "0" })).toMatch(
      /RATE_LIMIT_RECOVERIES must be a whole number/,
    );
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
