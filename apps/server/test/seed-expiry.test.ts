/**
 * Issued seeds expire (issue 20 finding 8, docs/service.md "Leaderboards"): a seed drawn more than
 * SEED_LIFETIME_MS ago is refused with 422 SEED_EXPIRED, and the sweep at start (then hourly) deletes
 * the expired seeds nobody claimed. The issue times are moved back in the SQLite file itself.
 */
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SEED_LIFETIME_MS } from "../src/scores/limits.js";
import { closeApp, expectErrorShape, openApp, send } from "./support.js";

describe("issued seeds", () => {
  it("are refused with 422 SEED_EXPIRED after a day, and deleted unclaimed by the sweep", async () => {
    expect(SEED_LIFETIME_MS).toBe(24 * 60 * 60 * 1000);
    const { app, dataDir } = await openApp();
    const draw = async () => (await send(app, "POST", "/api/seeds", { game: "blast" })).body.seed as number;
    const [old, fresh] = [await draw(), await draw()];
    const db = new Database(join(dataDir, "blockarcade.sqlite"));
    const issuedAt = (seed: number) =>
      db.prepare("SELECT issued_at FROM issued_seeds WHERE game = 'blast' AND seed = ?").pluck().get(seed);
    const past = new Date(Date.now() - SEED_LIFETIME_MS - 60_000).toISOString();
    db.prepare("UPDATE issued_seeds SET issued_at = ? WHERE seed = ?").run(past, old);
    // The seed is judged before any replay: these commands are never played.
    const post = (seed: number) =>
      send(app, "POST", "/api/scores", { game: "blast", seed, commands: [{ cmd: "tick" }], name: "Ada" });
    const expired = await post(old);
    expectErrorShape(expired);
    expect(expired.status).toBe(422);
    expect(expired.body.error.code).toBe("SEED_EXPIRED");
    expect(expired.body.error.message).toContain("POST /api/seeds");
    // A fresh seed goes on to its replay (which this one-command game fails).
    const replayed = await post(fresh);
    expect(replayed.status).toBe(422);
    expect(replayed.body.error.code).toBe("BAD_REPLAY");
    // A restart sweeps once it is ready: the expired seed goes, the fresh one stays.
    await closeApp(app);
    await openApp(dataDir).then(({ app: again }) => again.ready());
    for (let tries = 0; tries < 200 && issuedAt(old) !== undefined; tries++) await sleep(10);
    expect(issuedAt(old)).toBeUndefined();
    expect(issuedAt(fresh)).toBeDefined();
    db.close();
  });
});
