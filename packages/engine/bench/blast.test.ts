import { describe, expect, it } from "vitest";
import { playEngineGame, playPlainGame } from "./blast.js";

// The bench's baseline must play the very game the engine plays, or its timings compare nothing.
describe("blast bench baseline", () => {
  it("plays the same random games as the engine, move for move", () => {
    for (const seed of [1, 2, 3, 4]) {
      const ours = playEngineGame(seed);
      const plain = playPlainGame(seed);
      expect(plain.score).toBe(ours.score);
      expect(plain.revives).toBe(ours.revivesLeft);
      expect(plain.rng.s).toEqual(ours.rng.s);
      expect(plain.grid.map((row) => row.map((v) => (v === 0 ? "." : "#")).join(""))).toEqual(
        ours.board.map((line) => line.replace(/[^.]/g, "#")),
      );
    }
  });
});
