/**
 * The search keeps its scratch in an explicit object (computer.ts BlastSearch), never in module
 * state: a search's answer never depends on what ran before it or alongside it. Proven by running
 * searches on different positions in turn through one reused scratch object, and by starting a
 * second search in the middle of a first (a weights getter read deep inside the look-ahead) with a
 * scratch of its own: every answer is the one the search gives alone with fresh scratch.
 */
import { describe, expect, it } from "vitest";
import {
  BlastSearch,
  DEFAULT_WEIGHTS,
  HINT_BUDGET,
  lookaheadCharge,
  planTray,
  type TrayPlan,
  type Weights,
} from "./computer.js";
import { blastGame, newBlastGame } from "./index.js";
import type { BlastCommand, BlastState } from "./types.js";
import { WORST_POSITIONS } from "./worst-positions.js";

function loaded(fields: Record<string, unknown>): BlastState {
  const result = blastGame.load(fields, newBlastGame(1));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A few positions of a seeded game played by the hint, with full and part-played trays. */
function gamePositions(seed: number, count: number): BlastState[] {
  let state = newBlastGame(seed);
  const out: BlastState[] = [];
  while (out.length < count && !state.over) {
    out.push(state);
    const step = planTray(state).steps[0];
    if (!step) break;
    const placed = blastGame.apply(state, {
      cmd: "place",
      piece: step.piece,
      row: step.row,
      col: step.col,
    } as BlastCommand);
    if (!placed.ok) throw new Error(placed.error.message);
    state = placed.state;
  }
  return out;
}

describe("blast search scratch", () => {
  // One position the budget cuts (the worst found) and positions from play that it does not.
  const worst = loaded((WORST_POSITIONS[0] as (typeof WORST_POSITIONS)[number]).fields);
  const positions = [worst, ...gamePositions(3, 4), ...gamePositions(11, 3)];
  const alone = positions.map((p) => planTray(p, DEFAULT_WEIGHTS, HINT_BUDGET, new BlastSearch()));

  it("gives every position the same plan through one reused scratch object, in any order", () => {
    expect(alone[0]?.work).toBe(HINT_BUDGET);
    const shared = new BlastSearch();
    // A, B, A again...: each search through the scratch the one before it left.
    const order = [0, 1, 0, 2, 3, 0, 4, 5, 6, 7, 1, 7, 0];
    for (const i of order) {
      const plan = planTray(positions[i] as BlastState, DEFAULT_WEIGHTS, HINT_BUDGET, shared);
      expect(plan, `position ${i}`).toEqual(alone[i]);
      // The work was counted in the object passed, not elsewhere.
      expect(shared.work).toBe(plan.work);
    }
    // The default (a fresh object each call) agrees too.
    for (const [i, p] of positions.entries()) expect(planTray(p)).toEqual(alone[i]);
  });

  it("gives both answers unchanged when a second search runs in the middle of a first", () => {
    const nested: TrayPlan[] = [];
    let reads = 0;
    // `expectTrays` is read once per next-tray expectation, deep inside the first search's
    // look-ahead (its memo, candidates, heap and work count all in use): a search of another
    // position starts there and finishes before the first goes on.
    const weights: Weights = {
      ...DEFAULT_WEIGHTS,
      get expectTrays() {
        reads++;
        if (reads % 3 === 1 && nested.length < 4) {
          const other = positions[1 + (nested.length % (positions.length - 1))] as BlastState;
          nested.push(planTray(other, DEFAULT_WEIGHTS, HINT_BUDGET, new BlastSearch()));
        }
        return DEFAULT_WEIGHTS.expectTrays;
      },
    };
    for (const [i, p] of positions.entries()) {
      const before = nested.length;
      expect(planTray(p, weights, HINT_BUDGET, new BlastSearch()), `position ${i}`).toEqual(alone[i]);
      if (i === 0) expect(nested.length).toBeGreaterThan(before);
    }
    expect(nested.length).toBe(4);
    for (const [k, plan] of nested.entries()) expect(plan).toEqual(alone[1 + (k % (positions.length - 1))]);
  });

  it("charges a position the same look-ahead with fresh or reused scratch, after any search", () => {
    const later = { ...DEFAULT_WEIGHTS, lookaheadLater: 500 };
    const args = [0x00ff0f0f, 0x3c000000, 1, 4000, 2] as const;
    const fresh = lookaheadCharge(...args, later);
    const shared = new BlastSearch();
    planTray(worst, DEFAULT_WEIGHTS, HINT_BUDGET, shared);
    expect(lookaheadCharge(...args, later, shared)).toBe(fresh);
    planTray(positions[2] as BlastState, DEFAULT_WEIGHTS, HINT_BUDGET, shared);
    expect(lookaheadCharge(...args, later, shared)).toBe(fresh);
  });
});
