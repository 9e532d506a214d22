/**
 * The leaderboards on PostgreSQL through the real app: a finished game posted to one server shows on
 * another's board, and two servers racing to post one issued seed enter it exactly once.
 */
import { blastGame } from "@blockarcade/engine/games/blast";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import { playQuickly } from "./scores-support.js";
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

  it("ranks a real game posted to one server on the other's board", async () => {
    const [a, b] = await twoServers();
    const issued = await send(a, "POST", "/api/seeds", { game: "blast" });
    expect(issued.status).toBe(201);
    const game = playQuickly(blastGame, issued.body.seed, undefined);
    const body = {
      game: "blast",
      seed: game.seed,
      commands: game.moves,
      name: "Ada",
      score: game.state.score,
    };
    const posted = await send(b, "POST", "/api/scores", body);
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({ rank: 1, score: game.state.score, name: "Ada" });
    const board = await send(a, "GET", "/api/leaderboards/blast");
    expect(board.body.entries).toEqual([
      { rank: 1, name: "Ada", score: game.state.score, date: posted.body.date },
    ]);
    const again = await send(a, "POST", "/api/scores", body);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("SEED_CLAIMED");
  });

  it("enters one issued seed once when two servers race to post it", async () => {
    const [a, b] = await twoServers();
    const seeds = await Promise.all([1, 2, 3].map(() => send(a, "POST", "/api/seeds", { game: "blast" })));
    for (const issued of seeds) {
      const game = playQuickly(blastGame, issued.body.seed, undefined);
      const results = await Promise.all(
        [a, b, a, b].map((app, i) =>
          send(app, "POST", "/api/scores", {
            game: "blast",
            seed: game.seed,
            commands: game.moves,
            name: `P${i}`,
          }),
        ),
      );
      const statuses = results.map((res) => res.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
    }
    expect((await send(b, "GET", "/api/leaderboards/blast")).body.entries).toHaveLength(3);
  });
});
