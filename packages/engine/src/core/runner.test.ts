import { describe, expect, it } from "vitest";
import { toyGame } from "../testing/toy-game.js";
import { createRunner, manualClock } from "./runner.js";

const start = () => toyGame.newGame({ size: 3 }, 5);

describe("createRunner", () => {
  it("applies accepted commands through the protocol, then saves and renders them", () => {
    const saved: unknown[] = [];
    const rendered: string[][] = [];
    const runner = createRunner(toyGame, start(), {
      save: (s) => saved.push(s),
      render: (_s, events) => rendered.push(events.map((e) => e.type)),
    });
    const reply = runner.dispatch({ cmd: "fill", row: 0, col: 0 });
    expect(reply.ok).toBe(true);
    expect(runner.state.score).toBe(1);
    expect(saved).toEqual([runner.state]);
    expect(rendered).toEqual([["filled", "filled"]]);
  });

  it("logs each command that changed the state by its known fields; questions and refusals are not logged", () => {
    const logged: unknown[] = [];
    const runner = createRunner(toyGame, start(), { log: (record) => logged.push(record), render: () => {} });
    runner.dispatch({ cmd: "fill", row: 0, col: 1 });
    runner.dispatch({ cmd: "state" });
    runner.dispatch({ cmd: "fill", row: 9, col: 9 });
    runner.dispatch({ cmd: "new", seed: 3 });
    expect(logged).toEqual([
      { cmd: "fill", row: 0, col: 1 },
      { cmd: "new", seed: 3, config: { size: 3 } },
    ]);
  });

  it("changes, saves and renders nothing for a refused command", () => {
    let calls = 0;
    const initial = start();
    const runner = createRunner(toyGame, initial, { save: () => calls++, render: () => calls++ });
    expect(runner.dispatch({ cmd: "fill", row: 9, col: 9 }).ok).toBe(false);
    expect(runner.dispatch("garbage").ok).toBe(false);
    expect(runner.state).toBe(initial);
    expect(calls).toBe(0);
  });

  it("a question (state, legal, hint) logs, saves, renders and schedules nothing", () => {
    // Every hook the runner is given counts its calls: the real hooks and the real manual clock.
    const clock = manualClock();
    const calls = { log: 0, save: 0, render: 0, delayAfter: 0, after: 0 };
    const initial = start();
    const runner = createRunner(
      toyGame,
      initial,
      { log: () => calls.log++, save: () => calls.save++, render: () => calls.render++ },
      {
        clock: {
          now: clock.now,
          after: (ms, callback) => {
            calls.after++;
            return clock.after(ms, callback);
          },
        },
        ticks: {
          delayAfter: () => {
            calls.delayAfter++;
            return 100;
          },
        },
      },
    );
    expect(calls).toEqual({ log: 0, save: 0, render: 0, delayAfter: 1, after: 1 });
    for (const cmd of ["state", "legal", "hint", "state", "hint"]) {
      expect(runner.dispatch({ cmd }).ok, cmd).toBe(true);
    }
    expect(runner.state).toBe(initial);
    expect(calls).toEqual({ log: 0, save: 0, render: 0, delayAfter: 1, after: 1 });
    // The tick set at start is still the one that fires: a question did not move it.
    expect(clock.pending()).toBe(1);
    clock.advance(99);
    expect(calls.delayAfter).toBe(1);
    runner.dispatch({ cmd: "fill", row: 0, col: 0 });
    expect(calls).toEqual({ log: 1, save: 1, render: 1, delayAfter: 2, after: 2 });
  });

  it("asks the tick policy after every accepted command and sends tick when the clock says so", () => {
    const clock = manualClock();
    const asked: (string | undefined)[] = [];
    const sent: string[] = [];
    const runner = createRunner(
      toyGame,
      start(),
      { render: (_s, _e, reply) => sent.push(reply.ok ? "ok" : "refused") },
      {
        clock,
        ticks: {
          delayAfter: (_s, _e, command) => {
            asked.push(command?.cmd);
            return 100;
          },
        },
      },
    );
    expect(asked).toEqual([undefined]);
    runner.dispatch({ cmd: "fill", row: 0, col: 0 });
    expect(asked).toEqual([undefined, "fill"]);
    expect(clock.pending()).toBe(1);
    runner.setPaused(true);
    expect(clock.pending()).toBe(0);
    clock.advance(1000);
    runner.setPaused(false);
    expect(clock.pending()).toBe(1);
    runner.dispose();
    expect(clock.pending()).toBe(0);
  });

  it("fires the tick through dispatch (the toy has no tick, so it is refused and nothing renders)", () => {
    const clock = manualClock();
    let renders = 0;
    const runner = createRunner(
      toyGame,
      start(),
      { render: () => renders++ },
      {
        clock,
        ticks: { delayAfter: () => 50 },
      },
    );
    clock.advance(49);
    expect(clock.pending()).toBe(1);
    clock.advance(1);
    expect(clock.pending()).toBe(0);
    expect(renders).toBe(0);
    expect(runner.state.score).toBe(0);
  });
});
