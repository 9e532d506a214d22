import type { Block } from "@blockarcade/engine/games/blocky";
import { afterEach, describe, expect, it } from "vitest";
import { firstKeyName, rebind, resetBindings } from "../../shell/key-bindings";
import { installKeyStorage } from "../../testing/key-storage";
import { actionKey, type KeyContext, keyContext, keysHelp, keyToIntent, moveCursor } from "./keyboard";
import { selectedPath } from "./pointer";

const REFERENCE: Block = [["B", "R", "R", "Y"], "G", "R", "Y"];

const key = (k: string, more: Partial<KeyContext> = {}): KeyContext => ({
  key: k,
  shiftKey: false,
  modified: false,
  tag: "svg",
  inDialog: false,
  ...more,
});

describe("keyboard", () => {
  it("maps the original's keys to actions, levels and moves", () => {
    expect(keyToIntent(key("d"))).toEqual({ type: "act", action: "rotate_cw" });
    expect(keyToIntent(key("A"))).toEqual({ type: "act", action: "rotate_ccw" });
    expect(keyToIntent(key("q"))).toEqual({ type: "act", action: "swap_h" });
    expect(keyToIntent(key("e"))).toEqual({ type: "act", action: "swap_v" });
    expect(keyToIntent(key(" "))).toEqual({ type: "act", action: "smash" });
    expect(keyToIntent(key("r"))).toEqual({ type: "act", action: "paint" });
    expect(keyToIntent(key("c"))).toEqual({ type: "act", action: "combine" });
    expect(keyToIntent(key("w"))).toEqual({ type: "level", step: -1 });
    expect(keyToIntent(key("S"))).toEqual({ type: "level", step: 1 });
    expect(keyToIntent(key("ArrowLeft"))).toEqual({ type: "move", direction: "left" });
    expect(keyToIntent(key("x"))).toBeNull();
  });

  it("asks for a hint with H and starts or stops watching with V, not in form fields", () => {
    expect(keyToIntent(key("h"))).toEqual({ type: "hint" });
    expect(keyToIntent(key("H", { tag: "BODY" }))).toEqual({ type: "hint" });
    expect(keyToIntent(key("v"))).toEqual({ type: "watch" });
    expect(keyToIntent(key("v", { tag: "SELECT" }))).toBeNull();
    expect(keyToIntent(key("h", { modified: true }))).toBeNull();
  });

  it("passes with P; Tab is never a move, so it always moves the focus", () => {
    expect(keyToIntent(key("p"))).toEqual({ type: "act", action: "pass" });
    expect(keyToIntent(key("P", { tag: "BODY" }))).toEqual({ type: "act", action: "pass" });
    expect(keyToIntent(key("Tab"))).toBeNull();
    expect(keyToIntent(key("Tab", { tag: "BUTTON" }))).toBeNull();
    expect(keyToIntent(key("Tab", { shiftKey: true }))).toBeNull();
  });

  it("zooms in with + (or =) and out with -", () => {
    expect(keyToIntent(key("+"))).toEqual({ type: "zoom", step: 1 });
    expect(keyToIntent(key("="))).toEqual({ type: "zoom", step: 1 });
    expect(keyToIntent(key("-"))).toEqual({ type: "zoom", step: -1 });
    expect(keyToIntent(key("-", { tag: "INPUT" }))).toBeNull();
  });

  it("leaves keys to form fields, buttons, dialogs and system shortcuts", () => {
    expect(keyToIntent(key("d", { tag: "INPUT" }))).toBeNull();
    expect(keyToIntent(key("s", { tag: "SELECT" }))).toBeNull();
    expect(keyToIntent(key(" ", { tag: "BUTTON" }))).toBeNull();
    expect(keyToIntent(key("d", { tag: "BUTTON" }))).toEqual({
      type: "act",
      action: "rotate_cw",
    });
    expect(keyToIntent(key("d", { inDialog: true }))).toBeNull();
    expect(keyToIntent(key("c", { modified: true }))).toBeNull();
  });

  it("moves the cursor block by block with the arrow keys and stops at the edges", () => {
    let cursor = { row: 0, col: 3 };
    const path = () => selectedPath(REFERENCE, cursor, 2, 2);
    cursor = moveCursor(REFERENCE, cursor, 2, 2, "left");
    expect(path()).toEqual([0, 1]);
    cursor = moveCursor(REFERENCE, cursor, 2, 2, "left");
    expect(path()).toEqual([1]);
    // The green leaf is two cells wide: one more step left is the edge.
    expect(moveCursor(REFERENCE, cursor, 2, 2, "left")).toEqual(cursor);
    cursor = moveCursor(REFERENCE, cursor, 2, 2, "down");
    expect(path()).toEqual([2]);
    cursor = moveCursor(REFERENCE, cursor, 2, 2, "right");
    expect(path()).toEqual([3]);
    cursor = moveCursor(REFERENCE, cursor, 2, 2, "up");
    expect(path()).toEqual([0, 2]);
    cursor = moveCursor(REFERENCE, cursor, 2, 2, "right");
    expect(path()).toEqual([0, 3]);
    expect(moveCursor(REFERENCE, cursor, 2, 2, "right")).toEqual(cursor);
  });

  it("moves by whole blocks at a higher level", () => {
    const cursor = moveCursor(REFERENCE, { row: 0, col: 0 }, 1, 2, "right");
    expect(selectedPath(REFERENCE, cursor, 1, 2)).toEqual([0]);
  });

  it("reads a window key event: any of Ctrl, Meta or Alt is a modified key", () => {
    const event = { key: "d", shiftKey: true, ctrlKey: false, metaKey: false, altKey: false, target: null };
    expect(keyContext(event)).toEqual({
      key: "d",
      shiftKey: true,
      modified: false,
      tag: undefined,
      inDialog: false,
    });
    expect(keyContext({ ...event, metaKey: true }).modified).toBe(true);
    expect(keyContext({ ...event, altKey: true }).modified).toBe(true);
    expect(keyContext({ ...event, ctrlKey: true }).modified).toBe(true);
  });
});

describe("remapped keys (shell/key-bindings.ts)", () => {
  afterEach(() => {
    installKeyStorage();
  });

  it("a remapped action, level and move key play, and the buttons and help name the new key", () => {
    installKeyStorage();
    expect(keysHelp()).toContain("W/S level");
    expect(rebind("blocky", "rotate_cw", 0, "t")).toEqual({ ok: true });
    expect(rebind("blocky", "level_up", 0, "i")).toEqual({ ok: true });
    expect(rebind("blocky", "left", 0, "j")).toEqual({ ok: true });
    expect(keyToIntent(key("t"))).toEqual({ type: "act", action: "rotate_cw" });
    expect(keyToIntent(key("d"))).toBeNull();
    expect(keyToIntent(key("I"))).toEqual({ type: "level", step: -1 });
    expect(keyToIntent(key("j"))).toEqual({ type: "move", direction: "left" });
    expect(keyToIntent(key("ArrowLeft"))).toBeNull();
    expect(actionKey("rotate_cw")).toBe("T");
    expect(firstKeyName("blocky", "level_up")).toBe("I");
    expect(keysHelp()).toContain("I/S level");
    expect(keysHelp()).toContain("↑↓J→ move");
    // Still the page's in a dialog or a text field.
    expect(keyToIntent(key("t", { inDialog: true }))).toBeNull();
    resetBindings("blocky");
    expect(keyToIntent(key("d"))).toEqual({ type: "act", action: "rotate_cw" });
  });
});
