import type { BaseState, GameDefinition } from "@blockarcade/engine/core";
import { blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { newGame, puzzleGame } from "@blockarcade/engine/games/puzzle";
import { describe, expect, it } from "vitest";
import { restoreSavedGame, sameJson } from "./saved-game";

// biome-ignore lint/suspicious/noExplicitAny: both tray games go through the same checks.
function playSome<S extends BaseState>(game: GameDefinition<S, any, any, any>, start: S, moves: number): S {
  let s = start;
  for (let i = 0; i < moves && !s.over; i++) {
    const legal = game.legal(s);
    const move = legal[(i * 7) % legal.length];
    const r = game.apply(s, move);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

const games = [
  { name: "Block Blast", game: blastGame, state: () => playSome(blastGame, newBlastGame(12), 5) },
  {
    name: "Block Puzzle",
    game: puzzleGame,
    state: () => playSome(puzzleGame, newGame({ rows: 10, cols: 6 }, 9), 5),
  },
] as const;

describe.each(games)("restoreSavedGame ($name)", ({ game, state }) => {
  it("restores the saved position exactly, and it plays on as the original would", () => {
    const s = state();
    const restored = restoreSavedGame(game as GameDefinition<BaseState>, JSON.parse(JSON.stringify(s)), {
      derived: true,
    });
    expect(restored).toEqual(s);
    if (!restored) throw new Error("not restored");
    // biome-ignore lint/suspicious/noExplicitAny: the game's own state type.
    const g = game as GameDefinition<any, any, any, any>;
    const a = playSome(g, s, 9);
    const b = playSome(g, restored, 9);
    expect(b).toEqual(a);
  });

  it("refuses what is not a position this game emitted", () => {
    const s = JSON.parse(JSON.stringify(state()));
    const other = game.id === "blast" ? "puzzle" : "blast";
    const bad: unknown[] = [
      undefined,
      null,
      "x",
      [],
      { ...s, game: other },
      { ...s, seed: -1 },
      { ...s, seed: 1.5 },
      { ...s, rng: undefined },
      { ...s, rng: "abc" },
      // A broken rng would be replaced by `load` without a word: refused instead.
      { ...s, rng: { s: [1, 2] } },
      { ...s, over: undefined },
      { ...s, over: !s.over },
      { ...s, board: s.board.slice(1) },
      { ...s, score: -3 },
    ];
    for (const raw of bad) {
      expect(restoreSavedGame(game as GameDefinition<BaseState>, raw, { derived: true })).toBeUndefined();
      expect(restoreSavedGame(game as GameDefinition<BaseState>, raw)).toBeUndefined();
    }
  });
});

describe("restoreSavedGame, exact by default", () => {
  it("restores an emitted position and refuses one the loader had to complete", () => {
    const s = JSON.parse(JSON.stringify(playSome(puzzleGame, newGame({ rows: 8, cols: 8 }, 4), 3)));
    expect(restoreSavedGame(puzzleGame, s)).toEqual(s);
    // A tray piece without its id and base shape: load derives them, so only `derived` accepts it.
    const tray = s.tray.map(
      (p: { shape: string[]; colour: string } | null) => p && { shape: p.shape, colour: p.colour },
    );
    const handWritten = { ...s, tray };
    expect(restoreSavedGame(puzzleGame, handWritten)).toBeUndefined();
    expect(restoreSavedGame(puzzleGame, handWritten, { derived: true })?.tray).toEqual(s.tray);
  });

  it("compares JSON regardless of key order and absent fields", () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1, d: undefined })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});
