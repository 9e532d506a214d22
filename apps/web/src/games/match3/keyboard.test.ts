import { describe, expect, it } from "vitest";
import { endKeyToChoice, keyToIntent } from "./keyboard";

describe("match3 keys", () => {
  it("maps L, R, D and the arrows to moves, Enter and N to the next frame", () => {
    expect(keyToIntent("l")).toEqual({ kind: "move", command: "L" });
    expect(keyToIntent("ArrowLeft")).toEqual({ kind: "move", command: "L" });
    expect(keyToIntent("R")).toEqual({ kind: "move", command: "R" });
    expect(keyToIntent("ArrowRight")).toEqual({ kind: "move", command: "R" });
    expect(keyToIntent("d")).toEqual({ kind: "move", command: "D" });
    expect(keyToIntent("ArrowDown")).toEqual({ kind: "move", command: "D" });
    expect(keyToIntent("Enter")).toEqual({ kind: "advance" });
    expect(keyToIntent("n")).toEqual({ kind: "advance" });
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
