import { type BaseState, createRunner, handleCommand, startGame } from "@blockarcade/engine/core";
import { type BlastState, blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createJournal, fingerprint, type Journal, UNRANKED } from "./journal";
import { isServerSeed, nextSeed } from "./ranked-seed";

const KEY = "test-journal";
let data: Map<string, string>;

// The shell's stores use window.localStorage; these tests give them a Map.
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

/** A browser that holds a spare server seed for Block Blast, as ranked-seed.ts keeps it. */
function withSpare(seed: number) {
  data.set("blockarcade-seeds-blast", JSON.stringify({ spare: seed, taken: [] }));
}

/** A runner wired as useRunner wires it: the journal begins with the start state and logs each command. */
function run(journal: Journal, start: BlastState) {
  journal.begin(start);
  return createRunner(blastGame, start, { log: (r, s) => journal.log(r, s), render: () => {} });
}

/** Plays legal moves (the i-th legal move, spread) until the game is over or `moves` are made. */
function play(runner: ReturnType<typeof run>, moves: number) {
  for (let i = 0; i < moves && !runner.state.over; i++) {
    const legal = blastGame.legal(runner.state);
    expect(runner.dispatch(legal[(i * 7) % legal.length]).ok).toBe(true);
  }
}

/** What the server does with a posted journal: a new game from (seed, config), then every record. */
function replay(seed: number, config: unknown, records: unknown[]): BaseState {
  const started = startGame(blastGame, seed, config);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value;
  for (const r of records) {
    const step = handleCommand(blastGame, state, r);
    if (!step.reply.ok) throw new Error(step.reply.error.message);
    state = step.state;
  }
  return state;
}

describe("journal", () => {
  it("records a ranked game from a server seed; its records replay to the same final state", () => {
    withSpare(4242);
    const seed = nextSeed("blast");
    expect(seed).toBe(4242);
    const journal = createJournal(blastGame, KEY);
    const runner = run(journal, newBlastGame(seed));
    play(runner, 400);
    expect(runner.state.over).toBe(true);
    const entry = journal.entry(runner.state, "Ada");
    if (!entry.ok) throw new Error(entry.why);
    expect(entry.body).toMatchObject({ game: "blast", seed: 4242, name: "Ada", score: runner.state.score });
    expect(entry.body.commands.length).toBeGreaterThan(5);
    const end = replay(entry.body.seed, entry.body.config, entry.body.commands);
    expect(fingerprint(end)).toBe(fingerprint(runner.state));
    // Over is flushed at once: storage holds the whole journal.
    expect(JSON.parse(data.get(KEY) ?? "{}").records).toHaveLength(entry.body.commands.length);
  });

  it("a game from a local seed is unranked and keeps no records (there is nothing to post)", () => {
    const seed = nextSeed("blast"); // no spare kept: a local seed
    expect(isServerSeed("blast", seed)).toBe(false);
    const journal = createJournal(blastGame, KEY);
    const runner = run(journal, newBlastGame(seed));
    play(runner, 3);
    expect(journal.read()).toMatchObject({ seed, ranked: false, records: [] });
    expect(journal.entry(runner.state, "Ada")).toEqual({ ok: false, why: UNRANKED.localSeed });
  });

  it("a `new` starts the journal again from its seed", () => {
    withSpare(77);
    const journal = createJournal(blastGame, KEY);
    const runner = run(journal, newBlastGame(nextSeed("blast")));
    play(runner, 4);
    withSpare(78);
    const seed = nextSeed("blast");
    expect(runner.dispatch({ cmd: "new", seed }).ok).toBe(true);
    expect(journal.read()).toMatchObject({ seed: 78, ranked: true, records: [] });
    play(runner, 2);
    expect(journal.read()?.records).toHaveLength(2);
    expect(runner.dispatch({ cmd: "new", seed: 5 }).ok).toBe(true);
    expect(journal.read()).toMatchObject({ seed: 5, ranked: false, why: UNRANKED.localSeed, records: [] });
  });

  it("a `load` makes the game unranked", () => {
    withSpare(90);
    const journal = createJournal(blastGame, KEY);
    const runner = run(journal, newBlastGame(nextSeed("blast")));
    play(runner, 2);
    const { seed: _seed, ...fields } = { ...runner.state, score: 99_999 };
    expect(runner.dispatch({ cmd: "load", state: fields }).ok).toBe(true);
    expect(journal.read()).toMatchObject({ ranked: false, why: UNRANKED.loaded });
    expect(journal.entry(runner.state, "Ada")).toEqual({ ok: false, why: UNRANKED.loaded });
  });

  it("past the cap the records are dropped and the game is unranked", () => {
    withSpare(91);
    const journal = createJournal(blastGame, KEY, 200);
    const runner = run(journal, newBlastGame(nextSeed("blast")));
    play(runner, 3);
    expect(journal.read()?.ranked).toBe(true);
    play(runner, 5);
    expect(journal.read()).toMatchObject({ ranked: false, why: UNRANKED.tooLong, records: [] });
    journal.flush();
    expect((data.get(KEY) ?? "").length).toBeLessThan(1000);
  });

  it("after a reload, the stored journal continues the game it matches, and only that one", () => {
    withSpare(92);
    const journal = createJournal(blastGame, KEY);
    const runner = run(journal, newBlastGame(nextSeed("blast")));
    play(runner, 5);
    journal.flush();
    const saved = runner.state;

    const again = createJournal(blastGame, KEY);
    const resumed = run(again, saved);
    expect(again.read()).toMatchObject({ seed: 92, ranked: true });
    expect(again.read()?.records).toHaveLength(5);
    play(resumed, 3);
    expect(again.read()?.records).toHaveLength(8);
    const entry = again.entry(resumed.state, "Ada");
    if (!entry.ok) throw new Error(entry.why);
    expect(fingerprint(replay(92, entry.body.config, entry.body.commands))).toBe(fingerprint(resumed.state));

    // A position the journal never reached (an edited save) is not this journal's game.
    const other = createJournal(blastGame, KEY);
    other.begin({ ...resumed.state, score: resumed.state.score + 1000 } as BlastState);
    expect(other.read()).toMatchObject({ ranked: false, why: UNRANKED.unrecorded, records: [] });
  });

  it("refuses to post a state the journal did not reach", () => {
    withSpare(93);
    const journal = createJournal(blastGame, KEY);
    const runner = run(journal, newBlastGame(nextSeed("blast")));
    play(runner, 2);
    expect(journal.entry({ ...runner.state, score: 5000 }, "Ada")).toEqual({
      ok: false,
      why: UNRANKED.unrecorded,
    });
  });

  it("the fingerprint ignores key order and sees every value", () => {
    expect(fingerprint({ a: 1, b: [1, "x"] })).toBe(fingerprint({ b: [1, "x"], a: 1 }));
    expect(fingerprint({ a: 1, b: [1, "x"] })).not.toBe(fingerprint({ a: 1, b: [1, "y"] }));
  });
});
