/** Board pictures shared by the Block Blast tests (generation.test.ts, rules.test.ts). */

/**
 * A checkerboard: 32 filled cells, 50% empty (inside the board-state system's neutral band), yet
 * only the monomino fits anywhere: no 3x3 square, no 5-line, not even a domino.
 */
export const CHECKER_ROWS: readonly string[] = [
  "A.A.A.A.",
  ".A.A.A.A",
  "A.A.A.A.",
  ".A.A.A.A",
  "A.A.A.A.",
  ".A.A.A.A",
  "A.A.A.A.",
  ".A.A.A.A",
];

/**
 * A staircase of rows one cell short above three empty rows: every piece but the vertical 4- and
 * 5-lines has 5 or more places (system D's "fits easily").
 */
export const STAIRCASE_ROWS: readonly string[] = [
  "AAAAAAA.",
  "AAAAAA.A",
  "AAAAA.AA",
  "AAAA.AAA",
  "AAA.AAAA",
  "........",
  "........",
  "........",
];

/**
 * Row 0 one cell short at its right end, one stray cell: only a piece whose top row is a single
 * cell at its right end can finish a line (system E).
 */
export const ONE_SHORT_ROWS: readonly string[] = [
  "AAAAAAA.",
  "........",
  "........",
  "...A....",
  "........",
  "........",
  "........",
  "........",
];
