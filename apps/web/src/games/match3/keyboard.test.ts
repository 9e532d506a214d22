import { afterEach, describe, expect, it } from "vitest";
import type { PageKeyEvent } from "../../shell/game-keys";
import { rebind, resetBindings } from "../../shell/key-bindings";
import { installKeyStorage } from "../../testing/key-storage";
import {
  arcadeKeyToIntent,
  arcadePageKeys,
  classicPageKeys,
  endKeyToChoice,
  isArcadeGameKey,
  keyToIntent,
} from "./keyboard";

describe("match3 keys", () => {
  it("maps L, R, D and the arrows to moves, Enter and N to the next frame", () => {
    expect(keyToIntent("l")).toEqual({ type: "move", command: "L" });
    expect(keyToIntent("ArrowLeft")).toEqual({ type: "move", command: "L" });
    expect(keyToIntent("R")).toEqual({ type: "move", command: "R" });
    expect(keyToIntent("ArrowRight")).toEqual({ type: "move", command: "R" });
    expect(keyToIntent("d")).toEqual({ type: "move", command: "D" });
    expect(keyToIntent("ArrowDown")).toEqual({ type: "move", command: "D" });
    expect(keyToIntent("Enter")).toEqual({ type: "advance" });
    expect(keyToIntent("n")).toEqual({ type: "advance" });
    expect(keyToIntent("x")).toBeNull();
    expect(keyToIntent("ArrowUp")).toBeNull();
  });

  it("answers the end prompt with S or Q only", () => {
    expect(endKeyToChoice("s")).toBe("S");
    expect(endKeyToChoice("S")).toBe("S");
    expect(endKeyToChoice("q")).toBe("Q");
    expect(endKeyToChoice("Q")).toBe("Q");
    expect(endKeyToChoice("Enter")).toBeNull();
    expect(endKeyToChoice("x")).toBeNull();
  });
});

describe("match3 Arcade keys", () => {
  it("maps arrows and letters to moves, P / Escape to pause, H and V to the computer", () => {
    for (const key of ["ArrowLeft", "a", "A", "l", "L"])
      expect(arcadeKeyToIntent(key)).toEqual({ type: "move", command: "L" });
    for (const key of ["ArrowRight", "r", "R"])
      expect(arcadeKeyToIntent(key)).toEqual({ type: "move", command: "R" });
    for (const key of ["ArrowDown", " ", "s", "S", "d", "D"])
      expect(arcadeKeyToIntent(key)).toEqual({ type: "move", command: "D" });
    expect(arcadeKeyToIntent("p")).toEqual({ type: "pause" });
    expect(arcadeKeyToIntent("Escape")).toEqual({ type: "pause" });
    expect(arcadeKeyToIntent("h")).toEqual({ type: "hint" });
    expect(arcadeKeyToIntent("V")).toEqual({ type: "watch" });
    expect(arcadeKeyToIntent("ArrowUp")).toBeNull();
    expect(arcadeKeyToIntent("Enter")).toBeNull();
  });

  it("takes keys on buttons and the page, never in text fields or dialogs", () => {
    const button = { tagName: "BUTTON", closest: () => null };
    const inDialog = { tagName: "BUTTON", closest: (s: string) => (s === '[role="dialog"]' ? {} : null) };
    // The arcade's settings screen, a native <dialog>, keeps every key.
    const inSettings = { tagName: "BUTTON", closest: (s: string) => (s === "dialog" ? {} : null) };
    for (const key of [" ", "ArrowLeft", "p", "d"]) expect(isArcadeGameKey(key, inSettings), key).toBe(false);
    const select = { tagName: "SELECT", closest: () => null };
    expect(isArcadeGameKey(" ", button)).toBe(true);
    expect(isArcadeGameKey("ArrowLeft", button)).toBe(true);
    expect(isArcadeGameKey("Enter", button)).toBe(false);
    expect(isArcadeGameKey(" ", inDialog)).toBe(false);
    expect(isArcadeGameKey("ArrowLeft", inDialog)).toBe(false);
    expect(isArcadeGameKey("p", inDialog)).toBe(true);
    expect(isArcadeGameKey("ArrowLeft", { tagName: "INPUT" })).toBe(false);
    expect(isArcadeGameKey("ArrowDown", select)).toBe(false);
    expect(isArcadeGameKey("ArrowLeft", select)).toBe(true);
    expect(isArcadeGameKey("d", null)).toBe(true);
  });
});

describe("the Arcade page's keys", () => {
  const setUp = () => {
    const done: string[] = [];
    const keys = arcadePageKeys({
      togglePause: () => done.push("pause"),
      hint: () => done.push("hint"),
      watch: () => done.push("watch"),
      play: (move) => done.push(move),
    });
    let prevented = 0;
    const down = (key: string, more: Partial<PageKeyEvent> = {}) =>
      keys.down({
        key,
        altKey: false,
        ctrlKey: false,
        metaKey: false,
        repeat: false,
        target: null,
        preventDefault: () => {
          prevented += 1;
        },
        ...more,
      });
    return { done, down, prevented: () => prevented };
  };

  it("moves repeat while held, but a held drop drops one brick and a held P or V toggles once", () => {
    const { done, down, prevented } = setUp();
    down("ArrowLeft");
    down("ArrowLeft", { repeat: true });
    down(" ");
    down(" ", { repeat: true });
    down("p");
    down("p", { repeat: true });
    down("v");
    down("v", { repeat: true });
    down("h");
    down("h", { repeat: true });
    expect(done).toEqual(["L", "L", "D", "pause", "watch", "hint", "hint"]);
    expect(prevented()).toBe(10);
  });

  it("modified keys, other keys, text fields and Enter stay with the page; in a dialog only P", () => {
    const { done, down, prevented } = setUp();
    down("r", { ctrlKey: true });
    down("x");
    down("ArrowLeft", { target: { tagName: "INPUT" } });
    down("Enter");
    const inDialog = { tagName: "BUTTON", closest: (s: string) => (s === '[role="dialog"]' ? {} : null) };
    down(" ", { target: inDialog });
    down("P", { target: inDialog });
    expect(done).toEqual(["pause"]);
    expect(prevented()).toBe(1);
  });
});

describe("the classic page's keys", () => {
  const setUp = (game: { over: boolean }) => {
    const done: string[] = [];
    const keys = classicPageKeys({
      over: () => game.over,
      add: (command) => done.push(command),
      advance: () => done.push("advance"),
      hint: () => done.push("hint"),
      watch: () => done.push("watch"),
      startOver: () => done.push("start over"),
      quit: () => done.push("quit"),
    });
    let prevented = 0;
    const down = (key: string, more: Partial<PageKeyEvent> = {}) =>
      keys.down({
        key,
        altKey: false,
        ctrlKey: false,
        metaKey: false,
        repeat: false,
        target: null,
        preventDefault: () => {
          prevented += 1;
        },
        ...more,
      });
    return { done, down, prevented: () => prevented };
  };

  it("commands, Enter, H and V while the game runs; S and Q only answer the end prompt", () => {
    const { done, down, prevented } = setUp({ over: false });
    down("l");
    down("ArrowDown");
    down("Enter");
    down("H");
    down("v");
    down("s");
    down("q");
    expect(done).toEqual(["L", "D", "advance", "hint", "watch"]);
    expect(prevented()).toBe(5);
  });

  it("once over, S starts over and Q quits; moves are not heard", () => {
    const { done, down, prevented } = setUp({ over: true });
    down("l");
    down("h");
    down("S");
    down("q");
    expect(done).toEqual(["start over", "quit"]);
    expect(prevented()).toBe(2);
  });

  it("text fields, the speed list, a focused button's Enter and modified keys stay with the page", () => {
    const { done, down, prevented } = setUp({ over: false });
    down("l", { target: { tagName: "INPUT" } });
    down("d", { target: { tagName: "TEXTAREA" } });
    down("ArrowDown", { target: { tagName: "SELECT" } });
    down("Enter", { target: { tagName: "BUTTON" } });
    down("r", { ctrlKey: true });
    down("l", { altKey: true });
    // A focused button does not keep the frame's other keys.
    down("r", { target: { tagName: "BUTTON" } });
    expect(done).toEqual(["R"]);
    expect(prevented()).toBe(1);
  });
});

describe("remapped keys (shell/key-bindings.ts)", () => {
  afterEach(() => {
    installKeyStorage();
  });

  it("a remapped move, drop and pause play in Arcade and Classic; the old keys no longer do", () => {
    installKeyStorage();
    expect(rebind("match3", "left", 0, "j")).toEqual({ ok: true });
    expect(rebind("match3", "drop", 3, "k")).toEqual({ ok: true });
    expect(rebind("match3", "pause", 0, "o")).toEqual({ ok: true });
    expect(arcadeKeyToIntent("j")).toEqual({ type: "move", command: "L" });
    expect(arcadeKeyToIntent("ArrowLeft")).toBeNull();
    expect(keyToIntent("J")).toEqual({ type: "move", command: "L" });
    expect(arcadeKeyToIntent("k")).toEqual({ type: "move", command: "D" });
    expect(arcadeKeyToIntent(" ")).toBeNull();
    expect(arcadeKeyToIntent("o")).toEqual({ type: "pause" });
    expect(arcadeKeyToIntent("p")).toBeNull();
    // In the pause dialog the new pause key resumes; the old one is nobody's.
    const dialog = { tagName: "BUTTON", closest: (sel: string) => (sel === '[role="dialog"]' ? {} : null) };
    expect(isArcadeGameKey("o", dialog)).toBe(true);
    expect(isArcadeGameKey("p", dialog)).toBe(false);
    expect(rebind("match3", "right", 0, "d")).toMatchObject({
      ok: false,
      message: expect.stringContaining("Drop"),
    });
    resetBindings("match3");
    expect(arcadeKeyToIntent("ArrowLeft")).toEqual({ type: "move", command: "L" });
  });
});
