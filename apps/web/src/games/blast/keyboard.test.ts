import { blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { afterEach, describe, expect, it } from "vitest";
import { rebind, resetBindings } from "../../shell/key-bindings";
import { installKeyStorage } from "../../testing/key-storage";
import {
  isOtherButton,
  type KeyContext,
  type KeyHandlers,
  keyAction,
  keyEventIntent,
  keyToIntent,
  onGameKey,
} from "./keyboard";

const at = (fields: Record<string, unknown>) => {
  const r = blastGame.load(fields, newBlastGame(1));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe("keyboard intents", () => {
  it("maps the game's keys and nothing else", () => {
    expect(keyToIntent("1")).toEqual({ type: "select", piece: 0 });
    expect(keyToIntent("3")).toEqual({ type: "select", piece: 2 });
    expect(keyToIntent("ArrowLeft")).toEqual({ type: "move", dr: 0, dc: -1 });
    expect(keyToIntent("ArrowDown")).toEqual({ type: "move", dr: 1, dc: 0 });
    expect(keyToIntent("Enter")).toEqual({ type: "place" });
    expect(keyToIntent("Escape")).toEqual({ type: "pause" });
    expect(keyToIntent("h")).toEqual({ type: "hint" });
    expect(keyToIntent("H")).toEqual({ type: "hint" });
    expect(keyToIntent("v")).toEqual({ type: "watch" });
    expect(keyToIntent("4")).toBeNull();
    expect(keyToIntent("a")).toBeNull();
  });

  it("leaves a key with Alt, Ctrl or Meta to the browser", () => {
    const press = (key: string, mods: Partial<Record<"altKey" | "ctrlKey" | "metaKey", boolean>> = {}) =>
      keyEventIntent({ key, altKey: false, ctrlKey: false, metaKey: false, ...mods });
    expect(press("1")).toEqual({ type: "select", piece: 0 });
    expect(press("1", { altKey: true })).toBeNull();
    expect(press("h", { ctrlKey: true })).toBeNull();
    expect(press("Enter", { metaKey: true })).toBeNull();
  });
});

describe("what a key does", () => {
  const state = at({
    board: ["AAAAAA..", "........", "........", "........", "........", "........", "........", ".B......"],
    tray: [{ shape: ["##"], colour: 0 }, { shape: ["###", "###", "###"], colour: 1 }, null],
  });
  const ctx = (over: Partial<KeyContext> = {}): KeyContext => ({
    state,
    paused: false,
    selection: undefined,
    focusOnOtherButton: false,
    ...over,
  });

  it("H and V are the computer's and leave it watching; every other key takes over", () => {
    expect(keyAction({ type: "hint" }, ctx())).toEqual({
      act: { type: "hint" },
      handled: true,
      takeOver: false,
    });
    expect(keyAction({ type: "watch" }, ctx())).toEqual({
      act: { type: "watch" },
      handled: true,
      takeOver: false,
    });
    expect(keyAction({ type: "pause" }, ctx())).toEqual({
      act: { type: "pause" },
      handled: true,
      takeOver: true,
    });
    // Even a key with nothing to do takes over (an arrow with no piece picked).
    expect(keyAction({ type: "move", dr: 0, dc: 1 }, ctx())).toEqual({ handled: false, takeOver: true });
  });

  it("does nothing while paused or after the game is over", () => {
    const over = at({
      board: Array.from({ length: 8 }, (_, r) => (r % 2 ? ".A.A.A.A" : "A.A.A.A.")),
      tray: [{ shape: ["##", "##"], colour: 0 }, null, null],
    });
    for (const intent of [{ type: "hint" }, { type: "select", piece: 0 }, { type: "place" }] as const) {
      expect(keyAction(intent, ctx({ paused: true }))).toEqual({ handled: false, takeOver: false });
      expect(keyAction(intent, ctx({ state: over }))).toEqual({ handled: false, takeOver: false });
    }
  });

  it("1/2/3 pick a piece in the tray; an empty slot's key is swallowed and does nothing", () => {
    expect(keyAction({ type: "select", piece: 1 }, ctx()).act).toEqual({ type: "select", piece: 1 });
    expect(keyAction({ type: "select", piece: 2 }, ctx())).toEqual({ handled: true, takeOver: true });
  });

  it("arrows move the picked piece's ghost within the board", () => {
    const selection = { piece: 1, row: 1, col: 0 };
    expect(keyAction({ type: "move", dr: 1, dc: 1 }, ctx({ selection })).act).toEqual({
      type: "aim",
      selection: { piece: 1, row: 2, col: 1 },
    });
    expect(keyAction({ type: "move", dr: 0, dc: -1 }, ctx({ selection })).act).toEqual({
      type: "aim",
      selection,
    });
  });

  it("Enter places the picked piece where its ghost is, unless focus is on another button", () => {
    const selection = { piece: 0, row: 0, col: 6, hint: true };
    expect(keyAction({ type: "place" }, ctx({ selection })).act).toEqual({
      type: "place",
      piece: 0,
      row: 0,
      col: 6,
    });
    expect(keyAction({ type: "place" }, ctx({ selection, focusOnOtherButton: true }))).toEqual({
      handled: false,
      takeOver: true,
    });
    expect(keyAction({ type: "place" }, ctx())).toEqual({ handled: false, takeOver: true });
  });

  it("another button is any focused button but a tray slot", () => {
    const el = (tagName: string, ...classes: string[]) =>
      ({ tagName, classList: { contains: (c: string) => classes.includes(c) } }) as unknown as Element;
    expect(isOtherButton(el("BUTTON", "blast-button"))).toBe(true);
    expect(isOtherButton(el("BUTTON", "blast-slot"))).toBe(false);
    expect(isOtherButton(el("BODY"))).toBe(false);
    expect(isOtherButton(null)).toBe(false);
  });
});

describe("a keydown carried to the page", () => {
  const state = at({
    board: ["AAAAAA..", "........", "........", "........", "........", "........", "........", ".B......"],
    tray: [{ shape: ["##"], colour: 0 }, { shape: ["###", "###", "###"], colour: 1 }, null],
  });
  const press = (key: string, ctx: Partial<KeyContext> = {}, mods: { ctrlKey?: boolean } = {}) => {
    const log: string[] = [];
    const page: KeyHandlers = {
      hint: () => log.push("hint"),
      watch: () => log.push("watch"),
      pause: () => log.push("pause"),
      select: (piece) => log.push(`select ${piece}`),
      aim: (s) => log.push(`aim ${s.piece} ${s.row} ${s.col}`),
      place: (s) => log.push(`place ${s.piece} ${s.row} ${s.col}`),
      takeOver: () => log.push("take over"),
    };
    const event = {
      key,
      altKey: false,
      ctrlKey: mods.ctrlKey ?? false,
      metaKey: false,
      preventDefault: () => log.push("prevented"),
    };
    onGameKey(event, { state, paused: false, selection: undefined, focusOnOtherButton: false, ...ctx }, page);
    return log;
  };

  it("takes over from the computer before the player's act, and keeps the key from the browser", () => {
    expect(press("2")).toEqual(["take over", "prevented", "select 1"]);
    expect(press("ArrowDown", { selection: { piece: 1, row: 1, col: 0 } })).toEqual([
      "take over",
      "prevented",
      "aim 1 2 0",
    ]);
    expect(press("Enter", { selection: { piece: 0, row: 0, col: 6, hint: true } })).toEqual([
      "take over",
      "prevented",
      "place 0 0 6",
    ]);
    expect(press("Escape")).toEqual(["take over", "prevented", "pause"]);
  });

  it("H and V leave the computer watching", () => {
    expect(press("h")).toEqual(["prevented", "hint"]);
    expect(press("V")).toEqual(["prevented", "watch"]);
  });

  it("leaves Enter on another button, and every key with Ctrl, to the browser", () => {
    const selection = { piece: 0, row: 0, col: 6 };
    expect(press("Enter", { selection, focusOnOtherButton: true })).toEqual(["take over"]);
    expect(press("1", {}, { ctrlKey: true })).toEqual([]);
    expect(press("x")).toEqual([]);
    expect(press("1", { paused: true })).toEqual([]);
  });
});

describe("remapped keys (shell/key-bindings.ts)", () => {
  afterEach(() => {
    installKeyStorage();
  });

  it("a remapped pause, hint and place key play; the old keys no longer do", () => {
    installKeyStorage();
    expect(rebind("blast", "pause", 0, "k")).toEqual({ ok: true });
    expect(rebind("blast", "hint", 0, "?")).toEqual({ ok: true });
    expect(rebind("blast", "place", 1, "f")).toEqual({ ok: true });
    expect(keyToIntent("k")).toEqual({ type: "pause" });
    expect(keyToIntent("Escape")).toBeNull();
    expect(keyToIntent("?")).toEqual({ type: "hint" });
    expect(keyToIntent("h")).toBeNull();
    expect(keyToIntent("F")).toEqual({ type: "place" });
    expect(keyToIntent(" ")).toBeNull();
    expect(rebind("blast", "pause", 0, "1")).toMatchObject({ ok: false });
    resetBindings("blast");
    expect(keyToIntent("Escape")).toEqual({ type: "pause" });
  });
});
