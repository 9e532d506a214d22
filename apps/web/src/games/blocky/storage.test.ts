import { blockyGame } from "@blockarcade/engine/games/blocky";
import { describe, expect, it } from "vitest";
import { isRankedSeating } from "./storage";

const game = (kinds: string[]) => {
  const parsed = blockyGame.parseConfig({ maxDepth: 2, turns: 2, players: kinds.map((kind) => ({ kind })) });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return blockyGame.newGame(parsed.value, 3);
};

describe("Blocky's ranked seating", () => {
  it("posts only a game whose one human player is in seat 1 (the score is player 1's)", () => {
    expect(isRankedSeating(game(["human", "smart"]))).toBe(true);
    expect(isRankedSeating(game(["human", "random", "smart"]))).toBe(true);
    expect(isRankedSeating(game(["smart", "human"]))).toBe(false);
    expect(isRankedSeating(game(["human", "human"]))).toBe(false);
    expect(isRankedSeating(game(["smart", "random"]))).toBe(false);
  });
});
