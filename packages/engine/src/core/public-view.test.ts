import { describe, expect, it } from "vitest";
import { GAMES, registeredGames } from "../games/registry.js";
import type { StackerState } from "../games/stacker/types.js";
import { randomPlaythrough } from "../testing/contract.js";
import type { BaseState } from "./game.js";
import { hiddenFields, publicView, resumeLocally } from "./public-view.js";
import { pick, seedRng } from "./rng.js";

/** Every few states of a random playthrough of each configured game. */
function sampleStates(): { label: string; game: (typeof GAMES)[keyof typeof GAMES]; state: BaseState }[] {
  const out = [];
  for (const game of registeredGames()) {
    for (const config of game.contract?.configs ?? [undefined]) {
      const { states } = randomPlaythrough(game, 7, config, 60);
      for (let i = 0; i < states.length; i += 6) {
        out.push({
          label: `${game.id} ${JSON.stringify(config)} #${i}`,
          game,
          state: states[i] as BaseState,
        });
      }
    }
  }
  return out;
}

const SAMPLES = sampleStates();

describe("publicView", () => {
  it("hides the random source and seed of every game, and Block Stacker's bag after the preview", () => {
    // The audit of each game's state: only Stacker keeps a field that shows more than its screen.
    expect(hiddenFields(GAMES.blast)).toEqual(["rng", "seed"]);
    expect(hiddenFields(GAMES.puzzle)).toEqual(["rng", "seed"]);
    expect(hiddenFields(GAMES.match3)).toEqual(["rng", "seed"]);
    expect(hiddenFields(GAMES.blocky)).toEqual(["rng", "seed"]);
    expect(hiddenFields(GAMES.stacker)).toEqual(["rng", "seed", "bag"]);
  });

  it("never carries the random source, the seed or a hidden field (every game)", () => {
    for (const { label, game, state } of SAMPLES) {
      const view = publicView(game, state) as Record<string, unknown>;
      for (const key of hiddenFields(game)) expect(view, label).not.toHaveProperty(key);
      const text = JSON.stringify(view);
      // A register's value written anywhere else would carry the source all the same.
      for (const register of state.rng.s) {
        if (register >= 1e6) expect(text.includes(String(register)), label).toBe(false);
      }
      // Everything else the player sees is kept as it is, and the state itself is not changed.
      expect(view.board).toEqual(state.board);
      expect(view.score).toBe(state.score);
      expect(state).toHaveProperty("rng");
    }
  });

  it("is the same for two games that differ only in their future", () => {
    for (const { label, game, state } of SAMPLES) {
      const other = resumeLocally(game, publicView(game, state), 12345);
      expect(other.ok, label).toBe(true);
      if (!other.ok) continue;
      expect(other.value.rng).not.toEqual(state.rng);
      expect(publicView(game, other.value), label).toEqual(publicView(game, state));
    }
  });
});

describe("resumeLocally", () => {
  it("plays on from every view, and every state on the way loads again", () => {
    for (const { label, game, state } of SAMPLES) {
      const resumed = resumeLocally(game, JSON.parse(JSON.stringify(publicView(game, state))), 99);
      expect(resumed.ok, label).toBe(true);
      if (!resumed.ok) continue;
      expect(resumed.value.seed).toBe(99);
      let current = resumed.value;
      const rng = seedRng(4);
      for (let i = 0; i < 12; i++) {
        const legal = game.legal(current);
        if (legal.length === 0) break;
        const result = game.apply(current, pick(rng, legal));
        expect(result.ok, label).toBe(true);
        if (!result.ok) break;
        current = result.state;
        const loaded = game.load(JSON.parse(JSON.stringify(current)), current);
        expect(loaded.ok, label).toBe(true);
      }
    }
  });

  it("deals a different future from a different seed (Block Blast's next tray)", () => {
    const game = GAMES.blast;
    const start = game.newGame({}, 1);
    const view = publicView(game, start);
    const trays = new Set<string>();
    for (const seed of [1, 2, 3, 4]) {
      const resumed = resumeLocally(game, view, seed);
      if (!resumed.ok) throw new Error(resumed.error.message);
      let state = resumed.value;
      // Place the three pieces wherever the first legal move says; the fourth placement needs a deal.
      for (let i = 0; i < 3; i++) {
        const [move] = game.legal(state);
        const result = game.apply(state, move);
        if (!result.ok) throw new Error(result.error.message);
        state = result.state;
      }
      trays.add(JSON.stringify(state.tray));
    }
    expect(trays.size).toBeGreaterThan(1);
  });

  it("refuses what is not a view of the game: another game, a broken board, a bad seed", () => {
    const blast = GAMES.blast;
    const view = publicView(blast, blast.newGame({}, 1));
    expect(resumeLocally(GAMES.puzzle, view, 1)).toMatchObject({ ok: false, error: { code: "BAD_STATE" } });
    expect(resumeLocally(blast, { ...view, board: ["x"] }, 1)).toMatchObject({
      ok: false,
      error: { code: "BAD_STATE" },
    });
    expect(resumeLocally(blast, view, -1)).toMatchObject({ ok: false, error: { code: "BAD_STATE" } });
    expect(resumeLocally(blast, [] as unknown as Record<string, unknown>, 1)).toMatchObject({ ok: false });
    // A hidden field sent back is dropped, never trusted: the resumed bag is the fresh seed's own.
    const stacker = GAMES.stacker;
    const state = stacker.newGame({ size: 10 }, 3);
    const resumed = resumeLocally<StackerState>(stacker, { ...publicView(stacker, state), bag: ["I"] }, 3);
    expect(resumed.ok && resumed.value.bag).not.toEqual(["I"]);
  });
});
