/**
 * The CPU share's arithmetic (compute/pool.ts): a client that spent its burst is refused with
 * CPU_LIMIT and a Retry-After after which it is served again, on a clock the test moves. The tasks
 * are real ones, run in the real pool (the built worker: `npx tsc -b`).
 */
import { handleCommand, startGame } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { afterEach, describe, expect, it } from "vitest";
import { ComputePool, RetryLater } from "../src/compute/pool.js";

const services: ComputePool[] = [];
afterEach(async () => {
  while (services.length) await services.pop()?.close();
});

function blastHint() {
  const started = startGame(blastGame, 5, undefined);
  if (!started.ok) throw new Error(started.error.message);
  return { kind: "step" as const, game: "blast", state: started.value, command: { cmd: "hint" } };
}

describe("a client's CPU share", () => {
  it("refuses a client over its share until Retry-After has passed, and charges what the worker measured", async () => {
    let now = 0;
    // A share of 60 ms a minute (1 ms a second) and a burst smaller than any task.
    const compute = new ComputePool(
      { threads: 1, cpuMsPerMinute: 60, cpuBurstMs: 0.001, maxInFlightPerClient: 2 },
      () => now,
    );
    services.push(compute);
    const task = blastHint();
    const done = await compute.run(task, "a");
    expect(done.reply.ok).toBe(true);
    // The same hint as on this thread: the worker runs the same engine.
    expect(done.reply).toEqual(handleCommand(blastGame, task.state, task.command).reply);
    expect(done.cpuMs).toBeGreaterThan(0);
    expect(compute.balance("a")).toBeCloseTo(0.001 - done.cpuMs, 6);
    expect(compute.stats().cpuMs).toBeCloseTo(done.cpuMs, 6);

    const refused = await compute.run(task, "a").then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(RetryLater);
    const later = refused as RetryLater;
    expect(later).toMatchObject({ statusCode: 429, code: "CPU_LIMIT" });
    expect(later.retryAfter).toBeGreaterThanOrEqual(1);
    // No work ran for the refusal.
    expect(compute.stats().completed.step).toBe(1);

    // Another client has its own account.
    expect((await compute.run(task, "b")).reply.ok).toBe(true);

    // Retry-After seconds later the share has refilled past what was owed: served again.
    expect(compute.balance("a")).toBeLessThanOrEqual(0);
    now += later.retryAfter * 1000;
    expect(compute.balance("a")).toBeGreaterThan(0);
    expect((await compute.run(task, "a")).reply.ok).toBe(true);
  }, 120_000);

  it("refuses with CPU_LIMIT beyond the tasks one client may have running at once", async () => {
    const compute = new ComputePool({ threads: 1, cpuBurstMs: 1e9, maxInFlightPerClient: 1 });
    services.push(compute);
    const task = blastHint();
    const first = compute.run(task, "a");
    const second = await compute.run(task, "a").then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(second).toMatchObject({ statusCode: 429, code: "CPU_LIMIT", retryAfter: 1 });
    // Another client is not held back by it.
    const other = compute.run(task, "b");
    expect((await first).reply.ok).toBe(true);
    expect((await other).reply.ok).toBe(true);
    expect(compute.stats().completed.step).toBe(2);
  }, 120_000);
});
