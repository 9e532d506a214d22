import type { Block } from "@blockarcade/engine/games/blocky";
import { describe, expect, it } from "vitest";
import { type KeyContext, keyIntent, moveCursor } from "./keyboard";
import { selectedPath } from "./pointer";

const REFERENCE: Block = [["B", "R", "R", "Y"], "G", "R", "Y"];

const key = (k: string, more: Partial<KeyContext> = {}): KeyContext => ({
  key: k,
  shiftKey: false,
  modified: false,
  tag: "svg",
  onBoard: true,
  inDialog: false,
  ...more,
});

describe("keyboard", () => {
  it("maps the original's keys to actions, levels and moves", () => {
    expect(keyIntent(key("d"))).toEqual({ kind: "act", action: "rotate_cw" });
    expect(keyIntent(key("A"))).toEqual({ kind: "act", action: "rotate_ccw" });
    expect(keyIntent(key("q"))).toEqual({ kind: "act", action: "swap_h" });
    expect(keyIntent(key("e"))).toEqual({ kind: "act", action: "swap_v" });
    expect(keyIntent(key(" "))).toEqual({ kind: "act", action: "smash" });
    expect(keyIntent(key("r"))).toEqual({ kind: "act", action: "paint" });
    expect(keyIntent(key("c"))).toEqual({ kind: "act", action: "combine" });
    expect(keyIntent(key("w"))).toEqual({ kind: "level", step: -1 });
    expect(keyIntent(key("S"))).toEqual({ kind: "level", step: 1 });
    expect(keyIntent(key("ArrowLeft"))).toEqual({ kind: "move", direction: "left" });
    expect(keyIntent(key("x"))).toBeNull();
  });

  it("asks for a hint with H and starts or stops watching with V, not in form fields", () => {
    expect(keyIntent(key("h"))).toEqual({ kind: "hint" });
    expect(keyIntent(key("H", { onBoard: false, tag: "BODY" }))).toEqual({ kind: "hint" });
    expect(keyIntent(key("v"))).toEqual({ kind: "watch" });
    expect(keyIntent(key("v", { tag: "SELECT", onBoard: false }))).toBeNull();
    expect(keyIntent(key("h", { modified: true }))).toBeNull();
  });

  it("passes with Tab only on the board and without Shift, so Tab still moves the focus elsewhere", () => {
    expect(keyIntent(key("Tab"))).toEqual({ kind: "act", action: "pass" });
    expect(keyIntent(key("Tab", { onBoard: false, tag: "BUTTON" }))).toBeNull();
    expect(keyIntent(key("Tab", { shiftKey: true }))).toBeNull();
  });

  it("leaves keys to form fields, buttons, dialogs and system shortcuts", () => {
    expect(keyIntent(key("d", { tag: "INPUT", onBoard: false }))).toBeNull();
    expect(keyIntent(key("s", { tag: "SELECT", onBoard: false }))).toBeNull();
    expect(keyIntent(key(" ", { tag: "BUTTON", onBoard: false }))).toBeNull();
    expect(keyIntent(key("d", { tag: "BUTTON", onBoard: false }))).toEqual({
      kind: "act",
      action: "rotate_cw",
    });
    expect(keyIntent(key("d", { inDialog: true }))).toBeNull();
    expect(keyIntent(key("c", { modified: true }))).toBeNull();
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
});
