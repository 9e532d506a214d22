import { handleCommand } from "@blockarcade/engine/core";
import { blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import { beforeEach, describe, expect, it } from "vitest";
import { installMemoryStorage } from "../testing/memory-storage";
import {
  FINISHED_KEY,
  type FinishedGame,
  keepFinished,
  lastFinished,
  MAX_FINISHED,
  onFinishedChange,
  readFinished,
  setReplayId,
} from "./finished-games";
import { createGameRecorder } from "./game-recorder";
import { isPracticeStart, markPractice } from "./practice";

const game = (n: number, extra: Partial<FinishedGame> = {}): FinishedGame => ({
  id: `g${n}`,
  game: n % 2 ? "puzzle" : "blast",
  score: n * 10,
  date: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
  moves: n,
  local: { seed: n, config: {}, commands: [{ cmd: "place", piece: 0, row: 0, col: 0 }] },
  ...extra,
});

let data: Map<string, string>;
beforeEach(() => {
  data = installMemoryStorage();
});

describe("the last finished games", () => {
  it("keeps the last 20, newest first, and a game kept again replaces its entry", () => {
    for (let n = 1; n <= 25; n++) keepFinished(game(n));
    const list = readFinished();
    expect(list).toHaveLength(MAX_FINISHED);
    expect(list.map((g) => g.id)).toEqual(Array.from({ length: 20 }, (_, i) => `g${25 - i}`));
    keepFinished(game(10, { score: 999 }));
    const again = readFinished();
    expect(again).toHaveLength(20);
    expect(again[0]).toMatchObject({ id: "g10", score: 999 });
    expect(again.filter((g) => g.id === "g10")).toHaveLength(1);
    expect(lastFinished("blast")?.id).toBe("g10");
    expect(lastFinished("puzzle")?.id).toBe("g25");
    expect(lastFinished("stacker")).toBeUndefined();
  });

  it("drops corrupt entries and reads a corrupt list as empty", () => {
    data.set(
      FINISHED_KEY,
      JSON.stringify([
        game(1),
        { ...game(2), game: "chess" },
        { ...game(3), local: { seed: -1, commands: [] } },
        { ...game(4), local: undefined },
        { ...game(5), local: undefined, replay: 77 },
        { ...game(6), replay: 1.5 },
        "junk",
      ]),
    );
    expect(readFinished().map((g) => g.id)).toEqual(["g1", "g5"]);
    data.set(FINISHED_KEY, "{not json");
    expect(readFinished()).toEqual([]);
  });

  it("a full storage drops the oldest games until the new one fits", () => {
    const one = JSON.stringify([game(1)]).length;
    data = installMemoryStorage(one * 3);
    for (let n = 1; n <= 6; n++) expect(keepFinished(game(n))).toBe(true);
    const list = readFinished();
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.length).toBeLessThan(6);
    expect(list[0]?.id).toBe("g6");
    data = installMemoryStorage(10);
    expect(keepFinished(game(7))).toBe(false);
  });

  it("names a kept game's server replay in place, and tells the open dialog", () => {
    keepFinished(game(1));
    keepFinished(game(2));
    let heard = 0;
    const stop = onFinishedChange(() => heard++);
    setReplayId("g1", 42);
    expect(readFinished().map((g) => [g.id, g.replay])).toEqual([
      ["g2", undefined],
      ["g1", 42],
    ]);
    expect(heard).toBe(1);
    setReplayId("g1", 42);
    setReplayId("nope", 5);
    expect(heard).toBe(1);
    stop();
  });
});

describe("the recorder with a ranked game", () => {
  const ranked = { kind: "ranked", assisted: false } as const;
  /** Blast from seed 3, first legal move each time, to its end: the positions and the logged moves. */
  const played = () => {
    let state = newBlastGame(3);
    const moves: { record: { cmd: string } & Record<string, unknown>; after: typeof state }[] = [];
    while (!state.over) {
      const move = blastGame.legal(state)[0] as { cmd: string } & Record<string, unknown>;
      state = handleCommand(blastGame, state, move).state as typeof state;
      moves.push({ record: move, after: state });
    }
    return moves;
  };

  it("keeps a ranked game as ranked, without commands, and names its replay when the entry comes", () => {
    const kept: FinishedGame[] = [];
    const named: [string, number][] = [];
    const recorder = createGameRecorder(blastGame, newBlastGame(3), ranked, {
      keep: (e) => kept.push(e),
      named: (id, replay) => named.push([id, replay]),
      newId: () => "r1",
    });
    for (const { record, after } of played()) {
      recorder.log(record, after);
      recorder.shown(after);
    }
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ id: "r1", game: "blast", ranked: true });
    expect(kept[0]?.local).toBeUndefined();
    recorder.status({ ...ranked, entry: { rank: 3, board: "unaided", replay: 42 } }, newBlastGame(3));
    expect(named).toEqual([["r1", 42]]);
  });

  it("a game that had help is kept marked so (its Leaderboard link opens the board with help)", () => {
    const kept: FinishedGame[] = [];
    const recorder = createGameRecorder(blastGame, newBlastGame(3), ranked, { keep: (e) => kept.push(e) });
    const moves = played();
    moves.forEach(({ record, after }, i) => {
      // A hint halfway: the server marks the session assisted.
      if (i === 2) recorder.status({ ...ranked, assisted: true }, after);
      recorder.log(record, after);
      recorder.shown(after);
    });
    expect(kept[0]?.assisted).toBe(true);
    const alone = createGameRecorder(blastGame, newBlastGame(3), ranked, { keep: (e) => kept.push(e) });
    for (const { record, after } of moves) {
      alone.log(record, after);
      alone.shown(after);
    }
    expect(kept[1]?.assisted).toBeUndefined();
  });

  it("a kept game follows the server's entry on help: its board decides, even after the end", () => {
    const kept: FinishedGame[] = [];
    const marked: [string, boolean][] = [];
    const recorder = createGameRecorder(blastGame, newBlastGame(3), ranked, {
      keep: (e) => kept.push(e),
      marked: (id, assisted) => marked.push([id, assisted]),
      newId: () => "h1",
    });
    // The help mark dropped for a moment (a refused hint) just as the game ended...
    for (const { record, after } of played()) {
      recorder.log(record, after);
      recorder.shown(after);
    }
    expect(kept[0]?.assisted).toBeUndefined();
    // ...then the server's entry says the game went on the board with help.
    recorder.status(
      { ...ranked, assisted: true, entry: { rank: 1, board: "help", replay: 5 } },
      newBlastGame(3),
    );
    expect(marked).toEqual([["h1", true]]);
    recorder.status(
      { ...ranked, assisted: true, entry: { rank: 1, board: "help", replay: 5 } },
      newBlastGame(3),
    );
    expect(marked).toHaveLength(1);
  });

  it("an entry named before the last position is shown goes into the kept game", () => {
    const kept: FinishedGame[] = [];
    const recorder = createGameRecorder(blastGame, newBlastGame(3), ranked, { keep: (e) => kept.push(e) });
    const moves = played();
    recorder.status({ ...ranked, entry: { replay: 7 } }, newBlastGame(3));
    for (const { record, after } of moves) {
      recorder.log(record, after);
      recorder.shown(after);
    }
    expect(kept[0]?.replay).toBe(7);
  });

  it("a ranked game that went on here is kept as a local game from the position where it did", () => {
    const kept: FinishedGame[] = [];
    const recorder = createGameRecorder(blastGame, newBlastGame(3), ranked, { keep: (e) => kept.push(e) });
    const moves = played();
    const half = Math.floor(moves.length / 2);
    moves.slice(0, half).forEach(({ record, after }) => {
      recorder.log(record, after);
      recorder.shown(after);
    });
    const here = moves[half - 1]?.after ?? newBlastGame(3);
    recorder.status(
      { kind: "unranked", why: "the connection dropped.", dropped: true, assisted: false },
      here,
    );
    moves.slice(half).forEach(({ record, after }) => {
      recorder.log(record, after);
      recorder.shown(after);
    });
    expect(kept).toHaveLength(1);
    expect(kept[0]?.ranked).toBeUndefined();
    expect(kept[0]?.local?.commands[0]).toEqual({ cmd: "load", state: expect.any(Object) });
    expect(kept[0]?.local?.commands).toHaveLength(1 + moves.length - half);
    expect(kept[0]?.moves).toBe(moves.length - half);
  });
});

describe("Play from here", () => {
  it("marks the position a practice game starts from, and only that one", () => {
    const state = newBlastGame(8);
    expect(isPracticeStart(state)).toBe(false);
    markPractice(state);
    expect(isPracticeStart(state)).toBe(true);
    expect(isPracticeStart({ ...state, score: state.score + 1 })).toBe(false);
    expect(isPracticeStart(newBlastGame(9))).toBe(false);
  });
});
