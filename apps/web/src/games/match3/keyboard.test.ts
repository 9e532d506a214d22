import { describe, expect, it } from "vitest";
import { endKeyToChoice, keyToIntent } from "./keyboard";

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
