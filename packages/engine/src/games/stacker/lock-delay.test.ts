/** The lock-delay policy, driven through the core runner with a manual clock (time passed in). */
import { describe, expect, it } from "vitest";
import { createRunner, manualClock } from "../../core/runner.js";
import { LOCK_DELAY_MS, MAX_LOCK_RESETS } from "./constants.js";
import { stackerGame } from "./index.js";
import { createLockDelay } from "./lock-delay.js";
import { board, position } from "./test-helpers.js";
import { gravityMs } from "./timing.js";
import type { StackerState } from "./types.js";

const EMPTY = "..........";
const top = (s: StackerState) => Math.min(...(s.active?.cells ?? []).map(([r]) => r));

function start(state: StackerState, paused = false) {
  const clock = manualClock();
  const policy = createLockDelay();
  const runner = createRunner(
    stackerGame,
    state,
    { render: () => undefined },
    { clock, ticks: policy, paused },
  );
  return { clock, policy, runner };
}

describe("lock delay", () => {
  it("steps down at the level's gravity: 1 s at level 1", () => {
    const { clock, runner } = start(position(board(EMPTY), { next: ["T", "O", "O"] }));
    clock.advance(999);
    expect(top(runner.state)).toBe(0);
    clock.advance(1);
    expect(top(runner.state)).toBe(1);
    clock.advance(1000);
    expect(top(runner.state)).toBe(2);
  });

  it("at a fast level a piece falls in a blink but waits the lock delay once it rests", () => {
    const { clock, runner } = start(position(board(EMPTY), { next: ["O", "T", "O"], lines: 150 }));
    expect(gravityMs(16)).toBeLessThan(10);
    clock.advance(100);
    expect(top(runner.state)).toBe(8); // the O rests on the floor
    expect(runner.state.board[9]).toBe(EMPTY);
    clock.advance(LOCK_DELAY_MS - 100);
    expect(runner.state.board[9]).toBe(EMPTY);
    clock.advance(100);
    expect(runner.state.board[9]).toBe("....OO....");
    expect(runner.state.active?.type).toBe("T");
  });

  it("a move on the floor restarts the wait, at most MAX_LOCK_RESETS times per piece", () => {
    const { clock, runner, policy } = start(
      position(board(EMPTY, EMPTY, "....oo....", "....oo...."), { next: ["T", "O", "O"], lines: 150 }),
    );
    for (let i = 0; i < MAX_LOCK_RESETS; i++) {
      clock.advance(LOCK_DELAY_MS - 50);
      expect(runner.dispatch({ cmd: "key", key: i % 2 === 0 ? "A" : "D" }).ok).toBe(true);
      expect(runner.state.active?.type, `move ${i}`).toBe("O");
    }
    expect(policy.resets).toBe(MAX_LOCK_RESETS);
    clock.advance(LOCK_DELAY_MS - 50);
    runner.dispatch({ cmd: "key", key: "A" }); // no restart left: the lock comes on time
    clock.advance(50);
    expect(runner.state.active?.type).toBe("T");
    expect(policy.resets).toBe(0); // a new piece, a new count
  });

  it("keeps the documented numbers: a 500 ms lock delay, 15 restarts a piece (docs/games/stacker.md)", () => {
    // Literals from the docs, not the constants: a changed constant must fail here.
    expect(LOCK_DELAY_MS).toBe(500);
    expect(MAX_LOCK_RESETS).toBe(15);
    const { clock, runner, policy } = start(
      position(board(EMPTY, EMPTY, "....oo....", "....oo...."), { next: ["T", "O", "O"], lines: 150 }),
    );
    while (runner.state.active?.cells.every(([r]) => r < 6)) clock.advance(1); // lands on the block
    for (let i = 1; i <= 15; i++) {
      clock.advance(499);
      expect(runner.dispatch({ cmd: "key", key: i % 2 === 0 ? "D" : "A" }).ok).toBe(true);
      expect(runner.state.active?.type, `restart ${i}`).toBe("O");
    }
    expect(policy.resets).toBe(15);
    clock.advance(499);
    expect(runner.dispatch({ cmd: "key", key: "A" }).ok).toBe(true); // the 16th move restarts nothing
    clock.advance(1); // 500 ms after the 15th restart
    expect(runner.state.active?.type).toBe("T");
  });

  it("a question is no lock reset: a resting piece locks on time however many hints are asked", () => {
    const { clock, runner, policy } = start(position(board(EMPTY), { next: ["O", "T", "O"], lines: 150 }));
    while (top(runner.state) < 8) clock.advance(1); // now: the tick that set the O on the floor
    // Literal numbers (docs/games/stacker.md "Lock delay": 500 ms, 15 resets), asked more often than the cap.
    for (let i = 0; i < 40; i++) {
      clock.advance(10);
      expect(runner.dispatch({ cmd: "hint" }).ok).toBe(true);
      expect(runner.dispatch({ cmd: i % 2 === 0 ? "legal" : "state" }).ok).toBe(true);
    }
    expect(policy.resets).toBe(0);
    clock.advance(499 - 400); // 499 ms of rest
    expect(runner.state.active?.type).toBe("O");
    clock.advance(1); // 500 ms
    expect(runner.state.board[9]).toBe("....OO....");
    expect(runner.state.active?.type).toBe("T");
  });

  it("a move in the air keeps gravity's time; a move that lifts a piece off a ledge gives a whole step", () => {
    const { clock, runner } = start(position(board(EMPTY), { next: ["T", "O", "O"] }));
    clock.advance(600);
    runner.dispatch({ cmd: "key", key: "A" });
    clock.advance(400);
    expect(top(runner.state)).toBe(1);
  });

  it("soft drop onto the floor starts the lock delay; S on the resting piece locks at once", () => {
    const { clock, runner } = start(
      position(board("oo........", "oo........", EMPTY), { next: ["T", "O", "O"] }),
    );
    runner.dispatch({ cmd: "key", key: "S" });
    clock.advance(LOCK_DELAY_MS + 400);
    expect(runner.state.active?.type).toBe("O"); // level 1: the wait is gravity's full second
    runner.dispatch({ cmd: "key", key: "S" });
    expect(runner.state.active?.type).toBe("T");
    expect(runner.state.board[9]).toBe("OO........");
  });

  it("nothing falls while paused, and a resumed piece gets a whole step", () => {
    const { clock, runner } = start(position(board(EMPTY), { next: ["T", "O", "O"] }), true);
    clock.advance(10_000);
    expect(top(runner.state)).toBe(0);
    runner.setPaused(false);
    clock.advance(999);
    expect(top(runner.state)).toBe(0);
    clock.advance(1);
    expect(top(runner.state)).toBe(1);
  });

  it("a hard drop's new piece falls a whole step later; game over stops the clock", () => {
    const { clock, runner } = start(position(board(EMPTY), { next: ["T", "O", "O"] }));
    clock.advance(500);
    runner.dispatch({ cmd: "key", key: "Space" });
    clock.advance(999);
    expect(top(runner.state)).toBe(0);
    clock.advance(1);
    expect(top(runner.state)).toBe(1);
    while (!runner.state.over) runner.dispatch({ cmd: "key", key: "Space" });
    expect(clock.pending()).toBe(0);
  });
});
