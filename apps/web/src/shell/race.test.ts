import { beforeEach, describe, expect, it } from "vitest";
import { installMemoryStorage } from "../testing/memory-storage";
import { keepRaceMoves, keptRaceMoves } from "./race";

let data: Map<string, string>;
beforeEach(() => {
  data = installMemoryStorage();
});

describe("a daily game's race move count kept across a reload", () => {
  it("reads back the count of the same session and game, 0 for another session or game", () => {
    expect(keptRaceMoves("stacker", "s1")).toBe(0);
    keepRaceMoves("stacker", "s1", 7);
    expect(keptRaceMoves("stacker", "s1")).toBe(7);
    expect(keptRaceMoves("stacker", "s2")).toBe(0);
    expect(keptRaceMoves("blast", "s1")).toBe(0);
    // A new session of the game replaces the count.
    keepRaceMoves("stacker", "s2", 1);
    expect(keptRaceMoves("stacker", "s1")).toBe(0);
    expect(keptRaceMoves("stacker", "s2")).toBe(1);
  });

  it("reads a damaged copy as 0", () => {
    data.set("blockarcade-race-moves-puzzle", '{"session":"s1","moves":-3}');
    expect(keptRaceMoves("puzzle", "s1")).toBe(0);
    data.set("blockarcade-race-moves-puzzle", "not json");
    expect(keptRaceMoves("puzzle", "s1")).toBe(0);
  });
});
