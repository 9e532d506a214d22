import { createRunner } from "@blockarcade/engine/core";
import { type Match3State, match3Game } from "@blockarcade/engine/games/match3";
import { describe, expect, it } from "vitest";
import { countingFrames, restoreSavedGame, toSavedJson } from "./storage";

function play(state: Match3State, frames: string[]): Match3State {
  let s = state;
  for (const commands of frames) {
    if (s.over) break;
    const r = match3Game.apply(s, { cmd: "frame", commands });
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

/** A game some frames in: bricks on the field, one falling, two queued. */
function midGame(): Match3State {
  const start = match3Game.newGame({ input: "6 10 H^^* V*@^ H~~@ V^*^ H@*~" }, 7);
  return play(start, ["LD", "RD", "", "L"]);
}

/** Through storage and back: what the screen would read after a reload. */
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe("match3 saved game", () => {
  it("restores a game in progress exactly, and it plays on as the original would", () => {
    const state = midGame();
    expect(state.board.join("")).not.toBe(".".repeat(60));
    expect(state.active).not.toBeNull();
    const restored = restoreSavedGame(roundTrip(toSavedJson({ state, frame: 5, pending: ["R"] })));
    expect(restored).toEqual({ state, frame: 5, pending: ["R"] });
    if (!restored) throw new Error("not restored");
    const frames = ["RD", "D", "", "LL", "D", "RR", "D"];
    const after = play(state, frames);
    expect(after).not.toEqual(state);
    expect(play(restored.state, frames)).toEqual(after);
  });

  it("restores a finished game (the end panel), with its reason and score", () => {
    const over = play(match3Game.newGame({ input: "3 3 V^^^ H**~" }, 1), ["", "D"]);
    expect(over.over).toBe(true);
    const restored = restoreSavedGame(roundTrip(toSavedJson({ state: over, frame: 3, pending: [] })));
    expect(restored?.state).toEqual(over);
    expect(restored?.state.score).toBe(3);
    // A finished game has no frame in progress, so no pending command either.
    expect(
      restoreSavedGame(roundTrip(toSavedJson({ state: over, frame: 3, pending: ["L"] }))),
    ).toBeUndefined();
  });

  it("ignores what is not JSON of a save at all", () => {
    for (const raw of [undefined, null, "x", 3, [], {}, { version: 1 }]) {
      expect(restoreSavedGame(raw)).toBeUndefined();
    }
    // Corrupt text never reaches restoreSavedGame: readJson turns it into undefined. The parse of a
    // truncated save fails just as the storage helper expects.
    const text = JSON.stringify(toSavedJson({ state: midGame(), frame: 5, pending: [] }));
    expect(() => JSON.parse(text.slice(0, -7))).toThrow();
  });

  it("ignores another game's save, another format, and a bad frame or pending list", () => {
    const state = midGame();
    const good = roundTrip(toSavedJson({ state, frame: 5, pending: [] })) as Record<string, unknown>;
    const blast = roundTrip({ ...state, game: "blast" });
    const bad: unknown[] = [
      { ...good, game: "blast" },
      { ...good, state: blast },
      { ...good, version: 2 },
      { ...good, version: undefined },
      { ...good, frame: 0 },
      { ...good, frame: 2.5 },
      { ...good, frame: "5" },
      { ...good, pending: "L" },
      { ...good, pending: ["L", "R"] },
      { ...good, pending: ["X"] },
      { ...good, state: undefined },
      { ...good, state: "state" },
    ];
    for (const raw of bad) expect(restoreSavedGame(raw)).toBeUndefined();
    expect(restoreSavedGame(good)).toBeDefined();
  });

  it("ignores a damaged active brick", () => {
    const state = midGame();
    const [a, b, c] = state.active?.cells ?? [];
    if (!a || !b || !c) throw new Error("no active brick");
    const damaged = [
      { cells: [a, b] },
      { cells: [a, b, [c[0], c[1], "#"]] },
      { cells: [a, [b[0] + 1, b[1], b[2]], c] },
      { cells: [c, b, a] },
      { cells: [a, b, [c[0], 99, c[2]]] },
      "H^^*",
      // No brick while the next one could spawn.
      null,
    ];
    for (const active of damaged) {
      const raw = roundTrip(
        toSavedJson({ state: { ...state, active } as Match3State, frame: 5, pending: [] }),
      );
      expect(restoreSavedGame(raw)).toBeUndefined();
    }
    // A brick moved onto a stationary cell.
    const row = state.board.findIndex((r) => /[^.]/.test(r));
    const col = state.board[row]?.search(/[^.]/) ?? -1;
    const over = {
      cells: [
        [row, col, "^"],
        [row, col + 1, "*"],
        [row, col + 2, "@"],
      ],
    };
    const raw = roundTrip(
      toSavedJson({ state: { ...state, active: over } as Match3State, frame: 5, pending: [] }),
    );
    expect(restoreSavedGame(raw)).toBeUndefined();
  });

  it("ignores a board holding a run of three, and other tampered fields", () => {
    const state = midGame();
    expect(state.board.slice(7)).toEqual(["...*..", "...@..", "^^*^.."]);
    const withRun = state.board.map((r, i) => (i === 9 ? "^^^^.." : r));
    const tampered: Partial<Match3State>[] = [
      { board: withRun },
      // A vertical run: column 3 holds * @ ^ from row 7 down; make it ^ ^ ^.
      { board: state.board.map((r, i) => (i === 7 || i === 8 ? "...^.." : r)) },
      { board: state.board.slice(1) },
      { board: state.board.map((r) => `${r}.`) },
      { board: state.board.map((r, i) => (i === 0 ? "x....." : r)) },
      { score: -1 },
      { score: state.score + 1.5 },
      { queue: ["H^^", ...state.queue] },
      { over: true },
      { seed: 8 },
      { rng: { s: [1, 2, 3, 4] } },
      { config: { input: "7 10 H^^*" } },
      { config: { input: "6 10 H^^" } },
    ];
    for (const change of tampered) {
      const raw = roundTrip(
        toSavedJson({ state: { ...state, ...change } as Match3State, frame: 5, pending: [] }),
      );
      expect(restoreSavedGame(raw), JSON.stringify(change)).toBeUndefined();
    }
    // A state without its config would be loaded over the example field: refused too.
    const { config: _config, ...noConfig } = state;
    expect(
      restoreSavedGame(roundTrip({ version: 1, game: "match3", state: noConfig, frame: 5, pending: [] })),
    ).toBe(undefined);
  });
});

describe("countingFrames", () => {
  it("counts a frame the watcher plays before the runner saves it; questions and a finished game count nothing", () => {
    const seen: string[] = [];
    const runner = createRunner(match3Game, midGame(), {
      save: (s) => seen.push(`save ${s.over ? "over" : "on"}`),
      render: () => undefined,
    });
    const watched = countingFrames(runner, () => seen.push("frame"));
    expect(watched.state).toBe(runner.state);
    expect(watched.dispatch({ cmd: "hint" }).ok).toBe(true);
    expect(seen).toEqual([]);
    expect(watched.dispatch({ cmd: "frame", commands: "D" }).ok).toBe(true);
    expect(seen).toEqual(["frame", "save on"]);
    expect(watched.state).toBe(runner.state);
    while (!runner.state.over) runner.dispatch({ cmd: "frame", commands: "" });
    seen.length = 0;
    watched.dispatch({ cmd: "frame", commands: "" });
    expect(seen).not.toContain("frame");
    watched.setPaused(true);
    expect(runner.paused).toBe(true);
  });
});
