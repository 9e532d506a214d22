/** Loading positions (protocol.md `load`) and the text pictures. */
import { describe, expect, it } from "vitest";
import { handleCommand } from "../../core/protocol.js";
import { MAX_SCORE } from "../../core/read.js";
import { MAX_LINES } from "./constants.js";
import { stackerGame } from "./index.js";
import { newGame as newStackerGame } from "./rules.js";
import { board, parseStackerPicture, picture, play, position } from "./test-helpers.js";
import { stackerPicture } from "./text.js";
import type { StackerState } from "./types.js";

const EMPTY = "..........";
const start = newStackerGame({ size: 10 }, 1);

function load(raw: Record<string, unknown>, from: StackerState = start) {
  const step = handleCommand(stackerGame, from, { cmd: "load", state: raw });
  return step;
}

function refusedWith(raw: Record<string, unknown>, pattern: RegExp): void {
  const step = load(raw);
  expect(step.reply.ok).toBe(false);
  if (!step.reply.ok) {
    expect(step.reply.error.code).toBe("BAD_STATE");
    expect(step.reply.error.message).toMatch(pattern);
  }
  expect(step.state).toBe(start);
}

const T_SPAWN = [
  [0, 4],
  [1, 3],
  [1, 4],
  [1, 5],
];

describe("load", () => {
  it("takes active as type, rotation and cells", () => {
    const step = load({
      board: board(EMPTY),
      active: { type: "T", rotation: 0, cells: T_SPAWN },
      next: ["I", "O", "S"],
    });
    expect(step.reply.ok).toBe(true);
    expect(step.state).toMatchObject({
      active: { type: "T", rotation: 0, cells: T_SPAWN },
      next: ["I", "O", "S"],
    });
  });

  it("accepts the cells in any order", () => {
    const cells = [
      [1, 5],
      [0, 4],
      [1, 3],
      [1, 4],
    ];
    const step = load({ active: { type: "T", rotation: 0, cells } });
    expect((step.state as StackerState).active?.cells).toEqual(T_SPAWN);
  });

  it("refuses cells that do not form that piece in that rotation", () => {
    refusedWith({ active: { type: "T", rotation: 1, cells: T_SPAWN } }, /do not form a T in rotation 1/);
    refusedWith({ active: { type: "L", rotation: 0, cells: T_SPAWN } }, /do not form a L/);
    refusedWith(
      {
        active: {
          type: "T",
          rotation: 0,
          cells: [
            [0, 4],
            [1, 3],
            [1, 4],
          ],
        },
      },
      /do not form/,
    );
    refusedWith({ active: { type: "T", rotation: 0, cells: [...T_SPAWN, [1, 6]] } }, /do not form/);
    refusedWith(
      {
        active: {
          type: "T",
          rotation: 0,
          cells: [
            [0, 4],
            [1, 3],
            [1, 4],
            [1, 4],
          ],
        },
      },
      /do not form/,
    );
  });

  it("tells the I's rotations 0 and 2 apart by where its cells sit in the box: both load", () => {
    const cells = [
      [5, 3],
      [5, 4],
      [5, 5],
      [5, 6],
    ];
    expect(load({ active: { type: "I", rotation: 0, cells } }).reply.ok).toBe(true);
    const two = load({ active: { type: "I", rotation: 2, cells } });
    expect(two.reply.ok).toBe(true);
    // From rotation 2 a clockwise turn goes to 3: the column left of the box centre.
    const turned = play(two.state as StackerState, "Q").state;
    expect(turned.active?.cells.map(([, c]) => c)).toEqual([4, 4, 4, 4]);
    const fromZero = play(
      load({ active: { type: "I", rotation: 0, cells } }).state as StackerState,
      "Q",
    ).state;
    expect(fromZero.active?.cells.map(([, c]) => c)).toEqual([5, 5, 5, 5]);
  });

  it("refuses cells off the board or on locked blocks", () => {
    refusedWith(
      {
        active: {
          type: "O",
          rotation: 0,
          cells: [
            [-1, 0],
            [-1, 1],
            [0, 0],
            [0, 1],
          ],
        },
      },
      /on the board/,
    );
    refusedWith(
      {
        active: {
          type: "O",
          rotation: 0,
          cells: [
            [0, 9],
            [0, 10],
            [1, 9],
            [1, 10],
          ],
        },
      },
      /on the board/,
    );
    refusedWith(
      { board: ["....#.....", ...Array(9).fill(EMPTY)], active: { type: "T", rotation: 0, cells: T_SPAWN } },
      /overlap/,
    );
  });

  it("refuses malformed fields with a clear message", () => {
    refusedWith({ active: { type: "Q", rotation: 0, cells: T_SPAWN } }, /active.type/);
    refusedWith({ active: { type: "T", rotation: 4, cells: T_SPAWN } }, /rotation/);
    refusedWith({ active: { type: "T", rotation: 0, cells: "x" } }, /pairs/);
    refusedWith({ active: "T" }, /active must be/);
    refusedWith({ board: Array(10).fill("..........."), active: null, over: true }, /row 0/);
    refusedWith({ board: Array(9).fill(EMPTY) }, /N rows of N cells/);
    refusedWith({ board: Array(10).fill(".........\u00e9") }, /visible ASCII/);
    refusedWith({ board: [...Array(9).fill(EMPTY), "##########"] }, /full/);
    refusedWith({ lines: 12, level: 1 }, /level must be/);
    refusedWith({ score: -5 }, /score/);
    refusedWith({ score: 1e300 }, /score/);
    refusedWith({ lines: 2.5 }, /lines/);
    refusedWith({ next: ["T", "T"] }, /next must list 3/);
    refusedWith({ next: ["T", "T", "X"] }, /next must list 3/);
    refusedWith({ next: ["T", "T", "T"], bag: ["I", "I"] }, /bag/);
    refusedWith({ hold: "W" }, /hold/);
    refusedWith({ canHold: "yes" }, /canHold/);
    refusedWith({ active: null }, /not over/);
    refusedWith({ over: true, active: { type: "T", rotation: 0, cells: T_SPAWN } }, /no active piece/);
    refusedWith({ config: { size: 40 } }, /size/);
    refusedWith({ config: { size: 12 }, board: board(EMPTY) }, /12 rows/);
  });

  it("refuses unknown fields, null where the state never holds null, and numbers out of range", () => {
    refusedWith({ zzz: 1 }, /unknown field "zzz"/);
    refusedWith(
      { active: { type: "T", rotation: 0, cells: T_SPAWN, colour: 3 } },
      /active has an unknown field/,
    );
    for (const key of ["score", "lines", "level", "canHold", "over", "next", "bag", "board", "config"]) {
      expect(load({ [key]: null }).reply.ok, `${key}: null`).toBe(false);
    }
    refusedWith({ lines: MAX_LINES + 1 }, /lines must be an integer from 0 to 1000000000/);
    refusedWith({ level: 0 }, /level must be an integer from 1/);
    refusedWith({ score: MAX_SCORE + 1 }, /score must be an integer from 0 to/);
    refusedWith({ seed: -1 }, /seed/);
    refusedWith({ rng: { s: [1, 2, 3] } }, /rng/);
    refusedWith({ bag: ["I"] }, /bag needs next/);
    refusedWith({ config: { size: 12, colour: 1 } }, /config has an unknown field/);
    // null is a value the state holds for hold (nothing held) and, once over, for active.
    expect(load({ hold: null }).reply.ok).toBe(true);
    expect(load({ over: true, active: null }).reply.ok).toBe(true);
    // The edges themselves load.
    expect(load({ score: MAX_SCORE, lines: MAX_LINES }).reply.ok).toBe(true);
  });

  it("takes the exact rng when present, keeping the seed as the game's label", () => {
    const played = play(newStackerGame({ size: 10 }, 4), "Space", "Space").state;
    const step = load(JSON.parse(JSON.stringify(played)));
    expect(step.state).toEqual(played);
  });

  it("takes the size from the board and spawns the next piece when no active piece is given", () => {
    const rows = Array.from({ length: 12 }, () => "............");
    const step = load({ board: rows, next: ["O", "I", "T"], bag: ["S"] });
    expect(step.reply.ok).toBe(true);
    const s = step.state as StackerState;
    expect(s.config.size).toBe(12);
    expect(s.active?.type).toBe("O");
    expect(s.next).toEqual(["I", "T", "S"]);
    expect(s.bag).toEqual([]);
  });

  it("a missing active piece whose spawn cells are taken gives a game that is over", () => {
    const rows = ["....#.....", ...Array(9).fill(EMPTY)];
    const s = load({ board: rows, next: ["T", "O", "O"] }).state as StackerState;
    expect(s.over).toBe(true);
    expect(s.active).toBeNull();
  });

  it("a seed reseeds the random source; the same seed loads the same queue", () => {
    const a = load({ seed: 77 }).state as StackerState;
    const b = load({ seed: 77 }, newStackerGame({ size: 10 }, 999)).state as StackerState;
    expect(a.seed).toBe(77);
    expect(a.next).toEqual(b.next);
    expect(a.rng).toEqual(b.rng);
  });

  it("round-trips an emitted state", () => {
    let s = newStackerGame({ size: 15 }, 4);
    s = play(s, "Q", "A", "Space", "C", "tick", "D").state;
    // Without its seed field the state keeps its rng as it is (a seed field would reseed it).
    const { seed: _seed, ...raw } = JSON.parse(JSON.stringify(s));
    const again = load(raw, newStackerGame({ size: 10 }, 4)).state;
    expect(again).toEqual(s);
  });
});

describe("text pictures", () => {
  it("shows locked letters, the falling piece in lower case and the ghost as +", () => {
    const s = position(board(EMPTY, EMPTY, "SS..ZZ...."), { next: ["L", "O", "O"] });
    expect(stackerPicture(s, { ghost: true })).toEqual(
      board(
        ".....l....",
        "...lll....",
        EMPTY,
        EMPTY,
        EMPTY,
        EMPTY,
        EMPTY,
        ".....+....",
        "...+++....",
        "SS..ZZ....",
      ),
    );
    expect(picture(s)).toEqual(board(".....l....", "...lll....", ...Array(7).fill(EMPTY), "SS..ZZ...."));
  });

  it("reads a picture back into board and active piece", () => {
    const parsed = parseStackerPicture(["..t.", ".tt+", "..t#"], 3);
    expect(parsed).toEqual({
      board: ["....", "....", "...#"],
      active: {
        type: "T",
        rotation: 3,
        cells: [
          [0, 2],
          [1, 1],
          [1, 2],
          [2, 2],
        ],
      },
    });
    expect(() => parseStackerPicture(["ti"])).toThrow(/two falling pieces/);
  });
});
