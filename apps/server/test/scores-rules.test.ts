/**
 * The leaderboards' rules without a server: clean names, the day's seed, config keys, and the
 * recorded games the tests play.
 */

import { canonicalJson } from "@blockarcade/engine/core";
import { puzzleGame } from "@blockarcade/engine/games/puzzle";
import { describe, expect, it } from "vitest";
import type { ClientError } from "../src/errors.js";
import { resolveConfig } from "../src/scores/config-key.js";
import { dailySeed, utcDay } from "../src/scores/daily.js";
import { cleanName } from "../src/scores/names.js";
import { RECORDED, recordedGame, replayRecorded, stateHash } from "./scores-support.js";

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
async function _refusal(promise: Promise<unknown>): Promise<ClientError> {
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
