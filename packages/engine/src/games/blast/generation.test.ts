/**
 * The five adaptive systems: exact multipliers, then seeded statistical tests (fixed sample sizes)
 * that deal real trays and check the direction and rough size of each effect.
 */
import { describe, expect, it } from "vitest";
import {
  boardFromText,
  canPlace,
  countFits,
  fitPositions,
  fullCols,
  fullRows,
  placeShape,
} from "../../core/grid.js";
import { nextFloat, seedRng } from "../../core/rng.js";
import { bitsFromText } from "./bitboard.js";
import { MIN_PIECE_WEIGHT } from "./constants.js";
import {
  boardFactors,
  canEnableClear,
  dealTray,
  type GenerationContext,
  pieceWeights,
  scoreFactors,
  streakFactors,
} from "./generation.js";
import { POOL, type PoolPiece, pieceByRows, type Tier } from "./pieces.js";
import { CHECKER_ROWS, ONE_SHORT_ROWS, STAIRCASE_ROWS } from "./test-helpers.js";

const TRAYS = 3000;

/** 32 filled cells: 50% empty, inside the board-state system's neutral band. */
const NEUTRAL = bitsFromText(CHECKER_ROWS);
const EMPTY = bitsFromText(Array.from({ length: 8 }, () => "........"));
/** 56 filled, one empty cell per row and column: 12.5% empty, critically full. */
const CRITICAL = bitsFromText(Array.from({ length: 8 }, (_, r) => `${"A".repeat(r)}.${"A".repeat(7 - r)}`));

function ctx(fields: Partial<GenerationContext>): GenerationContext {
  return { score: 0, streak: 0, movesSinceLastClear: 0, board: NEUTRAL, ...fields };
}

interface Sample {
  /** Share of each tier among every piece dealt. */
  all: Record<Tier, number>;
  /** Share of each tier among the first piece of each tray (exactly weight / total weight). */
  first: Record<Tier, number>;
  /** Share of dealt pieces that satisfy `inSet`. */
  inSet: number;
}

function sample(
  context: GenerationContext,
  seed: number,
  inSet: (p: PoolPiece) => boolean = () => false,
): Sample {
  const rng = seedRng(seed);
  const all = { easy: 0, medium: 0, hard: 0 };
  const first = { easy: 0, medium: 0, hard: 0 };
  let hits = 0;
  for (let i = 0; i < TRAYS; i++) {
    const tray = dealTray(rng, context);
    tray.forEach((slot, k) => {
      const piece = pieceByRows(slot.shape) as PoolPiece;
      all[piece.tier]++;
      if (k === 0) first[piece.tier]++;
      if (inSet(piece)) hits++;
    });
  }
  const n = TRAYS * 3;
  return {
    all: { easy: all.easy / n, medium: all.medium / n, hard: all.hard / n },
    first: { easy: first.easy / TRAYS, medium: first.medium / TRAYS, hard: first.hard / TRAYS },
    inSet: hits / n,
  };
}

/** Plain oracle for system E on core's row masks: place at every fit, look for a full line. */
function completesLine(masks: Uint32Array, piece: PoolPiece): boolean {
  return fitPositions(masks, 8, piece.masks).some(([r, c]) => {
    const copy = masks.slice();
    if (!canPlace(copy, 8, piece.masks, r, c)) return false;
    placeShape(copy, piece.masks, r, c);
    return fullRows(copy, 8).length + fullCols(copy, 8).length > 0;
  });
}

describe("multipliers", () => {
  it("A: none below 3,000; linear to hard x3 / easy x0.3 at 15,000; flat above", () => {
    expect(scoreFactors(0)).toEqual({ hard: 1, easy: 1 });
    expect(scoreFactors(3000)).toEqual({ hard: 1, easy: 1 });
    const mid = scoreFactors(9000);
    expect(mid.hard).toBeCloseTo(2, 12);
    expect(mid.easy).toBeCloseTo(0.65, 12);
    expect(scoreFactors(15000).hard).toBeCloseTo(3, 12);
    expect(scoreFactors(15000).easy).toBeCloseTo(0.3, 12);
    expect(scoreFactors(99999)).toEqual(scoreFactors(15000));
  });

  it("B: from streak 2, hard x(1 + 0.5 (s - 1)), easy x max(0.4, 1 - 0.15 (s - 1))", () => {
    expect(streakFactors(0)).toEqual({ hard: 1, easy: 1 });
    expect(streakFactors(1)).toEqual({ hard: 1, easy: 1 });
    expect(streakFactors(2).hard).toBeCloseTo(1.5, 12);
    expect(streakFactors(2).easy).toBeCloseTo(0.85, 12);
    expect(streakFactors(5).hard).toBeCloseTo(3, 12);
    expect(streakFactors(5).easy).toBeCloseTo(0.4, 12);
    expect(streakFactors(9).easy).toBeCloseTo(0.4, 12);
  });

  it("C: open board favours hard pieces, a critical one easy pieces, up to x1.5", () => {
    expect(boardFactors(1).hard).toBeCloseTo(1.5, 12);
    expect(boardFactors(1).easy).toBeCloseTo(1 / 1.5, 12);
    expect(boardFactors(0.8).hard).toBeCloseTo(1.25, 12);
    expect(boardFactors(0.6)).toEqual({ hard: 1, easy: 1 });
    expect(boardFactors(0.4)).toEqual({ hard: 1, easy: 1 });
    expect(boardFactors(0.25)).toEqual({ hard: 1, easy: 1 });
    expect(boardFactors(0.125).easy).toBeCloseTo(1.25, 12);
    expect(boardFactors(0.125).hard).toBeCloseTo(1 / 1.25, 12);
    expect(boardFactors(0).easy).toBeCloseTo(1.5, 12);
  });

  it("base weights only on a neutral board at score 0, streak 0", () => {
    expect(pieceWeights(ctx({}))).toEqual(POOL.map((p) => Math.max(MIN_PIECE_WEIGHT, p.baseWeight)));
  });

  it("multiplies the systems together and floors the product at 0.1", () => {
    const w = pieceWeights(ctx({ score: 15000, streak: 5 }));
    POOL.forEach((p, i) => {
      const expected =
        p.tier === "hard"
          ? p.baseWeight * 3 * 3
          : p.tier === "easy"
            ? p.baseWeight * 0.3 * 0.4
            : p.baseWeight;
      expect(w[i], p.category).toBeCloseTo(Math.max(0.1, expected), 12);
    });
    // The monomino (base 1) at 0.3 x 0.4 = 0.12; an L-corner orientation (0.25) would be 0.03: floored.
    expect(w[POOL.findIndex((p) => p.category === "monomino")]).toBeCloseTo(0.12, 12);
    expect(w[POOL.findIndex((p) => p.category === "triomino L-corner")]).toBe(0.1);
    expect(Math.min(...w)).toBe(0.1);
  });

  it("D: x3 from 7 moves without a clear, only for pieces with 5 or more positions", () => {
    const rows = STAIRCASE_ROWS;
    const board = bitsFromText(rows);
    const masks = boardFromText(rows);
    const before = pieceWeights(ctx({ board, movesSinceLastClear: 6 }));
    const after = pieceWeights(ctx({ board, movesSinceLastClear: 7 }));
    let boosted = 0;
    POOL.forEach((p, i) => {
      const easyFit = countFits(masks, 8, p.masks) >= 5;
      if (easyFit) boosted++;
      expect((after[i] as number) / (before[i] as number), p.rows.join("/")).toBeCloseTo(easyFit ? 3 : 1, 12);
    });
    // The vertical 4- and 5-lines have fewer than 5 places below the crowded top: not boosted.
    expect(boosted).toBe(POOL.length - 2);
  });

  it("E: x5 from 15 moves without a clear, only for pieces that can complete a line", () => {
    const rows = ONE_SHORT_ROWS;
    const board = bitsFromText(rows);
    const masks = boardFromText(rows);
    const before = pieceWeights(ctx({ board, movesSinceLastClear: 14 }));
    const after = pieceWeights(ctx({ board, movesSinceLastClear: 15 }));
    const enablers = POOL.filter((p) => canEnableClear(board, p)).map((p) => p.rows.join("/"));
    // Only a piece whose top row is a single cell at its right end can finish row 0.
    expect(enablers).toContain("#");
    expect(enablers).toContain("#/#");
    expect(enablers).not.toContain("##");
    expect(enablers).not.toContain("##/##");
    POOL.forEach((p, i) => {
      const ratio = (after[i] as number) / (before[i] as number);
      expect(canEnableClear(board, p), p.rows.join("/")).toBe(completesLine(masks, p));
      expect(ratio, p.rows.join("/")).toBeCloseTo(completesLine(masks, p) ? 5 : 1, 12);
    });
  });

  it("E's check finds column clears too, and agrees with a plain oracle on many boards", () => {
    const board = bitsFromText(Array.from({ length: 8 }, (_, r) => (r < 4 ? "A......." : "........")));
    const line4v = pieceByRows(["#", "#", "#", "#"]) as PoolPiece;
    const line3v = pieceByRows(["#", "#", "#"]) as PoolPiece;
    expect(canEnableClear(board, line4v)).toBe(true);
    expect(canEnableClear(board, line3v)).toBe(false);
    const rng = seedRng(31);
    for (let i = 0; i < 150; i++) {
      // Random boards of rising density (full lines allowed: the oracle does not care).
      const density = (i % 10) / 10;
      const rows = Array.from({ length: 8 }, () =>
        Array.from({ length: 8 }, () => (nextFloat(rng) < density ? "A" : ".")).join(""),
      );
      for (const p of POOL) {
        expect(canEnableClear(bitsFromText(rows), p)).toBe(completesLine(boardFromText(rows), p));
      }
    }
  });
});

describe("statistical effects (seeded, 3,000 trays each)", () => {
  it("A: at 15,000 points hard pieces dominate and easy ones nearly vanish", () => {
    const low = sample(ctx({ score: 0 }), 1);
    const high = sample(ctx({ score: 15000 }), 2);
    // Hand-computed first-draw shares: base hard 6/15, easy 4/15; full scaling hard 18/24.3, easy 1.3/24.3.
    expect(low.first.hard).toBeCloseTo(6 / 15, 1);
    expect(low.first.easy).toBeCloseTo(4 / 15, 1);
    expect(high.first.hard).toBeCloseTo(18 / 24.3, 1);
    expect(high.first.easy).toBeCloseTo(1.3 / 24.3, 1);
    expect(high.all.hard / low.all.hard).toBeGreaterThan(1.4);
    expect(high.all.easy / low.all.easy).toBeLessThan(0.35);
    const mid = sample(ctx({ score: 9000 }), 3);
    expect(mid.all.hard).toBeGreaterThan(low.all.hard);
    expect(mid.all.hard).toBeLessThan(high.all.hard);
  });

  it("B: a 5-streak sees far harder pieces than a 0-streak at the same score", () => {
    const calm = sample(ctx({ streak: 0 }), 4);
    const hot = sample(ctx({ streak: 5 }), 5);
    const one = sample(ctx({ streak: 1 }), 6);
    // Streak 5: hard x3, easy x0.4 -> first-draw hard 18/24.6, easy 1.6/24.6.
    expect(hot.first.hard).toBeCloseTo(18 / 24.6, 1);
    expect(hot.first.easy).toBeCloseTo(1.6 / 24.6, 1);
    expect(hot.all.hard / calm.all.hard).toBeGreaterThan(1.4);
    expect(hot.all.easy / calm.all.easy).toBeLessThan(0.4);
    // Streak 1 is below the threshold: no effect beyond noise.
    expect(Math.abs(one.all.hard - calm.all.hard)).toBeLessThan(0.03);
  });

  it("C: an open board deals harder pieces, a critical board easier ones", () => {
    const neutral = sample(ctx({ board: NEUTRAL }), 7);
    const open = sample(ctx({ board: EMPTY }), 8);
    const critical = sample(ctx({ board: CRITICAL }), 9);
    // Empty board: hard x1.5, easy /1.5 -> first-draw hard 9/16.67; 12.5% empty: easy x1.25, hard /1.25.
    expect(open.first.hard).toBeCloseTo(9 / (9 + 5 + 4 / 1.5), 1);
    expect(critical.first.easy).toBeCloseTo(5 / (5 + 5 + 4.8), 1);
    expect(open.all.hard - neutral.all.hard).toBeGreaterThan(0.07);
    expect(neutral.all.easy - open.all.easy).toBeGreaterThan(0.05);
    expect(critical.all.easy - neutral.all.easy).toBeGreaterThan(0.03);
    expect(neutral.all.hard - critical.all.hard).toBeGreaterThan(0.03);
  });

  it("D: after 7 moves without a clear, pieces that fit easily come about 3x as often relative to the rest", () => {
    const rows = STAIRCASE_ROWS;
    const board = bitsFromText(rows);
    const masks = boardFromText(rows);
    const hardToFit = (p: PoolPiece) => countFits(masks, 8, p.masks) < 5;
    expect(POOL.filter(hardToFit).map((p) => p.rows.join("/"))).toEqual(["#/#/#/#", "#/#/#/#/#"]);
    const six = sample(ctx({ board, movesSinceLastClear: 6 }), 10, hardToFit);
    const seven = sample(ctx({ board, movesSinceLastClear: 7 }), 11, hardToFit);
    // Weight of the two: 0.5 + 0.5 = 1 of 15 before (first draw 6.7%); 1 of 1 + 3 x 14 after (2.3%).
    expect(six.inSet).toBeGreaterThan(0.05);
    expect(seven.inSet).toBeLessThan(0.035);
    expect(six.inSet / seven.inSet).toBeGreaterThan(2);
  });

  it("E: after 15 moves without a clear, pieces that can complete a line come far more often", () => {
    const rows = ONE_SHORT_ROWS;
    const board = bitsFromText(rows);
    const enabler = (p: PoolPiece) => canEnableClear(board, p);
    const fourteen = sample(ctx({ board, movesSinceLastClear: 14 }), 12, enabler);
    const fifteen = sample(ctx({ board, movesSinceLastClear: 15 }), 13, enabler);
    expect(fifteen.inSet - fourteen.inSet).toBeGreaterThan(0.15);
    // Odds of an enabler rise by well over 2x (the first draw's odds rise by exactly 5x).
    const odds = (x: number) => x / (1 - x);
    expect(odds(fifteen.inSet) / odds(fourteen.inSet)).toBeGreaterThan(2);
  });
});
