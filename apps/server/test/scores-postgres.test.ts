/**
 * The leaderboards on PostgreSQL through the real app: a ranked session played on two servers keeps
 * its rules (its help) across them and is entered once on both boards, and two servers racing to
 * start one player's daily game rank exactly one; a server that did not play a daily game answers
 * its attempt, leader and the player's place from the database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import { type App, send, tempDataDir } from "./support.js";

describe.skipIf(postgresSkipReason !== undefined)("leaderboards on PostgreSQL, two servers", () => {
  let server: TestPostgres;
  const apps: App[] = [];
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterEach(async () => {
    while (apps.length) await apps.pop()?.close();
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Two apps on one fresh database, as two processes would be. */
  async function twoServers(): Promise<[App, App]> {
    const databaseUrl = await freshDatabase(server);
    const open = async () => {
      const app = await buildApp({ dataDir: tempDataDir(), databaseUrl, security: { rateLimit: false } });
      apps.push(app);
      return app;
    };
    const first = await open();
    return [first, await open()];
  }

  async function player(app: App): Promise<string> {
    const made = await send(app, "POST", "/api/players");
    expect(made.status, made.text).toBe(201);
    return `Bearer ${made.body.player}.${made.body.secret}`;
  }

  async function call(app: App, url: string, body: unknown, auth: string) {
    const res = await app.inject({
      method: "POST",
      url,
      headers: { authorization: auth },
      payload: body as object,
    });
    return { status: res.statusCode, text: res.body, body: JSON.parse(res.body) };
  }

  it("plays a ranked session on two servers: the help asked on one is known on the other, the entry is on both boards", async () => {
    const [a, b] = await twoServers();
    const auth = await player(a);
    const created = await call(a, "/api/games", { game: "blast", ranked: true, name: "Ada" }, auth);
    expect(created.status, created.text).toBe(201);
    const commands = `/api/games/${created.body.id}/commands`;
    // A hint asked of server A: server B, catching up, knows the game is assisted.
    expect((await call(a, commands, { cmd: "hint" }, auth)).body.assisted).toBe(true);
    let state = created.body.state;
    let turn = 0;
    let last: Awaited<ReturnType<typeof call>> | undefined;
    while (!state.over) {
      const server = turn++ % 2 === 0 ? b : a;
      const legal = await call(server, commands, { cmd: "legal" }, auth);
      last = await call(server, commands, legal.body.legal[0], auth);
      expect(last.status, last.text).toBe(200);
      expect(last.body.assisted).toBe(true);
      expect(last.body.state).not.toHaveProperty("rng");
      state = last.body.state;
    }
    expect(last?.body.entry).toMatchObject({ board: "help", name: "Ada", rank: 1, score: state.score });
    for (const app of [a, b]) {
      const help = await send(app, "GET", "/api/leaderboards/blast?board=help");
      expect(help.body.entries).toMatchObject([{ rank: 1, name: "Ada", score: state.score }]);
      expect((await send(app, "GET", "/api/leaderboards/blast")).body.entries).toEqual([]);
    }
  });

  it("enters a game on the help board when the hint was asked of a server whose copy the other had already", async () => {
    const [a, b] = await twoServers();
    const auth = await player(a);
    const created = await call(a, "/api/games", { game: "blast", ranked: true, name: "Bob" }, auth);
    const commands = `/api/games/${created.body.id}/commands`;
    // Both servers hold the session in memory; the hint on A logs nothing, so B's copy is not told.
    expect((await call(b, commands, { cmd: "state" }, auth)).status).toBe(200);
    expect((await call(a, commands, { cmd: "hint" }, auth)).body.assisted).toBe(true);
    let last = await call(b, commands, { cmd: "state" }, auth);
    while (!last.body.state.over) {
      const legal = await call(b, commands, { cmd: "legal" }, auth);
      last = await call(b, commands, legal.body.legal[0], auth);
      expect(last.status, last.text).toBe(200);
    }
    expect(last.body.entry).toMatchObject({ board: "help", name: "Bob" });
    expect((await send(a, "GET", "/api/leaderboards/blast")).body.entries).toEqual([]);
  });

  it("ranks exactly one of a player's daily games started at once on two servers; the others are practice", async () => {
    const [a, b] = await twoServers();
    const auth = await player(a);
    const started = await Promise.all(
      [a, b, a, b].map((app) => call(app, "/api/games", { game: "puzzle", daily: true }, auth)),
    );
    for (const res of started) expect(res.status, res.text).toBe(201);
    expect(started.map((res) => res.body.practice).sort()).toEqual([false, true, true, true]);
    // Another player's first daily game is ranked all the same.
    const other = await call(b, "/api/games", { game: "puzzle", daily: true }, await player(b));
    expect(other.body).toMatchObject({ practice: false, ranked: true });
  });

  it("answers the day's attempt, leader and the player's place on the server that did not play it", async () => {
    const [a, b] = await twoServers();
    const auth = await player(a);
    const daily = async (app: App) => {
      const res = await send(app, "GET", "/api/daily/blast", undefined, auth);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const created = await call(a, "/api/games", { game: "blast", daily: true, name: "Cy" }, auth);
    expect(created.status, created.text).toBe(201);
    // B never held the session: it reads the attempt, and whether its game is over, from the database.
    expect((await daily(b)).me).toEqual({
      attempt: "playing",
      session: created.body.id,
      streak: 1,
      canWatch: false,
    });
    const commands = `/api/games/${created.body.id}/commands`;
    let last = created;
    while (!last.body.state.over) {
      const legal = await call(a, commands, { cmd: "legal" }, auth);
      last = await call(a, commands, legal.body.legal[0], auth);
      expect(last.status, last.text).toBe(200);
    }
    const score = last.body.state.score;
    const onB = await daily(b);
    expect(onB.me).toEqual({
      attempt: "done",
      session: created.body.id,
      score,
      rank: 1,
      board: "unaided",
      streak: 1,
      // Over with a revive left: today's replays stay locked for the player.
      canWatch: false,
    });
    expect(onB.leader).toMatchObject({ name: "Cy", score });
    const place = await send(b, "GET", `/api/leaderboards/blast?day=${onB.date}&around=me`, undefined, auth);
    expect(place.status, place.text).toBe(200);
    expect(place.body).toMatchObject({
      total: 1,
      period: "all",
      me: { rank: 1, entry: { name: "Cy", score } },
    });
    expect(place.body.me.entry.replay).toBe(onB.leader.replay);
  });
});
