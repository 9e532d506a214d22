import { describe, expect, it } from "vitest";
import { boardFromText } from "../../core/grid.js";
import { handleCommand } from "../../core/protocol.js";
import { nextInt, seedRng } from "../../core/rng.js";
import { hint } from "./computer.js";
import { DEFAULT_WEIGHTS, evaluateBoard } from "./evaluate.js";
import { puzzleGame } from "./index.js";
import { apply, legal, newGame } from "./rules.js";
import { FALLBACK_WORK, MAX_STEP_WORK, SEARCH_BUDGET, searchTray, WORK_LIMIT } from "./search.js";
import type { PuzzleCommand, PuzzleConfig, PuzzleState } from "./types.js";
import { WORST_POSITIONS } from "./worst-positions.js";

/** A position from hand-drawn rows and tray shapes (null = placed). */
function setup(board: string[], tray: (string[] | null)[]): PuzzleState {
  const r = puzzleGame.load(
    { board, tray: tray.map((shape) => shape && { shape }) },
    newGame({ rows: 8, cols: 8 }, 1),
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

interface Best {
  moves: PuzzleCommand[];
  placed: number;
  value: number;
}

/**
 * The reference: every sequence through the JSON rules (`legal`, then `apply`), judged the same way
 * (points + the final board's evaluation), the first of equal values kept.
 */
function bruteForce(state: PuzzleState): Best | null {
  const blocks = state.tray.filter((b) => b !== null).length;
  let best: Best | null = null;
  const visit = (s: PuzzleState, moves: PuzzleCommand[], points: number) => {
    const options = moves.length === blocks ? [] : legal(s);
    if (options.length === 0) {
      const value = DEFAULT_WEIGHTS.points * points + evaluateBoard(boardFromText(s.board), s.config.cols);
      if (
        best === null ||
        moves.length > best.placed ||
        (moves.length === best.placed && value > best.value)
      ) {
        best = { moves: moves.slice(), placed: moves.length, value };
      }
      return;
    }
    for (const c of options) {
      const r = apply(s, c);
      if (!r.ok) throw new Error(r.error.message);
      visit(r.state, [...moves, c], points + (r.state.score - s.score));
    }
  };
  visit(state, [], 0);
  return best;
}

/** Positions met in seeded random games: every `every`-th state of each. */
function positions(config: PuzzleConfig, seeds: number, every: number): PuzzleState[] {
  const out: PuzzleState[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const rng = seedRng(seed * 31);
    let s = newGame(config, seed);
    for (let i = 0; !s.over; i++) {
      if (i % every === 0) out.push(s);
      const moves = legal(s);
      const r = apply(s, moves[nextInt(rng, moves.length)] as PuzzleCommand);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
  }
  return out;
}

describe("puzzle computer player: the whole-tray search", () => {
  it("finds the same sequence as a brute force over the JSON rules, on 5 x 5 and 6 x 6 positions", () => {
    const all = [...positions({ rows: 5, cols: 5 }, 50, 1), ...positions({ rows: 6, cols: 6 }, 40, 3)];
    // Only an open 6 x 6 board with a tray of small blocks is past the budget (a beam).
    const cases = all.filter((s) => searchTray(boardFromText(s.board), s.config.cols, s.tray)?.exact);
    expect(cases.length).toBeGreaterThan(250);
    expect(cases.length / all.length).toBeGreaterThan(0.9);
    let withThree = 0;
    for (const s of cases) {
      const plan = searchTray(boardFromText(s.board), s.config.cols, s.tray);
      const ref = bruteForce(s) as Best | null;
      if (s.tray.every((b) => b !== null)) withThree++;
      expect(plan?.moves.map((m) => ({ cmd: "place", piece: m.piece, row: m.row, col: m.col }))).toEqual(
        ref?.moves,
      );
      expect(plan?.value).toBeCloseTo(ref?.value ?? Number.NaN, 9);
    }
    expect(withThree).toBeGreaterThan(40);
  });

  it("plays the one placement that keeps the game going", () => {
    // Only the vertical domino at the top right clears rows 0 and 1, and only then does the 3x3 fit.
    const s = setup(["RRRR.", "RRRR.", ".....", ".R.R.", "R.R.R"], [["#", "#"], ["###", "###", "###"], null]);
    expect(legal(s)).toHaveLength(5);
    const h = hint(s);
    expect(h.ok && h.value).toEqual({
      commands: [{ cmd: "place", piece: 0, row: 0, col: 4 }],
      reason: "clears 2 lines for 32 points",
    });
  });

  it("places as many blocks as can be placed, and says so when not all of them fit", () => {
    // The 3x3 fits nowhere whatever is played; the two dominoes still go in.
    const s = setup([".R.R.", "R.R.R", ".....", "R.R.R", ".R.R."], [["##"], ["###", "###", "###"], ["##"]]);
    const plan = searchTray(boardFromText(s.board), 5, s.tray);
    expect(plan?.moves.map((m) => m.piece)).toEqual([0, 2]);
    const h = hint(s);
    expect(h.ok && h.value.commands[0]?.piece).toBe(0);
    expect(h.ok && h.value.reason).toBe("only 2 of the 3 blocks fit in any order");
  });

  it("stays within its budget on an open 20 x 20 board with three small blocks", () => {
    const s = setup(Array(20).fill(".".repeat(20)), [["##"], ["#", "#"], ["##"]]);
    const plan = searchTray(boardFromText(s.board), 20, s.tray);
    expect(plan?.exact).toBe(false);
    expect(plan?.moves).toHaveLength(3);
    // The beam's estimate is of evaluations; allow the sort's ranking evaluations on top.
    expect((plan?.evaluated ?? Number.POSITIVE_INFINITY) * 20).toBeLessThanOrEqual(SEARCH_BUDGET * 1.5);
  });
});

describe("puzzle hint", () => {
  it("is always a legal move, changes nothing and is the same when asked again", () => {
    const cases = [
      ...positions({ rows: 8, cols: 8 }, 4, 5),
      ...positions({ rows: 10, cols: 6 }, 2, 5),
      ...positions({ rows: 5, cols: 20 }, 2, 5),
    ];
    for (const s of cases) {
      const before = JSON.stringify(s);
      const h = hint(s);
      expect(JSON.stringify(s)).toBe(before);
      if (!h.ok) throw new Error(h.error.message);
      const [command] = h.value.commands;
      expect(legal(s)).toContainEqual(command);
      expect(h.value.reason.length).toBeLessThanOrEqual(200);
      expect(hint(s)).toEqual(h);
    }
  });

  it("answers GAME_OVER once the game has ended, through the protocol too", () => {
    let s = newGame({ rows: 5, cols: 5 }, 3);
    while (!s.over) {
      const h = hint(s);
      if (!h.ok) throw new Error(h.error.message);
      const r = apply(s, h.value.commands[0] as PuzzleCommand);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    expect(hint(s)).toEqual({
      ok: false,
      error: { code: "GAME_OVER", message: "the game is over: start a new one" },
    });
    const step = handleCommand(puzzleGame, s, { cmd: "ai" });
    expect(step.reply.ok).toBe(false);
  });

  it("tells what the move does: a clear, a set-up, or keeping the board open", () => {
    const open = setup(Array(8).fill("........"), [["##"], ["##"], ["##"]]);
    const o = hint(open);
    expect(o.ok && o.value.reason).toMatch(
      /^(leaves room for all 3 blocks and keeps the board open|sets up \d lines? for)/,
    );
    const setUp = setup(["RRRRR...", ...Array(7).fill("........")], [["#", "#"], ["###"], null]);
    const u = hint(setUp);
    expect(u.ok && u.value.reason).toMatch(
      /^(clears 1 line for \d+ points|sets up 1 line for the next block)$/,
    );
  });
});

describe("puzzle computer player: the work limit (docs: Computer player, The bound)", () => {
  const load = (board: string[], tray: { shape: string[] }[]) => {
    const r = puzzleGame.load(
      { board, tray },
      newGame({ rows: board.length, cols: board[0]?.length ?? 0 }, 1),
    );
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  it("the worst positions found stop within the limit, hint the same move twice, and a legal one", () => {
    let stopped = 0;
    for (const fixture of WORST_POSITIONS) {
      const s = load(fixture.board, fixture.tray);
      const masks = boardFromText(s.board);
      // Without the limit the search would do more work than the hint may.
      const unlimited = searchTray(masks, s.config.cols, s.tray, DEFAULT_WEIGHTS, {
        work: 100 * WORK_LIMIT,
        fallback: 0,
      });
      const plan = searchTray(masks, s.config.cols, s.tray);
      const work = unlimited?.work ?? 0;
      // The limit is checked before each step: a search that ends within one step of it may finish.
      if (work >= WORK_LIMIT + MAX_STEP_WORK) expect(plan?.stopped).toBe(true);
      if (work < WORK_LIMIT) expect(plan?.stopped).toBe(false);
      if (plan?.stopped) stopped++;
      expect(plan?.work).toBeLessThanOrEqual(WORK_LIMIT + FALLBACK_WORK + 2 * MAX_STEP_WORK);
      const h = hint(s);
      if (!h.ok) throw new Error(h.error.message);
      expect(hint(s)).toEqual(h);
      expect(legal(s)).toContainEqual(h.value.commands[0]);
    }
    expect(stopped).toBeGreaterThanOrEqual(3);
  });

  it("the fallback beam plans a whole tray within its work on the emptiest largest board", () => {
    const s = load(Array(20).fill(".".repeat(20)), [
      { shape: ["##"] },
      { shape: ["#", "#"] },
      { shape: ["##"] },
    ]);
    const plan = searchTray(boardFromText(s.board), 20, s.tray, DEFAULT_WEIGHTS, {
      work: 20_000,
      fallback: FALLBACK_WORK,
    });
    expect(plan?.stopped).toBe(true);
    expect(plan?.moves).toHaveLength(3);
    expect(plan?.work).toBeLessThanOrEqual(20_000 + FALLBACK_WORK + 2 * MAX_STEP_WORK);
  });

  it("with no work allowed at all, the search still answers the first legal placement", () => {
    const s = setup(["RRRR.", "RRRR.", ".....", ".R.R.", "R.R.R"], [["#", "#"], ["###", "###", "###"], null]);
    const plan = searchTray(boardFromText(s.board), 5, s.tray, DEFAULT_WEIGHTS, { work: 0, fallback: 0 });
    expect(plan?.stopped).toBe(true);
    expect(plan?.work).toBe(0);
    const [first] = plan?.moves ?? [];
    expect(first && { cmd: "place", piece: first.piece, row: first.row, col: first.col }).toEqual(
      legal(s)[0],
    );
  });

  it("trays of real play are never stopped: the same plan as before the limit", () => {
    const cases = [
      ...positions({ rows: 8, cols: 8 }, 6, 3),
      ...positions({ rows: 10, cols: 10 }, 3, 5),
      ...positions({ rows: 20, cols: 20 }, 1, 40),
    ];
    for (const s of cases) {
      const plan = searchTray(boardFromText(s.board), s.config.cols, s.tray);
      expect(plan?.stopped).toBe(false);
      expect(plan?.work).toBeLessThan(WORK_LIMIT);
    }
  });
});
