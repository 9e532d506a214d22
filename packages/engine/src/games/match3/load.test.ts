import { describe, expect, it } from "vitest";
import { handleCommand } from "../../core/protocol.js";
import { match3Game } from "./index.js";
import { load, parseCommand, parseConfig } from "./load.js";
import { newGame } from "./rules.js";
import type { Match3State } from "./types.js";

function start(input: string): Match3State {
  const config = parseConfig({ input });
  if (!config.ok) throw new Error(config.error.message);
  return newGame(config.value, 1);
}

describe("parseConfig", () => {
  it("takes no config and {} as the example field, and a valid line as given", () => {
    expect(parseConfig(undefined)).toEqual({ ok: true, value: { input: "5 8 H^^* V*@^" } });
    expect(parseConfig({})).toEqual({ ok: true, value: { input: "5 8 H^^* V*@^" } });
    expect(parseConfig({ input: "3 3 H^^*" })).toEqual({ ok: true, value: { input: "3 3 H^^*" } });
  });

  it("refuses null, a non-string, an unknown key and a bad line, with BAD_CONFIG", () => {
    for (const raw of [null, [], "5 8", { input: null }, { input: 5 }, { inptu: "5 8" }, { input: "5" }]) {
      const parsed = parseConfig(raw);
      expect(parsed.ok, JSON.stringify(raw)).toBe(false);
      if (!parsed.ok) expect(parsed.error.code).toBe("BAD_CONFIG");
    }
    const typo = parseConfig({ input: "5 8", inptu: 1 });
    expect(!typo.ok && typo.error.message).toContain('unknown field "inptu"');
  });

  it("quotes only a bounded part of a huge token", () => {
    const parsed = parseConfig({ input: `5 8 ${"H".repeat(100_000)}` });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message.length).toBeLessThan(200);
  });
});

describe("parseCommand", () => {
  it("keeps the first two of L, R, D; no commands is an empty frame", () => {
    expect(parseCommand({ cmd: "frame", commands: "xLdRRL" })).toEqual({
      ok: true,
      value: { cmd: "frame", commands: "LR" },
    });
    expect(parseCommand({ cmd: "frame" })).toEqual({ ok: true, value: { cmd: "frame", commands: "" } });
  });

  it("refuses null or non-string commands and unknown names with bounded messages", () => {
    for (const commands of [null, 1, ["L"], { L: 1 }]) {
      const parsed = parseCommand({ cmd: "frame", commands });
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.code).toBe("BAD_ARGUMENT");
    }
    const unknown = parseCommand({ cmd: "x".repeat(100_000) });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) {
      expect(unknown.error.code).toBe("UNKNOWN_COMMAND");
      expect(unknown.error.message.length).toBeLessThan(100);
    }
  });
});

describe("load", () => {
  const input = "4 4 H^*@";

  it("refuses present null fields instead of taking them as left out", () => {
    const current = start(input);
    for (const key of ["board", "queue", "score", "over", "config", "reason", "seed", "rng"]) {
      const loaded = load({ [key]: null }, current);
      expect(loaded.ok, key).toBe(false);
      if (!loaded.ok) expect(loaded.error.code).toBe("BAD_STATE");
    }
  });

  it("refuses unknown fields, in the state and in its active brick", () => {
    const current = start(input);
    const state = JSON.parse(JSON.stringify(current)) as Record<string, unknown>;
    const extra = load({ ...state, lines: 3 }, current);
    expect(!extra.ok && extra.error.message).toContain('unknown field "lines"');
    const active = load({ ...state, active: { ...current.active, colour: 1 } }, current);
    expect(!active.ok && active.error.message).toContain('unknown field "colour"');
  });

  it("keeps the score within the engine's range", () => {
    const current = start(input);
    expect(load({ score: 1e15 }, current).ok).toBe(true);
    for (const score of [1e15 + 1, 1e308, -1, 1.5, "3"]) expect(load({ score }, current).ok).toBe(false);
  });

  it("takes over and reason only when they agree with the position", () => {
    const current = start(input);
    const ended = load({ active: null, queue: [], over: true, reason: "no-bricks" }, current);
    expect(ended.ok && ended.value.reason).toBe("no-bricks");
    for (const fields of [
      { active: null, queue: [], reason: "spawn-blocked" },
      { active: null, queue: [], reason: "tired" },
      { reason: "no-bricks" },
      { over: true },
      { over: "yes" },
    ]) {
      const loaded = load(fields, current);
      expect(loaded.ok, JSON.stringify(fields)).toBe(false);
    }
  });

  it("takes the exact rng when given and reseeds from a seed alone", () => {
    const current = start(input);
    const exact = load({ rng: { s: [1, 2, 3, 4] } }, current);
    expect(exact.ok && exact.value.rng).toEqual({ s: [1, 2, 3, 4] });
    const reseeded = load({ seed: 9 }, current);
    expect(reseeded.ok && reseeded.value.seed).toBe(9);
    expect(reseeded.ok && reseeded.value.rng).not.toEqual(current.rng);
  });

  it("goes through the protocol: a foreign game is refused before load", () => {
    const current = start(input);
    const step = handleCommand(match3Game, current, { cmd: "load", state: { game: "blast" } });
    expect(step.reply.ok).toBe(false);
    expect(step.state).toBe(current);
  });
});
