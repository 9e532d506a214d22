/**
 * @blockarcade/client/session against the real service on a real port: the forecast tells a move
 * chance does not decide from one it does, the queue sends in order and settles, and the link keeps
 * the seq (sent as If-Match, so a session another client moved is refused, not moved).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Connection, sendCommand, startGame } from "@blockarcade/client";
import { createCommandQueue, createForecast, createSessionLink } from "@blockarcade/client/session";
import type { AnyGame } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { stackerGame } from "@blockarcade/engine/games/stacker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../apps/server/src/app.js";

const app = await buildApp({
  dataDir: join(mkdtempSync(join(tmpdir(), "ba-client-session-")), "data"),
  logger: false,
  security: { rateLimit: false },
});
let conn: Connection;
beforeAll(async () => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  conn = { base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
});
afterAll(() => app.close());

describe("createForecast", () => {
  it("a Blast placement that leaves the tray non-empty is certain; the one that empties it waits for the deal", async () => {
    const created = await startGame(conn, { game: "blast", seed: 5 });
    if (!created.ok) throw new Error(created.message);
    const forecast = createForecast(blastGame as unknown as AnyGame, [11, 12]);
    let state = forecast.resume(created.value.state);
    if (!state) throw new Error("the server's state is not Blast's");
    const kinds: string[] = [];
    // Three placements from the server's legal moves: the third empties the tray and deals anew.
    for (let i = 0; i < 3; i++) {
      const legal = await sendCommand<"blast">(conn, created.value.id, { cmd: "legal" });
      if (!legal.ok || !legal.value.legal?.[0]) throw new Error("no legal move");
      const move = legal.value.legal.find((c) => c.cmd === "place") ?? legal.value.legal[0];
      const seen = forecast.foresee(state, move);
      kinds.push(seen.kind);
      const played = await sendCommand<"blast">(conn, created.value.id, move);
      if (!played.ok) throw new Error(played.message);
      if (seen.kind === "certain") {
        // What was shown at once is what the server has.
        expect(forecast.visible(seen.step.state)).toBe(
          forecast.visible(forecast.resume(played.value.state) ?? state),
        );
      }
      state = forecast.resume(played.value.state) ?? state;
    }
    expect(kinds).toEqual(["certain", "certain", "chance"]);
    const question = forecast.foresee(state, { cmd: "legal" });
    expect(question.kind).toBe("answered");
    const refused = forecast.foresee(state, { cmd: "place", piece: 0, row: 99, col: 99 });
    expect(refused.kind === "answered" && refused.step.reply.ok).toBe(false);
  });

  it("a view that is not the game's resumes to undefined", () => {
    const forecast = createForecast(stackerGame as unknown as AnyGame, [1, 2]);
    expect(forecast.resume({ game: "stacker", board: "nonsense" })).toBeUndefined();
  });
});

describe("createCommandQueue and createSessionLink", () => {
  it("sends in the order pushed, keeps the seq, and settles when every command has its answer", async () => {
    const created = await startGame(conn, { game: "stacker", seed: 3 });
    if (!created.ok) throw new Error(created.message);
    const link = createSessionLink(conn, created.value.id, created.value.seq, { ifMatch: true });
    const answers: number[] = [];
    const queue = createCommandQueue(async (command: Record<string, unknown>) => {
      const answer = await link.send(command);
      if (!answer.ok) throw new Error(answer.message);
      answers.push(answer.value.seq);
    });
    const keys = ["ArrowLeft", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];
    for (const key of keys) queue.push({ cmd: "key", key });
    expect(queue.unsent).toBeGreaterThan(0);
    await queue.settled();
    expect(queue.unsent).toBe(0);
    expect(answers).toEqual([1, 2, 3, 4, 5]);
    expect(link.seq).toBe(5);
  });

  it("with If-Match, a session another client moved is refused 409 and the link's seq stays", async () => {
    const created = await startGame(conn, { game: "stacker", seed: 4 });
    if (!created.ok) throw new Error(created.message);
    const link = createSessionLink(conn, created.value.id, 0, { ifMatch: true });
    const other = await sendCommand<"stacker">(conn, created.value.id, { cmd: "key", key: "ArrowLeft" });
    expect(other.ok).toBe(true);
    const mine = await link.send({ cmd: "key", key: "ArrowRight" });
    expect(mine).toMatchObject({ ok: false, kind: "http", status: 409, code: "SEQ_MISMATCH" });
    expect(link.seq).toBe(0);
    // Without If-Match the same link's command lands on whatever the session holds.
    const loose = createSessionLink(conn, created.value.id, 0);
    const landed = await loose.send({ cmd: "key", key: "ArrowRight" });
    expect(landed).toMatchObject({ ok: true, value: { seq: 2 } });
    expect(loose.seq).toBe(2);
  });

  it("takeUnsent gives back what was not sent yet, and nothing of it is sent", async () => {
    const sent: number[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queue = createCommandQueue(async (n: number) => {
      if (n === 1) await gate;
      sent.push(n);
    });
    queue.push(1);
    queue.push(2);
    queue.push(3);
    // The first is taken for sending at once (in flight); the others wait behind it.
    await Promise.resolve();
    expect(queue.takeUnsent()).toEqual([2, 3]);
    release();
    await queue.settled();
    expect(sent).toEqual([1]);
  });
});
