import { describe, expect, it } from "vitest";
import { cycleBlock, keyToIntent } from "./keyboard";

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

  it("cycles through the blocks still in the tray", () => {
    expect(cycleBlock([true, false, true], 0, 1)).toBe(2);
    expect(cycleBlock([true, false, true], 2, 1)).toBe(0);
    expect(cycleBlock([true, false, true], 0, -1)).toBe(2);
    expect(cycleBlock([false, true, false], 1, 1)).toBe(1);
    expect(cycleBlock([false, false, false], 1, 1)).toBeNull();
  });
});
