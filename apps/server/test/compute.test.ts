/**
 * Expensive work off the event loop (compute/pool.ts): the computer player's `hint` runs in a worker
 * thread, so /api/health is answered while hints are still being searched; the CPU it took is charged
 * to the client that asked, which gets 429 CPU_LIMIT with Retry-After once over its share while
 * another client is not charged; a session whose log holds `ai` commands rebuilds in the pool to the
 * same state. The workers are the built dist/ files: `npx tsc -b` (npm test builds first).
 */
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import type { ComputeOptions } from "../src/compute/pool.js";
import type { SessionOptions } from "../src/sessions.js";
import { CRAFTED_BLAST } from "./crafted-positions.js";
import { type App, type Json, tempDataDir } from "./support.js";

const FLOODER = "10.0.0.1";
const OTHER = "10.0.0.2";

const opened: App[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()?.close();
});

async function open(
  compute: Partial<ComputeOptions>,
  dataDir = tempDataDir(),
  sessions?: Partial<SessionOptions>,
): Promise<App> {
  const app = await buildApp({ dataDir, security: { rateLimit: false }, compute, sessions });
  opened.push(app);
  return app;
}

async function call(app: App, from: string, method: "GET" | "POST", url: string, body?: unknown) {
  const res = await app.inject({
    method,
    url,
    remoteAddress: from,
    ...(body === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, payload: body as object }),
  });
  return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
}

/** A Blast session loaded with the crafted position; answers its id. */
async function craftedSession(app: App, from: string): Promise<string> {
  const created = await call(app, from, "POST", "/api/games", { game: "blast", seed: 1 });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const loaded = await call(app, from, "POST", `/api/games/${id}/commands`, {
    cmd: "load",
    state: CRAFTED_BLAST,
  });
  expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
  return id;
}

describe("the compute pool", () => {
  it("answers /api/health while one client's hints are searched, then refuses that client with CPU_LIMIT, not another", async () => {
    const app = await open({ threads: 2, cpuBurstMs: 200, cpuMsPerMinute: 600, maxInFlightPerClient: 8 });
    const sessions = [await craftedSession(app, FLOODER), await craftedSession(app, FLOODER)];
    const order: string[] = [];
    const hints = sessions.map((id, i) =>
      call(app, FLOODER, "POST", `/api/games/${id}/commands`, { cmd: "hint" }).then((res) => {
        order.push(`hint ${i}`);
        return res;
      }),
    );
    const health = await call(app, OTHER, "GET", "/api/health");
    order.push("health");
    expect(health.status).toBe(200);
    const answered = await Promise.all(hints);
    for (const res of answered) {
      expect(res.status).toBe(200);
      expect(res.body.hint.commands.length).toBeGreaterThan(0);
    }
    // The event loop was free while both hints were being searched.
    expect(order[0]).toBe("health");
    expect(app.compute.stats().completed.step).toBe(2);

    // The flooder keeps asking: once its share is spent, 429 CPU_LIMIT with Retry-After, whatever
    // its request count (the rate limit is off here).
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 1000 && !refused; i++) {
      const res = await call(app, FLOODER, "POST", `/api/games/${sessions[0]}/commands`, { cmd: "hint" });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused?.body.error.code).toBe("CPU_LIMIT");
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(app.compute.balance(FLOODER)).toBeLessThanOrEqual(0);
    // Cheap commands are not charged and still served to the flooder.
    const legal = await call(app, FLOODER, "POST", `/api/games/${sessions[0]}/commands`, { cmd: "legal" });
    expect(legal.status).toBe(200);

    // Another address has its own share, untouched by the flood.
    expect(app.compute.balance(OTHER)).toBe(200);
    const own = await craftedSession(app, OTHER);
    const hint = await call(app, OTHER, "POST", `/api/games/${own}/commands`, { cmd: "hint" });
    expect(hint.status).toBe(200);
  }, 180_000);

  it("answers 503 COMPUTE_BUSY with Retry-After when the pool's queue is full", async () => {
    const app = await open({ threads: 1, maxQueue: 0, cpuBurstMs: 1_000_000, maxInFlightPerClient: 100 });
    const sessions = [await craftedSession(app, FLOODER), await craftedSession(app, FLOODER)];
    // The first hint takes the one worker; with no room to queue, the second is turned away.
    const first = call(app, FLOODER, "POST", `/api/games/${sessions[0]}/commands`, { cmd: "hint" });
    // Let the first reach the pool before the second asks.
    for (let i = 0; i < 10_000 && app.compute.stats().running === 0; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(app.compute.stats().running).toBe(1);
    const second = await call(app, OTHER, "POST", `/api/games/${sessions[1]}/commands`, { cmd: "hint" });
    expect(second.status).toBe(503);
    expect(second.body.error.code).toBe("COMPUTE_BUSY");
    expect(Number(second.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect((await first).status).toBe(200);
  }, 180_000);

  it("rebuilds a session whose log holds ai commands, in the pool, to the same state", async () => {
    const dataDir = tempDataDir();
    // No snapshot before the log's end, whatever the ai commands cost: the rebuild replays them all.
    const app = await open({ threads: 1 }, dataDir, { snapshotAfterMs: 1e9 });
    const created = await call(app, FLOODER, "POST", "/api/games", { game: "blast", seed: 7 });
    const id = created.body.id as string;
    for (let i = 0; i < 6; i++) {
      const res = await call(app, FLOODER, "POST", `/api/games/${id}/commands`, { cmd: "ai" });
      expect(res.status).toBe(200);
    }
    const before = (await call(app, FLOODER, "GET", `/api/games/${id}`)).body;
    expect(before.seq).toBe(6);
    expect(app.compute.stats().completed.step).toBe(6);

    // The cache forgotten: the next read replays the log (six `ai`) in a worker.
    app.sessions.clearCache();
    const replays = app.compute.stats().completed.replay;
    const after = (await call(app, FLOODER, "GET", `/api/games/${id}`)).body;
    expect(app.compute.stats().completed.replay).toBe(replays + 1);
    expect(app.sessions.lastRebuild).toMatchObject({ id, fromSnapshot: null, replayed: 6 });
    expect(after).toEqual(before);

    // And a restarted process (a new pool) reaches it too, and plays on from it.
    opened.splice(opened.indexOf(app), 1);
    await app.close();
    const again = await open({ threads: 1 }, dataDir);
    expect((await call(again, FLOODER, "GET", `/api/games/${id}`)).body).toEqual(before);
    const next = await call(again, FLOODER, "POST", `/api/games/${id}/commands`, { cmd: "ai" });
    expect(next.status).toBe(200);
    expect(next.body.seq).toBe(7);
  }, 180_000);
});
