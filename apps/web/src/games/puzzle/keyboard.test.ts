import { newGame, type PuzzleState } from "@blockarcade/engine/games/puzzle";
import { afterEach, describe, expect, it } from "vitest";
import { rebind, resetBindings } from "../../shell/key-bindings";
import { installKeyStorage } from "../../testing/key-storage";
import { moveWithin } from "../tray/preview";
import {
  cycleBlock,
  type KeyHandlers,
  keyEventIntent,
  keyToIntent,
  onGameKey,
  startCursor,
} from "./keyboard";
import type { Choice } from "./preview";

describe("puzzle keyboard", () => {
  it("chooses blocks with 1/2/3 at any time", () => {
    expect(keyToIntent("2", false, false)).toEqual({ type: "select", piece: 1 });
    expect(keyToIntent("3", false, true)).toEqual({ type: "select", piece: 2 });
    expect(keyToIntent("4", false, true)).toBeNull();
  });

  it("moves, places, switches and cancels only while a block is chosen", () => {
    expect(keyToIntent("ArrowLeft", false, true)).toEqual({ type: "move", dr: 0, dc: -1 });
    expect(keyToIntent("ArrowDown", false, true)).toEqual({ type: "move", dr: 1, dc: 0 });
    expect(keyToIntent("Enter", false, true)).toEqual({ type: "place" });
    expect(keyToIntent("Escape", false, true)).toEqual({ type: "cancel" });
    expect(keyToIntent("Tab", true, true)).toEqual({ type: "cycle", step: -1 });
    for (const k of ["ArrowLeft", "Enter", "Tab", "Escape"]) expect(keyToIntent(k, false, false)).toBeNull();
  });

  it("asks for a hint with H and watches with V, whether a block is chosen or not", () => {
    for (const chosen of [false, true]) {
      expect(keyToIntent("h", false, chosen)).toEqual({ type: "hint" });
      expect(keyToIntent("H", true, chosen)).toEqual({ type: "hint" });
      expect(keyToIntent("v", false, chosen)).toEqual({ type: "watch" });
    }
  });

  it("cycles through the blocks still in the tray", () => {
    expect(cycleBlock([true, false, true], 0, 1)).toBe(2);
    expect(cycleBlock([true, false, true], 2, 1)).toBe(0);
    expect(cycleBlock([true, false, true], 0, -1)).toBe(2);
    expect(cycleBlock([false, true, false], 1, 1)).toBe(1);
    expect(cycleBlock([false, false, false], 1, 1)).toBeNull();
  });
});

describe("puzzle keyboard cursor", () => {
  it("moves the preview one cell, never letting the block's box leave the board", () => {
    const shape = ["###", "#.."];
    expect(moveWithin(shape, { row: 3, col: 2 }, 1, 0, 10, 6)).toEqual({ row: 4, col: 2 });
    expect(moveWithin(shape, { row: 8, col: 3 }, 1, 1, 10, 6)).toEqual({ row: 8, col: 3 });
    expect(moveWithin(shape, { row: 0, col: 0 }, -1, -1, 10, 6)).toEqual({ row: 0, col: 0 });
  });

  it("starts at the fitting spot nearest the centre, or the centre when nothing fits", () => {
    const centre = { row: 4, col: 4 };
    expect(
      startCursor(centre, [
        { row: 0, col: 0 },
        { row: 5, col: 3 },
        { row: 7, col: 7 },
      ]),
    ).toEqual({
      row: 5,
      col: 3,
    });
    expect(startCursor(centre, [])).toEqual(centre);
  });
});

describe("a keydown carried to the page", () => {
  const state = newGame({ rows: 8, cols: 8 }, 5);
  const press = (
    key: string,
    pick: Choice | null,
    event: { shiftKey?: boolean; ctrlKey?: boolean; target?: unknown } = {},
    s: PuzzleState = state,
  ) => {
    const log: string[] = [];
    const page: KeyHandlers = {
      hint: () => log.push("hint"),
      watch: () => log.push("watch"),
      choose: (piece) => log.push(`choose ${piece}`),
      aim: (p) => log.push(`aim ${p.piece} ${p.cursor.row} ${p.cursor.col}${p.hint ? " hint" : ""}`),
      place: (piece, cell) => log.push(`place ${piece} ${cell.row} ${cell.col}`),
      cancel: () => log.push("cancel"),
      takeOver: () => log.push("take over"),
    };
    const e = {
      key,
      shiftKey: event.shiftKey ?? false,
      altKey: false,
      ctrlKey: event.ctrlKey ?? false,
      metaKey: false,
      target: (event.target ?? null) as EventTarget | null,
      preventDefault: () => log.push("prevented"),
    };
    onGameKey(e, s, pick, page);
    return log;
  };
  const chosen: Choice = { piece: 1, cursor: { row: 2, col: 3 }, hint: true };

  it("a game key is kept from the browser and takes over from the computer before its act", () => {
    expect(press("3", null)).toEqual(["prevented", "take over", "choose 2"]);
    expect(press("Enter", chosen)).toEqual(["prevented", "take over", "place 1 2 3"]);
    expect(press("Escape", chosen)).toEqual(["prevented", "take over", "cancel"]);
  });

  it("H and V leave the computer watching", () => {
    expect(press("h", chosen)).toEqual(["prevented", "hint"]);
    expect(press("V", null)).toEqual(["prevented", "watch"]);
  });

  it("arrows move the chosen block's preview inside the board, as the player's own", () => {
    expect(press("ArrowUp", chosen)).toEqual(["prevented", "take over", "aim 1 1 3"]);
    const corner: Choice = { piece: 1, cursor: { row: 0, col: 0 } };
    expect(press("ArrowLeft", corner)).toEqual(["prevented", "take over", "aim 1 0 0"]);
  });

  it("Tab and Shift+Tab switch to the next and previous block left in the tray", () => {
    expect(press("Tab", chosen)).toEqual(["prevented", "take over", "choose 2"]);
    expect(press("Tab", chosen, { shiftKey: true })).toEqual(["prevented", "take over", "choose 0"]);
    const one = { ...state, tray: [null, state.tray[1], null] } as PuzzleState;
    expect(press("Tab", chosen, {}, one)).toEqual(["prevented", "take over", "choose 1"]);
  });

  it("leaves Tab, Enter and Escape alone with no block chosen, and any key with Ctrl or in a form field", () => {
    for (const key of ["Tab", "Enter", "Escape", "ArrowUp"]) expect(press(key, null)).toEqual([]);
    expect(press("1", null, { ctrlKey: true })).toEqual([]);
    expect(press("1", null, { target: { tagName: "SELECT" } })).toEqual([]);
    expect(press("h", chosen, { target: { tagName: "INPUT" } })).toEqual([]);
    expect(
      keyEventIntent(
        {
          key: "1",
          shiftKey: false,
          altKey: false,
          ctrlKey: false,
          metaKey: false,
          target: { tagName: "BUTTON" } as unknown as EventTarget,
        },
        false,
      ),
    ).toEqual({ type: "select", piece: 0 });
  });
});

describe("remapped keys (shell/key-bindings.ts)", () => {
  afterEach(() => {
    installKeyStorage();
  });

  it("a remapped piece, cancel and watch key play; Tab stays the block switch", () => {
    installKeyStorage();
    expect(rebind("puzzle", "piece1", 0, "j")).toEqual({ ok: true });
    expect(rebind("puzzle", "cancel", 0, "Backspace")).toEqual({ ok: true });
    expect(rebind("puzzle", "watch", 0, "w")).toEqual({ ok: true });
    expect(keyToIntent("j", false, false)).toEqual({ type: "select", piece: 0 });
    expect(keyToIntent("1", false, false)).toBeNull();
    expect(keyToIntent("Backspace", false, true)).toEqual({ type: "cancel" });
    expect(keyToIntent("Escape", false, true)).toBeNull();
    expect(keyToIntent("W", false, false)).toEqual({ type: "watch" });
    expect(keyToIntent("Tab", true, true)).toEqual({ type: "cycle", step: -1 });
    expect(rebind("puzzle", "place", 0, "Tab")).toMatchObject({ ok: false });
    resetBindings("puzzle");
    expect(keyToIntent("1", false, false)).toEqual({ type: "select", piece: 0 });
  });
});
