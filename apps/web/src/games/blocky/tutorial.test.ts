import { blockyGame } from "@blockarcade/engine/games/blocky";
import { describe, expect, it } from "vitest";
import { checkAction, stepTarget, TUTORIAL_STEPS, TUTORIAL_TREE, tutorialState } from "./tutorial";

describe("the tutorial", () => {
  it("starts one human player with a blue blob goal on the fixed 4 x 4 board", () => {
    const state = tutorialState();
    expect(state.tree).toEqual(TUTORIAL_TREE);
    expect(state.maxDepth).toBe(2);
    expect(state.players).toHaveLength(1);
    expect(state.players[0]?.kind).toBe("human");
    expect(state.players[0]?.goal).toEqual({ type: "blob", colour: "B" });
  });

  it("teaches each of the eight actions once", () => {
    expect(new Set(TUTORIAL_STEPS.map((s) => s.action))).toEqual(
      new Set(["rotate_cw", "rotate_ccw", "swap_h", "swap_v", "smash", "paint", "combine", "pass"]),
    );
    expect(TUTORIAL_STEPS).toHaveLength(8);
  });

  it("outlines a block every step can be played on, all the way through, and the game is not over", () => {
    let state = tutorialState();
    for (const step of TUTORIAL_STEPS) {
      const path = stepTarget(state, step);
      if (step.action === "pass") expect(path).toBeNull();
      else expect(path?.length).toBe(step.level);
      const reply = blockyGame.apply(state, { cmd: "move", action: step.action, path: path ?? [] });
      if (!reply.ok) throw new Error(`${step.action}: ${reply.error.message}`);
      state = reply.state;
    }
    expect(state.over).toBe(false);
    expect(state.players[0]?.penalty).toBe(5);
  });

  it("accepts the step's action and nudges towards it otherwise", () => {
    const step = TUTORIAL_STEPS[0];
    if (!step) throw new Error("no steps");
    expect(checkAction(step, "rotate_cw")).toEqual({ done: true });
    expect(checkAction(step, "paint")).toEqual({
      done: false,
      text: "Not yet: this step is Rotate clockwise. Nothing was played.",
    });
  });
});
