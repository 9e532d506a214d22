/** Points and levels (docs/games/stacker.md "Scoring", "Levels and gravity"). */
import { MAX_SCORE } from "../../core/read.js";
import { LINE_POINTS, LINES_PER_LEVEL, MAX_LINES } from "./constants.js";

export function levelForLines(lines: number): number {
  return 1 + Math.floor(lines / LINES_PER_LEVEL);
}

/** The highest level a state can reach (at MAX_LINES). */
export const MAX_LEVEL = levelForLines(MAX_LINES);

export function lineClearPoints(lines: number, level: number): number {
  return (LINE_POINTS[lines as 0 | 1 | 2 | 3 | 4] ?? 0) * level;
}

/** Adds points, stopping at MAX_SCORE so the sum stays an exact integer however long a game runs. */
export function addScore(score: number, points: number): number {
  return Math.min(MAX_SCORE, score + points);
}

/** Adds cleared lines, stopping at MAX_LINES so lines and level stay within what `load` accepts. */
export function addLines(lines: number, cleared: number): number {
  return Math.min(MAX_LINES, lines + cleared);
}
