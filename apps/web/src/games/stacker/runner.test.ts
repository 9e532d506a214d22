/** The browser runner's clock: gravity, lock delay, DAS/ARR and pause, with time passed in. */

import { type StackerState, stackerGame } from "@blockarcade/engine/games/stacker";
import { describe, expect, it } from "vitest";
import { ARR_MS, DAS_MS, SOFT_DROP_MS, StackerRunner } from "./runner";

function loaded(raw: Record<string, unknown>): StackerState {
  const start = stackerGame.newGame({ size: 10 }, 1);
  const r = stackerGame.load({ next: ["O", "T", "I"], ...raw }, start);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const top = (s: StackerState) => Math.min(...(s.active?.cells ?? []).map(([r]) => r));
const left = (s: StackerState) => Math.min(...(s.active?.cells ?? []).map(([, c]) => c));

describe("StackerRunner", () => {
  it("sends a tick each gravity step (1 s at level 1)", () => {
    const runner = new StackerRunner(loaded({}), 0, () => undefined);
    runner.update(999);
    expect(top(runner.state)).toBe(0);
    runner.update(1000);
    expect(top(runner.state)).toBe(1);
    runner.update(2500);
    expect(top(runner.state)).toBe(2);
  });

  it("at a fast level drops several rows in one frame but waits the lock delay on the floor", () => {
    const runner = new StackerRunner(loaded({ lines: 150 }), 0, () => undefined); // level 16
    runner.update(16);
    expect(top(runner.state)).toBeGreaterThan(1);
    runner.update(200);
    expect(top(runner.state)).toBe(8); // the O rests on the floor
    expect(runner.state.board[9]).toBe("..........");
    runner.update(600);
    expect(runner.state.board[9]).toBe("....OO....");
    expect(runner.state.active?.type).toBe("T");
  });

  it("a move on the floor restarts the lock delay, at most 15 times per piece", () => {
    const runner = new StackerRunner(loaded({ lines: 150 }), 0, () => undefined);
    runner.update(200); // resting since some time before 200
    let t = 200;
    for (let i = 0; i < 15; i++) {
      t += 400;
      runner.press(i % 2 === 0 ? "left" : "right", t);
      runner.release(i % 2 === 0 ? "left" : "right");
      runner.update(t);
      expect(runner.state.active?.type, `move ${i}`).toBe("O");
    }
    t += 400;
    runner.press("left", t);
    runner.release("left");
    runner.update(t + 150); // the 16th move does not restart the delay: the lock comes
    expect(runner.state.active?.type).toBe("T");
  });

  it("repeats a held move after the DAS delay at the ARR rate, and stops on release", () => {
    const runner = new StackerRunner(loaded({}), 0, () => undefined);
    expect(left(runner.state)).toBe(4);
    runner.press("left", 0);
    expect(left(runner.state)).toBe(3);
    runner.update(DAS_MS - 1);
    expect(left(runner.state)).toBe(3);
    runner.update(DAS_MS);
    expect(left(runner.state)).toBe(2);
    runner.update(DAS_MS + ARR_MS);
    expect(left(runner.state)).toBe(1);
    runner.release("left");
    runner.update(DAS_MS + 5 * ARR_MS);
    expect(left(runner.state)).toBe(1);
  });

  it("the later of two held sideways keys wins", () => {
    const runner = new StackerRunner(loaded({}), 0, () => undefined);
    runner.press("left", 0);
    runner.press("right", 10);
    expect(left(runner.state)).toBe(4);
    runner.update(10 + DAS_MS);
    expect(left(runner.state)).toBe(5);
  });

  it("a held soft drop repeats at once, a point a row", () => {
    const runner = new StackerRunner(loaded({}), 0, () => undefined);
    runner.press("soft_drop", 0);
    runner.update(3 * SOFT_DROP_MS);
    expect(top(runner.state)).toBe(4);
    expect(runner.state.score).toBe(4);
  });

  it("nothing moves while paused, and the piece gets a whole step after resuming", () => {
    const seen: number[] = [];
    const runner = new StackerRunner(loaded({}), 0, (s) => seen.push(top(s)));
    runner.setPaused(true, 100);
    runner.press("left", 200);
    runner.update(10_000);
    expect(top(runner.state)).toBe(0);
    expect(left(runner.state)).toBe(4);
    runner.setPaused(false, 10_000);
    runner.update(10_999);
    expect(top(runner.state)).toBe(0);
    runner.update(11_000);
    expect(top(runner.state)).toBe(1);
    expect(seen.length).toBeGreaterThan(0);
  });

  it("hard drop locks at once and the next piece falls a full step later", () => {
    const runner = new StackerRunner(loaded({}), 0, () => undefined);
    runner.update(500);
    runner.press("hard_drop", 500);
    expect(runner.state.board[9]).toBe("....OO....");
    runner.update(1400);
    expect(top(runner.state)).toBe(0);
    runner.update(1500);
    expect(top(runner.state)).toBe(1);
  });
});
