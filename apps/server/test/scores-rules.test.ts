/**
 * The leaderboards' rules without a server: clean names, the day's seed, config keys, and the replay
 * check (what it refuses, and that a long replay yields to the event loop).
 */

import { canonicalJson } from "@blockarcade/engine/core";
import { blastGame } from "@blockarcade/engine/games/blast";
import { puzzleGame } from "@blockarcade/engine/games/puzzle";
import { describe, expect, it } from "vitest";
import type { ClientError } from "../src/errors.js";
import { resolveConfig } from "../src/scores/config-key.js";
import { dailySeed, utcDay } from "../src/scores/daily.js";
import { cleanName } from "../src/scores/names.js";
import { replayHash, verifyReplay } from "../src/scores/verify.js";
import { playMixed, RECORDED, recordedGame, replayRecorded, stateHash } from "./scores-support.js";

describe("clean names", () => {
  it("keeps letters of any script, digits, spaces and . _ - ' ; trims and normalises to NFC", () => {
    expect(cleanName("  Ada  ")).toEqual({ ok: true, value: "Ada" });
    expect(cleanName("Zoë_O'Neil-2.0")).toEqual({ ok: true, value: "Zoë_O'Neil-2.0" });
    expect(cleanName("Zoe\u0308")).toEqual({ ok: true, value: "Zoë" });
    expect(cleanName("山田 太郎")).toEqual({ ok: true, value: "山田 太郎" });
    expect(cleanName("x".repeat(24)).ok).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["only spaces", "    "],
    ["200 characters", "x".repeat(200)],
    ["25 characters", "x".repeat(25)],
    ["a control character", "Ada\u0007"],
    ["a newline", "Ada\nBob"],
    ["a tab", "Ada\tBob"],
    ["an RTL override", "Ada\u202Eevil"],
    ["a zero-width joiner", "A\u200Dda"],
    ["markup", "<script>alert(1)</script>"],
    ["an ampersand", "Tom & Jerry"],
    ["a quote", 'say "hi"'],
    ["punctuation only", "..."],
    ["an emoji", "Ada 🎮"],
  ])("refuses %s", (_what, name) => {
    const clean = cleanName(name);
    expect(clean.ok).toBe(false);
    if (!clean.ok) expect(clean.message.length).toBeGreaterThan(10);
  });
});

describe("the day's seed", () => {
  it("is the same for a UTC day and secret, differs by day, game and secret, and is a valid seed", () => {
    expect(dailySeed("k", "blast", "2030-01-02")).toBe(dailySeed("k", "blast", "2030-01-02"));
    expect(dailySeed("k", "blast", "2030-01-02")).not.toBe(dailySeed("k", "blast", "2030-01-03"));
    expect(dailySeed("k", "blast", "2030-01-02")).not.toBe(dailySeed("k", "puzzle", "2030-01-02"));
    // Without the secret the date tells nothing: another secret, another seed.
    expect(dailySeed("k", "blast", "2030-01-02")).not.toBe(dailySeed("l", "blast", "2030-01-02"));
    const seed = dailySeed("k", "stacker", "2030-01-02");
    expect(Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff).toBe(true);
    expect(utcDay(new Date("2030-01-02T23:59:59.999Z"))).toBe("2030-01-02");
  });
});

describe("config keys", () => {
  it("give one key for an absent config, {} and the explicit default, sorted keys", () => {
    const keys = [undefined, {}, { rows: 8, cols: 8 }, { cols: 8, rows: 8 }].map((config) => {
      const resolved = resolveConfig(puzzleGame, config);
      return resolved.ok ? resolved.value.key : resolved.error.code;
    });
    expect(new Set(keys).size).toBe(1);
    const big = resolveConfig(puzzleGame, { rows: 10, cols: 10 });
    expect(big.ok && big.value.key).not.toBe(keys[0]);
    expect(resolveConfig(puzzleGame, { rows: 99 })).toMatchObject({
      ok: false,
      error: { code: "BAD_CONFIG" },
    });
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[{"c":2,"d":1}]}');
  });
});

/** The ClientError a replay throws. */
async function refusal(promise: Promise<unknown>): Promise<ClientError> {
  try {
    await promise;
  } catch (err) {
    return err as ClientError;
  }
  throw new Error("the replay was accepted");
}

describe("the recorded games (test/fixtures, scripts/record-fixtures.mjs)", () => {
  it.each(RECORDED)("%s replays to its recorded score and final state", (name) => {
    const recorded = recordedGame(name);
    const replayed = replayRecorded(name);
    expect(replayed.state.over).toBe(true);
    expect(replayed.state.score).toBe(recorded.score);
    // Another hash with the same score: a rule changed; record the games again (npm run fixtures).
    expect(stateHash(replayed.state)).toBe(recorded.stateHash);
    expect(recorded.moves.every((move) => move.cmd !== "ai")).toBe(true);
    expect(recorded.moves.length).toBeGreaterThan(10);
  });
});

describe("the replay check", () => {
  const game = replayRecorded("blast-3");

  it("reaches the game's own score from the ai records and from the placements alike", async () => {
    const byRecord = await verifyReplay(blastGame, 3, {}, game.moves);
    expect(byRecord.state.score).toBe(game.state.score);
    expect(byRecord.state.over).toBe(true);
    expect(stateHash(byRecord.state)).toBe(stateHash(game.state));
    // A game whose first moves are ai commands: the same score and identity as its placements.
    const mixed = playMixed(blastGame, 3, undefined, 3);
    expect(mixed.records.slice(0, 3)).toEqual([{ cmd: "ai" }, { cmd: "ai" }, { cmd: "ai" }]);
    const byAi = await verifyReplay(blastGame, 3, {}, mixed.records);
    const byMoves = await verifyReplay(blastGame, 3, {}, mixed.moves);
    expect(byAi.state.score).toBe(mixed.state.score);
    expect(byMoves.state.score).toBe(mixed.state.score);
    expect(byMoves.state.over).toBe(true);
    // One game, one identity: sent as ai commands or as the placements they made.
    expect(replayHash("{}", byAi.moves)).toBe(replayHash("{}", byMoves.moves));
    expect(replayHash("{}", byMoves.moves)).toBe(replayHash("{}", mixed.moves));
    expect(replayHash("{}", byMoves.moves)).not.toBe(replayHash('{"x":1}', mixed.moves));
    expect(replayHash("{}", byMoves.moves)).not.toBe(replayHash("{}", game.moves));
  });

  it("refuses load and new, refused commands (naming the index), questions and unfinished games", async () => {
    const loaded = [...game.moves.slice(0, 3), { cmd: "load", state: { game: "blast" } }];
    expect(await refusal(verifyReplay(blastGame, 3, {}, loaded))).toMatchObject({
      statusCode: 422,
      code: "NOT_RANKABLE",
    });
    expect(await refusal(verifyReplay(blastGame, 3, {}, [{ cmd: "new" }]))).toMatchObject({
      code: "NOT_RANKABLE",
    });
    const bad = [...game.moves.slice(0, 5), { cmd: "place", piece: 9, row: 0, col: 0 }];
    const badReplay = await refusal(verifyReplay(blastGame, 3, {}, bad));
    expect(badReplay).toMatchObject({ statusCode: 422, code: "BAD_REPLAY" });
    expect(badReplay.message).toMatch(/^command 5 /);
    expect(await refusal(verifyReplay(blastGame, 3, {}, [{ cmd: "hint" }]))).toMatchObject({
      code: "BAD_REPLAY",
    });
    expect(await refusal(verifyReplay(blastGame, 3, {}, ["place"]))).toMatchObject({ code: "BAD_REPLAY" });
    expect(await refusal(verifyReplay(blastGame, 3, {}, game.moves.slice(0, -1)))).toMatchObject({
      statusCode: 422,
      code: "NOT_OVER",
    });
    const after = [...game.moves, { cmd: "place", piece: 0, row: 0, col: 0 }];
    expect(await refusal(verifyReplay(blastGame, 3, {}, after))).toMatchObject({ code: "BAD_REPLAY" });
  });

  it("refuses a game with more ai commands than its cap with TOO_LARGE, before replaying it", async () => {
    // Three ai steps, then seeded legal picks: a short game whose records hold ai commands.
    const mixed = playMixed(blastGame, 3, {}, 3);
    const ai = mixed.records.filter((record) => record.cmd === "ai").length;
    expect(ai).toBe(3);
    const slow = await refusal(verifyReplay(blastGame, 3, {}, mixed.records, { sliceMs: 0, maxAi: ai - 1 }));
    expect(slow).toMatchObject({ statusCode: 413, code: "TOO_LARGE" });
    expect(slow.message).toContain(`${ai} ai commands`);
    // At the cap it replays.
    const atCap = await verifyReplay(blastGame, 3, {}, mixed.records, { sliceMs: 0, maxAi: ai });
    expect(atCap.state.over).toBe(true);
  });

  it("yields to the event loop during a long replay: other callbacks run between its slices", async () => {
    const long = replayRecorded("blast-1");
    // Zero-length slices: a yield after every command, however fast the machine.
    let others = 0;
    let ticking = true;
    const tick = () => {
      others++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    try {
      const verified = await verifyReplay(blastGame, 1, {}, long.moves, { sliceMs: 0, maxAi: 0 });
      expect(verified.state.score).toBe(long.state.score);
      expect(verified.timing.slices).toBe(long.moves.length + 1);
      // The other callback ran at each yield, not once the replay was done.
      expect(others).toBeGreaterThanOrEqual(long.moves.length);
    } finally {
      ticking = false;
    }
  });
});
