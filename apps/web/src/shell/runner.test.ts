import { type BlastEvent, type BlastState, blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { newGame, type PuzzleState, puzzleGame } from "@blockarcade/engine/games/puzzle";
import { describe, expect, it } from "vitest";
import { createRunner } from "./runner";

describe("runner (Block Blast)", () => {
  it("dispatch -> apply -> save -> render, in that order, with the engine's events", () => {
    const log: string[] = [];
    let rendered: { state: BlastState; events: BlastEvent[] } | undefined;
    const runner = createRunner(blastGame, newBlastGame(4), {
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
    const runner = createRunner(blastGame, newBlastGame(4), { save: () => calls++, render: () => calls++ });
    const before = runner.state;
    for (const bad of [{ cmd: "place", piece: 0, row: 9, col: 9 }, { cmd: "revive" }, { cmd: "x" }, "nope"]) {
      expect(runner.dispatch(bad).ok).toBe(false);
    }
    expect(calls).toBe(0);
    expect(runner.state).toBe(before);
  });
});

describe("runner (Block Puzzle)", () => {
  it("applies, saves and renders an accepted command; a refused one touches nothing", () => {
    const saved: PuzzleState[] = [];
    const rendered: string[][] = [];
    const runner = createRunner(puzzleGame, newGame({ rows: 8, cols: 8 }, 3), {
      save: (s) => saved.push(s),
      render: (_s, events) => rendered.push(events.map((e) => e.type)),
    });
    const first = runner.state;
    const refused = runner.dispatch({ cmd: "place", piece: 0, row: 40, col: 0 });
    expect(refused.ok).toBe(false);
    expect(runner.state).toBe(first);
    expect(saved).toEqual([]);
    expect(rendered).toEqual([]);
    const move = puzzleGame.legal(first)[0];
    const reply = runner.dispatch(move);
    expect(reply.ok).toBe(true);
    expect(runner.state.tray[move?.piece ?? 0]).toBeNull();
    expect(saved).toEqual([runner.state]);
    expect(rendered[0]?.[0]).toBe("placed");
  });
});
