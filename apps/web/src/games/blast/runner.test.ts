import { type BlastEvent, type BlastState, newBlastGame } from "@blockarcade/engine/games/blast";
import { describe, expect, it } from "vitest";
import { createRunner } from "./runner";

describe("runner", () => {
  it("dispatch -> apply -> save -> render, in that order, with the engine's events", () => {
    const log: string[] = [];
    let rendered: { state: BlastState; events: BlastEvent[] } | undefined;
    const runner = createRunner(newBlastGame(4), {
      save: (s) => log.push(`save ${s.movesSinceLastClear}`),
      render: (state, events) => {
        log.push(`render ${events.map((e) => e.type).join(",")}`);
        rendered = { state, events };
      },
    });
    const reply = runner.dispatch({ cmd: "place", piece: 0, row: 0, col: 0 });
    expect(reply.ok).toBe(true);
    expect(log).toEqual(["save 1", "render placed"]);
    expect(rendered?.state).toBe(runner.state);
    expect(runner.state.tray[0]).toBeNull();
  });

  it("a refused command changes, saves and renders nothing", () => {
    let calls = 0;
    const runner = createRunner(newBlastGame(4), { save: () => calls++, render: () => calls++ });
    const before = runner.state;
    for (const bad of [{ cmd: "place", piece: 0, row: 9, col: 9 }, { cmd: "revive" }, { cmd: "x" }, "nope"]) {
      expect(runner.dispatch(bad).ok).toBe(false);
    }
    expect(calls).toBe(0);
    expect(runner.state).toBe(before);
  });
});
