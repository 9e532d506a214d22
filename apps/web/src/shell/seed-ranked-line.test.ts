import { createRunner, type Runner } from "@blockarcade/engine/core";
import { type StackerState, stackerGame } from "@blockarcade/engine/games/stacker";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createJournal, type Journal, UNRANKED } from "./journal";
import { rankedWords } from "./seed-ranked-line";
import { nextSeed } from "./ranked-seed";

const KEY = "test-ranked-line";
let data: Map<string, string>;

beforeEach(() => {
  data = new Map();
  (globalThis as { window?: unknown }).window = {
    localStorage: {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    },
  };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

/** A Stacker game begun the way useRunner begins one, from a spare server seed when `spare` is set. */
function begin(spare: number | undefined): { journal: Journal; runner: Runner<StackerState> } {
  if (spare !== undefined) data.set("blockarcade-seeds-stacker", JSON.stringify({ spare, taken: [] }));
  const start = stackerGame.newGame({ size: 10 }, nextSeed("stacker"));
  const journal = createJournal(stackerGame, KEY);
  journal.begin(start);
  const runner = createRunner(stackerGame, start, { log: (r, s) => journal.log(r, s), render: () => {} });
  return { journal, runner };
}

const words = (journal: Journal, chosenSeed = false, online = true) =>
  rankedWords({ data: journal.read(), chosenSeed, online });

describe("the ranked line", () => {
  it("says ranked for a game from a server seed, before its first move", () => {
    const { journal } = begin(501);
    expect(words(journal)).toMatchObject({ ranked: true, assisted: false, canRank: false });
    expect(words(journal).text).toMatch(/^Ranked/);
  });

  it("says why not, and offers the one tap where a server seed would help", () => {
    const { journal } = begin(undefined);
    expect(words(journal, true)).toMatchObject({ ranked: false, canRank: true });
    expect(words(journal, true).text).toMatch(/chosen by the link/);
    expect(words(journal, false)).toMatchObject({ ranked: false, canRank: true });
    expect(words(journal, false).text).toMatch(/direct link/);
    // Offline, a tap could not draw a server seed: no button.
    expect(words(journal, false, false)).toMatchObject({ ranked: false, canRank: false });
    expect(words(journal, false, false).text).toMatch(/offline/);
  });

  it("says a loaded position is not ranked", () => {
    const { journal, runner } = begin(502);
    const { seed: _seed, ...fields } = runner.state;
    expect(runner.dispatch({ cmd: "load", state: fields }).ok).toBe(true);
    expect(words(journal)).toMatchObject({ ranked: false });
    expect(words(journal).text).toMatch(/saved position was loaded/);
  });

  it("a game that used help says so, is never offered as unaided, and keeps the mark over a reload", () => {
    const { journal, runner } = begin(503);
    expect(runner.dispatch({ cmd: "key", key: "S" }).ok).toBe(true);
    journal.markAssisted();
    expect(words(journal)).toMatchObject({ ranked: false, assisted: true });
    expect(words(journal).text).toMatch(/^With help/);
    expect(journal.entry(runner.state, "Ada")).toEqual({ ok: false, why: UNRANKED.assisted });

    // A reload continues the journal it matches: still with help.
    const again = createJournal(stackerGame, KEY);
    again.begin(runner.state);
    expect(again.read()).toMatchObject({ ranked: true, assisted: true });
    expect(again.entry(runner.state, "Ada")).toEqual({ ok: false, why: UNRANKED.assisted });

    // A new game is unaided again.
    data.set("blockarcade-seeds-stacker", JSON.stringify({ spare: 504, taken: [503] }));
    expect(runner.dispatch({ cmd: "new", seed: nextSeed("stacker") }).ok).toBe(true);
    expect(journal.read()).toMatchObject({ ranked: true, seed: 504 });
    expect(journal.read()?.assisted).toBeUndefined();
    expect(words(journal).ranked).toBe(true);
  });
});
