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

describe("blast bench computer player", () => {
  it("the bench's computer-player games are the games `hint` plays move by move (as `ai` does)", async () => {
    const { hint } = await import("../src/games/blast/computer.js");
    const { blastGame, newBlastGame } = await import("../src/games/blast/index.js");
    const { playAiGame } = await import("./blast.js");
    // One whole game, a short one: seed 7's took three times as long and compared the same two paths.
    for (const seed of [8]) {
      const planned = playAiGame(seed, false);
      let state = { ...newBlastGame(seed), revivesLeft: 0 };
      let placements = 0;
      for (;;) {
        const h = hint(state);
        if (!h.ok) break;
        const played = blastGame.apply(state, h.value.commands[0] as Parameters<typeof blastGame.apply>[1]);
        if (!played.ok) throw new Error(played.error.message);
        state = played.state;
        placements++;
      }
      expect(placements).toBe(planned.placements);
      expect(state.score).toBe(planned.score);
    }
    // A whole game of hints: sized for a busy machine (two passed 30 s at load 17).
  }, 600_000);
});
