/**
 * Arcade's gravity, chains and rising floor (docs/games/match3.md "Arcade mode", "Gravity and
 * chains", "Score, chains, combo and stages"), one small picture each, worked out by hand; and the aim of issue 24: the
 * computer player lasts at least 200 bricks (median of 5 seeds) at the default config, and every
 * game still ends.
 */
import { describe, expect, it } from "vitest";
import { resolveChains, runsOnField, settle } from "./gravity.js";
import {
  ARCADE_DEFAULTS,
  BRICKS_PER_LEVEL,
  fieldText,
  type Match3Command,
  type Match3State,
  match3Game,
} from "./index.js";
import { ARCADE, play, tick } from "./test-helpers.js";

function at(fields: Record<string, unknown>): Match3State {
  const base = match3Game.newGame({ ...ARCADE, bricks: "classic" as const, level: 1 }, 1);
  const loaded = match3Game.load({ queue: ["H~~*", "V^^*", "H*@~"], ...fields }, base);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

const drop: Match3Command = { cmd: "move", move: "D" };
const EMPTY = ".....";

describe("Arcade gravity", () => {
  it("the symbols of a brick over a gap fall to the stack below them, keeping their order", () => {
    const board = [EMPTY, EMPTY, EMPTY, "..^..", "..*..", ".@~^."];
    const s = at({
      board,
      active: {
        cells: [
          [0, 1, "~"],
          [0, 2, "@"],
          [0, 3, "*"],
        ],
      },
    });
    // H~@* drops onto the ^ of column 2 (row 2); its ~ and * fall to rows 4 of columns 1 and 3.
    const { state, events } = play(s, drop, tick);
    expect(events).toContainEqual({
      type: "dropped",
      cells: [
        [2, 1, 4, "~"],
        [2, 3, 4, "*"],
      ],
      chain: 0,
    });
    expect(fieldText({ board: state.board, active: null }).slice(0, 6)).toEqual([
      EMPTY,
      EMPTY,
      "..@..",
      "..^..",
      ".~**.",
      ".@~^.",
    ]);
  });

  it("settle moves each column's symbols down in order and never moves a stone", () => {
    const board = ["^....", ".*...", "..~..", ".....", "#####"];
    expect(settle(board)).toEqual([
      [0, 0, 3, "^"],
      [1, 1, 3, "*"],
      [2, 2, 3, "~"],
    ]);
    expect(board).toEqual([EMPTY, EMPTY, EMPTY, "^*~..", "#####"]);
    expect(runsOnField(["###", "###", "###"])).toEqual([]);
  });
});

describe("Arcade chains", () => {
  it("a run's removal lets symbols fall into a new run: the second link, worth double", () => {
    // V~^^ drops onto the ^ of column 2: ^^^ upright goes (link 1), the ~ falls to the floor beside
    // ~~ and ~~~ goes (link 2). 3 cells x 1 + 3 cells x 2 = 9, x 10 points.
    const s = at({
      board: [EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, "~~^.."],
      active: {
        cells: [
          [0, 2, "~"],
          [1, 2, "^"],
          [2, 2, "^"],
        ],
      },
    });
    const { state, events } = play(s, drop, tick);
    expect(events.slice(1, -1)).toEqual([
      {
        type: "locked",
        cells: [
          [2, 2, "~"],
          [3, 2, "^"],
          [4, 2, "^"],
        ],
      },
      {
        type: "removed",
        cells: [
          [3, 2, "^"],
          [4, 2, "^"],
          [5, 2, "^"],
        ],
        chain: 1,
      },
      { type: "dropped", cells: [[2, 2, 5, "~"]], chain: 1 },
      {
        type: "removed",
        cells: [
          [5, 0, "~"],
          [5, 1, "~"],
          [5, 2, "~"],
        ],
        chain: 2,
      },
      { type: "scored", points: 90, cells: 6, combo: 1, chain: 2 },
    ]);
    expect(state.board).toEqual([EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY]);
    expect(state.score).toBe(90);
    expect(state.cells).toBe(6);
  });

  it("diagonal runs match too, as in Columns", () => {
    const s = at({
      board: [EMPTY, EMPTY, EMPTY, EMPTY, ".^...", "^*..."],
      active: {
        cells: [
          [0, 2, "^"],
          [1, 2, "@"],
          [2, 2, "~"],
        ],
      },
    });
    const { state, events } = play(s, drop, tick);
    expect(events).toContainEqual({
      type: "removed",
      cells: [
        [3, 2, "^"],
        [4, 1, "^"],
        [5, 0, "^"],
      ],
      chain: 1,
    });
    expect(state.board.slice(3)).toEqual([EMPTY, "..@..", ".*~.."]);
  });

  it("every chain ends: each link removes at least 3 cells", () => {
    const board = ["^....", "*^...", "@*^..", "~@*^.", "^~@*^"];
    const { links } = resolveChains(board);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.removed.length).toBeGreaterThanOrEqual(3);
    expect(runsOnField(board)).toEqual([]);
  });
});

describe("Arcade stages: the rising floor", () => {
  it("a stage whose floor would push a symbol out of the top ends the game: topped out", () => {
    const s = at({
      board: ["^....", "*....", "^....", "*....", "@....", "~...."],
      placed: BRICKS_PER_LEVEL - 1,
      active: {
        cells: [
          [0, 2, "@"],
          [1, 2, "~"],
          [2, 2, "*"],
        ],
      },
    });
    const { state, events } = play(s, drop, tick);
    expect(events.map((e) => e.type)).toEqual(["moved", "locked", "level_up", "game_over"]);
    expect(events.at(-1)).toEqual({ type: "game_over", reason: "topped-out" });
    expect(state).toMatchObject({ over: true, active: null, reason: "topped-out", placed: BRICKS_PER_LEVEL });
    expect(state.queue).toEqual(["H~~*", "V^^*", "H*@~"]);
    expect(match3Game.toText(state)).toContain("over: the floor rose under a full column");
    // The position loads back as it is: the same reason, one stone row fewer than the stage.
    const again = match3Game.load(JSON.parse(JSON.stringify(state)), state);
    expect(again.ok && again.value).toEqual(state);
  });
});

describe("Arcade lasts (issue 24's aim)", () => {
  it("the computer player places at least 200 bricks (median of 5 seeds) and every game ends", () => {
    const placed: number[] = [];
    // The floor rises a row every BRICKS_PER_LEVEL bricks, so no game outlasts height stages, and
    // a brick takes at most height + 1 ticks: the bound the games must end within.
    const bound = BRICKS_PER_LEVEL * ARCADE_DEFAULTS.height * (ARCADE_DEFAULTS.height + 1);
    for (let seed = 1; seed <= 5; seed++) {
      let s = match3Game.newGame({ ...ARCADE_DEFAULTS }, seed);
      let ticks = 0;
      while (!s.over && ticks <= bound) {
        const h = match3Game.hint?.(s);
        if (!h?.ok) throw new Error("no hint");
        for (const command of h.value.commands) {
          s = play(s, command).state;
          if (command.cmd === "tick") ticks++;
        }
      }
      expect(s.over).toBe(true);
      expect(ticks).toBeLessThanOrEqual(bound);
      placed.push(s.placed ?? 0);
    }
    placed.sort((a, b) => a - b);
    expect(placed[2]).toBeGreaterThanOrEqual(200);
  }, 120_000);
});
