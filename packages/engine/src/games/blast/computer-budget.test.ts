/**
 * The hint's fixed work budget (computer.ts HINT_BUDGET, docs/games/blast.md "Computer player"): on
 * the worst positions found (worst-positions.ts, from bench/blast-worst.ts) the work counted stays
 * within it, the hint is a legal move, and the same position always gets the same move, which is
 * what lets a logged `ai` replay anywhere. Counts, never times: the verdicts hold on any machine.
 */
import { describe, expect, it } from "vitest";
import { handleCommand } from "../../core/protocol.js";
import { HINT_BUDGET, hint, planTray } from "./computer.js";
import { blastGame, newBlastGame } from "./index.js";
import type { BlastCommand, BlastState } from "./types.js";
import { WORST_POSITIONS } from "./worst-positions.js";

function position(fields: Record<string, unknown>): BlastState {
  const loaded = blastGame.load(fields, newBlastGame(1));
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

function hinted(state: BlastState): BlastCommand {
  const h = hint(state);
  if (!h.ok) throw new Error(h.error.message);
  return h.value.commands[0] as BlastCommand;
}

describe("blast hint work budget", () => {
  const states = WORST_POSITIONS.map((p) => position(p.fields));

  it("keeps every worst position found within the budget, with a legal hint", () => {
    let cut = 0;
    for (const [i, state] of states.entries()) {
      const plan = planTray(state);
      expect(plan.work, WORST_POSITIONS[i]?.name).toBeLessThanOrEqual(HINT_BUDGET);
      if (plan.work === HINT_BUDGET) cut++;
      const move = hinted(state);
      expect(blastGame.legal(state)).toContainEqual(move);
      expect(blastGame.apply(state, move).ok).toBe(true);
    }
    // Most of them need the whole budget: the cut-off path is what they exercise.
    expect(cut).toBeGreaterThanOrEqual(states.length / 2);
  }, 120_000);

  it("gives each position the same move however the hints before it went", () => {
    const first = states.map((s) => hinted(s));
    // Again in reverse order, with the search's scratch left by other positions.
    const again = states
      .slice()
      .reverse()
      .map((s) => hinted(s))
      .reverse();
    expect(again).toEqual(first);
    // And with a bigger budget first: nothing of that search carries over.
    for (const [i, state] of states.entries()) {
      planTray(state, undefined, 2 * HINT_BUDGET);
      expect(hinted(state)).toEqual(first[i]);
    }
  }, 180_000);

  it("answers the plain search's best sequence when the budget runs out before any is charged", () => {
    for (const state of states) {
      const plain = planTray(state, undefined, 0);
      const full = planTray(state);
      expect(plain.steps.length).toBeGreaterThan(0);
      // The work of collecting the sequences alone, the same with either budget.
      expect(plain.work).toBeLessThan(full.work);
      let s = state;
      for (const step of plain.steps) {
        const played = blastGame.apply(s, { cmd: "place", piece: step.piece, row: step.row, col: step.col });
        if (!played.ok) throw new Error(played.error.message);
        s = played.state;
      }
    }
  }, 120_000);

  it("plays issue 20's example through the protocol: load, hint, ai, and the ai replays alike", () => {
    const example = WORST_POSITIONS[0]?.fields as Record<string, unknown>;
    const loaded = handleCommand(blastGame, newBlastGame(1), { cmd: "load", state: example });
    expect(loaded.reply.ok).toBe(true);
    const asked = handleCommand(blastGame, loaded.state, { cmd: "hint" });
    expect(asked.reply.ok).toBe(true);
    const played = handleCommand(blastGame, loaded.state, { cmd: "ai" });
    expect(played.reply.ok).toBe(true);
    const replayed = handleCommand(blastGame, loaded.state, { cmd: "ai" });
    expect(replayed.state).toEqual(played.state);
    // The log keeps `ai` itself: its replay searches again and must land on the hinted move.
    expect(played.record).toEqual({ cmd: "ai" });
    const hinted = (asked.reply as unknown as { hint: { commands: BlastCommand[] } }).hint.commands[0];
    const applied = blastGame.apply(loaded.state as BlastState, hinted as BlastCommand);
    if (!applied.ok) throw new Error(applied.error.message);
    expect(played.state).toEqual(applied.state);
  });
});
