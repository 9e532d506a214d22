import { describe, expect, it } from "vitest";
import { keyToIntent } from "./keyboard";

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
});
