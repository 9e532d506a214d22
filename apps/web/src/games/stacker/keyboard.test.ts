/** Keyboard bindings and held-key repeat (DAS / ARR), with a manual clock. */
import { manualClock } from "@blockarcade/engine/core";
import { type StackerKey, type StackerState, stackerGame } from "@blockarcade/engine/games/stacker";
import { afterEach, describe, expect, it } from "vitest";
import type { KeyTarget, PageKeyEvent } from "../../shell/game-keys";
import { type KeyRepeatTiming, rebind, setKeyRepeat } from "../../shell/key-bindings";
import { installKeyStorage } from "../../testing/key-storage";
import { ARR_MS, createKeyRepeat, DAS_MS, isGameKey, keyToIntent, pageKeys, SOFT_DROP_MS } from "./keyboard";

describe("keyToIntent", () => {
  it("maps the spec's keys, the arrows and the extras to the engine's own keys", () => {
    const key = (name: string) => {
      const intent = keyToIntent(name);
      return intent?.type === "key" ? intent.key : intent?.type;
    };
    expect(["a", "A", "ArrowLeft"].map(key)).toEqual(["A", "A", "ArrowLeft"]);
    expect(["d", "ArrowRight"].map(key)).toEqual(["D", "ArrowRight"]);
    expect(["s", "ArrowDown"].map(key)).toEqual(["S", "ArrowDown"]);
    expect(["q", "Q", "x", "ArrowUp"].map(key)).toEqual(["Q", "Q", "X", "ArrowUp"]);
    expect(["e", "z"].map(key)).toEqual(["E", "Z"]);
    expect([" ", "Spacebar"].map(key)).toEqual(["Space", "Space"]);
    expect(key("c")).toBe("C");
    expect(["Escape", "p", "P"].map(key)).toEqual(["pause", "pause", "pause"]);
    expect(["Enter", "r"].map(key)).toEqual(["restart", "restart"]);
    expect(["h", "H"].map(key)).toEqual(["hint", "hint"]);
    expect(["v", "V"].map(key)).toEqual(["watch", "watch"]);
    for (const name of ["Shift", "w", "Tab", "1"]) expect(keyToIntent(name)).toBeNull();
  });
});

/** A game on a 10 x 10 board driven by held keys; `sent` lists every key the repeat sent. */
function setup(raw: Record<string, unknown> = {}, timing?: KeyRepeatTiming) {
  const start = stackerGame.newGame({ size: 10 }, 1);
  const loaded = stackerGame.load({ next: ["O", "T", "I"], ...raw }, start);
  if (!loaded.ok) throw new Error(loaded.error.message);
  let state: StackerState = loaded.value;
  const sent: StackerKey[] = [];
  const clock = manualClock();
  const keys = createKeyRepeat(clock, {
    send(key) {
      sent.push(key);
      const r = stackerGame.apply(state, { cmd: "key", key });
      if (r.ok) state = r.state;
      return r.ok;
    },
    resting: () => {
      const below = (state.active?.cells ?? []).map(([r, c]) => [r + 1, c]);
      return below.some(([r, c]) => r === 10 || state.board[r as number]?.[c as number] !== ".");
    },
    ...(timing ? { timing: () => timing } : {}),
  });
  return { keys, clock, sent, state: () => state };
}

const left = (s: StackerState) => Math.min(...(s.active?.cells ?? []).map(([, c]) => c));
const top = (s: StackerState) => Math.min(...(s.active?.cells ?? []).map(([r]) => r));

describe("held keys", () => {
  it("repeat a held move after the DAS delay at the ARR rate, and stop on release", () => {
    const { keys, clock, state } = setup();
    expect(left(state())).toBe(4);
    keys.press("A");
    expect(left(state())).toBe(3);
    clock.advance(DAS_MS - 1);
    expect(left(state())).toBe(3);
    clock.advance(1);
    expect(left(state())).toBe(2);
    clock.advance(ARR_MS);
    expect(left(state())).toBe(1);
    keys.release("A");
    clock.advance(5 * ARR_MS);
    expect(left(state())).toBe(1);
    expect(clock.pending()).toBe(0);
  });

  it("keeps the documented numbers: DAS 170 ms, ARR 50 ms, soft drop every 40 ms (docs/games/stacker.md)", () => {
    // Literals from the docs, not the constants: a changed constant must fail here.
    expect(DAS_MS).toBe(170);
    expect(ARR_MS).toBe(50);
    expect(SOFT_DROP_MS).toBe(40);
    const { keys, clock, state } = setup();
    keys.press("D");
    expect(left(state())).toBe(5);
    clock.advance(169);
    expect(left(state())).toBe(5);
    clock.advance(1); // 170 ms: the first repeat
    expect(left(state())).toBe(6);
    clock.advance(49);
    expect(left(state())).toBe(6);
    clock.advance(1); // 220 ms: one ARR later
    expect(left(state())).toBe(7);
    keys.release("D");
    const soft = setup();
    soft.keys.press("S");
    expect(top(soft.state())).toBe(1);
    soft.clock.advance(39);
    expect(top(soft.state())).toBe(1);
    soft.clock.advance(1);
    expect(top(soft.state())).toBe(2);
  });

  it("the later of two held directions wins; releasing it hands back to the other after a fresh DAS", () => {
    const { keys, clock, state } = setup();
    keys.press("A");
    clock.advance(10);
    keys.press("ArrowRight");
    expect(left(state())).toBe(4);
    clock.advance(DAS_MS);
    expect(left(state())).toBe(5);
    keys.release("ArrowRight");
    clock.advance(DAS_MS - 1);
    expect(left(state())).toBe(5);
    clock.advance(1);
    expect(left(state())).toBe(4);
  });

  it("a held soft drop repeats at once, a point a row, and never locks the piece by itself", () => {
    const { keys, clock, state, sent } = setup();
    keys.press("S");
    clock.advance(3 * SOFT_DROP_MS);
    expect(top(state())).toBe(4);
    expect(state().score).toBe(4);
    clock.advance(20 * SOFT_DROP_MS);
    expect(top(state())).toBe(8); // resting on the floor, not locked
    expect(state().active?.type).toBe("O");
    expect(sent.filter((k) => k === "S")).toHaveLength(8);
    keys.release("S");
    keys.press("S"); // a fresh press on the resting piece is the spec's lock
    expect(state().board[9]).toBe("....OO....");
    expect(state().active?.type).toBe("T");
  });

  it("other keys act once per press; releaseAll stops every repeat", () => {
    const { keys, clock, state, sent } = setup();
    keys.press("Q");
    keys.press("D");
    keys.press("S");
    keys.releaseAll();
    clock.advance(1000);
    expect(sent).toEqual(["Q", "D", "S"]);
    expect(clock.pending()).toBe(0);
    expect(state().active?.rotation).toBe(1);
  });
});

describe("isGameKey", () => {
  /** A focused element as the handler sees it: its tag, and whether it sits in a dialog. */
  const el = (tagName: string, inDialog = false, isContentEditable = false): KeyTarget => ({
    tagName,
    isContentEditable,
    closest: (selector: string) => (inDialog && selector === '[role="dialog"]' ? {} : null),
  });

  it("gives Space and the arrows to the game when a button of the play page has focus", () => {
    // The bug it fixes: Space on the focused Pause button paused again instead of hard-dropping.
    for (const key of [" ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "a", "q", "c"]) {
      expect(isGameKey(key, el("BUTTON")), key).toBe(true);
    }
    expect(isGameKey(" ", el("BODY"))).toBe(true);
    expect(isGameKey(" ", null)).toBe(true);
    expect(isGameKey("Escape", el("BUTTON"))).toBe(true);
  });

  it("leaves Enter to a focused button or link, and Space to a dialog's buttons", () => {
    expect(isGameKey("Enter", el("BUTTON"))).toBe(false);
    expect(isGameKey("Enter", el("A"))).toBe(false);
    expect(isGameKey("Enter", el("BODY"))).toBe(true);
    expect(isGameKey(" ", el("BUTTON", true))).toBe(false);
    // In a dialog the game's other keys still count (P resumes).
    expect(isGameKey("p", el("BUTTON", true))).toBe(true);
    // The arcade's settings screen, a native <dialog>, keeps every key: Space on its buttons never drops.
    const settings: KeyTarget = { tagName: "SUMMARY", closest: (s: string) => (s === "dialog" ? {} : null) };
    for (const key of [" ", "ArrowLeft", "p", "a"]) expect(isGameKey(key, settings), key).toBe(false);
  });

  it("leaves every key to a text field, and Up/Down to the speed list", () => {
    for (const key of ["a", " ", "ArrowLeft", "r", "Enter"]) {
      expect(isGameKey(key, el("INPUT", true))).toBe(false);
      expect(isGameKey(key, el("TEXTAREA"))).toBe(false);
      expect(isGameKey(key, el("DIV", false, true))).toBe(false);
    }
    expect(isGameKey("ArrowDown", el("SELECT"))).toBe(false);
    expect(isGameKey("ArrowUp", el("SELECT"))).toBe(false);
    expect(isGameKey(" ", el("SELECT"))).toBe(true);
    expect(isGameKey("ArrowLeft", el("SELECT"))).toBe(true);
  });
});

describe("the player's settings", () => {
  afterEach(() => {
    installKeyStorage();
  });

  it("a remapped key plays its action and the old key does nothing", () => {
    installKeyStorage();
    expect(rebind("stacker", "left", 0, "j")).toEqual({ ok: true });
    expect(keyToIntent("j")).toEqual({ type: "key", key: "A" });
    expect(keyToIntent("J")).toEqual({ type: "key", key: "A" });
    expect(keyToIntent("a")).toBeNull();
    expect(keyToIntent("ArrowLeft")).toEqual({ type: "key", key: "ArrowLeft" });
    // A key that is the engine's for another action is sent as this action's key.
    expect(rebind("stacker", "pause", 1, "w")).toEqual({ ok: true });
    expect(rebind("stacker", "hard_drop", 0, "p")).toEqual({ ok: true });
    expect(keyToIntent("p")).toEqual({ type: "key", key: "Space" });
    expect(keyToIntent("w")).toEqual({ type: "pause" });
  });

  it("DAS and ARR from the settings set when a held move repeats", () => {
    installKeyStorage();
    setKeyRepeat({ das: 100, arr: 20 });
    const { keys, clock, state } = setup();
    keys.press("A");
    expect(left(state())).toBe(3);
    clock.advance(99);
    expect(left(state())).toBe(3);
    clock.advance(1);
    expect(left(state())).toBe(2);
    clock.advance(20);
    expect(left(state())).toBe(1);
    clock.advance(19);
    expect(left(state())).toBe(1);
  });

  it("ARR 0 moves to the wall at once after the DAS, and keeps the piece there", () => {
    const { keys, clock, state, sent } = setup({}, { das: 60, arr: 0 });
    keys.press("D");
    expect(left(state())).toBe(5);
    clock.advance(59);
    expect(left(state())).toBe(5);
    clock.advance(1);
    expect(left(state())).toBe(8); // the O piece against the right wall of a 10-wide board
    const sentAtWall = sent.length;
    clock.advance(100);
    expect(left(state())).toBe(8);
    expect(sent.length).toBeGreaterThan(sentAtWall); // still trying, refused by the wall
    keys.release("D");
    expect(clock.pending()).toBe(0);
  });
});

describe("pageKeys", () => {
  const setUp = (game: { paused: boolean; over: boolean }) => {
    const done: string[] = [];
    const keys = pageKeys({
      paused: () => game.paused,
      over: () => game.over,
      togglePause: () => done.push("pause"),
      restart: () => done.push("restart"),
      hint: () => done.push("hint"),
      watch: () => done.push("watch"),
      press: (key) => done.push(`press ${key}`),
      release: (key) => done.push(`release ${key}`),
      releaseAll: () => done.push("release all"),
    });
    let prevented = 0;
    const event = (key: string, more: Partial<PageKeyEvent> = {}): PageKeyEvent => ({
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
    return { done, keys, event, prevented: () => prevented };
  };

  it("game keys press and release while the game runs; the browser's repeats are taken but ignored", () => {
    const { done, keys, event, prevented } = setUp({ paused: false, over: false });
    keys.down(event("ArrowLeft"));
    keys.down(event("ArrowLeft", { repeat: true }));
    keys.up(event("ArrowLeft"));
    keys.down(event("h"));
    keys.down(event("v"));
    keys.down(event("Escape"));
    keys.blur();
    expect(done).toEqual(["press ArrowLeft", "release ArrowLeft", "hint", "watch", "pause", "release all"]);
    expect(prevented()).toBe(5);
  });

  it("modified keys, other keys and text fields stay with the page", () => {
    const { done, keys, event, prevented } = setUp({ paused: false, over: false });
    keys.down(event("a", { ctrlKey: true }));
    keys.down(event("r", { metaKey: true }));
    keys.down(event("F5"));
    keys.down(event(" ", { target: { tagName: "INPUT" } }));
    expect(done).toEqual([]);
    expect(prevented()).toBe(0);
  });

  it("Enter or R restarts a finished game only; no game key counts while paused or over", () => {
    const running = setUp({ paused: false, over: false });
    running.keys.down(running.event("Enter"));
    expect(running.done).toEqual([]);
    const over = setUp({ paused: false, over: true });
    over.keys.down(over.event("r"));
    over.keys.down(over.event(" "));
    expect(over.done).toEqual(["restart"]);
    const paused = setUp({ paused: true, over: false });
    paused.keys.down(paused.event("ArrowDown"));
    paused.keys.down(paused.event("p"));
    expect(paused.done).toEqual(["pause"]);
  });
});
