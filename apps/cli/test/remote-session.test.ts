/**
 * The terminal's runner over a server session (src/play/remote-session.ts), in process against the
 * server's own app on a real port, with the server's clock moved by the test (`sessions.now`) and the
 * terminal's clock the engine's manual one: no verdict depends on the machine's speed.
 */

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BaseState, canonicalJson, manualClock, publicView } from "@blockarcade/engine/core";
import { createLockDelay, type StackerState, stackerGame } from "@blockarcade/engine/games/stacker";
import { afterEach, describe, expect, it } from "vitest";
import { createRemoteRunner, type RemoteRunner } from "../src/play/remote-session.js";

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: the built server's app, as the server's own tests build it.
type App = any;
// The built server (as the other tests run it), imported by a path the CLI's project does not compile.
const SERVER_APP = new URL("../../server/dist/src/app.js", import.meta.url).href;

/** A server whose clock the test moves; a player on it; one ranked Stacker session. */
async function rankedStacker() {
  let now = Date.now();
  const { buildApp } = await import(SERVER_APP);
  const app: App = await buildApp({
    dataDir: join(mkdtempSync(join(tmpdir(), "ba-cli-remote-")), "data"),
    security: { rateLimit: false },
    sessions: { now: () => now },
  });
  apps.push(app);
  const base = (await app.listen({ port: 0, host: "127.0.0.1" })).replace("localhost", "127.0.0.1");
  const made: App = await (await fetch(`${base}/api/players`, { method: "POST" })).json();
  const player = { server: base, player: made.player, secret: made.secret, recoveryCode: "" };
  const headers = {
    authorization: `Bearer ${made.player}.${made.secret}`,
    "content-type": "application/json",
  };
  const created = await fetch(`${base}/api/games`, {
    method: "POST",
    headers,
    body: JSON.stringify({ game: "stacker", ranked: true }),
  });
  expect(created.status).toBe(201);
  const session: App = await created.json();
  const clock = manualClock();
  const stops: string[] = [];
  const renders: StackerState[] = [];
  const runner = createRemoteRunner(
    stackerGame,
    { base, id: session.id, view: session.state, player },
    { render: (state) => renders.push(state), stop: (why) => stops.push(why) },
    { clock, ticks: createLockDelay() },
  );
  const serverSession = async (): Promise<App> =>
    (await fetch(`${base}/api/games/${session.id}`, { headers })).json();
  const serverState = async (): Promise<BaseState> => (await serverSession()).state;
  return {
    app,
    runner,
    clock,
    stops,
    renders,
    serverState,
    serverSession,
    advanceServer: (ms: number) => {
      now += ms;
    },
  };
}

const same = (runner: RemoteRunner<StackerState>, view: BaseState) =>
  expect(canonicalJson(publicView(stackerGame, runner.state))).toBe(canonicalJson(view));

const rows = (state: StackerState) => Math.min(...(state.active?.cells.map(([r]) => r) ?? [0]));

describe("a real-time game on a server's session (remote-session.ts)", () => {
  it("a key the server finds late is sent again after the ticks the game owes; the shown game is the server's", async () => {
    const t = await rankedStacker();
    const top = rows(t.runner.state);
    // The terminal stopped for 6 s (the server's clock ran on): its next key is late.
    t.advanceServer(6000);
    expect(t.runner.dispatch({ cmd: "key", key: "ArrowLeft" }).ok).toBe(true);
    await t.runner.settled();
    expect(t.stops).toEqual([]);
    // The owed ticks were played (the piece fell) before the key, and what is shown is the server's.
    expect(rows(t.runner.state)).toBeGreaterThan(top);
    same(t.runner, await t.serverState());
  });

  it("a tick ahead of the server's clock is not played, and the game goes on", async () => {
    const t = await rankedStacker();
    // Three ticks at once: the second and third are due seconds after the server's clock.
    for (let i = 0; i < 3; i++) t.runner.dispatch({ cmd: "tick" });
    await t.runner.settled();
    expect(t.stops).toEqual([]);
    same(t.runner, await t.serverState());
    expect(t.runner.dispatch({ cmd: "key", key: "ArrowRight" }).ok).toBe(true);
    await t.runner.settled();
    expect(t.stops).toEqual([]);
    same(t.runner, await t.serverState());
  });

  it("a hard drop waits for the server's deal; keys typed meanwhile are played after it, in order", async () => {
    const t = await rankedStacker();
    const waiting = t.runner.dispatch({ cmd: "key", key: "Space" });
    expect(waiting).toMatchObject({ ok: true, waiting: true });
    const queued = t.runner.dispatch({ cmd: "key", key: "ArrowLeft" });
    expect(queued).toMatchObject({ ok: true, queued: true });
    await t.runner.settled();
    expect(t.stops).toEqual([]);
    expect(t.runner.state.score).toBeGreaterThan(0);
    same(t.runner, await t.serverState());
    // No new game on the server's one game.
    expect(t.runner.dispatch({ cmd: "new", seed: 1 }).ok).toBe(false);
  });

  it("a hint is told to the server: the game is marked as played with help", async () => {
    const t = await rankedStacker();
    expect((await t.serverSession()).assisted).toBe(false);
    expect(t.runner.dispatch({ cmd: "hint" }).ok).toBe(true);
    await t.runner.settled();
    expect((await t.serverSession()).assisted).toBe(true);
    expect(t.stops).toEqual([]);
  });

  it("a server that is gone stops the game with the reason", async () => {
    const t = await rankedStacker();
    await t.app.close();
    t.runner.dispatch({ cmd: "key", key: "ArrowLeft" });
    await t.runner.settled();
    expect(t.stops).toHaveLength(1);
    expect(t.stops[0]).toContain("cannot reach");
    expect(t.runner.stopped).toBe(t.stops[0]);
    expect(t.runner.dispatch({ cmd: "tick" }).ok).toBe(false);
  });
});
