import { newGame } from "@blockarcade/engine/games/puzzle";
import { describe, expect, it } from "vitest";
import { setLanguageSetting } from "../../shell/i18n";
import { gameFromUrl } from "./url";

const never = () => {
  throw new Error("no random seed expected");
};

describe("a game asked for in the URL", () => {
  it("starts the exact seeded game, at the size asked for", () => {
    expect(gameFromUrl("?seed=7&rows=10&cols=6", never)).toEqual({
      kind: "game",
      state: newGame({ rows: 10, cols: 6 }, 7),
    });
    expect(gameFromUrl("?seed=3", never)).toEqual({ kind: "game", state: newGame({ rows: 8, cols: 8 }, 3) });
  });

  it("starts a size without a seed on a random one, and nothing without either", () => {
    expect(gameFromUrl("?rows=12", () => 99)).toEqual({
      kind: "game",
      state: newGame({ rows: 12, cols: 8 }, 99),
    });
    expect(gameFromUrl("", never)).toEqual({ kind: "none" });
    expect(gameFromUrl("?input=x", never)).toEqual({ kind: "none" });
  });

  it("refuses a size outside 5 to 20 or garbage, saying which side and why, never starting 8 x 8", () => {
    expect(gameFromUrl("?rows=30", never)).toEqual({
      kind: "refused",
      reason: "rows must be an integer from 5 to 20, not 30",
    });
    expect(gameFromUrl("?seed=1&cols=4", never)).toEqual({
      kind: "refused",
      reason: "cols must be an integer from 5 to 20, not 4",
    });
    expect(gameFromUrl("?rows=ten", never)).toEqual({
      kind: "refused",
      reason: 'rows must be an integer from 5 to 20, not "ten"',
    });
    expect(gameFromUrl("?cols=", never)).toEqual({
      kind: "refused",
      reason: 'cols must be an integer from 5 to 20, not ""',
    });
    expect(gameFromUrl(`?rows=${"9".repeat(400)}`, never)).toMatchObject({ kind: "refused" });
  });

  it("words the refusal in the player's language", async () => {
    await setLanguageSetting("fr");
    try {
      expect(gameFromUrl("?rows=8&cols=30", never)).toEqual({
        kind: "refused",
        reason: "cols doit être un entier de 5 à 20, pas 30",
      });
      expect(gameFromUrl("?rows=ten", never)).toEqual({
        kind: "refused",
        reason: 'rows doit être un entier de 5 à 20, pas "ten"',
      });
    } finally {
      await setLanguageSetting("auto");
    }
  });
});
