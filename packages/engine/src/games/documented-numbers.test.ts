/**
 * The scoring tables and timing numbers each game's doc in docs/games promises (its scoring
 * section; Blocky's "Rules" costs; Stacker's "Levels and gravity" and "Lock delay"), written here
 * as literals copied from the docs, never read back from the constants: a test that advances or
 * multiplies by the constant itself passes whatever the constant says, so a changed number would
 * slip through (issue 21). When a doc's number changes on purpose, change it here too.
 */
import { describe, expect, it } from "vitest";
import {
  COMBO_BASE_BONUS,
  COMBO_INCREMENT,
  PERFECT_CLEAR_BONUS,
  POINTS_PER_CELL,
  STREAK_MULTIPLIER,
} from "./blast/constants.js";
import { clearPoints } from "./blast/rules.js";
import { PENALTY } from "./blocky/constants.js";
import { lockPoints } from "./match3/arcade.js";
import { BRICKS_PER_LEVEL, CELL_POINTS, COMBO_POINTS } from "./match3/constants.js";
import { FULL_CLEAR_BONUS, LINE_POINTS, LINE_STEP } from "./puzzle/constants.js";
import { linePoints, placementScore } from "./puzzle/scoring.js";
import {
  HARD_DROP_POINTS_PER_ROW,
  LINES_PER_LEVEL,
  LOCK_DELAY_MS,
  MAX_LOCK_RESETS,
  SOFT_DROP_POINTS_PER_ROW,
  LINE_POINTS as STACKER_LINE_POINTS,
} from "./stacker/constants.js";
import { levelForLines, lineClearPoints } from "./stacker/scoring.js";
import { gravityMs } from "./stacker/timing.js";

describe("documented numbers (literals from docs/games)", () => {
  it("Block Blast: (10 x cells + 20 + 10 x (lines - 1)) x (1 + 0.5 x streak), +300 for an empty board", () => {
    expect([POINTS_PER_CELL, COMBO_BASE_BONUS, COMBO_INCREMENT, STREAK_MULTIPLIER]).toEqual([
      10, 20, 10, 0.5,
    ]);
    expect(PERFECT_CLEAR_BONUS).toBe(300);
    // The doc's worked figures: streak 0, one line (8 cells): 100; streak 1: 150; streak 3, two lines of 16 cells: 475.
    expect(clearPoints(1, 8, 0)).toBe(100);
    expect(clearPoints(1, 8, 1)).toBe(150);
    expect(clearPoints(2, 16, 3)).toBe(475);
    expect(clearPoints(0, 0, 5)).toBe(0);
  });

  it("Blocky: smash costs 3, paint and combine 1, turns, swaps and pass nothing", () => {
    expect(PENALTY).toEqual({
      rotate_cw: 0,
      rotate_ccw: 0,
      swap_h: 0,
      swap_v: 0,
      smash: 3,
      paint: 1,
      combine: 1,
      pass: 0,
    });
  });

  it("Match-3: level x (10 x n x link + 20 x (combo - 1)), a level every 25 bricks", () => {
    expect([CELL_POINTS, COMBO_POINTS, BRICKS_PER_LEVEL]).toEqual([10, 20, 25]);
    // A chain of 3 then 4 cells: 3 x 1 + 4 x 2 = 11 cell-links, at level 2 in combo 1.
    expect(lockPoints([3, 4], 1, 2)).toBe(220);
    expect(lockPoints(3, 1, 1)).toBe(30);
    expect(lockPoints(3, 2, 1)).toBe(50);
    expect(lockPoints(4, 3, 2)).toBe(160);
    expect(lockPoints(0, 4, 3)).toBe(0);
  });

  it("Puzzle: lines worth 12, 30, 54, 84; doubled for a row and a column; +200 for an empty board", () => {
    expect([LINE_POINTS, LINE_STEP, FULL_CLEAR_BONUS]).toEqual([12, 0.5, 200]);
    expect([1, 2, 3, 4].map(linePoints)).toEqual([12, 30, 54, 84]);
    // The doc's example: a 2x2 that completes two rows and one column and empties the board.
    expect(placementScore(4, 2, 1, true).points).toBe(312);
    expect(placementScore(4, 2, 1, false).points).toBe(4 + 108);
    expect(placementScore(3, 3, 0, false).points).toBe(3 + 54);
  });

  it("Block Stacker: 100 / 300 / 500 / 800 x level, drops 1 and 2 a row, a level every 10 lines", () => {
    expect(STACKER_LINE_POINTS).toEqual([0, 100, 300, 500, 800]);
    expect([1, 2, 3, 4].map((n) => lineClearPoints(n, 3))).toEqual([300, 900, 1500, 2400]);
    expect([SOFT_DROP_POINTS_PER_ROW, HARD_DROP_POINTS_PER_ROW, LINES_PER_LEVEL]).toEqual([1, 2, 10]);
    expect([levelForLines(9), levelForLines(10), levelForLines(25)]).toEqual([1, 2, 3]);
  });

  it("Block Stacker timing: gravity 1000 / 793 / 64 / 7 ms at levels 1 / 2 / 10 / 15, lock delay 500 ms, 15 restarts", () => {
    expect([1, 2, 10, 15].map((level) => Math.round(gravityMs(level)))).toEqual([1000, 793, 64, 7]);
    expect(LOCK_DELAY_MS).toBe(500);
    expect(MAX_LOCK_RESETS).toBe(15);
  });
});
