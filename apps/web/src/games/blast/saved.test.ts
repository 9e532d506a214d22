import { blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { describe, expect, it } from "vitest";
import { parseSavedGame } from "./saved";

function playSome(seed: number, moves: number) {
  let s = newBlastGame(seed);
  for (let i = 0; i < moves; i++) {
    const legal = blastGame.legal(s);
    const move = legal[(i * 5) % legal.length];
    if (!move) break;
    const r = blastGame.apply(s, move);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

describe("saved game", () => {
  it("restores exactly the saved position, random source included", () => {
    const s = playSome(21, 7);
    const restored = parseSavedGame(JSON.stringify(s));
    expect(restored).toEqual(s);
    // The restored game goes on exactly as the original would have.
    const move = blastGame.legal(s)[0];
    if (!move || !restored) throw new Error("no move");
    expect(blastGame.apply(restored, move)).toEqual(blastGame.apply(s, move));
  });

  it("refuses anything that is not a valid Block Blast position", () => {
    const s = playSome(3, 2);
    const bad = [
      null,
      "",
      "{",
      "[]",
      JSON.stringify({ ...s, game: "puzzle" }),
      JSON.stringify({ ...s, seed: -4 }),
      JSON.stringify({ ...s, board: ["AAAAAAAA", ...s.board.slice(1)] }),
      JSON.stringify({ ...s, board: s.board.slice(1) }),
      JSON.stringify({ ...s, tray: [{ shape: ["#x"] }, null, null] }),
      JSON.stringify({ ...s, rng: undefined }),
      JSON.stringify({ ...s, over: !s.over }),
      JSON.stringify({ ...s, score: "lots" }),
    ];
    for (const text of bad) expect(parseSavedGame(text)).toBeUndefined();
  });
});
