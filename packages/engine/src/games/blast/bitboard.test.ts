/**
 * The whole-piece fit sets and the board memory of bitboard.ts, against core's row-mask helpers
 * (an independent implementation) on seeded random boards of every density.
 */
import { describe, expect, it } from "vitest";
import { boardFromText, canPlace, fitPositions, fullCols, fullRows, placeShape } from "../../core/grid.js";
import { nextFloat, seedRng } from "../../core/rng.js";
import {
  ANCHORS,
  bitsFromText,
  boardBits,
  canEnableClearBits,
  countFitsBits,
  fitCount,
  fitSetHi,
  fitSetLo,
  fitsAnywhere,
  nthFit,
  nthSetBit,
  rememberBoardBits,
} from "./bitboard.js";
import { blastGame, newBlastGame } from "./index.js";
import { POOL } from "./pieces.js";
import { randomPlacement } from "./rules.js";

function randomRows(seed: number, count: number): string[][] {
  const rng = seedRng(seed);
  return Array.from({ length: count }, (_, i) => {
    const density = (i % 11) / 10;
    return Array.from({ length: 8 }, () =>
      Array.from({ length: 8 }, () => (nextFloat(rng) < density ? "A" : ".")).join(""),
    );
  });
}

/** The anchors of a fit set as [row, col], lowest bit first. */
function anchorsOf(lo: number, hi: number): [number, number][] {
  const out: [number, number][] = [];
  for (let b = 0; b < 32; b++) if (lo & (1 << b)) out.push([b >> 3, b & 7]);
  for (let b = 0; b < 32; b++) if (hi & (1 << b)) out.push([4 + (b >> 3), b & 7]);
  return out;
}

describe("fit sets", () => {
  it("hold exactly the anchors where a piece fits, in row-major order, on 110 random boards", () => {
    for (const rows of randomRows(41, 110)) {
      const { lo, hi } = bitsFromText(rows);
      const masks = boardFromText(rows);
      // Per board, every piece's answers at once (one comparison keeps the test quick).
      const want = POOL.map((p) => {
        const fits = fitPositions(masks, 8, p.masks);
        const at = fits.map(([r, c]) => r * 8 + c);
        return {
          fits,
          count: fits.length,
          any: fits.length > 0,
          upTo5: Math.min(5, fits.length),
          nth: [...at, -1],
        };
      });
      const got = POOL.map((p) => {
        const count = fitCount(lo, hi, p.index);
        return {
          fits: anchorsOf(fitSetLo(lo, hi, p.index), fitSetHi(hi, p.index)),
          count,
          any: fitsAnywhere(lo, hi, p.index),
          upTo5: countFitsBits(lo, hi, p.index, 5),
          // The n-th fit for every n, then one past the last.
          nth: Array.from({ length: count + 1 }, (_, n) => nthFit(lo, hi, p.index, n)),
        };
      });
      expect(got, rows.join("/")).toEqual(want);
    }
  });

  it("never name an anchor that takes the piece off the board", () => {
    const empty = bitsFromText(Array.from({ length: 8 }, () => "........"));
    POOL.forEach((p, i) => {
      const fits = anchorsOf(fitSetLo(empty.lo, empty.hi, i), fitSetHi(empty.hi, i));
      expect(fits).toHaveLength((ANCHORS[i] as (typeof ANCHORS)[number]).count);
      for (const [r, c] of fits) {
        expect(r + p.shape.height).toBeLessThanOrEqual(8);
        expect(c + p.shape.width).toBeLessThanOrEqual(8);
      }
    });
  });

  it("nthSetBit counts set bits from the lowest", () => {
    expect(nthSetBit(0b1011_0100, 0)).toBe(2);
    expect(nthSetBit(0b1011_0100, 1)).toBe(4);
    expect(nthSetBit(0b1011_0100, 3)).toBe(7);
    expect(nthSetBit(1 << 31, 0)).toBe(31);
  });
});

describe("line completion (system E)", () => {
  it("agrees with placing the piece at every fit on the boards of real games", () => {
    let enabling = 0;
    let checked = 0;
    for (let seed = 0; seed < 8; seed++) {
      let s = newBlastGame(seed);
      const player = seedRng(seed);
      while (s.revivesLeft > 0 || !s.over) {
        const { lo, hi } = bitsFromText(s.board);
        const masks = boardFromText(s.board);
        for (const p of POOL) {
          const oracle = fitPositions(masks, 8, p.masks).some(([r, c]) => {
            const copy = masks.slice();
            if (!canPlace(copy, 8, p.masks, r, c)) return false;
            placeShape(copy, p.masks, r, c);
            return fullRows(copy, 8).length + fullCols(copy, 8).length > 0;
          });
          expect(canEnableClearBits(lo, hi, p.index), `${p.rows.join("/")} on ${s.board.join("/")}`).toBe(
            oracle,
          );
          if (oracle) enabling++;
          checked++;
        }
        const move = s.over ? { cmd: "revive" as const } : randomPlacement(s, player);
        if (!move) break;
        const r = blastGame.apply(s, move);
        if (!r.ok) throw new Error(r.error.message);
        s = r.state;
      }
    }
    // Both answers are common on such boards, so the comparison says something.
    expect(enabling).toBeGreaterThan(checked / 10);
    expect(enabling).toBeLessThan(checked * 0.9);
  });
});

describe("board memory", () => {
  it("answers the remembered board, and re-reads a board whose rows were changed in place", () => {
    const rows = ["A.......", ...Array.from({ length: 7 }, () => "........")];
    const bits = bitsFromText(rows);
    rememberBoardBits(rows, bits);
    expect(boardBits(rows)).toEqual(bits);
    rows[7] = "AAAAAAA.";
    expect(boardBits(rows)).toEqual(bitsFromText(rows));
    expect(boardBits(rows)).not.toEqual(bits);
    // A different array with the same rows reads the same bits.
    expect(boardBits([...rows])).toEqual(bitsFromText(rows));
  });
});
