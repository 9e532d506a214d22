import { describe, expect, it } from "vitest";
import { boardFromText } from "../../core/grid.js";
import { handleCommand, replay } from "../../core/protocol.js";
import { BLOCK_COLOURS } from "./constants.js";
import { puzzleGame } from "./index.js";
import { parseConfig } from "./load.js";
import { PIECE_POOL } from "./pool.js";
import { canAnyFit, newGame, previewPlacement } from "./rules.js";
import { linePoints, placementScore } from "./scoring.js";
import type { PuzzleEvent, PuzzleState } from "./types.js";

const base = newGame({ rows: 8, cols: 8 }, 1);

/** A position from a board picture and tray shapes (null = placed), all blue unless told. */
function setup(board: string[], tray: (string[] | null)[], extra: Record<string, unknown> = {}): PuzzleState {
  const raw = {
    board,
    tray: tray.map((shape) => (shape === null ? null : { shape, colour: "#0000FF" })),
    ...extra,
  };
  const loaded = puzzleGame.load(raw, base);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

function place(state: PuzzleState, piece: number, row: number, col: number) {
  const result = puzzleGame.apply(state, { cmd: "place", piece, row, col });
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

function eventOf<T extends PuzzleEvent["type"]>(events: PuzzleEvent[], type: T) {
  return events.find((e): e is Extract<PuzzleEvent, { type: T }> => e.type === type);
}

// The pool has no single cell: a domino stands in as a filler block.
const DOT = ["##"];
const I3V = ["#", "#", "#"];
const I2 = ["##"];
const SQ = ["##", "##"];
const BIG = ["###", "###", "###"];

describe("puzzle config", () => {
  it("defaults to 8 x 8 and takes 5 to 20 on each side separately", () => {
    expect(parseConfig(undefined)).toEqual({ ok: true, value: { rows: 8, cols: 8 } });
    expect(parseConfig({ rows: 10, cols: 6 })).toEqual({ ok: true, value: { rows: 10, cols: 6 } });
    expect(parseConfig({ rows: 5, cols: 20 })).toEqual({ ok: true, value: { rows: 5, cols: 20 } });
    expect(parseConfig({ cols: 12 })).toEqual({ ok: true, value: { rows: 8, cols: 12 } });
    for (const bad of [{ rows: 4 }, { cols: 21 }, { rows: 7.5 }, { rows: "8" }, [], "8x8", 8]) {
      const r = parseConfig(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe("BAD_CONFIG");
    }
  });

  it("starts with an empty M x N board and three blocks from the pool in palette colours", () => {
    const s = newGame({ rows: 10, cols: 6 }, 5);
    expect(s.board).toEqual(Array.from({ length: 10 }, () => "......"));
    expect(s.tray).toHaveLength(3);
    for (const b of s.tray) {
      expect(b).not.toBeNull();
      const piece = PIECE_POOL.find((p) => p.id === b?.id);
      expect(piece?.rows).toEqual(b?.shape);
      expect(piece?.baseShape).toBe(b?.baseShape);
      expect(BLOCK_COLOURS).toContain(b?.colour);
    }
    expect(s.over).toBe(false);
    expect(s.score).toBe(0);
  });

  it("deals every pool shape and every colour, the same way for the same seed", () => {
    const ids = new Set<string>();
    const colours = new Set<string>();
    for (let seed = 0; seed < 300; seed++) {
      for (const b of newGame({ rows: 8, cols: 8 }, seed).tray) {
        ids.add(b?.id ?? "");
        colours.add(b?.colour ?? "");
      }
    }
    expect(ids.size).toBe(32);
    expect(colours.size).toBe(7);
    expect(newGame({ rows: 8, cols: 8 }, 42)).toEqual(newGame({ rows: 8, cols: 8 }, 42));
    expect(newGame({ rows: 8, cols: 8 }, 42).tray).not.toEqual(newGame({ rows: 8, cols: 8 }, 43).tray);
  });
});

describe("puzzle scoring", () => {
  it("gives 12, 30, 54, 84 for 1 to 4 lines: each further line adds 50% of 12", () => {
    expect(linePoints(0)).toBe(0);
    expect(linePoints(1)).toBe(12);
    expect(linePoints(2)).toBe(30);
    // The spec's worked example: 3 lines = 12 + (12 * 1.5) + (12 * 2) = 54.
    expect(linePoints(3)).toBe(12 + 12 * 1.5 + 12 * 2);
    expect(linePoints(3)).toBe(54);
    expect(linePoints(4)).toBe(84);
    expect(placementScore(4, 1, 1, false)).toEqual({
      points: 64,
      block: 4,
      lines: 60,
      doubled: true,
      fullClear: 0,
    });
  });

  it("scores the cells of a block placed without a clear", () => {
    const s = setup(Array(8).fill("........"), [BIG, DOT, DOT]);
    const r = place(s, 0, 2, 3);
    expect(r.state.score).toBe(9);
    expect(eventOf(r.events, "scored")).toEqual({
      type: "scored",
      points: 9,
      block: 9,
      lines: 0,
      doubled: false,
      fullClear: 0,
    });
    expect(r.state.board[2]).toBe("...BBB..");
    expect(eventOf(r.events, "placed")?.cells).toEqual([
      [2, 3],
      [2, 4],
      [2, 5],
      [3, 3],
      [3, 4],
      [3, 5],
      [4, 3],
      [4, 4],
      [4, 5],
    ]);
  });

  it("scores one line cleared as 12 plus the block, on a 10 x 6 grid", () => {
    const board = Array(10).fill("......");
    board[9] = "RRRR..";
    board[0] = "G.....";
    const s = setup(board, [I2, DOT, DOT], { score: 100 });
    const r = place(s, 0, 9, 4);
    expect(eventOf(r.events, "cleared")).toMatchObject({ rows: [9], cols: [] });
    expect(r.state.board[9]).toBe("......");
    expect(r.state.score).toBe(100 + 2 + 12);
    expect(r.state.lines).toBe(1);
  });

  it("scores the spec's 3-line example: 54 for three rows at once, plus the block", () => {
    const board = Array(10).fill("......");
    board[3] = "RRR.RR";
    board[4] = "RRR.RR";
    board[5] = "RRR.RR";
    board[9] = "G.....";
    const s = setup(board, [I3V, DOT, DOT]);
    const r = place(s, 0, 3, 3);
    expect(eventOf(r.events, "cleared")).toMatchObject({ rows: [3, 4, 5], cols: [] });
    expect(eventOf(r.events, "scored")).toMatchObject({ lines: 54, doubled: false, points: 57 });
    expect(r.state.score).toBe(57);
  });

  it("doubles the line points when rows and columns clear together; a crossing cell counts once", () => {
    // 6 rows x 5 cols; the square completes row 5 and column 4 (and row 4).
    const board = ["....R", "....R", "....R", "....R", "RRR..", "RRR.."];
    const s = setup(board, [SQ, DOT, DOT], { config: { rows: 6, cols: 5 } });
    const r = place(s, 0, 4, 3);
    const cleared = eventOf(r.events, "cleared");
    expect(cleared?.rows).toEqual([4, 5]);
    expect(cleared?.cols).toEqual([4]);
    // 2 rows x 5 + column's other 4 cells: crossings are not counted twice.
    expect(cleared?.cells).toHaveLength(10 + 4);
    // 3 lines = 54, doubled = 108, + 4 cells; the board is then empty: + 200.
    expect(eventOf(r.events, "scored")).toEqual({
      type: "scored",
      points: 4 + 108 + 200,
      block: 4,
      lines: 108,
      doubled: true,
      fullClear: 200,
    });
  });

  it("does not double when only columns clear", () => {
    const board = Array(8).fill("BB......");
    board[0] = "........";
    board[7] = "B.......";
    const s = setup(board, [I2, DOT, DOT]);
    const r = place(s, 0, 0, 0);
    expect(eventOf(r.events, "cleared")).toMatchObject({ rows: [], cols: [0] });
    expect(eventOf(r.events, "scored")).toMatchObject({ lines: 12, doubled: false, fullClear: 0 });
    // Column 1 still has a gap at row 7: not cleared.
    expect(r.state.board[3]).toBe(".B......");
  });

  it("adds 200 when a clear leaves the board empty", () => {
    const board = Array(8).fill("........");
    board[6] = "YYYYYY..";
    const s = setup(board, [I2, DOT, DOT]);
    const r = place(s, 0, 6, 6);
    expect(r.state.board.every((l) => l === "........")).toBe(true);
    expect(r.state.score).toBe(2 + 12 + 200);
    expect(eventOf(r.events, "scored")?.fullClear).toBe(200);
  });
});

describe("puzzle rounds and refusals", () => {
  it("deals three new blocks only after all three are placed", () => {
    let s = newGame({ rows: 8, cols: 8 }, 9);
    const legalOf = (st: PuzzleState, piece: number) => puzzleGame.legal(st).find((c) => c.piece === piece);
    for (const piece of [1, 0]) {
      const c = legalOf(s, piece);
      if (!c) throw new Error("no move");
      const r = place(s, c.piece, c.row, c.col);
      expect(eventOf(r.events, "dealt")).toBeUndefined();
      expect(r.state.tray[piece]).toBeNull();
      s = r.state;
    }
    const c = legalOf(s, 2);
    if (!c) throw new Error("no move");
    const r = place(s, 2, c.row, c.col);
    const dealt = eventOf(r.events, "dealt");
    expect(dealt?.tray).toHaveLength(3);
    expect(dealt?.round).toBe(2);
    expect(r.state.tray.every((b) => b !== null)).toBe(true);
    expect(r.state.round).toBe(2);
  });

  it("refuses overlaps, blocks beyond the grid and placed pieces, changing nothing", () => {
    const board = Array(10).fill("......");
    board[0] = "R.....";
    const s = setup(board, [SQ, null, I3V]);
    const before = JSON.stringify(s);
    const cases: [number, number, number, string][] = [
      [0, 0, 0, "ILLEGAL_MOVE"], // overlaps R
      [0, 9, 0, "ILLEGAL_MOVE"], // sticks out below the 10th row
      [0, 0, 5, "ILLEGAL_MOVE"], // sticks out right of the 6th column
      [2, 8, 0, "ILLEGAL_MOVE"], // a vertical 3 from row 8 leaves the board
      [0, -1, 2, "ILLEGAL_MOVE"],
      [1, 3, 3, "ILLEGAL_MOVE"], // already placed
    ];
    for (const [piece, row, col, code] of cases) {
      const step = handleCommand(puzzleGame, s, { cmd: "place", piece, row, col });
      expect(step.reply.ok).toBe(false);
      if (!step.reply.ok) expect(step.reply.error.code).toBe(code);
      expect(step.state).toBe(s);
    }
    // A 10-row grid really has rows 8-9 for a square; a 6-column grid has columns 4-5.
    expect(puzzleGame.apply(s, { cmd: "place", piece: 0, row: 8, col: 4 }).ok).toBe(true);
    for (const bad of [
      { piece: 3, row: 0, col: 0 },
      { piece: 0, row: "1", col: 0 },
      { piece: 0.5, row: 0, col: 0 },
    ]) {
      const step = handleCommand(puzzleGame, s, { cmd: "place", ...bad });
      expect(step.reply.ok).toBe(false);
      if (!step.reply.ok) expect(step.reply.error.code).toBe("BAD_ARGUMENT");
    }
    expect(JSON.stringify(s)).toBe(before);
  });

  it("lists exactly the fitting placements as legal moves", () => {
    const board = Array(5).fill(".....");
    board[0] = "RRRR.";
    const s = setup(board, [BIG, null, ["#####"]]);
    const legal = puzzleGame.legal(s);
    // 3x3 on rows 1-4 of a 5-wide board: 2 x 3 positions; the 5-line: rows 1-4.
    expect(legal.filter((c) => c.piece === 0)).toHaveLength(6);
    expect(legal.filter((c) => c.piece === 2).map((c) => c.row)).toEqual([1, 2, 3, 4]);
    expect(legal.filter((c) => c.piece === 1)).toHaveLength(0);
  });
});

describe("puzzle game over", () => {
  it("ends as soon as no remaining block fits, on a 10 x 6 grid", () => {
    // The domino fills the only 2-cell gap; what is left are single holes where the 3x3 cannot go.
    const board = [
      "RR..RR",
      "RR.RRR",
      "R.R.R.",
      ".R.R.R",
      "R.R.R.",
      ".R.R.R",
      "R.R.R.",
      ".R.R.R",
      "R.R.R.",
      ".R.R.R",
    ];
    const s = setup(board, [I2, BIG, null]);
    expect(s.over).toBe(false);
    const r = place(s, 0, 0, 2);
    expect(r.state.over).toBe(true);
    expect(r.events.at(-1)).toEqual({ type: "game_over", score: r.state.score });
    const after = handleCommand(puzzleGame, r.state, { cmd: "place", piece: 1, row: 0, col: 0 });
    expect(after.reply.ok).toBe(false);
    if (!after.reply.ok) expect(after.reply.error.code).toBe("GAME_OVER");
    expect(puzzleGame.legal(r.state)).toEqual([]);
  });

  it("checks after the clear: the lines a placement clears can make room", () => {
    // 5 x 7: a checkerboard over three rows that miss only their last cell. The 3x3 fits nowhere
    // until the vertical 3 completes those rows and they clear.
    const board = ["R.R.R.R", ".R.R.R.", "RRRRRR.", "RRRRRR.", "RRRRRR."];
    const s = setup(board, [I3V, BIG, null]);
    const r = place(s, 0, 2, 6);
    expect(eventOf(r.events, "cleared")?.rows).toEqual([2, 3, 4]);
    expect(r.state.over).toBe(false);
    expect(puzzleGame.legal(r.state).map((c) => [c.row, c.col])).toEqual([
      [2, 0],
      [2, 1],
      [2, 2],
      [2, 3],
      [2, 4],
    ]);
    // Checked before the clear, the same placement would have ended the game.
    const uncleared = ["R.R.R.R", ".R.R.R.", "RRRRRRR", "RRRRRRR", "RRRRRRR"];
    expect(canAnyFit(boardFromText(uncleared), 7, r.state.tray)).toBe(false);
  });

  it("checks after the clear: a clear that leaves no room ends the game", () => {
    const board = ["R.R.R.R", ".R.R.R.", "R.R.R.R", "RRRRR..", "RRRRR.."];
    const s = setup(board, [SQ, BIG, null]);
    expect(s.over).toBe(false);
    const r = place(s, 0, 3, 5);
    expect(eventOf(r.events, "cleared")?.rows).toEqual([3, 4]);
    expect(r.state.over).toBe(true);
  });

  it("checks the new tray right after it is dealt", () => {
    // 5 x 5 checkerboard: the last block of the round fills the only 2-cell gap, a new tray is
    // dealt, and no pool shape (2 cells or more) fits single holes.
    const board = ["R.R.R", ".R.R.", "R.R.R", ".R.R.", "R...R"];
    const s = setup(board, [null, null, I2]);
    const r = place(s, 2, 4, 1);
    const types = r.events.map((e) => e.type);
    expect(types).toEqual(["placed", "scored", "dealt", "game_over"]);
    expect(r.state.over).toBe(true);
    expect(r.state.tray.every((b) => b !== null)).toBe(true);
  });
});

describe("puzzle load", () => {
  it("refuses positions that break the rules, with clear messages", () => {
    const bad: Record<string, unknown>[] = [
      { board: Array(8).fill("RRRRRRRR") }, // full rows
      { board: Array(8).fill("R.......") }, // full column
      { board: Array(8).fill("x.......") },
      { board: Array(4).fill("....") }, // too small
      { board: ["........"] },
      { config: { rows: 6, cols: 6 }, board: Array(8).fill("........") },
      { tray: [{ shape: [".#.", "###"] }, null, null] },
      { tray: [{ shape: ["##"], colour: "#123456" }, null, null] },
      { tray: [{ shape: ["##"], id: "L3" }, null, null] },
      { tray: [null, null] },
      { score: -1 },
      { score: 1.5 },
    ];
    for (const raw of bad) {
      const r = puzzleGame.load(raw, base);
      expect(r.ok, JSON.stringify(raw)).toBe(false);
      if (!r.ok) expect(r.error.code).toBe("BAD_STATE");
    }
  });

  it("deals a tray when the loaded one holds no block, and takes the size from the board", () => {
    const r = puzzleGame.load({ board: Array(10).fill("......"), tray: [null, null, null], seed: 3 }, base);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.config).toEqual({ rows: 10, cols: 6 });
    expect(r.value.tray.every((b) => b !== null)).toBe(true);
    expect(r.value.seed).toBe(3);
  });

  it("replays a whole random game byte for byte and ends it", () => {
    let state: PuzzleState = newGame({ rows: 6, cols: 5 }, 11);
    const commands = [];
    for (let i = 0; i < 500 && !state.over; i++) {
      const legal = puzzleGame.legal(state);
      const c = legal[(i * 7919) % legal.length];
      if (!c) throw new Error("no legal move in a running game");
      commands.push(c);
      state = place(state, c.piece, c.row, c.col).state;
    }
    expect(state.over).toBe(true);
    const again = replay(puzzleGame, 11, { rows: 6, cols: 5 }, commands);
    expect(again.ok && JSON.stringify(again.value.state)).toBe(JSON.stringify(state));
  });
});

describe("puzzle drop preview", () => {
  it("answers like place: the cells covered and the lines completed, or no fit", () => {
    const s = setup(["BBBBBB..", ...Array(7).fill("........")], [I2, SQ, null]);
    const p = previewPlacement(s, 0, 0, 6);
    expect(p).toEqual({
      fits: true,
      cells: [
        [0, 6],
        [0, 7],
      ],
      rows: [0],
      cols: [],
    });
    expect(puzzleGame.apply(s, { cmd: "place", piece: 0, row: 0, col: 6 }).ok).toBe(true);
    const blocked = previewPlacement(s, 1, 0, 4);
    expect(blocked).toEqual({
      fits: false,
      cells: [
        [0, 4],
        [0, 5],
        [1, 4],
        [1, 5],
      ],
      rows: [],
      cols: [],
    });
    expect(puzzleGame.apply(s, { cmd: "place", piece: 1, row: 0, col: 4 }).ok).toBe(false);
    expect(previewPlacement(s, 1, 7, 7).fits).toBe(false);
    expect(previewPlacement(s, 2, 3, 3)).toEqual({ fits: false, cells: [], rows: [], cols: [] });
  });

  it("agrees with legal on every cell of a played position", () => {
    let s = newGame({ rows: 6, cols: 7 }, 4);
    for (let i = 0; i < 6; i++) {
      const first = puzzleGame.legal(s)[0];
      if (!first) break;
      s = place(s, first.piece, first.row, first.col).state;
    }
    const legal = new Set(puzzleGame.legal(s).map((c) => `${c.piece},${c.row},${c.col}`));
    for (let piece = 0; piece < 3; piece++) {
      for (let row = -1; row <= 6; row++) {
        for (let col = -1; col <= 7; col++) {
          expect(previewPlacement(s, piece, row, col).fits).toBe(legal.has(`${piece},${row},${col}`));
        }
      }
    }
  });
});
