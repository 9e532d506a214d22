import { type Match3Event, type Match3State, match3Game } from "@blockarcade/engine/games/match3";
import { describe, expect, it } from "vitest";
import { chainFrames } from "./chain-frames";
import { arcadeEffects, gameOverWords } from "./effects";

/** The engine's own chain (gravity.test.ts): V~^^ onto the ^ of column 2 beside ~~. */
function chainTick(): { before: Match3State; after: Match3State; events: Match3Event[] } {
  const base = match3Game.newGame({ mode: "arcade", width: 5, height: 6, bricks: "classic", level: 1 }, 1);
  const loaded = match3Game.load(
    {
      board: [".....", ".....", ".....", ".....", ".....", "~~^.."],
      active: {
        cells: [
          [2, 2, "~"],
          [3, 2, "^"],
          [4, 2, "^"],
        ],
      },
    },
    base,
  );
  if (!loaded.ok) throw new Error(loaded.error.message);
  const r = match3Game.apply(loaded.value, { cmd: "tick" });
  if (!r.ok) throw new Error(r.error.message);
  return { before: loaded.value, after: r.state, events: r.events };
}

describe("Arcade's chain, shown step by step", () => {
  it("flashes each link's run on the field it was found on, then shows the symbols falling", () => {
    const { before, after, events } = chainTick();
    const frames = chainFrames(before.board, events);
    expect(frames.map((f) => [f.board, [...f.flash], [...f.fell], f.chain])).toEqual([
      [[".....", ".....", "..~..", "..^..", "..^..", "~~^.."], ["3,2", "4,2", "5,2"], [], 1],
      [[".....", ".....", ".....", ".....", ".....", "~~~.."], [], [["5,2", 3]], 1],
      [[".....", ".....", ".....", ".....", ".....", "~~~.."], ["5,0", "5,1", "5,2"], [], 2],
    ]);
    // The field at rest, after the pictures, is the engine's.
    expect(after.board).toEqual([".....", ".....", ".....", ".....", ".....", "....."]);
  });

  it("a plain lock (nothing fell, nothing matched) has nothing to show in between", () => {
    expect(chainFrames(["...", "..."], [{ type: "locked", cells: [[1, 0, "^"]] }])).toEqual([]);
  });

  it("the chain is announced and its popup says the link", () => {
    const { events } = chainTick();
    const fx = arcadeEffects(events);
    expect(fx.message).toBe("Removed 6 cells: 90 points. Chain of 2!");
    expect(fx.popup?.text).toBe("+90 chain 2");
    expect(arcadeEffects([{ type: "risen", stones: 1 }]).message).toBe("The floor rose a row of stone.");
    expect(gameOverWords("topped-out")).toBe("Game over: the floor rose under a full column.");
  });
});
