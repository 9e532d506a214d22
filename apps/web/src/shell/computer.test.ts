import type { BaseState, Reply } from "@blockarcade/engine/core";
import { createRunner, manualClock } from "@blockarcade/engine/core";
import { type BlastState, blastGame } from "@blockarcade/engine/games/blast";
import { stackerGame } from "@blockarcade/engine/games/stacker";
import { toyGame } from "@blockarcade/engine/testing/toy-game";
import { describe, expect, it } from "vitest";
import { askHint, createWatcher, type Turn, WATCH_SPEEDS, type WatchView } from "./computer";
import { setLanguageSetting } from "./i18n";

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

  it("says there is no hint in the player's words, not the engine's sentence", async () => {
    const over = start();
    while (!over.state.over) {
      const asked = askHint(over);
      if (!("hint" in asked)) throw new Error(asked.error);
      over.dispatch(asked.hint.commands[0]);
    }
    expect(askHint(over)).toEqual({ error: "No hint for now." });
    // No piece falling: the engine's ILLEGAL_MOVE ("no piece is falling").
    const stacker = stackerGame.newGame({ size: 10 }, 1);
    const idle = createRunner(stackerGame, { ...stacker, active: null }, { render: () => undefined });
    expect(askHint(idle)).toEqual({ error: "No hint for now." });
    await setLanguageSetting("fr");
    try {
      expect(askHint(over)).toEqual({ error: "Pas d’indice pour l’instant." });
      expect(askHint(idle)).toEqual({ error: "Pas d’indice pour l’instant." });
    } finally {
      await setLanguageSetting("auto");
    }
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

  describe("a game's own computer turns (Blocky's computer seats)", () => {
    // Seats by score: after an odd number of moves it is the computer seat's turn.
    const THINK = 100;
    const SHOW = 40;
    const seats = (s: BaseState, view: WatchView): Turn | null =>
      s.over
        ? null
        : s.score % 2 === 1
          ? { after: THINK }
          : view.watching
            ? { after: WATCH_SPEEDS[view.speed] }
            : null;
    const myMove = (runner: ReturnType<typeof start>) => {
      const asked = askHint(runner);
      if (!("hint" in asked)) throw new Error(asked.error);
      expect(runner.dispatch(asked.hint.commands[0]).ok).toBe(true);
    };

    it("a computer seat plays its turn unwatched, at its own pace, and its move holds for its second beat", () => {
      const runner = start();
      const clock = manualClock();
      const heard: [number, boolean][] = [];
      const watcher = createWatcher(runner, {
        clock,
        next: seats,
        played: (before, reply) => {
          heard.push([before.score, reply.ok]);
          return SHOW;
        },
      });
      watcher.update();
      expect(clock.pending()).toBe(0); // the player's move: nothing planned
      myMove(runner);
      watcher.update();
      clock.advance(THINK - 1);
      expect(runner.state.score).toBe(1);
      clock.advance(1);
      expect(runner.state.score).toBe(2);
      expect(heard).toEqual([[1, true]]);
      expect(watcher.watching).toBe(false);
      // Held for the second beat, then the player's move again: nothing more is planned.
      expect(clock.pending()).toBe(1);
      clock.advance(SHOW);
      expect(clock.pending()).toBe(0);
      expect(runner.state.score).toBe(2);
    });

    it("watching plays the player's seat at the watch pace and the computer's at its own, each after the hold", () => {
      const runner = start();
      const clock = manualClock();
      const scores: number[] = [];
      const watcher = createWatcher(runner, { clock, speed: "slow", next: seats, played: () => SHOW });
      const record = () => scores.push(runner.state.score);
      watcher.start();
      clock.advance(WATCH_SPEEDS.slow - 1);
      record(); // not at once: this game's `next` waits the watch pace on start too
      clock.advance(1);
      record();
      clock.advance(SHOW + THINK - 1);
      record();
      clock.advance(1);
      record();
      clock.advance(SHOW + WATCH_SPEEDS.slow);
      record();
      expect(scores).toEqual([0, 1, 1, 2, 3]);
      clock.advance(60_000);
      expect(runner.state.over).toBe(true);
      expect(watcher.watching).toBe(false);
      expect(clock.pending()).toBe(0);
    });

    it("taking over never cuts a hold short, and a computer seat's turn counts from then", () => {
      const runner = start();
      const clock = manualClock();
      const watcher = createWatcher(runner, { clock, speed: "fast", next: seats, played: () => SHOW });
      watcher.start();
      clock.advance(WATCH_SPEEDS.fast);
      expect(runner.state.score).toBe(1);
      // In the hold after the watched move: the computer seat still waits the hold, then thinks.
      watcher.stop();
      clock.advance(SHOW + THINK - 1);
      expect(runner.state.score).toBe(1);
      clock.advance(1);
      expect(runner.state.score).toBe(2);
      clock.advance(SHOW);
      expect(clock.pending()).toBe(0);
      myMove(runner);
      watcher.update();
      watcher.start();
      clock.advance(THINK - 10);
      watcher.stop();
      clock.advance(10);
      expect(runner.state.score).toBe(3); // planned again from the stop
      clock.advance(THINK - 10);
      expect(runner.state.score).toBe(4);
    });

    it("what the page does while hearing the computer's move plans nothing; the hold still comes first", () => {
      const runner = start();
      const clock = manualClock();
      const watcher = createWatcher(runner, {
        clock,
        speed: "fast",
        next: seats,
        played: () => {
          watcher.stop();
          watcher.update();
          return SHOW;
        },
      });
      watcher.start();
      clock.advance(WATCH_SPEEDS.fast);
      expect(runner.state.score).toBe(1);
      expect(watcher.watching).toBe(false);
      clock.advance(SHOW + THINK - 1);
      expect(runner.state.score).toBe(1);
      clock.advance(1);
      expect(runner.state.score).toBe(2);
    });

    it("a refused command ends watching and plans nothing more; dispose cancels the planned turn", () => {
      const runner = start();
      const clock = manualClock();
      const replies: Reply[] = [];
      const watcher = createWatcher(runner, {
        clock,
        next: () => ({ after: 10, command: { cmd: "fill", row: 9, col: 9 } }),
        played: (_before, reply) => {
          replies.push(reply);
          return SHOW;
        },
      });
      watcher.start();
      clock.advance(10);
      expect(replies.map((r) => r.ok)).toEqual([false]);
      expect(watcher.watching).toBe(false);
      expect(clock.pending()).toBe(0);
      watcher.update();
      expect(clock.pending()).toBe(1);
      watcher.dispose();
      expect(clock.pending()).toBe(0);
      watcher.update();
      watcher.start();
      expect(clock.pending()).toBe(0);
      expect(runner.state.score).toBe(0);
    });
  });

  describe("Watch plays moves, never choices", () => {
    /** Every other cell filled: only the monomino fits, and after it nothing does (Block Blast). */
    const CHECKER = Array.from({ length: 8 }, (_, r) =>
      Array.from({ length: 8 }, (_, c) => ((r + c) % 2 ? "." : "A")).join(""),
    );
    const lastMove = (): BlastState => {
      const base = blastGame.newGame({}, 11);
      const loaded = blastGame.load(
        {
          board: CHECKER,
          tray: [{ shape: ["#"], colour: 0 }, { shape: ["###", "###", "###"], colour: 1 }, null],
          revivesLeft: 3,
        },
        base,
      );
      if (!loaded.ok) throw new Error(loaded.error.message);
      return loaded.value;
    };

    it("Block Blast: watching plays the last move, then stops at 'No moves left' and never revives", () => {
      const runner = createRunner(blastGame, lastMove(), { render: () => undefined });
      const clock = manualClock();
      const seen: boolean[] = [];
      const sent: string[] = [];
      const watcher = createWatcher(runner, {
        clock,
        speed: "fast",
        onChange: (w) => seen.push(w),
        played: (_before, reply) => {
          sent.push(reply.ok ? "ok" : "refused");
          return undefined;
        },
      });
      watcher.start();
      clock.advance(0);
      expect(runner.state.over).toBe(true);
      // The computer's own hint here is the revive: it is the player's, so watching ends.
      const asked = askHint(runner);
      expect("hint" in asked && asked.hint.commands[0]).toEqual({ cmd: "revive" });
      expect(watcher.watching).toBe(false);
      expect(seen).toEqual([true, false]);
      expect(clock.pending()).toBe(0);
      clock.advance(60_000);
      expect(runner.state.over).toBe(true);
      expect(runner.state.revivesLeft).toBe(3);
      expect(sent).toEqual(["ok"]);
      // Watch asked again at the game over does not start: the revive dialog stays the player's.
      watcher.start();
      watcher.update();
      clock.advance(60_000);
      expect(watcher.watching).toBe(false);
      expect(runner.state.revivesLeft).toBe(3);
      // The player revives: the game goes on and Watch plays it again.
      expect(runner.dispatch({ cmd: "revive" }).ok).toBe(true);
      expect(runner.state.over).toBe(false);
      watcher.start();
      expect(watcher.watching).toBe(true);
      watcher.stop();
    });

    it("a turn that is a choice (a new game, a revive) is never sent, even from a game's own `next`", () => {
      const runner = start();
      const clock = manualClock();
      const sent: Reply[] = [];
      for (const command of [{ cmd: "new" }, { cmd: "revive" }, { cmd: "load" }]) {
        const watcher = createWatcher(runner, {
          clock,
          next: () => ({ after: 5, command }),
          // Hears every command the computer sends.
          played: (_before, reply) => {
            sent.push(reply);
            return undefined;
          },
        });
        watcher.start();
        clock.advance(5);
        expect(watcher.watching).toBe(false);
        expect(clock.pending()).toBe(0);
      }
      expect(sent).toEqual([]);
      expect(runner.state.score).toBe(0);
    });
  });
});
