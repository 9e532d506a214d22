import { describe, expect, it } from "vitest";
import { handleCommand } from "../../core/protocol.js";
import { nextInt, seedRng } from "../../core/rng.js";
import { bitsFromText, fitsAnywhere } from "./bitboard.js";
import { DEFAULT_WEIGHTS, evaluateBoard, hint, lookaheadCharge, planTray, type Weights } from "./computer.js";
import { PERFECT_CLEAR_BONUS } from "./constants.js";
import { blastGame, newBlastGame } from "./index.js";
import { POOL, pieceByRows } from "./pieces.js";
import { clearPoints, randomPlacement } from "./rules.js";
import type { BlastCommand, BlastEvent, BlastState } from "./types.js";

function position(fields: Record<string, unknown>): BlastState {
  const loaded = blastGame.load(fields, newBlastGame(1));
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

function play(state: BlastState, command: BlastCommand): { state: BlastState; events: BlastEvent[] } {
  const result = blastGame.apply(state, command);
  if (!result.ok) throw new Error(result.error.message);
  return { state: result.state, events: result.events };
}

function boardValue(state: BlastState, w: Weights): number {
  const { lo, hi } = bitsFromText(state.board);
  return evaluateBoard(lo, hi, w);
}

/**
 * The same search written the slow, obvious way: the JSON `legal` list, `apply` and its `scored`
 * events, every order; the best value and the first placements that reach it. With a look-ahead,
 * each sequence is charged the dead share of the position it leaves (the state `apply` returns).
 */
function bruteForce(state: BlastState, w: Weights): { value: number; firsts: string[] } {
  const leaves: { value: number; first: string; state: BlastState }[] = [];
  const walk = (s: BlastState, gained: number, first: string | undefined) => {
    const moves = s.over ? [] : blastGame.legal(s);
    const left = s.tray.filter((slot) => slot !== null).length;
    // A dealt tray ends the sequence (the tray was emptied).
    const dealtFresh = first !== undefined && s.tray.every((slot) => slot !== null) && left === 3;
    let value: number | undefined;
    if (left === 0 || dealtFresh) value = gained + boardValue(s, w) - w.streak * Math.max(0, s.streak - 1);
    else if (moves.length === 0) value = gained + boardValue(s, w) - 1_000_000 * left;
    if (value !== undefined) {
      leaves.push({ value, first: first as string, state: s });
      return;
    }
    for (const move of moves) {
      if (move.cmd !== "place") continue;
      const { state: next, events } = play(s, move);
      const points = events.reduce((n, e) => (e.type === "scored" ? n + e.points : n), 0);
      walk(next, gained + w.points * points, first ?? `${move.piece} ${move.row} ${move.col}`);
    }
  };
  walk(state, 0, undefined);
  // The look-ahead's charge, for the sequences it could matter to: a charge is never negative, so
  // once the leaves (best first) fall below the best charged value, none left can reach it.
  const charged = w.lookahead + w.lookaheadLater + w.expect > 0;
  leaves.sort((a, b) => b.value - a.value);
  let best = Number.NEGATIVE_INFINITY;
  let firsts: string[] = [];
  // Orders of the same placements leave the same position: its charge is worked out once.
  const charges = new Map<string, number>();
  for (const leaf of leaves) {
    let value = leaf.value;
    if (value < best - 1e-6) break;
    if (charged) {
      const { lo, hi } = bitsFromText(leaf.state.board);
      const s = leaf.state;
      const key = `${lo} ${hi} ${s.streak} ${s.score} ${s.movesSinceLastClear}`;
      const charge = charges.get(key) ?? lookaheadCharge(lo, hi, s.streak, s.score, s.movesSinceLastClear, w);
      charges.set(key, charge);
      expect(charge).toBeGreaterThanOrEqual(0);
      value -= charge;
    }
    if (value > best) {
      best = value;
      firsts = [leaf.first];
    } else if (value === best) firsts.push(leaf.first);
  }
  return { value: best, firsts };
}

/** Positions from seeded random play, with a tray of one to three pieces and a crowded board. */
function smallPositions(count: number): BlastState[] {
  const out: BlastState[] = [];
  for (let seed = 1; out.length < count; seed++) {
    const rng = seedRng(seed);
    let state = newBlastGame(seed);
    while (!state.over && out.length < count) {
      const move = randomPlacement(state, rng);
      if (!move) break;
      state = play(state, move).state;
      // Crowded boards keep the brute force quick; every tray size is met.
      const filled = state.board.join("").replaceAll(".", "").length;
      if (!state.over && filled >= 26 + nextInt(rng, 10)) out.push(state);
    }
  }
  return out;
}

describe("blast computer player", () => {
  it("finds the brute-force search's best sequence over JSON legal on 150 positions", () => {
    // 150 positions: 30 for each set of weights, each with trays of one, two and three pieces
    // (counted below). 300 took three times as long: a few three-piece trays under the heavy
    // look-ahead weights cost seconds each in the brute force (docs/testing.md "Test time").
    const positions = smallPositions(150);
    const weightSets: Weights[] = [
      DEFAULT_WEIGHTS,
      { ...DEFAULT_WEIGHTS, lookahead: 0, lookaheadLater: 0, expect: 0 },
      { ...DEFAULT_WEIGHTS, lookaheadLater: 500, expect: 0 },
      { ...DEFAULT_WEIGHTS, lookahead: 0, expect: 3, expectRef: 800, expectTrays: 8 },
      {
        ...DEFAULT_WEIGHTS,
        lookahead: 0,
        lookaheadLater: 0,
        expect: 0,
        points: 3,
        nearLines: 25,
        streak: 40,
        rim: 3,
        squareSpots: 5,
        emptyLines: 30,
        deadEnds: 20,
      },
    ];
    let i = 0;
    const met = new Set<string>();
    for (const state of positions) {
      const w = weightSets[i % weightSets.length] as Weights;
      met.add(`${i++ % weightSets.length} ${state.tray.filter((slot) => slot !== null).length}`);
      // The search's exact answer: the work budget, which may stop it early, has its own tests.
      const plan = planTray(state, w, Number.POSITIVE_INFINITY);
      const brute = bruteForce(state, w);
      expect(plan.value).toBeCloseTo(brute.value, 6);
      const first = plan.steps[0];
      expect(first).toBeDefined();
      expect(brute.firsts).toContain(`${first?.piece} ${first?.row} ${first?.col}`);
    }
    // Every set of weights met trays of every size.
    expect(met.size).toBe(weightSets.length * 3);
    // The brute force charges every sequence within reach of the best with the full look-ahead.
    // Sized for a busy machine: 300 positions took 300 s with the two cores at load 17.
  }, 900_000);

  it("the plan's steps are legal in order and score what they claim", () => {
    for (const state of smallPositions(40)) {
      let s = state;
      for (const step of planTray(s).steps) {
        const { state: next, events } = play(s, {
          cmd: "place",
          piece: step.piece,
          row: step.row,
          col: step.col,
        });
        const scored = events.find((e) => e.type === "scored");
        expect(scored?.type === "scored" ? scored.points : 0).toBe(step.points);
        s = next;
      }
    }
  });

  it("hints a legal placement and changes nothing", () => {
    for (const state of smallPositions(60)) {
      const before = JSON.stringify(state);
      const h = hint(state);
      expect(JSON.stringify(state)).toBe(before);
      if (!h.ok) throw new Error(h.error.message);
      expect(h.value.commands).toHaveLength(1);
      expect(blastGame.legal(state)).toContainEqual(h.value.commands[0]);
      expect(h.value.reason.length).toBeGreaterThan(0);
      expect(h.value.reason.length).toBeLessThanOrEqual(200);
    }
  });

  it("re-hinting after each hinted placement follows the first plan to the end of the tray", () => {
    for (const state of smallPositions(40)) {
      const plan = planTray(state);
      let s = state;
      for (const step of plan.steps) {
        const h = hint(s);
        if (!h.ok) throw new Error(h.error.message);
        expect(h.value.commands[0]).toEqual({
          cmd: "place",
          piece: step.piece,
          row: step.row,
          col: step.col,
        });
        s = play(s, h.value.commands[0] as BlastCommand).state;
      }
    }
  });

  it("takes the only placement that keeps the game alive", () => {
    // The 3x3 fits only in the empty top-left corner, and the domino fits only there too (the
    // column below is one cell wide, the other holes single cells): the domino first leaves the square nowhere to go; the square
    // first clears three rows and the domino follows.
    const state = position({
      board: ["...#####", "...#####", "...#####", "#.#.#.#.", "#.######", "#.##.#.#", "#.######", "#.######"],
      tray: [{ shape: ["##"], colour: 1 }, { shape: ["###", "###", "###"], colour: 0 }, null],
    });
    const h = hint(state);
    if (!h.ok) throw new Error(h.error.message);
    expect(h.value.commands).toEqual([{ cmd: "place", piece: 1, row: 0, col: 0 }]);
    const alive = blastGame.legal(state).filter((move) => planTray(play(state, move).state).unplaced === 0);
    expect(alive).toEqual([{ cmd: "place", piece: 1, row: 0, col: 0 }]);
    expect(blastGame.legal(state).length).toBeGreaterThan(1);
  });

  it("takes a clear when one is there, and says what it scores", () => {
    const state = position({
      board: ["#######.", "........", "........", "........", "........", "........", "........", "#......."],
      tray: [{ shape: ["#"], colour: 0 }, null, null],
    });
    const h = hint(state);
    if (!h.ok) throw new Error(h.error.message);
    expect(h.value.commands).toEqual([{ cmd: "place", piece: 0, row: 0, col: 7 }]);
    expect(h.value.reason).toBe(`clears 1 line for ${clearPoints(1, 8, 0)} points`);
  });

  it("counts a perfect clear's bonus in the plan", () => {
    const state = position({
      board: ["#######.", "........", "........", "........", "........", "........", "........", "........"],
      tray: [{ shape: ["#"], colour: 0 }, null, null],
      streak: 2,
    });
    expect(planTray(state).steps[0]?.points).toBe(clearPoints(1, 8, 2) + PERFECT_CLEAR_BONUS);
  });

  it("hints a revive after a game over with one left, and refuses once none is left", () => {
    const blocked = position({
      board: ["#.#.#.#.", ".#.#.#.#", "#.#.#.#.", ".#.#.#.#", "#.#.#.#.", ".#.#.#.#", "#.#.#.#.", ".#.#.#.#"],
      tray: [{ shape: ["##"], colour: 0 }, null, null],
      over: true,
    });
    const h = hint(blocked);
    expect(h.ok && h.value.commands).toEqual([{ cmd: "revive" }]);
    const done = hint({ ...blocked, revivesLeft: 0 });
    expect(!done.ok && done.error.code).toBe("GAME_OVER");
    const none: BlastState = { ...blocked, revivesLeft: 0 };
    const step = handleCommand(blastGame, none, { cmd: "hint" });
    expect(step.reply.ok).toBe(false);
  });

  it("the look-ahead also charges trays that only fit by shutting the 3x3 square out", () => {
    const plain = { ...DEFAULT_WEIGHTS, squareAfter: 0, lookahead: 1, expect: 0 };
    const room = { ...DEFAULT_WEIGHTS, squareAfter: 1, lookahead: 1, expect: 0 };
    // An empty board takes any tray with room to spare.
    expect(lookaheadCharge(0, 0, 0, 20_000, 0, room)).toBe(0);
    let more = 0;
    for (const state of smallPositions(60)) {
      const { lo, hi } = bitsFromText(state.board);
      const args = [lo, hi, state.streak, state.score, state.movesSinceLastClear] as const;
      const a = lookaheadCharge(...args, plain);
      const b = lookaheadCharge(...args, room);
      // A tray that fits with room for the square fits: the charge only grows, and stays a share.
      expect(b).toBeGreaterThanOrEqual(a);
      expect(b).toBeLessThanOrEqual(1);
      if (b > a) more++;
    }
    expect(more).toBeGreaterThan(10);
  });

  it("the next tray's expectation stops a tray's search early only when the tray is healthy", () => {
    // One likely tray per position (the same tray whatever the reference): with a reference and a
    // dead charge out of reach, the charge is the reference less the tray's best value, searched
    // in full; with a real reference the search stops at the first sequence reaching it.
    const only = (ref: number, dead: number): Weights => ({
      ...DEFAULT_WEIGHTS,
      lookahead: 0,
      expect: 1,
      expectTrays: 1,
      expectRef: ref,
      expectDead: dead,
    });
    const far = 1e6;
    let healthy = 0;
    let short = 0;
    const open = Array.from({ length: 20 }, (_, n) => {
      let state = newBlastGame(500 + n);
      for (let k = 0; k < 6 && !state.over; k++) {
        const step = planTray(state, { ...DEFAULT_WEIGHTS, lookahead: 0, expect: 0 }).steps[0];
        if (!step) break;
        state = play(state, { cmd: "place", piece: step.piece, row: step.row, col: step.col }).state;
      }
      return state;
    });
    for (const state of [...smallPositions(40), ...open]) {
      const { lo, hi } = bitsFromText(state.board);
      const args = [lo, hi, state.streak, state.score, state.movesSinceLastClear] as const;
      const full = lookaheadCharge(...args, only(far, far * 1000));
      const dead = full >= far * 10;
      const best = far - full;
      for (const ref of [200, 500, 800]) {
        const charge = lookaheadCharge(...args, only(ref, 3000));
        const want = dead ? 3000 : Math.min(3000, Math.max(0, ref - best));
        expect(charge).toBeCloseTo(want, 6);
        if (!dead && best >= ref) healthy++;
        else short++;
      }
    }
    expect(healthy).toBeGreaterThan(10);
    expect(short).toBeGreaterThan(10);
  });

  it("the evaluation's shape counts agree with the fit sets", () => {
    const only = (fits: number, square: number): Weights => ({
      points: 0,
      empty: 0,
      isolated: 0,
      edges: 0,
      fits,
      square,
      nearLines: 0,
      squareSpots: 0,
      rim: 0,
      streak: 0,
      emptyLines: 0,
      deadEnds: 0,
      twoSquares: 0,
      lookahead: 0,
      squareAfter: 0,
      lookaheadLater: 0,
      expect: 0,
      expectTrays: 0,
      expectRef: 0,
      expectDead: 0,
    });
    const big = [
      ["#####"],
      ["#", "#", "#", "#", "#"],
      ["####"],
      ["#", "#", "#", "#"],
      ["###", "###"],
      ["##", "##", "##"],
      ["##", "##"],
    ].map((art) => pieceByRows(art)?.index as number);
    const square = pieceByRows(["###", "###", "###"])?.index as number;
    expect(big.every((i) => i >= 0 && i < POOL.length)).toBe(true);
    const rng = seedRng(9);
    for (let n = 0; n < 3000; n++) {
      let lo = 0;
      let hi = 0;
      const density = nextInt(rng, 100);
      for (let b = 0; b < 32; b++) {
        if (nextInt(rng, 100) < density) lo |= 1 << b;
        if (nextInt(rng, 100) < density) hi |= 1 << b;
      }
      expect(evaluateBoard(lo, hi, only(1, 0))).toBe(big.filter((p) => fitsAnywhere(lo, hi, p)).length);
      expect(evaluateBoard(lo, hi, only(0, 1))).toBe(fitsAnywhere(lo, hi, square) ? 1 : 0);
    }
  });

  it("the evaluation's cell counts agree with counting cell by cell", () => {
    const zero: Weights = { ...DEFAULT_WEIGHTS };
    for (const k of Object.keys(zero) as (keyof Weights)[]) zero[k] = 0;
    const rng = seedRng(4);
    for (let n = 0; n < 2000; n++) {
      const rows: string[] = [];
      const density = nextInt(rng, 100);
      for (let r = 0; r < 8; r++) {
        let line = "";
        for (let c = 0; c < 8; c++) line += nextInt(rng, 100) < density ? "#" : ".";
        rows.push(line);
      }
      const { lo, hi } = bitsFromText(rows);
      const empty = (r: number, c: number) => r >= 0 && c >= 0 && r < 8 && c < 8 && rows[r]?.[c] === ".";
      let edges = 0;
      let isolated = 0;
      let deadEnds = 0;
      let rim = 0;
      let cells = 0;
      for (let r = 0; r < 8; r++) {
        for (let c = 0; c < 8; c++) {
          if (c < 7 && empty(r, c) !== empty(r, c + 1)) edges++;
          if (r < 7 && empty(r, c) !== empty(r + 1, c)) edges++;
          if (!empty(r, c)) continue;
          cells++;
          const around = [empty(r - 1, c), empty(r + 1, c), empty(r, c - 1), empty(r, c + 1)].filter(
            Boolean,
          ).length;
          if (around === 0) isolated++;
          if (around <= 1) deadEnds++;
          if (r === 0 || r === 7 || c === 0 || c === 7) rim++;
        }
      }
      expect(evaluateBoard(lo, hi, { ...zero, edges: 1 }) + 0).toBe(0 - edges);
      expect(evaluateBoard(lo, hi, { ...zero, isolated: 1 }) + 0).toBe(0 - isolated);
      expect(evaluateBoard(lo, hi, { ...zero, deadEnds: 1 }) + 0).toBe(0 - deadEnds);
      expect(evaluateBoard(lo, hi, { ...zero, rim: 1 }) + 0).toBe(0 - rim);
      expect(evaluateBoard(lo, hi, { ...zero, empty: 1 })).toBe(cells);
    }
  });

  it("the evaluation prefers a tidy board to a ragged one with as many cells", () => {
    const tidy = bitsFromText([
      "####....",
      "####....",
      "........",
      "........",
      "........",
      "........",
      "........",
      "........",
    ]);
    const ragged = bitsFromText([
      "#.#.....",
      ".#.#....",
      "#.#.....",
      ".#.#....",
      "........",
      "........",
      "........",
      "........",
    ]);
    expect(evaluateBoard(tidy.lo, tidy.hi)).toBeGreaterThan(evaluateBoard(ragged.lo, ragged.hi));
  });
});
