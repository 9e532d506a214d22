import { describe, expect, it } from "vitest";
import { handleCommand } from "../../core/protocol.js";
import { MAX_SCORE } from "../../core/read.js";
import { nextInt, seedRng } from "../../core/rng.js";
import {
  celebrationText,
  GRID_SIZE,
  MAX_MOVES_SINCE_CLEAR,
  MAX_STREAK,
  PERFECT_CLEAR_BONUS,
  REVIVES_PER_GAME,
} from "./constants.js";
import { blastGame, newBlastGame } from "./index.js";
import { CATEGORIES, POOL, pieceByRows } from "./pieces.js";
import {
  clearPoints,
  firstPlacement,
  placementAt,
  placementCount,
  previewPlacement,
  randomPlacement,
} from "./rules.js";
import { CHECKER_ROWS } from "./test-helpers.js";
import { toText } from "./text.js";
import type { BlastEvent, BlastState, TraySlot } from "./types.js";

const EMPTY = Array.from({ length: 8 }, () => "........");
const MONO: TraySlot = { shape: ["#"], colour: 0 };
const DOMINO_V: TraySlot = { shape: ["#", "#"], colour: 1 };
const SQUARE3: TraySlot = { shape: ["###", "###", "###"], colour: 2 };
const LINE5: TraySlot = { shape: ["#####"], colour: 3 };

/** A position from a picture and overrides, through the game's own load. */
function position(fields: Record<string, unknown>): BlastState {
  const loaded = blastGame.load(fields, newBlastGame(1));
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

function play(state: BlastState, command: Parameters<typeof blastGame.apply>[1]) {
  const result = blastGame.apply(state, command);
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

function eventsOf<T extends BlastEvent["type"]>(events: BlastEvent[], type: T) {
  return events.filter((e): e is Extract<BlastEvent, { type: T }> => e.type === type);
}

describe("piece pool", () => {
  it("finds each piece from a picture of it, and nothing from any other picture", () => {
    for (const p of POOL) {
      // Rows rebuilt character by character: equal strings, not the pool's own.
      expect(pieceByRows(p.rows.map((r) => [...r].join("")))).toBe(p);
      expect(pieceByRows(p.rows.map((r) => `${r}.`))).toBeUndefined();
    }
    for (const bad of [
      [],
      ["#/#"],
      ["#", "#/#"],
      ["##", "##", "#."],
      [".#", "#."],
      ["#", 5],
      ["#.."],
      [" #"],
    ]) {
      expect(pieceByRows(bad as string[]), JSON.stringify(bad)).toBeUndefined();
    }
    // Answers are remembered by array, but an array edited in place is looked up again.
    const rows = ["##"];
    expect(pieceByRows(rows)?.category).toBe("domino");
    rows[0] = "###";
    expect(pieceByRows(rows)?.category).toBe("triomino line");
    rows.push("###");
    expect(pieceByRows(rows)?.category).toBe("rectangle 2x3");
    rows[1] = "#.#";
    expect(pieceByRows(rows)).toBeUndefined();
  });

  it("holds the 37 orientations of the 15 table rows with the table's counts", () => {
    expect(POOL).toHaveLength(37);
    const counts = Object.fromEntries(
      CATEGORIES.map((c) => [c.name, POOL.filter((p) => p.category === c.name).length]),
    );
    expect(counts).toEqual({
      monomino: 1,
      domino: 2,
      "triomino line": 2,
      "triomino L-corner": 4,
      "tetromino line": 2,
      "square 2x2": 1,
      "L-shape": 4,
      "J-shape": 4,
      "T-shape": 4,
      "S-shape": 2,
      "Z-shape": 2,
      "pentomino line": 2,
      "big L-corner": 4,
      "rectangle 2x3": 2,
      "square 3x3": 1,
    });
    expect(new Set(POOL.map((p) => p.key)).size).toBe(37);
  });

  it("gives tiers by the clarified rule: easy 1-3 cells, hard S, Z and 5+ cells, medium the rest", () => {
    for (const p of POOL) {
      const size = p.shape.cells.length;
      const expected =
        size <= 3
          ? "easy"
          : size >= 5 || p.category === "S-shape" || p.category === "Z-shape"
            ? "hard"
            : "medium";
      expect(p.tier, p.category).toBe(expected);
    }
  });

  it("splits each category's weight evenly over its orientations", () => {
    for (const c of CATEGORIES) {
      const members = POOL.filter((p) => p.category === c.name);
      const total = members.reduce((s, p) => s + p.baseWeight, 0);
      expect(total).toBeCloseTo(1, 12);
      for (const p of members) expect(p.baseWeight).toBeCloseTo(1 / members.length, 12);
    }
  });
});

describe("new game and dealing", () => {
  it("starts with an empty 8x8 board, three distinct pieces, 3 revives, streak 0", () => {
    const s = newBlastGame(5);
    expect(s.board).toEqual(EMPTY);
    expect(s.tray).toHaveLength(3);
    const shapes = s.tray.map((t) => t?.shape.join("/"));
    expect(new Set(shapes).size).toBe(3);
    expect(s.revivesLeft).toBe(REVIVES_PER_GAME);
    expect(s.streak).toBe(0);
    expect(s.movesSinceLastClear).toBe(0);
    expect(s.over).toBe(false);
  });

  it("never repeats an orientation within a tray (2,000 deals)", () => {
    for (let seed = 0; seed < 2000; seed++) {
      const s = newBlastGame(seed);
      const keys = s.tray.map((t) => t?.shape.join("/"));
      expect(new Set(keys).size).toBe(3);
      expect(new Set(s.tray.map((t) => t?.colour)).size).toBe(3);
    }
  });

  it("draws only from the seeded source: same seed same tray, different seeds differ", () => {
    expect(newBlastGame(42)).toEqual(newBlastGame(42));
    const trays = new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(newBlastGame(i).tray)));
    expect(trays.size).toBeGreaterThan(15);
  });

  it("deals a new tray once the third piece is placed, and not before", () => {
    let s = position({ board: EMPTY, tray: [MONO, DOMINO_V, LINE5] });
    let r = play(s, { cmd: "place", piece: 0, row: 0, col: 0 });
    expect(eventsOf(r.events, "dealt")).toHaveLength(0);
    s = r.state;
    r = play(s, { cmd: "place", piece: 2, row: 7, col: 0 });
    expect(r.state.tray[0]).toBeNull();
    expect(r.state.tray[2]).toBeNull();
    expect(r.state.tray[1]).toEqual(DOMINO_V);
    r = play(r.state, { cmd: "place", piece: 1, row: 3, col: 3 });
    const dealt = eventsOf(r.events, "dealt");
    expect(dealt).toHaveLength(1);
    expect(r.state.tray.every((t) => t !== null)).toBe(true);
    expect(dealt[0]?.tray).toEqual(r.state.tray);
  });
});

describe("placement", () => {
  const board = [
    "#.......",
    "........",
    "........",
    "........",
    "........",
    "........",
    "........",
    "........",
  ];

  it("places a piece with its bounding box's top-left on (row, col), cells in the piece's colour", () => {
    const s = position({ board, tray: [SQUARE3, MONO, DOMINO_V] });
    const r = play(s, { cmd: "place", piece: 0, row: 1, col: 2 });
    expect(r.state.board.slice(0, 5)).toEqual(["#.......", "..CCC...", "..CCC...", "..CCC...", "........"]);
    expect(r.events[0]).toEqual({
      type: "placed",
      piece: 0,
      row: 1,
      col: 2,
      colour: 2,
      cells: [
        [1, 2],
        [1, 3],
        [1, 4],
        [2, 2],
        [2, 3],
        [2, 4],
        [3, 2],
        [3, 3],
        [3, 4],
      ],
    });
  });

  it("refuses overlap, leaving the grid, and a piece already placed, changing nothing", () => {
    const s = position({ board, tray: [SQUARE3, MONO, DOMINO_V] });
    const before = JSON.stringify(s);
    for (const [row, col] of [
      [0, 0],
      [6, 0],
      [0, 6],
      [-1, 2],
      [2, -1],
      [8, 8],
    ] as const) {
      const r = blastGame.apply(s, { cmd: "place", piece: 0, row, col });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe("ILLEGAL_MOVE");
        expect(r.error.message).toBe(`piece 0 does not fit at row ${row}, col ${col}`);
      }
    }
    const placed = play(s, { cmd: "place", piece: 1, row: 5, col: 5 }).state;
    const again = blastGame.apply(placed, { cmd: "place", piece: 1, row: 6, col: 6 });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.code).toBe("ILLEGAL_MOVE");
    expect(JSON.stringify(s)).toBe(before);
  });

  it("validates command arguments through the protocol", () => {
    const s = newBlastGame(3);
    const bad = [
      { cmd: "place", piece: 3, row: 0, col: 0 },
      { cmd: "place", piece: "0", row: 0, col: 0 },
      { cmd: "place", piece: 0, row: 0.5, col: 0 },
      { cmd: "place", piece: 0, col: 0 },
    ];
    for (const command of bad) {
      const step = handleCommand(blastGame, s, command);
      expect(step.reply.ok).toBe(false);
      if (!step.reply.ok) expect(step.reply.error.code).toBe("BAD_ARGUMENT");
    }
  });

  it("lists every fitting placement as legal and nothing else", () => {
    const s = position({
      board: ["########"].concat(EMPTY.slice(1)).map((l, i) => (i === 0 ? "#######." : l)),
      tray: [SQUARE3, null, null],
    });
    const legal = blastGame.legal(s);
    // A 3x3 square fits at rows 1-5 and columns 0-5 (row 0 is nearly full).
    expect(legal).toHaveLength(5 * 6);
    expect(legal.every((c) => c.cmd === "place" && c.row >= 1)).toBe(true);
  });

  it("counts and picks placements exactly as the legal list has them, through whole games", () => {
    for (let seed = 0; seed < 6; seed++) {
      let s = newBlastGame(seed);
      const drawn = seedRng(seed + 100);
      const listed = seedRng(seed + 100);
      for (let step = 0; step < 400; step++) {
        const legal = blastGame.legal(s);
        if (legal.length === 0) break;
        if (s.over) {
          expect(placementCount(s)).toBe(0);
          expect(placementAt(s, 0)).toBeUndefined();
          expect(randomPlacement(s, drawn)).toBeUndefined();
          expect(drawn).toEqual(listed);
        } else {
          // A uniform draw: the move a player drawing an index into the legal list gets.
          expect(randomPlacement(s, drawn)).toEqual(legal[nextInt(listed, legal.length)]);
          expect(drawn).toEqual(listed);
          expect(placementCount(s)).toBe(legal.length);
          expect(legal.map((_, n) => placementAt(s, n))).toEqual(legal);
          expect(placementAt(s, legal.length)).toBeUndefined();
          expect(placementAt(s, -1)).toBeUndefined();
        }
        s = play(s, legal[(step * 7) % legal.length] as (typeof legal)[number]).state;
      }
      expect(s.over).toBe(true);
    }
  });
});

describe("line clears", () => {
  it("clears a full row; the blocks left stay where they are (no gravity)", () => {
    const s = position({
      board: ["AAAAAAA.", "B.......", "........", "....C...", "........", "........", "........", "D......."],
      tray: [MONO, DOMINO_V, LINE5],
    });
    const r = play(s, { cmd: "place", piece: 0, row: 0, col: 7 });
    expect(r.state.board).toEqual([
      "........",
      "B.......",
      "........",
      "....C...",
      "........",
      "........",
      "........",
      "D.......",
    ]);
    const cleared = eventsOf(r.events, "cleared")[0];
    expect(cleared?.rows).toEqual([0]);
    expect(cleared?.cols).toEqual([]);
    expect(cleared?.cells).toHaveLength(8);
  });

  it("clears a full column", () => {
    const board = EMPTY.map((_, r) => (r === 0 ? "..B....." : `..A.${r === 4 ? "D" : "."}...`));
    const s = position({ board: board.map((l, r) => (r === 7 ? "........" : l)), tray: [MONO, null, null] });
    const r = play(s, { cmd: "place", piece: 0, row: 7, col: 2 });
    expect(eventsOf(r.events, "cleared")[0]).toMatchObject({ rows: [], cols: [2] });
    expect(r.state.board.every((l) => l[2] === ".")).toBe(true);
    expect(r.state.board[4]).toBe("....D...");
  });

  it("clears rows and columns together, counting a crossing cell once", () => {
    // Row 0 needs (0,7); column 7 needs (0,7): one monomino completes both, 15 distinct cells.
    const board = ["AAAAAAA.", ...Array.from({ length: 7 }, () => ".......B")];
    board[3] = "A......B";
    const s = position({ board, tray: [MONO, DOMINO_V, LINE5] });
    const r = play(s, { cmd: "place", piece: 0, row: 0, col: 7 });
    const cleared = eventsOf(r.events, "cleared")[0];
    expect(cleared).toMatchObject({ rows: [0], cols: [7] });
    expect(cleared?.cells).toHaveLength(15);
    const scored = eventsOf(r.events, "scored")[0];
    expect(scored).toEqual({
      type: "scored",
      points: (150 + 30) * 1,
      lines: 2,
      cells: 15,
      streak: 0,
      perfect: false,
    });
    expect(r.state.board[3]).toBe("A.......");
  });
});

describe("scoring", () => {
  it("follows the formula (10 x cells + 20 + 10 (lines - 1)) x (1 + 0.5 streak)", () => {
    expect(clearPoints(0, 0, 4)).toBe(0);
    expect(clearPoints(1, 8, 0)).toBe(100);
    expect(clearPoints(1, 8, 1)).toBe(150);
    expect(clearPoints(2, 16, 3)).toBe(475);
    expect(clearPoints(3, 22, 0)).toBe(220 + 40);
  });

  // The three worked examples of docs/games/blast.md "Scoring", played on a board.
  const oneLine = [
    "AAAAAAA.",
    "........",
    "....B...",
    "........",
    "........",
    "........",
    "........",
    "........",
  ];

  it("worked example: streak 0, 1 line scores 100", () => {
    const r = play(position({ board: oneLine, tray: [MONO, DOMINO_V, LINE5] }), {
      cmd: "place",
      piece: 0,
      row: 0,
      col: 7,
    });
    expect(eventsOf(r.events, "scored")[0]?.points).toBe(100);
    expect(r.state.score).toBe(100);
    expect(r.state.streak).toBe(1);
  });

  it("worked example: streak 1, 1 line scores 150", () => {
    const r = play(position({ board: oneLine, tray: [MONO, DOMINO_V, LINE5], streak: 1, score: 1000 }), {
      cmd: "place",
      piece: 0,
      row: 0,
      col: 7,
    });
    expect(eventsOf(r.events, "scored")[0]?.points).toBe(150);
    expect(r.state.score).toBe(1150);
    expect(r.state.streak).toBe(2);
  });

  it("worked example: streak 3, 2 lines of 16 cells scores 475", () => {
    const board = [
      "AAAAAAA.",
      "AAAAAAA.",
      "........",
      "...C....",
      "........",
      "........",
      "........",
      "........",
    ];
    const r = play(position({ board, tray: [DOMINO_V, MONO, LINE5], streak: 3 }), {
      cmd: "place",
      piece: 0,
      row: 0,
      col: 7,
    });
    expect(eventsOf(r.events, "scored")[0]).toMatchObject({ points: 475, lines: 2, cells: 16, streak: 3 });
    expect(r.state.score).toBe(475);
  });

  it("two consecutive clears: the first at x1.0, the next at x1.5", () => {
    const board = [
      "AAAAAAA.",
      "........",
      "BBBBBBB.",
      "........",
      "....C...",
      "........",
      "........",
      "........",
    ];
    let r = play(position({ board, tray: [MONO, DOMINO_V, LINE5] }), {
      cmd: "place",
      piece: 0,
      row: 0,
      col: 7,
    });
    expect(r.state.score).toBe(100);
    r = play(r.state, { cmd: "place", piece: 1, row: 2, col: 7 });
    // The domino covers (2,7) and (3,7): one line of 8 cells at streak 1.
    expect(eventsOf(r.events, "scored")[0]?.points).toBe(150);
    expect(r.state.streak).toBe(2);
  });

  it("a placement that clears nothing scores 0, resets the streak and counts a move without clear", () => {
    const s = position({ board: EMPTY, tray: [MONO, DOMINO_V, LINE5], streak: 4, movesSinceLastClear: 0 });
    const r = play(s, { cmd: "place", piece: 0, row: 4, col: 4 });
    expect(r.state.score).toBe(0);
    expect(r.state.streak).toBe(0);
    expect(r.state.movesSinceLastClear).toBe(1);
    expect(eventsOf(r.events, "scored")).toHaveLength(0);
    const again = play(r.state, { cmd: "place", piece: 1, row: 0, col: 0 });
    expect(again.state.movesSinceLastClear).toBe(2);
  });

  it("a clear resets movesSinceLastClear to 0", () => {
    const board = ["AAAAAAA.", "...B....", ...EMPTY.slice(2)];
    const r = play(position({ board, tray: [MONO, DOMINO_V, LINE5], movesSinceLastClear: 12 }), {
      cmd: "place",
      piece: 0,
      row: 0,
      col: 7,
    });
    expect(r.state.movesSinceLastClear).toBe(0);
  });

  it("perfect clear: +300 flat, not multiplied by the streak", () => {
    const board = ["AAAAAAA.", ...EMPTY.slice(1)];
    const r = play(position({ board, tray: [MONO, DOMINO_V, LINE5], streak: 2 }), {
      cmd: "place",
      piece: 0,
      row: 0,
      col: 7,
    });
    expect(eventsOf(r.events, "scored")[0]).toMatchObject({
      points: 100 * 2 + PERFECT_CLEAR_BONUS,
      perfect: true,
    });
    expect(r.state.board).toEqual(EMPTY);
    expect(r.state.score).toBe(500);
  });

  it("reports events in order: placed, cleared, scored, dealt", () => {
    const board = ["AAAAAAA.", "...B....", ...EMPTY.slice(2)];
    const r = play(position({ board, tray: [MONO, null, null] }), { cmd: "place", piece: 0, row: 0, col: 7 });
    expect(r.events.map((e) => e.type)).toEqual(["placed", "cleared", "scored", "dealt"]);
  });

  it("celebration text by lines cleared", () => {
    expect([0, 1, 2, 3, 4, 6].map(celebrationText)).toEqual([
      undefined,
      "Good Work!",
      "Excellent!",
      "Amazing!",
      "Perfect!",
      "Perfect!",
    ]);
  });
});

describe("game over", () => {
  it("is checked after a placement: the remaining pieces against the gaps, not the empty count", () => {
    // 32 empty cells, yet neither a 3x3 square nor a 5-line fits anywhere.
    const s = position({
      board: CHECKER_ROWS.map((l, r) => (r === 0 ? "A.A.A.A." : l)),
      tray: [MONO, SQUARE3, LINE5],
    });
    expect(s.over).toBe(false);
    const r = play(s, { cmd: "place", piece: 0, row: 0, col: 1 });
    expect(r.state.over).toBe(true);
    expect(r.events.at(-1)).toEqual({ type: "game_over", revivesLeft: 3 });
    const refused = blastGame.apply(r.state, { cmd: "place", piece: 1, row: 0, col: 0 });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe("GAME_OVER");
  });

  it("is judged on the board after the clear, not before it", () => {
    // Rows 1-7 a checkerboard, row 0 full but for its last cell: the 5-line fits nowhere until the
    // monomino completes row 0 and the row clears. Judged before the clear, this would be over.
    const board = ["AAAAAAA.", ...CHECKER_ROWS.slice(1)];
    const s = position({ board, tray: [MONO, LINE5, null] });
    expect(s.over).toBe(false);
    expect(placementCount(position({ board, tray: [null, LINE5, null] }))).toBe(0);
    const r = play(s, { cmd: "place", piece: 0, row: 0, col: 7 });
    expect(eventsOf(r.events, "cleared")[0]?.rows).toEqual([0]);
    expect(r.state.over).toBe(false);
    expect(r.events.some((e) => e.type === "game_over")).toBe(false);
    expect(blastGame.legal(r.state)).toContainEqual({ cmd: "place", piece: 1, row: 0, col: 0 });
  });

  it("is not over while one remaining piece still fits", () => {
    const s = position({
      board: CHECKER_ROWS,
      tray: [MONO, SQUARE3, null],
    });
    expect(s.over).toBe(false);
    // A vertical domino fits nowhere on a checkerboard: placing the monomino leaves no fit.
    const r = play(position({ board: CHECKER_ROWS, tray: [MONO, SQUARE3, DOMINO_V] }), {
      cmd: "place",
      piece: 0,
      row: 0,
      col: 1,
    });
    expect(r.state.over).toBe(true);
  });

  it("is checked after a deal", () => {
    // Search seeds for a third placement whose new tray cannot fit: the deal itself ends the game.
    let found: BlastState | undefined;
    for (let seed = 0; seed < 400 && !found; seed++) {
      const s = position({ board: CHECKER_ROWS, tray: [MONO, null, null], seed });
      const r = play(s, { cmd: "place", piece: 0, row: 7, col: 6 });
      const types = r.events.map((e) => e.type);
      if (types.includes("dealt") && r.state.over) {
        expect(types.slice(-2)).toEqual(["dealt", "game_over"]);
        found = r.state;
      }
    }
    expect(found).toBeDefined();
  });

  it("legal lists only revive while over with revives, nothing without", () => {
    const over = position({ board: CHECKER_ROWS, tray: [SQUARE3, LINE5, null] });
    expect(over.over).toBe(true);
    expect(blastGame.legal(over)).toEqual([{ cmd: "revive" }]);
    const final = position({ board: CHECKER_ROWS, tray: [SQUARE3, LINE5, null], revivesLeft: 0 });
    expect(blastGame.legal(final)).toEqual([]);
  });
});

describe("revive", () => {
  // 56 filled cells, the most a board can hold: one empty cell per row and column.
  const full = [
    "AAAAAAA.",
    "BBBBBBB.",
    "CCCCCCC.",
    "DDDDDDD.",
    "EEEEEEE.",
    "FFFFFFF.",
    "GGGGGGG.",
    "HHHHHHH.",
  ].map((line, r) => `${line.slice(0, r)}.${line.slice(r, 7)}`);

  it("removes min(20, filled) random filled cells, deals a new tray, resets streak, keeps score and moves", () => {
    const s = position({
      board: CHECKER_ROWS,
      tray: [SQUARE3, LINE5, null],
      score: 1234,
      movesSinceLastClear: 9,
    });
    const r = play(s, { cmd: "revive" });
    const revived = eventsOf(r.events, "revived")[0];
    expect(revived?.removed).toHaveLength(20);
    expect(revived?.revivesLeft).toBe(2);
    for (const [row, col] of revived?.removed ?? []) {
      expect(s.board[row]?.[col]).not.toBe(".");
      expect(r.state.board[row]?.[col]).toBe(".");
    }
    const filledBefore = s.board.join("").replaceAll(".", "").length;
    expect(r.state.board.join("").replaceAll(".", "").length).toBe(filledBefore - 20);
    expect(r.state.score).toBe(1234);
    expect(r.state.streak).toBe(0);
    expect(r.state.movesSinceLastClear).toBe(9);
    expect(r.state.revivesLeft).toBe(2);
    expect(r.state.tray.every((t) => t !== null)).toBe(true);
    expect(r.events.map((e) => e.type).slice(0, 2)).toEqual(["revived", "dealt"]);
    // A streak (only possible right after a clear, with no moves since) is reset too.
    const hot = position({ board: CHECKER_ROWS, tray: [SQUARE3, LINE5, null], streak: 2 });
    expect(play(hot, { cmd: "revive" }).state.streak).toBe(0);
  });

  it("removes every filled cell when fewer than 20 are filled", () => {
    // Four cells are enough to keep a 3x3 square out of every 3x3 window: over with 4 filled.
    const board = [
      "........",
      "........",
      "..A..B..",
      "........",
      "........",
      "..C..D..",
      "........",
      "........",
    ];
    const s = position({ board, tray: [SQUARE3, null, null] });
    expect(s.over).toBe(true);
    const r = play(s, { cmd: "revive" });
    expect(eventsOf(r.events, "revived")[0]?.removed).toEqual([
      [2, 2],
      [2, 5],
      [5, 2],
      [5, 5],
    ]);
    expect(r.state.board).toEqual(EMPTY);
    expect(r.state.over).toBe(false);
  });

  it("chooses the removed cells uniformly at random (every cell equally often)", () => {
    // 56 filled cells, 20 removed each time: each cell is removed with probability 20/56.
    const counts = new Map<string, number>();
    const n = 1500;
    for (let seed = 0; seed < n; seed++) {
      const s = position({ board: full, tray: [SQUARE3, LINE5, null], seed });
      const r = play(s, { cmd: "revive" });
      for (const [row, col] of eventsOf(r.events, "revived")[0]?.removed ?? []) {
        const k = `${row},${col}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
    }
    expect(counts.size).toBe(56);
    const expected = (n * 20) / 56;
    for (const c of counts.values()) {
      expect(c).toBeGreaterThan(expected * 0.85);
      expect(c).toBeLessThan(expected * 1.15);
    }
  });

  it("is refused while the game is not over, and after the last revive", () => {
    const s = newBlastGame(1);
    const r = blastGame.apply(s, { cmd: "revive" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("ILLEGAL_MOVE");
    const final = position({ board: CHECKER_ROWS, tray: [SQUARE3, LINE5, null], revivesLeft: 0 });
    const r2 = blastGame.apply(final, { cmd: "revive" });
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.error.code).toBe("GAME_OVER");
  });

  it("counts a revive that leaves the board still blocked", () => {
    // A nearly full board: after 20 cells go, some seed deals three pieces that still fit nowhere.
    let found = false;
    for (let seed = 0; seed < 3000 && !found; seed++) {
      const s = position({ board: full, tray: [SQUARE3, LINE5, null], seed, revivesLeft: 2 });
      const r = play(s, { cmd: "revive" });
      if (r.state.over) {
        found = true;
        expect(r.state.revivesLeft).toBe(1);
        expect(r.events.at(-1)).toEqual({ type: "game_over", revivesLeft: 1 });
        expect(blastGame.legal(r.state)).toEqual([{ cmd: "revive" }]);
      }
    }
    expect(found).toBe(true);
  });

  it("three revives, then the game over is final", () => {
    let s = position({ board: CHECKER_ROWS, tray: [SQUARE3, LINE5, null] });
    let revives = 0;
    // Play the first legal move until over, reviving while allowed.
    for (let i = 0; i < 2000; i++) {
      const legal = blastGame.legal(s);
      const first = legal[0];
      if (!first) break;
      if (first.cmd === "revive") revives++;
      s = play(s, first).state;
    }
    expect(revives).toBe(3);
    expect(s.over).toBe(true);
    expect(s.revivesLeft).toBe(0);
    expect(blastGame.legal(s)).toEqual([]);
  });
});

describe("load", () => {
  const cur = newBlastGame(1);
  const refused = (fields: Record<string, unknown>) => {
    const r = blastGame.load(fields, cur);
    expect(r.ok).toBe(false);
    return r.ok ? "" : `${r.error.code}: ${r.error.message}`;
  };

  it("refuses a board with a full row or column", () => {
    expect(refused({ board: ["AAAAAAAA", ...EMPTY.slice(1)] })).toMatch(/BAD_STATE: .*full line.*row 0/);
    expect(refused({ board: EMPTY.map((l) => `${l.slice(0, 7)}#`) })).toMatch(/column 7/);
  });

  it("refuses a board of the wrong size or with bad characters", () => {
    expect(refused({ board: EMPTY.slice(1) })).toMatch(/BAD_STATE/);
    expect(refused({ board: [...EMPTY.slice(1), "......."] })).toMatch(/row 7/);
    expect(refused({ board: [...EMPTY.slice(1), "........."] })).toMatch(/row 7/);
    expect(refused({ board: [...EMPTY.slice(1), "...x...."] })).toMatch(/"x"/);
    expect(refused({ board: "........" })).toMatch(/BAD_STATE/);
    expect(refused({ board: [...EMPTY.slice(1), 12345678] })).toMatch(/row 7/);
  });

  it("refuses bad tray shapes, repeats, wrong lengths and colours", () => {
    expect(refused({ tray: [{ shape: ["##", "##", "##", "##"] }, null, null] })).toMatch(
      /not a Block Blast piece/,
    );
    expect(refused({ tray: [{ shape: ["#.", "#."] }, null, null] })).toMatch(/not a Block Blast piece/);
    expect(refused({ tray: [{ shape: ["#x"] }, null, null] })).toMatch(/not a Block Blast piece/);
    expect(refused({ tray: [{ shape: "#" }, null, null] })).toMatch(/tray\[0\]/);
    expect(refused({ tray: [MONO, MONO, null] })).toMatch(/repeats/);
    expect(refused({ tray: [MONO, null] })).toMatch(/3 entries/);
    expect(refused({ tray: [{ shape: ["#"], colour: 10 }, null, null] })).toMatch(/colour/);
  });

  it("refuses bad counters", () => {
    expect(refused({ score: -1 })).toMatch(/score/);
    expect(refused({ streak: 1.5 })).toMatch(/streak/);
    expect(refused({ revivesLeft: 4 })).toMatch(/revivesLeft/);
    expect(refused({ movesSinceLastClear: "3" })).toMatch(/movesSinceLastClear/);
    expect(refused({ score: MAX_SCORE + 1 })).toMatch(/score/);
    expect(refused({ streak: MAX_STREAK + 1 })).toMatch(/streak/);
    expect(refused({ movesSinceLastClear: MAX_MOVES_SINCE_CLEAR + 1 })).toMatch(/movesSinceLastClear/);
    expect(refused({ revivesLeft: -1 })).toMatch(/revivesLeft/);
    expect(refused({ revivesLeft: null })).toMatch(/revivesLeft/);
  });

  it("refuses a streak together with moves since the last clear", () => {
    expect(refused({ streak: 3, movesSinceLastClear: 5 })).toMatch(
      /BAD_STATE: streak 3 with movesSinceLastClear 5/,
    );
    expect(blastGame.load({ streak: 3, movesSinceLastClear: 0 }, cur).ok).toBe(true);
    expect(blastGame.load({ streak: 0, movesSinceLastClear: MAX_MOVES_SINCE_CLEAR }, cur).ok).toBe(true);
  });

  it("refuses unknown fields, in the state and in a tray slot, and a config with options", () => {
    expect(refused({ streek: 1 })).toMatch(/BAD_STATE: .*unknown field "streek"/);
    expect(refused({ tray: [{ shape: ["#"], colour: 1, rotation: 0 }, null, null] })).toMatch(
      /tray\[0\].*"rotation"/,
    );
    expect(refused({ config: { size: 10 } })).toMatch(/BAD_STATE/);
    expect(refused({ config: null })).toMatch(/BAD_STATE/);
    expect(refused({ over: "no" })).toMatch(/over/);
  });

  it("never quotes a long value in a message", () => {
    const long = "#".repeat(10_000);
    for (const fields of [
      { tray: [{ shape: [long] }, null, null] },
      { board: long },
      { score: long },
      { [long]: 1 },
    ]) {
      expect(refused(fields).length).toBeLessThan(300);
    }
  });

  it("deals a new tray by the generation rules when the loaded tray holds no piece", () => {
    const a = blastGame.load({ board: EMPTY, tray: [null, null, null], seed: 9 }, cur);
    const b = blastGame.load({ board: EMPTY, seed: 9 }, cur);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.value.tray.every((t) => t !== null)).toBe(true);
    // Same loaded state, same source: same tray, and the same as a new game of that seed deals.
    expect(a.value.tray).toEqual(b.value.tray);
    expect(a.value.tray).toEqual(newBlastGame(9).tray);
  });

  it("derives over from the position and fills defaults", () => {
    const r = blastGame.load({ board: CHECKER_ROWS, tray: [SQUARE3, null, null], over: false }, cur);
    expect(r.ok && r.value.over).toBe(true);
    const d = blastGame.load({}, cur);
    expect(d.ok && d.value.revivesLeft).toBe(3);
    expect(d.ok && d.value.score).toBe(0);
  });

  it("a state emitted mid-game loads back to the same state", () => {
    let s = newBlastGame(11);
    for (let i = 0; i < 12; i++) {
      const move = blastGame.legal(s)[i % 3];
      if (!move) break;
      s = play(s, move).state;
    }
    // A `seed` field reseeds the source (protocol.md), so the exact position loads without it.
    const { seed: _seed, ...fields } = JSON.parse(JSON.stringify(s)) as BlastState;
    const r = blastGame.load(fields, newBlastGame(11));
    expect(r.ok && r.value).toEqual(s);
    const reseeded = blastGame.load(JSON.parse(JSON.stringify(s)), newBlastGame(99));
    expect(reseeded.ok && reseeded.value.board).toEqual(s.board);
  });
});

describe("placement preview", () => {
  it("agrees with place on every anchor: fit, cells, and the lines that then clear", () => {
    const board = [
      "AAAAAA..",
      "......B.",
      "......B.",
      "......B.",
      "......B.",
      "......B.",
      "......B.",
      "........",
    ];
    const s = position({ board, tray: [DOMINO_V, { shape: ["##"], colour: 4 }, SQUARE3] });
    for (let piece = 0; piece < 3; piece++) {
      for (let row = -2; row < 9; row++) {
        for (let col = -2; col < 9; col++) {
          const p = previewPlacement(s, piece, row, col);
          const r = blastGame.apply(s, { cmd: "place", piece, row, col });
          expect(p?.fits).toBe(r.ok);
          if (!r.ok || !p) continue;
          expect(p.cells).toEqual(eventsOf(r.events, "placed")[0]?.cells);
          const cleared = eventsOf(r.events, "cleared")[0];
          expect({ rows: p.rows, cols: p.cols }).toEqual({
            rows: cleared?.rows ?? [],
            cols: cleared?.cols ?? [],
          });
        }
      }
    }
    expect(previewPlacement(s, 1, 0, 6)).toMatchObject({ fits: true, rows: [0], cols: [] });
    expect(previewPlacement(s, 0, 0, 6)).toMatchObject({
      fits: false,
      cells: [
        [0, 6],
        [1, 6],
      ],
    });
  });

  it("shows no valid spot once the game is over, and nothing for an empty slot", () => {
    const over = position({ board: CHECKER_ROWS, tray: [SQUARE3, LINE5, null] });
    expect(previewPlacement(over, 0, 0, 0)?.fits).toBe(false);
    expect(previewPlacement(over, 2, 0, 0)).toBeUndefined();
    expect(firstPlacement(over, 0)).toBeUndefined();
    expect(
      firstPlacement(position({ board: ["A.......", ...EMPTY.slice(1)], tray: [SQUARE3, null, null] }), 0),
    ).toEqual({
      row: 0,
      col: 1,
    });
  });
});

describe("text form", () => {
  it("draws the position as a picture", () => {
    const s = position({
      board: ["AAAAAAA.", ...EMPTY.slice(1)],
      tray: [MONO, null, { shape: ["#.", "##"], colour: 3 }],
      score: 40,
      streak: 1,
    });
    expect(toText(s)).toBe(
      [
        "score 40  streak 1  moves since clear 0  revives 3",
        "  01234567",
        "0 AAAAAAA.",
        "1 ........",
        "2 ........",
        "3 ........",
        "4 ........",
        "5 ........",
        "6 ........",
        "7 ........",
        "",
        "[0]   [1]        [2]",
        "#     (placed)   #",
        "                 ##",
      ].join("\n"),
    );
  });
});

describe("whole games", () => {
  it("random games end, with scores that add up and every invariant kept", () => {
    const rng = seedRng(77);
    for (let seed = 0; seed < 10; seed++) {
      let s = newBlastGame(seed);
      let total = 0;
      for (let step = 0; step < 5000; step++) {
        const legal = blastGame.legal(s);
        if (legal.length === 0) break;
        const move = legal[Number((rng.s[0] >>> 0) % legal.length)] as (typeof legal)[number];
        rng.s[0] = (rng.s[0] * 1103515245 + 12345) >>> 0;
        const r = play(s, move);
        for (const e of eventsOf(r.events, "scored")) total += e.points;
        s = r.state;
        expect(s.board).toHaveLength(GRID_SIZE);
        expect(s.board.some((l) => !l.includes("."))).toBe(false);
      }
      expect(s.over).toBe(true);
      expect(s.revivesLeft).toBe(0);
      expect(s.score).toBe(total);
    }
  });
});
