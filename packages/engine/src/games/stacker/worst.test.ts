/**
 * The hint's bounded work (docs/games/stacker.md "Bounded work"): on the costliest positions the
 * search found (worst-positions.ts) and with a budget cut short, the work counted stays within the
 * budget, the hint repeats, and its keys are legal and lock the piece.
 */
import { describe, expect, it } from "vitest";
import { hint, type PlayerOptions, SEARCH_WORK } from "./computer.js";
import { stackerGame } from "./index.js";
import { apply } from "./rules.js";
import type { StackerState } from "./types.js";
import { WORST_POSITIONS } from "./worst-positions.js";

function loadWorst(state: (typeof WORST_POSITIONS)[number]["state"]): StackerState {
  const { active, ...rest } = state;
  const raw = active ? { ...rest, active } : rest;
  const r = stackerGame.load(
    { config: { size: 30 }, ...raw, canHold: true },
    stackerGame.newGame({ size: 30 }, 1),
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function hintWithWork(state: StackerState, options: PlayerOptions = {}) {
  const spent = { work: 0 };
  const r = hint(state, { ...options, spent });
  if (!r.ok) throw new Error(r.error.message);
  return { commands: r.value.commands, work: spent.work };
}

/** Plays the keys; true when every one is accepted and the last locks a piece. */
function locks(state: StackerState, commands: readonly { cmd: string }[]): boolean {
  let s = state;
  let locked = false;
  for (const command of commands) {
    const r = apply(s, command as Parameters<typeof apply>[1]);
    if (!r.ok) return false;
    locked = r.events.some((e) => e.type === "locked");
    s = r.state;
  }
  return locked;
}

describe("bounded hint work", () => {
  it("keeps the worst positions found within the budget, the same hint twice, legal keys", () => {
    expect(WORST_POSITIONS.length).toBeGreaterThanOrEqual(3);
    for (const worst of WORST_POSITIONS) {
      const state = loadWorst(worst.state);
      const first = hintWithWork(state);
      const again = hintWithWork(state);
      // Without the bound these positions cost more (the fixture's `work`): the bound holds them.
      expect(hintWithWork(state, { searchWork: Number.POSITIVE_INFINITY }).work).toBe(worst.work);
      expect(worst.work).toBeGreaterThan(2 * SEARCH_WORK);
      expect(first.work).toBeLessThanOrEqual(2 * SEARCH_WORK);
      expect(again).toEqual(first);
      expect(locks(state, first.commands)).toBe(true);
    }
  });

  it("answers a legal, repeatable move when the budget cuts the search short", () => {
    for (const worst of WORST_POSITIONS) {
      const state = loadWorst(worst.state);
      for (const searchWork of [0, 40, 400]) {
        const cut = hintWithWork(state, { searchWork });
        expect(cut.work).toBeLessThanOrEqual(2 * Math.max(searchWork, 1));
        expect(hintWithWork(state, { searchWork })).toEqual(cut);
        expect(locks(state, cut.commands)).toBe(true);
      }
      // A budget the search stays under is the same as none.
      expect(hintWithWork(state, { searchWork: worst.work }).commands).toEqual(
        hintWithWork(state, { searchWork: Number.POSITIVE_INFINITY }).commands,
      );
    }
  });
});
