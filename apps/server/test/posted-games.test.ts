/**
 * POST /api/scores decides everything it can before a replay (scores/leaderboards.ts submit): a copy
 * of a game already entered, copies posted at once, too many `ai` commands and every cheap refusal
 * are answered without the compute pool replaying anything (its replay counter does not move).
 */
import { blastGame } from "@blockarcade/engine/games/blast";
import { puzzleGame } from "@blockarcade/engine/games/puzzle";
import { describe, expect, it } from "vitest";
import { MAX_POSTED_AI } from "../src/scores/limits.js";
import { playQuickly } from "./scores-support.js";
import { openApp, send } from "./support.js";

async function dailySeed(app: Awaited<ReturnType<typeof openApp>>["app"], game: string): Promise<number> {
  const res = await send(app, "GET", `/api/daily/${game}`);
  expect(res.status).toBe(200);
  return res.body.seed as number;
}

describe("posted games", () => {
  it("refuses a copy of an entered game as DUPLICATE without replaying it", async () => {
    const { app } = await openApp(undefined, { rateLimit: false });
    const seed = await dailySeed(app, "blast");
    const played = playQuickly(blastGame, seed, undefined);
    const post = { game: "blast", seed, commands: played.records, name: "Ann" };

    const first = await send(app, "POST", "/api/scores", post);
    expect(first.status, first.text).toBe(201);
    expect(first.body.score).toBe(played.state.score);
    expect(app.compute.stats().completed.verify).toBe(1);
    const charged = app.compute.stats().cpuMs;

    for (const copy of [post, { ...post, name: "Bob" }, { ...post, score: played.state.score }]) {
      const again = await send(app, "POST", "/api/scores", copy);
      expect(again.status, again.text).toBe(409);
      expect(again.body.error.code).toBe("DUPLICATE");
    }
    // No replay ran and nothing more was charged.
    expect(app.compute.stats().completed.verify).toBe(1);
    expect(app.compute.stats().cpuMs).toBe(charged);
  });

  it("replays copies posted at once only once: one enters, the others are DUPLICATE", async () => {
    const { app } = await openApp(undefined, { rateLimit: false });
    const seed = await dailySeed(app, "puzzle");
    const played = playQuickly(puzzleGame, seed, undefined);
    const post = { game: "puzzle", seed, commands: played.records, name: "Cy" };
    const answers = await Promise.all([1, 2, 3, 4].map(() => send(app, "POST", "/api/scores", post)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body.error.code).toBe("DUPLICATE");
    }
    expect(app.compute.stats().completed.verify).toBe(1);
  });

  it("answers every cheap refusal, and a game over its ai cap, before any replay", async () => {
    const { app } = await openApp(undefined, { rateLimit: false });
    const seed = await dailySeed(app, "blast");
    const played = playQuickly(blastGame, seed, undefined);
    const good = { game: "blast", seed, commands: played.records, name: "Dee" };
    const tooManyAi = Array.from({ length: MAX_POSTED_AI.blast + 1 }, () => ({ cmd: "ai" }));
    const cases: [object, number, string][] = [
      [{ ...good, game: "tetris" }, 400, "UNKNOWN_GAME"],
      [{ ...good, name: "   " }, 400, "BAD_NAME"],
      [{ ...good, config: { rows: -1 } }, 400, "BAD_CONFIG"],
      [{ ...good, seed: (seed + 1) % 2 ** 32 }, 422, "UNRANKED_SEED"],
      [{ ...good, commands: [{ cmd: "new" }, ...played.records] }, 422, "NOT_RANKABLE"],
      [{ ...good, commands: tooManyAi }, 413, "TOO_LARGE"],
    ];
    for (const [post, status, code] of cases) {
      const res = await send(app, "POST", "/api/scores", post);
      expect(res.status, res.text).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    expect(app.compute.stats().completed.verify).toBe(0);
    expect(app.compute.stats().cpuMs).toBe(0);
  });
});
