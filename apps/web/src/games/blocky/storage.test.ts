import { blockyGame } from "@blockarcade/engine/games/blocky";
import { describe, expect, it } from "vitest";
import { BEST_KEY, bestScores, bestVariant, firstState, isRankedSeating, recordBest } from "./storage";

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

describe("Blocky's best scores", () => {
  it("keys a best by depth, turns and seats, only with a human in seat 1", () => {
    expect(bestVariant(game(["human", "smart"]))).toBe("d2-t2-human-smart3");
    expect(bestVariant(game(["human", "random", "expert"]))).toBe("d2-t2-human-random-expert");
    expect(bestVariant(game(["smart", "human"]))).toBeNull();
  });

  it("records a higher score per configuration and keeps the others; a bad table entry is dropped", () => {
    const store = new Map<string, string>();
    const local = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    (globalThis as { window?: unknown }).window = { localStorage: local };
    try {
      expect(bestScores.best("d2-t2-human-smart3")).toBe(0);
      expect(bestScores.record("d2-t2-human-smart3", 7)).toEqual({ best: 7, isNew: true });
      expect(bestScores.record("d2-t2-human-smart3", 5)).toEqual({ best: 7, isNew: false });
      expect(bestScores.record("d4-t5-human-expert", 3)).toEqual({ best: 3, isNew: true });
      expect(bestScores.best("d2-t2-human-smart3")).toBe(7);
      store.set(BEST_KEY, JSON.stringify({ "d2-t2-human-smart3": 9, nonsense: 4, "d3-t1-human": -2 }));
      expect(bestScores.all()).toEqual({ "d2-t2-human-smart3": 9 });
      // A finished game is measured against the best before it, then recorded.
      const finished = game(["human", "expert"]);
      const scored = {
        ...finished,
        players: finished.players.map((p, i) => ({ ...p, score: i === 0 ? 4 : 9 })),
      };
      expect(recordBest(scored)).toEqual({ score: 4, previous: 0 });
      expect(recordBest({ ...scored, players: scored.players.map((p) => ({ ...p, score: 2 })) })).toEqual({
        score: 2,
        previous: 4,
      });
      expect(bestScores.best("d2-t2-human-expert")).toBe(4);
      expect(recordBest(game(["expert", "human"]))).toBeNull();
    } finally {
      delete (globalThis as { window?: unknown }).window;
    }
  });
});

describe("a game page's first position", () => {
  it("is the saved game to resume, or a new game of the chosen setup and seed", () => {
    const saved = game(["human", "smart"]);
    expect(firstState({ resume: saved })).toBe(saved);
    const config = {
      maxDepth: 3,
      turns: 4,
      players: [{ kind: "human" as const }, { kind: "random" as const }],
    };
    const fresh = firstState({ config, seed: 11 });
    expect(fresh.seed).toBe(11);
    expect(fresh.maxDepth).toBe(3);
    expect(fresh.players.map((p) => p.kind)).toEqual(["human", "random"]);
  });
});
