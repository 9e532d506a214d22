import { createRunner, manualClock } from "@blockarcade/engine/core";
import { toyGame } from "@blockarcade/engine/testing/toy-game";
import { describe, expect, it } from "vitest";
import { askHint, createWatcher, WATCH_SPEEDS } from "./computer";

const start = () => createRunner(toyGame, toyGame.newGame({ size: 3 }, 4), { render: () => undefined });

describe("the computer player in the browser", () => {
  it("a hint changes nothing and names a move the game accepts", () => {
    const runner = start();
    const before = runner.state;
    const asked = askHint(runner);
    expect(runner.state).toBe(before);
    if (!("hint" in asked)) throw new Error(asked.error);
    expect(runner.dispatch(asked.hint.commands[0]).ok).toBe(true);
  });

  it("watching plays one command per step at the chosen pace, until the game ends", () => {
    const runner = start();
    const clock = manualClock();
    const seen: boolean[] = [];
    const watcher = createWatcher(runner, { clock, speed: "slow", onChange: (w) => seen.push(w) });
    watcher.start();
    expect(watcher.watching).toBe(true);
    clock.advance(0);
    expect(runner.state.score).toBe(1);
    clock.advance(WATCH_SPEEDS.slow - 1);
    expect(runner.state.score).toBe(1);
    clock.advance(1);
    expect(runner.state.score).toBe(2);
    clock.advance(60_000);
    expect(runner.state.over).toBe(true);
    expect(watcher.watching).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it("the player takes over at any time", () => {
    const runner = start();
    const clock = manualClock();
    const watcher = createWatcher(runner, { clock, speed: "fast" });
    watcher.start();
    clock.advance(WATCH_SPEEDS.fast);
    const score = runner.state.score;
    watcher.stop();
    clock.advance(10_000);
    expect(runner.state.score).toBe(score);
    expect(clock.pending()).toBe(0);
  });

  it("a new speed counts from the moment it is chosen", () => {
    const runner = start();
    const clock = manualClock();
    const watcher = createWatcher(runner, { clock, speed: "fast" });
    watcher.start();
    clock.advance(0);
    expect(runner.state.score).toBe(1);
    watcher.setSpeed("slow");
    clock.advance(WATCH_SPEEDS.fast);
    expect(runner.state.score).toBe(1);
    clock.advance(WATCH_SPEEDS.slow - WATCH_SPEEDS.fast);
    expect(runner.state.score).toBe(2);
    watcher.stop();
  });
});
