/**
 * The score of one placement (docs/games/puzzle.md "Scoring").
 */
import { FULL_CLEAR_BONUS, LINE_POINTS, LINE_STEP } from "./constants.js";

/**
 * Points of line clears alone: the k-th line of one move is worth 12 x (1 + 0.5 (k - 1)), so n lines
 * give 12, 30, 54, 84, ... (always whole: 12 x 0.5 is 6).
 */
export function linePoints(lines: number): number {
  let points = 0;
  for (let k = 1; k <= lines; k++) points += LINE_POINTS * (1 + LINE_STEP * (k - 1));
  return points;
}

export interface PlacementScore {
  points: number;
  block: number;
  lines: number;
  doubled: boolean;
  fullClear: number;
}

export function placementScore(
  blockCells: number,
  rowsCleared: number,
  colsCleared: number,
  boardEmptyAfter: boolean,
): PlacementScore {
  const doubled = rowsCleared > 0 && colsCleared > 0;
  const lines = linePoints(rowsCleared + colsCleared) * (doubled ? 2 : 1);
  const fullClear = boardEmptyAfter ? FULL_CLEAR_BONUS : 0;
  return { points: blockCells + lines + fullClear, block: blockCells, lines, doubled, fullClear };
}
