import { type StackerState, stackerGame } from "@blockarcade/engine/games/stacker";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installMemoryStorage, removeMemoryStorage } from "../testing/memory-storage";
import { NAME_KEY } from "./player";
import { dailyPlan, isDailySearch, rankedPlan, rememberedName } from "./ranked-plan";
import { NOT_RANKED } from "./ranked-session";

let data: Map<string, string>;
beforeEach(() => {
  data = installMemoryStorage();
});
afterEach(removeMemoryStorage);

const input = (extra: { seed?: number; resume?: StackerState } = {}) => ({
  game: "stacker",
  newGame: (seed: number) => stackerGame.newGame({ size: 10 }, seed),
  config: { size: 10 },
  ...extra,
});

describe("rankedPlan", () => {
  it("a new game is a ranked session of the page's config, with a local game to fall back on", () => {
    const plan = rankedPlan(input());
    if (plan.kind !== "ranked") throw new Error(`expected a ranked plan, got ${plan.kind}`);
    expect(plan.config).toEqual({ size: 10 });
    expect(plan.name).toBeUndefined();
    const a = plan.fallback();
    const b = plan.fallback();
    expect(a.config).toEqual({ size: 10 });
    // Each fallback is a game of its own (a fresh seed), never a fixed one.
    expect(a.seed).not.toBe(b.seed);
  });

  it("a chosen seed plays that very game locally, with the one tap to a ranked game", () => {
    const plan = rankedPlan(input({ seed: 42 }));
    expect(plan).toEqual({
      kind: "local",
      state: stackerGame.newGame({ size: 10 }, 42),
      why: NOT_RANKED.chosenSeed,
      canRank: true,
    });
  });

  it("a saved game goes on in the ranked session it came from, else here and says so", () => {
    const saved = stackerGame.newGame({ size: 10 }, 9);
    // No ranked session kept on this device: the saved game is local, one tap from a ranked one.
    expect(rankedPlan(input({ resume: saved }))).toEqual({
      kind: "local",
      state: saved,
      why: NOT_RANKED.restored,
      canRank: true,
    });
    data.set("blockarcade-ranked-session-stacker", JSON.stringify({ id: "s-1" }));
    const plan = rankedPlan(input({ resume: saved }));
    if (plan.kind !== "ranked") throw new Error(`expected a ranked plan, got ${plan.kind}`);
    expect(plan.resume).toEqual({ id: "s-1", state: saved });
    // When the server does not agree, the saved game goes on here.
    expect(plan.fallback()).toBe(saved);
    // A chosen seed's saved game never takes a ranked session's place.
    expect(rankedPlan(input({ seed: 9, resume: saved })).kind).toBe("local");
  });

  it("the ranked game is entered under the name this device last used", () => {
    data.set(NAME_KEY, JSON.stringify("  Ada "));
    expect(rememberedName()).toBe("Ada");
    const plan = rankedPlan(input());
    expect(plan.kind === "ranked" && plan.name).toBe("Ada");
    for (const raw of ["{", JSON.stringify(""), JSON.stringify(7)]) {
      data.set(NAME_KEY, raw);
      expect(rememberedName()).toBeUndefined();
    }
  });
});

describe("dailyPlan", () => {
  it("is asked for by ?daily alone", () => {
    expect(isDailySearch("?daily")).toBe(true);
    expect(isDailySearch("?seed=3&daily")).toBe(true);
    expect(isDailySearch("?daily=1")).toBe(true);
    expect(isDailySearch("")).toBe(false);
    expect(isDailySearch("?seed=3")).toBe(false);
  });

  it("is a daily server session under the remembered name, with a local game of the day's config to fall back on", () => {
    data.set(NAME_KEY, JSON.stringify("Ana"));
    const plan = dailyPlan(input());
    expect(plan).toMatchObject({ kind: "ranked", daily: true, name: "Ana", config: { size: 10 } });
    if (plan.kind !== "ranked") return;
    expect(plan.resume).toBeUndefined();
    const a = plan.fallback();
    const b = plan.fallback();
    expect(a.config).toEqual({ size: 10 });
    // Offline it is not the day's game: each fallback draws a seed of its own.
    expect(a.seed).not.toBe(b.seed);
  });
});
