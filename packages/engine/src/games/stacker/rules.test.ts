/** Block Stacker rules: descent, lock, spawn, line clears, game over, scoring, levels, hold, keys, bag. */
import { describe, expect, it } from "vitest";
import { handleCommand } from "../../core/protocol.js";
import { MAX_SCORE } from "../../core/read.js";
import { cloneRng } from "../../core/rng.js";
import { drawPiece } from "./bag.js";
import { isResting } from "./board.js";
import { LOCK_DELAY_MS, MAX_LINES, PIECE_TYPES } from "./constants.js";
import { stackerGame } from "./index.js";
import { newGame as newStackerGame } from "./rules.js";
import { levelForLines, lineClearPoints } from "./scoring.js";
import { board, picture, play, position, type Step } from "./test-helpers.js";
import { gravityMs, tickDelayMs } from "./timing.js";
import type { PieceType, StackerState } from "./types.js";

const EMPTY = "..........";

function refusal(state: StackerState, step: Step) {
  const before = JSON.stringify(state);
  const result = stackerGame.apply(state, step === "tick" ? { cmd: "tick" } : { cmd: "key", key: step });
  expect(JSON.stringify(state)).toBe(before);
  if (result.ok) throw new Error(`${step} was accepted`);
  return result.error;
}

describe("new game", () => {
  it("is an empty N x N board with a piece at the top centre, 3 next pieces, nothing held", () => {
    for (const size of [10, 20, 30]) {
      const s = newStackerGame({ size }, 5);
      expect(s.board).toHaveLength(size);
      expect(s.board.every((row) => row === ".".repeat(size))).toBe(true);
      expect(s.active?.rotation).toBe(0);
      expect(Math.min(...(s.active?.cells ?? []).map(([r]) => r))).toBe(0);
      expect(s.next).toHaveLength(3);
      expect(s).toMatchObject({ score: 0, lines: 0, level: 1, hold: null, canHold: true, over: false });
    }
  });

  it("takes the size from config: 10 to 30, default 20; anything else is BAD_CONFIG", () => {
    expect(stackerGame.parseConfig(undefined)).toEqual({ ok: true, value: { size: 20 } });
    expect(stackerGame.parseConfig({})).toEqual({ ok: true, value: { size: 20 } });
    expect(stackerGame.parseConfig({ size: 10 })).toEqual({ ok: true, value: { size: 10 } });
    expect(stackerGame.parseConfig({ size: 30 })).toEqual({ ok: true, value: { size: 30 } });
    for (const size of [9, 31, 20.5, "20", null, -1]) {
      const parsed = stackerGame.parseConfig({ size });
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.code).toBe("BAD_CONFIG");
    }
    expect(stackerGame.parseConfig(7).ok).toBe(false);
  });
});

describe("automatic descent, lock and spawn", () => {
  it("each tick moves the piece one row down; the tick that is blocked locks it and the next spawns", () => {
    let s = position(board(EMPTY), { next: ["T", "I", "S"] });
    expect(picture(s).slice(0, 2)).toEqual(["....t.....", "...ttt...."]);
    for (let i = 0; i < 8; i++) {
      const step = play(s, "tick");
      expect(step.events).toEqual([{ type: "fell" }]);
      s = step.state;
    }
    // Resting on the floor but not locked: the lock waits for the step down that is blocked.
    expect(picture(s).slice(8)).toEqual(["....t.....", "...ttt...."]);
    expect(s.board.every((row) => row === EMPTY)).toBe(true);

    const { state, events } = play(s, "tick");
    expect(events).toEqual([
      {
        type: "locked",
        piece: "T",
        cells: [
          [8, 4],
          [9, 3],
          [9, 4],
          [9, 5],
        ],
      },
      { type: "spawned", piece: "I" },
    ]);
    expect(picture(state)).toEqual(
      board("...iiii...", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, "....T.....", "...TTT...."),
    );
    expect(state.next[0]).toBe("S");
  });

  it("locks on a locked block as on the floor", () => {
    const s = position(board(EMPTY, "....oo....", "....oo....", "....##....", EMPTY));
    const { state } = play(s, "tick");
    expect(state.board.slice(6)).toEqual(["....OO....", "....OO....", "....##....", EMPTY]);
  });

  it("soft drop (S) moves one row down for 1 point; on a resting piece it locks it at once", () => {
    let s = position(board(EMPTY), { next: ["J", "O", "O"] });
    const first = play(s, "S");
    expect(first.events).toEqual([
      { type: "moved", direction: "down" },
      { type: "scored", points: 1, reason: "soft_drop" },
    ]);
    expect(first.state.score).toBe(1);
    s = play(s, "S", "S", "S", "S", "S", "S", "S", "S").state;
    expect(s.score).toBe(8);
    expect(isResting(s)).toBe(true);
    const locked = play(s, "S");
    expect(locked.events).toEqual([
      { type: "locked", piece: "J", cells: s.active?.cells },
      { type: "spawned", piece: "O" },
    ]);
    expect(locked.state.score).toBe(8); // no row moved, no point
    expect(locked.state.board.slice(8)).toEqual(["...J......", "...JJJ...."]);
    expect(JSON.stringify(locked.state)).toBe(JSON.stringify(play(s, "tick").state));
  });

  it("A and D move one column; the walls and locked blocks refuse the move", () => {
    const s = position(board("..#.......", "..........", ".........."), { next: ["O", "O", "O"] });
    const left = play(s, "A").state;
    expect(picture(left).slice(0, 2)).toEqual(["...oo.....", "...oo....."]);
    expect(picture(play(s, "D").state).slice(0, 2)).toEqual([".....oo...", ".....oo..."]);
    expect(play(s, "A", "A", "A", "A").state.active?.cells.map(([, c]) => c)).toEqual([0, 1, 0, 1]);
    expect(refusal(play(s, "A", "A", "A", "A").state, "A").code).toBe("ILLEGAL_MOVE");
    expect(refusal(play(s, "D", "D", "D", "D").state, "D").code).toBe("ILLEGAL_MOVE");
    // A locked block at (7, 2) stops the O two rows lower.
    const low = play(s, "tick", "tick", "tick", "tick", "tick", "tick", "A").state;
    expect(refusal(low, "A").code).toBe("ILLEGAL_MOVE");
  });

  it("hard drop (Space) drops to the ghost, locks at once and scores 2 points a row", () => {
    const s = position(board("..#......."), { next: ["O", "T", "T"] });
    expect(picture(s, true).slice(8)).toEqual(["....++....", "..#.++...."]);
    const { state, events } = play(s, "Space");
    expect(events.slice(0, 2)).toEqual([
      { type: "hard_dropped", rows: 8 },
      { type: "scored", points: 16, reason: "hard_drop" },
    ]);
    expect(state.score).toBe(16);
    expect(state.board.slice(8)).toEqual(["....OO....", "..#.OO...."]);
    expect(state.active?.type).toBe("T");
  });
});

describe("line clears", () => {
  it("one row: it goes and everything above shifts down by one", () => {
    const s = position(board("Z.........", EMPTY, "TTT...TTTT"), { next: ["T", "O", "O"] });
    const { state, events } = play(s, "Space");
    expect(events).toContainEqual({ type: "cleared", rows: [9] });
    expect(events).toContainEqual({ type: "scored", points: 100, reason: "lines" });
    expect(state.board).toEqual(board(EMPTY, "Z.........", "....T....."));
    expect(state.lines).toBe(1);
  });

  it("two rows with an O, by ticks rather than a hard drop", () => {
    let s = position(board("S.........", "LLLL..LLLL", "LLLL..LLLL"), { next: ["O", "O", "O"] });
    for (let i = 0; i < 8; i++) s = play(s, "tick").state;
    const { state, events } = play(s, "tick");
    expect(events).toContainEqual({ type: "cleared", rows: [8, 9] });
    expect(state.score).toBe(300);
    expect(state.board).toEqual(board(EMPTY, EMPTY, "S........."));
  });

  it("three rows that are not next to each other: the row between them falls into place", () => {
    const s = position(
      board(
        "i.........",
        "i.........",
        "i.........",
        "i.........",
        EMPTY,
        ".LLLLLLLLL",
        ".LLLL.LLLL",
        ".LLLLLLLLL",
        ".LLLLLLLLL",
      ),
      {
        rotation: 1,
      },
    );
    const { state, events } = play(s, "Space");
    expect(events).toContainEqual({ type: "cleared", rows: [6, 8, 9] });
    expect(events).toContainEqual({ type: "scored", points: 500, reason: "lines" });
    expect(state.board).toEqual(board(EMPTY, "ILLLL.LLLL"));
    expect(state.lines).toBe(3);
  });

  it("four rows at once (a vertical I), with the blocks above shifting down four", () => {
    const s = position(
      board(
        ".........i",
        ".........i",
        ".........i",
        ".........i",
        EMPTY,
        "JJ......Z.",
        "IIIIIIIII.",
        "IIIIIIIII.",
        "IIIIIIIII.",
        "IIIIIIIII.",
      ),
      { rotation: 1 },
    );
    const { state, events } = play(s, "Space");
    expect(events).toContainEqual({ type: "cleared", rows: [6, 7, 8, 9] });
    expect(state.score).toBe(12 + 800);
    expect(state.board).toEqual(board(EMPTY, "JJ......Z."));
  });
});

describe("scoring and levels", () => {
  it("pays 100 / 300 / 500 / 800 times the level for 1 to 4 lines", () => {
    expect([1, 2, 3, 4].map((n) => lineClearPoints(n, 1))).toEqual([100, 300, 500, 800]);
    expect([1, 2, 3, 4].map((n) => lineClearPoints(n, 3))).toEqual([300, 900, 1500, 2400]);
    expect(lineClearPoints(0, 5)).toBe(0);
  });

  it("a level every 10 lines: level = 1 + floor(lines / 10)", () => {
    expect([0, 9, 10, 19, 20, 99, 100].map(levelForLines)).toEqual([1, 1, 2, 2, 3, 10, 11]);
  });

  it("a clear scores at the level it was made at, then the level goes up", () => {
    const s = position(board(EMPTY, "TTT...TTTT"), { next: ["T", "O", "O"], lines: 9 });
    expect(s.level).toBe(1);
    const { state, events } = play(s, "Space");
    expect(events).toContainEqual({ type: "scored", points: 100, reason: "lines" });
    expect(events).toContainEqual({ type: "level_up", level: 2 });
    expect(state).toMatchObject({ lines: 10, level: 2, score: 16 + 100 });
  });

  it("the same single at level 3 is worth 300", () => {
    const s = position(board(EMPTY, "TTT...TTTT"), { next: ["T", "O", "O"], lines: 20, score: 1000 });
    expect(play(s, "Space").state.score).toBe(1000 + 16 + 300);
  });

  it("gravity follows the guideline curve, faster every level up to level 20", () => {
    expect(gravityMs(1)).toBe(1000);
    const published: [number, number][] = [
      [2, 793],
      [3, 617.8],
      [4, 472.73],
      [5, 355.2],
      [6, 262],
      [7, 189.68],
      [8, 134.73],
      [9, 93.88],
      [10, 64.15],
      [15, 7.06],
    ];
    for (const [level, ms] of published) expect(gravityMs(level)).toBeCloseTo(ms, 0);
    for (let level = 2; level <= 20; level++) expect(gravityMs(level)).toBeLessThan(gravityMs(level - 1));
    expect(gravityMs(25)).toBe(gravityMs(20));
  });
});

describe("game over", () => {
  it("comes when the new piece's spawn cells are taken", () => {
    const stack = [
      "####.####.",
      "#.#.#.#.#.",
      "##.######.",
      ".########.",
      "#########.",
      "##.######.",
      "######.##.",
      "#.#.#.#.#.",
    ];
    const s = position(["oo........", "oo..#.....", ...stack], { next: ["T", "O", "O"] });
    const { state, events } = play(s, "tick");
    expect(events.at(-1)).toEqual({ type: "game_over", piece: "T" });
    expect(state.over).toBe(true);
    expect(state.active).toBeNull();
    expect(state.board).toEqual(["OO........", "OO..#.....", ...stack]);
    expect(refusal(state, "tick").code).toBe("GAME_OVER");
    expect(refusal(state, "A").code).toBe("GAME_OVER");
    expect(stackerGame.legal(state)).toEqual([]);
  });

  it("does not come while the spawn cells are free, however high the stack is elsewhere", () => {
    const stack = [
      "###..####.",
      "#.#.#.#.#.",
      "##.######.",
      ".########.",
      "#########.",
      "##.######.",
      "######.##.",
      "#.#.#.#.#.",
    ];
    const s = position(["oo........", "oo.....###", ...stack], { next: ["T", "O", "O"] });
    const { state } = play(s, "tick");
    expect(state.over).toBe(false);
    expect(state.active?.type).toBe("T");
  });

  it("hard-dropping every piece ends a new game in a bounded number of pieces", () => {
    let s = newStackerGame({ size: 10 }, 3);
    let pieces = 0;
    while (!s.over) {
      s = play(s, "Space").state;
      pieces++;
      expect(pieces).toBeLessThan(30);
    }
    expect(s.active).toBeNull();
    expect(s.board[0]?.includes(".")).toBe(true);
  });
});

describe("hold", () => {
  it("puts the piece aside and brings out the next; once per piece; the held one comes back fresh", () => {
    let s = position(board(EMPTY), { next: ["T", "I", "S"], bag: ["Z", "J", "L", "O"] });
    s = play(s, "tick", "tick", "Q", "A").state;
    let step = play(s, "C");
    expect(step.events).toEqual([
      { type: "held", piece: "T", released: null },
      { type: "spawned", piece: "I" },
    ]);
    s = step.state;
    expect(s).toMatchObject({ hold: "T", canHold: false, next: ["S", "Z", "J"] });
    expect(picture(s)[0]).toBe("...iiii...");
    expect(refusal(s, "C").message).toMatch(/already/);

    s = play(s, "Space").state; // the I locks; S comes; hold is free again
    expect(s).toMatchObject({ canHold: true, hold: "T" });
    step = play(s, "C");
    expect(step.events[0]).toEqual({ type: "held", piece: "S", released: "T" });
    expect(step.state.active).toEqual({
      type: "T",
      rotation: 0,
      cells: [
        [0, 4],
        [1, 3],
        [1, 4],
        [1, 5],
      ],
    });
    expect(step.state.next).toEqual(s.next); // a swap takes nothing from the queue
  });

  it("is refused when the piece to bring out has no room to spawn", () => {
    const s = position(["i.........", "i...#.....", "i.........", "i.........", ...Array(6).fill(EMPTY)], {
      rotation: 1,
      hold: "T",
    });
    expect(refusal(s, "C").code).toBe("ILLEGAL_MOVE");
  });
});

describe("keys", () => {
  it("takes the arrow keys, Space and lower-case letters as well as A/D/S/Q", () => {
    const s = position(board(EMPTY), { next: ["T", "O", "O"] });
    const viaProtocol = (key: unknown) =>
      handleCommand(stackerGame, s, { cmd: "key", key }).state as StackerState;
    expect(viaProtocol("ArrowLeft").active).toEqual(play(s, "A").state.active);
    expect(viaProtocol("a").active).toEqual(play(s, "A").state.active);
    expect(viaProtocol("ArrowRight").active).toEqual(play(s, "D").state.active);
    expect(viaProtocol("ArrowDown").active).toEqual(play(s, "S").state.active);
    expect(viaProtocol("ArrowUp").active).toEqual(play(s, "Q").state.active);
    expect(viaProtocol("x").active).toEqual(play(s, "Q").state.active);
    expect(viaProtocol(" ").board).toEqual(play(s, "Space").state.board);
    expect(viaProtocol("Shift").hold).toBe("T");
  });

  it("refuses other keys with BAD_ARGUMENT and changes nothing", () => {
    const s = newStackerGame({ size: 10 }, 1);
    for (const key of ["W", "Enter", "", 5, null, undefined, "left"]) {
      const step = handleCommand(stackerGame, s, { cmd: "key", key });
      expect(step.reply.ok).toBe(false);
      if (!step.reply.ok) expect(step.reply.error.code).toBe("BAD_ARGUMENT");
      expect(step.state).toBe(s);
    }
  });

  it("lists the legal commands: the tick always, keys only when they would be accepted", () => {
    const resting = position(board(EMPTY, EMPTY, "oo........", "oo........"));
    const legal = stackerGame.legal(resting).map((c) => (c.cmd === "tick" ? "tick" : c.key));
    expect(legal).toEqual(["tick", "D", "S", "Q", "E", "Space", "C"]);
  });
});

describe("7-bag randomizer", () => {
  function isPermutation(group: PieceType[]): boolean {
    return group.length === 7 && new Set(group).size === 7 && group.every((t) => PIECE_TYPES.includes(t));
  }

  it("every 7 pieces from the start of a game are the 7 pieces in some order", () => {
    for (const seed of [1, 2, 3, 99, 123456]) {
      const s = newStackerGame({ size: 20 }, seed);
      const queue = { next: s.next.slice(), bag: s.bag.slice() };
      const rng = cloneRng(s.rng);
      const sequence: PieceType[] = [s.active?.type as PieceType];
      while (sequence.length < 700) sequence.push(drawPiece(queue, rng));
      const groups = Array.from({ length: 100 }, (_, i) => sequence.slice(i * 7, i * 7 + 7));
      expect(groups.every(isPermutation)).toBe(true);
      // and the order changes from bag to bag
      expect(new Set(groups.map((g) => g.join(""))).size).toBeGreaterThan(50);
    }
  });

  it("holds in real play: the pieces that come into play, bag by bag", () => {
    let s = newStackerGame({ size: 30 }, 8);
    const sequence: PieceType[] = [s.active?.type as PieceType];
    const moves: Step[] = ["A", "A", "A", "A", "A", "A", "A", "A", "A", "A", "A", "D", "Q"];
    let i = 0;
    while (!s.over && sequence.length < 120) {
      // spread the pieces over the board so the game lasts
      const shifts = (i * 7) % 13;
      for (let k = 0; k < shifts; k++) {
        const step = moves[(i + k) % moves.length] as Step;
        const r = stackerGame.apply(s, { cmd: "key", key: step as "A" });
        if (r.ok) s = r.state;
      }
      const r = play(s, "Space");
      for (const e of r.events) if (e.type === "spawned") sequence.push(e.piece);
      s = r.state;
      i++;
    }
    const whole = Math.floor(sequence.length / 7);
    expect(whole).toBeGreaterThanOrEqual(5);
    for (let g = 0; g < whole; g++) expect(isPermutation(sequence.slice(g * 7, g * 7 + 7))).toBe(true);
  });
});

describe("timing for the front ends", () => {
  it("waits the gravity step while the piece can fall, and at least the lock delay once it rests", () => {
    const falling = position(board(EMPTY), { next: ["O", "O", "O"] });
    expect(isResting(falling)).toBe(false);
    expect(tickDelayMs(falling)).toBe(1000);
    const resting = play(falling, "Space").state; // a fresh O at the top of an almost empty board
    expect(isResting(resting)).toBe(false);
    const landed = play(resting, ...(Array(6).fill("tick") as Step[])).state;
    expect(isResting(landed)).toBe(true);
    expect(tickDelayMs(landed)).toBe(1000);
    const fast = position(board(EMPTY, EMPTY, "oo........", "oo........"), { lines: 150 });
    expect(isResting(fast)).toBe(true);
    expect(tickDelayMs(fast)).toBe(LOCK_DELAY_MS);
    expect(tickDelayMs(position(board(EMPTY, "oo........", "oo........", EMPTY), { lines: 150 }))).toBe(
      gravityMs(16),
    );
  });
});

describe("limits", () => {
  it("stops the score at MAX_SCORE and the lines at MAX_LINES, so a loaded edge stays loadable", () => {
    const s = position(board("IIIIIIII..", "IIIIIIII.."), {
      next: ["O", "O", "O"],
      score: MAX_SCORE - 5,
      lines: MAX_LINES - 1,
    });
    expect(s.active?.type).toBe("O");
    const { state } = play(s, "D", "D", "D", "D", "Space");
    expect(state.lines).toBe(MAX_LINES);
    expect(state.level).toBe(levelForLines(MAX_LINES));
    expect(state.score).toBe(MAX_SCORE);
    const again = stackerGame.load(JSON.parse(JSON.stringify(state)), s);
    expect(again.ok).toBe(true);
  });
});
