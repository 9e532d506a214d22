/**
 * SRS: the rotation states and the wall kicks, checked against the standard tables written out
 * here independently of the engine's own construction.
 */
import { describe, expect, it } from "vitest";
import { stackerGame } from "./index.js";
import { KICKS_I, KICKS_JLSTZ, kickTests, spawnCells, stateCells } from "./pieces.js";
import { board, picture, play, position } from "./test-helpers.js";
import type { Cell, PieceType, Rotation } from "./types.js";

/** The standard SRS rotation states, spawn state first, then each clockwise turn, in their boxes. */
const SRS_STATES: Record<PieceType, string[][]> = {
  I: [
    ["....", "####", "....", "...."],
    ["..#.", "..#.", "..#.", "..#."],
    ["....", "....", "####", "...."],
    [".#..", ".#..", ".#..", ".#.."],
  ],
  O: [
    ["##", "##"],
    ["##", "##"],
    ["##", "##"],
    ["##", "##"],
  ],
  T: [
    [".#.", "###", "..."],
    [".#.", ".##", ".#."],
    ["...", "###", ".#."],
    [".#.", "##.", ".#."],
  ],
  S: [
    [".##", "##.", "..."],
    [".#.", ".##", "..#"],
    ["...", ".##", "##."],
    ["#..", "##.", ".#."],
  ],
  Z: [
    ["##.", ".##", "..."],
    ["..#", ".##", ".#."],
    ["...", "##.", ".##"],
    [".#.", "##.", "#.."],
  ],
  J: [
    ["#..", "###", "..."],
    [".##", ".#.", ".#."],
    ["...", "###", "..#"],
    [".#.", ".#.", "##."],
  ],
  L: [
    ["..#", "###", "..."],
    [".#.", ".#.", ".##"],
    ["...", "###", "#.."],
    ["##.", ".#.", ".#."],
  ],
};

/** The SRS wall-kick tables as published (x right, y up), states named 0, R, 2, L. */
const STANDARD_JLSTZ: Record<string, [number, number][]> = {
  "0->R": [
    [0, 0],
    [-1, 0],
    [-1, +1],
    [0, -2],
    [-1, -2],
  ],
  "R->0": [
    [0, 0],
    [+1, 0],
    [+1, -1],
    [0, +2],
    [+1, +2],
  ],
  "R->2": [
    [0, 0],
    [+1, 0],
    [+1, -1],
    [0, +2],
    [+1, +2],
  ],
  "2->R": [
    [0, 0],
    [-1, 0],
    [-1, +1],
    [0, -2],
    [-1, -2],
  ],
  "2->L": [
    [0, 0],
    [+1, 0],
    [+1, +1],
    [0, -2],
    [+1, -2],
  ],
  "L->2": [
    [0, 0],
    [-1, 0],
    [-1, -1],
    [0, +2],
    [-1, +2],
  ],
  "L->0": [
    [0, 0],
    [-1, 0],
    [-1, -1],
    [0, +2],
    [-1, +2],
  ],
  "0->L": [
    [0, 0],
    [+1, 0],
    [+1, +1],
    [0, -2],
    [+1, -2],
  ],
};
const STANDARD_I: Record<string, [number, number][]> = {
  "0->R": [
    [0, 0],
    [-2, 0],
    [+1, 0],
    [-2, -1],
    [+1, +2],
  ],
  "R->0": [
    [0, 0],
    [+2, 0],
    [-1, 0],
    [+2, +1],
    [-1, -2],
  ],
  "R->2": [
    [0, 0],
    [-1, 0],
    [+2, 0],
    [-1, +2],
    [+2, -1],
  ],
  "2->R": [
    [0, 0],
    [+1, 0],
    [-2, 0],
    [+1, -2],
    [-2, +1],
  ],
  "2->L": [
    [0, 0],
    [+2, 0],
    [-1, 0],
    [+2, +1],
    [-1, -2],
  ],
  "L->2": [
    [0, 0],
    [-2, 0],
    [+1, 0],
    [-2, -1],
    [+1, +2],
  ],
  "L->0": [
    [0, 0],
    [+1, 0],
    [-2, 0],
    [+1, -2],
    [-2, +1],
  ],
  "0->L": [
    [0, 0],
    [-1, 0],
    [+2, 0],
    [-1, +2],
    [+2, -1],
  ],
};
const NAMES = ["0", "R", "2", "L"];

function cellsOf(art: string[], row = 0, col = 0): Cell[] {
  const out: Cell[] = [];
  art.forEach((line, r) => {
    for (let c = 0; c < line.length; c++) if (line[c] === "#") out.push([r + row, c + col]);
  });
  return out;
}

const key = (c: readonly number[]) => `${c[0]},${c[1]}`;
const TYPES: PieceType[] = ["I", "O", "T", "S", "Z", "J", "L"];
const TURNS: [Rotation, Rotation][] = [
  [0, 1],
  [1, 0],
  [1, 2],
  [2, 1],
  [2, 3],
  [3, 2],
  [3, 0],
  [0, 3],
];

describe("rotation states", () => {
  it("every piece's four states are the standard SRS states", () => {
    for (const type of TYPES) {
      for (const rotation of [0, 1, 2, 3] as Rotation[]) {
        const expected = cellsOf(SRS_STATES[type][rotation] as string[]);
        expect(stateCells(type, rotation), `${type} ${rotation}`).toEqual(expected);
      }
    }
  });

  it("Q turns the T through all four states clockwise and back to the spawn state", () => {
    let s = position(board(".........."), { next: ["T", "O", "O"] });
    s = play(s, "tick", "tick").state; // two rows down, clear of the top edge
    const seen: string[][] = [];
    for (let i = 0; i < 5; i++) {
      seen.push(picture(s).slice(2, 5));
      s = play(s, "Q").state;
    }
    expect(seen).toEqual([
      ["....t.....", "...ttt....", ".........."],
      ["....t.....", "....tt....", "....t....."],
      ["..........", "...ttt....", "....t....."],
      ["....t.....", "...tt.....", "....t....."],
      ["....t.....", "...ttt....", ".........."],
    ]);
  });

  it("E (and Z) turn counter-clockwise: one E undoes one Q", () => {
    let s = position(board(".........."), { next: ["L", "O", "O"] });
    s = play(s, "tick", "tick").state;
    const ccw = play(s, "E").state;
    expect(ccw.active?.rotation).toBe(3);
    expect(picture(ccw).slice(2, 5)).toEqual(["...ll.....", "....l.....", "....l....."]);
    expect(play(s, "Q", "E").state.active).toEqual(s.active);
    expect(play(s, "Z").state.active).toEqual(ccw.active);
  });
});

describe("wall kick tables", () => {
  it("match the published SRS tables for J, L, S, T, Z and for I", () => {
    for (const [from, to] of TURNS) {
      const name = `${NAMES[from]}->${NAMES[to]}`;
      expect(KICKS_JLSTZ[`${from}>${to}`], name).toEqual(STANDARD_JLSTZ[name]);
      expect(KICKS_I[`${from}>${to}`], name).toEqual(STANDARD_I[name]);
      for (const type of ["T", "S", "Z", "J", "L"] as PieceType[]) {
        expect(kickTests(type, from, to)).toEqual(STANDARD_JLSTZ[name]);
      }
      expect(kickTests("I", from, to)).toEqual(STANDARD_I[name]);
      expect(kickTests("O", from, to)).toEqual([[0, 0]]);
    }
  });

  /**
   * For every piece, every turn and every test k, builds a board where tests 0..k-1 collide and
   * test k fits, and checks the engine lands on test k with the published offset.
   */
  it("a turn takes the first published test that fits (every piece, turn and test)", () => {
    let checked = 0;
    let impossible = 0;
    for (const type of ["I", "T", "S", "Z", "J", "L"] as PieceType[]) {
      const table = type === "I" ? STANDARD_I : STANDARD_JLSTZ;
      for (const [from, to] of TURNS) {
        const tests = table[`${NAMES[from]}->${NAMES[to]}`] as [number, number][];
        const origin: [number, number] = [8, 7];
        const current = cellsOf(SRS_STATES[type][from] as string[], ...origin);
        const candidate = ([x, y]: [number, number]) =>
          cellsOf(SRS_STATES[type][to] as string[], origin[0] - y, origin[1] + x);
        for (let k = 0; k < tests.length; k++) {
          const keep = new Set([...candidate(tests[k] as [number, number]), ...current].map(key));
          const blockers = new Set<string>();
          for (let j = 0; j < k; j++) {
            for (const c of candidate(tests[j] as [number, number]))
              if (!keep.has(key(c))) blockers.add(key(c));
          }
          const blockable = tests.slice(0, k).every((t) => candidate(t).some((c) => blockers.has(key(c))));
          if (!blockable) {
            impossible++;
            continue;
          }
          const rows = Array.from({ length: 20 }, (_, r) =>
            Array.from({ length: 20 }, (_, c) => (blockers.has(`${r},${c}`) ? "#" : ".")).join(""),
          );
          const start = stackerGame.newGame({ size: 20 }, 1);
          const loaded = stackerGame.load(
            { board: rows, active: { type, rotation: from, cells: current }, next: ["O", "O", "O"] },
            start,
          );
          if (!loaded.ok) throw new Error(loaded.error.message);
          const turn = (to - from + 4) % 4 === 1 ? "Q" : "E";
          const result = stackerGame.apply(loaded.value, { cmd: "key", key: turn });
          if (!result.ok) throw new Error(`${type} ${from}->${to} test ${k}: ${result.error.message}`);
          const event = result.events[0];
          expect(event, `${type} ${from}->${to} test ${k}`).toMatchObject({
            type: "rotated",
            from,
            to,
            kick: k,
            offset: tests[k],
          });
          const expected = candidate(tests[k] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
          expect(result.state.active?.cells).toEqual(expected);
          checked++;
        }
      }
    }
    // 6 pieces x 8 turns x 5 tests; a few later tests cannot be isolated (an earlier test's cells
    // all lie inside the later one), which says nothing about the engine.
    expect(checked + impossible).toBe(240);
    expect(checked).toBe(236);
  });

  it("a turn that collides in all five tests does nothing (ILLEGAL_MOVE, state unchanged)", () => {
    const s = position(board("##.#######", "#...######", "##t#######", "#ttt######"));
    const before = JSON.stringify(s);
    const result = stackerGame.apply(s, { cmd: "key", key: "Q" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe("ILLEGAL_MOVE");
    expect(JSON.stringify(s)).toBe(before);
  });

  it("kicks a T off the left wall (test 2: one right)", () => {
    // T pointing right, flush with the left wall; turning to state 2 needs a column to its left.
    const s = position(board("t.........", "tt........", "t.........", "..........", ".........."), {
      rotation: 1,
    });
    expect(s.active?.rotation).toBe(1);
    // Rotation 1 keeps its cells in box columns 1-2, so the box sticks out past the wall by one.
    const { state, events } = play(s, "Q");
    expect(events[0]).toMatchObject({ type: "rotated", kick: 1, offset: [1, 0] });
    expect(picture(state).slice(5, 8)).toEqual(["..........", "ttt.......", ".t........"]);
  });

  it("kicks a vertical I off the right wall (I table, test 2: one left)", () => {
    const s = position(board(".........i", ".........i", ".........i", ".........i", ".........."), {
      rotation: 1,
    });
    const { state, events } = play(s, "Q");
    expect(events[0]).toMatchObject({ type: "rotated", from: 1, to: 2, kick: 1, offset: [-1, 0] });
    expect(picture(state).slice(5, 10)).toEqual([
      "..........",
      "..........",
      "......iiii",
      "..........",
      "..........",
    ]);
  });

  it("the O turns in place: its rotation counts on, its cells stay", () => {
    const s = position(board("..........", "....oo....", "....oo...."));
    const { state } = play(s, "Q", "Q", "E");
    expect(state.active?.rotation).toBe(1);
    expect(state.active?.cells).toEqual(s.active?.cells);
  });

  it("spawn cells: top row, centred, leaning left when the centre is between columns", () => {
    const cols = (type: PieceType, size: number) =>
      [...new Set(spawnCells(type, size).map(([, c]) => c))].sort((a, b) => a - b);
    // Width 10 is the guideline: J L S T Z in columns 3-5, I in 3-6, O in 4-5.
    expect(cols("T", 10)).toEqual([3, 4, 5]);
    expect(cols("I", 10)).toEqual([3, 4, 5, 6]);
    expect(cols("O", 10)).toEqual([4, 5]);
    // Width 11: O and I cannot be exact and lean left; three-wide pieces are exact.
    expect(cols("J", 11)).toEqual([4, 5, 6]);
    expect(cols("I", 11)).toEqual([3, 4, 5, 6]);
    expect(cols("O", 11)).toEqual([4, 5]);
    // Width 20 (the default): three-wide pieces lean left.
    expect(cols("S", 20)).toEqual([8, 9, 10]);
    expect(cols("I", 20)).toEqual([8, 9, 10, 11]);
    for (const type of TYPES) {
      expect(Math.min(...spawnCells(type, 20).map(([r]) => r)), type).toBe(0);
    }
  });
});
