import { describe, expect, it } from "vitest";
import { arcadeKeyToIntent, endKeyToChoice, isArcadeGameKey, keyToIntent } from "./keyboard";

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
    const inDialog = { tagName: "BUTTON", closest: (s: string) => (s.includes("dialog") ? {} : null) };
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
