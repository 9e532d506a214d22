/**
 * What Block Puzzle keeps in localStorage, through the shell's stores: the game in progress (after
 * every accepted command, restored through the engine's `load`) and the best score of each grid
 * size. The keys and formats are the ones players already have (docs/games/puzzle.md "Storage").
 */
import {
  MAX_SIDE,
  MIN_SIDE,
  type PuzzleConfig,
  type PuzzleState,
  puzzleGame,
} from "@blockarcade/engine/games/puzzle";
import { createBestScores } from "../../shell/best-scores";
import { createSavedGame } from "../../shell/saved-game";

export const GAME_KEY = "blockarcade-puzzle-game";
export const BEST_KEY = "blockarcade-puzzle-best";

/** A grid size as the best-score table names it: "10x6" is 10 rows by 6 columns. */
export function sizeKey(config: PuzzleConfig): string {
  return `${config.rows}x${config.cols}`;
}

export function isSizeKey(key: string): boolean {
  const m = /^(\d{1,2})x(\d{1,2})$/.exec(key);
  if (!m) return false;
  const [r, c] = [Number(m[1]), Number(m[2])];
  return r >= MIN_SIDE && r <= MAX_SIDE && c >= MIN_SIDE && c <= MAX_SIDE;
}

/**
 * The tray's `load` derives a block's id and base shape from its cells, so a save is checked in the
 * shell's derived mode: its random source and `over` must come back exactly as stored.
 */
export const savedGame = createSavedGame(puzzleGame, GAME_KEY, { derived: true });

export const bestScores = createBestScores(BEST_KEY, isSizeKey);

/**
 * Records a game's score as its size's best when it beats it. A game is recorded when it ends (so the
 * game-over dialog can compare with the best before it) and when a new game replaces an unfinished
 * one, so no score is lost.
 */
export function keepScore(state: PuzzleState): void {
  bestScores.record(sizeKey(state.config), state.score);
}

/** A size's best score, and the best before this game's score was recorded ("New best!" compares). */
export interface Bests {
  best: number;
  previous: number;
}

/** The bests a new game of this size starts with. */
export function bestsFor(config: PuzzleConfig): Bests {
  const best = bestScores.best(sizeKey(config));
  return { best, previous: best };
}

/** Records a finished game's score, at its end: the size's best now, and the one it was compared with. */
export function recordEnd(state: PuzzleState): Bests {
  const key = sizeKey(state.config);
  const previous = bestScores.best(key);
  return { previous, best: bestScores.record(key, state.score).best };
}
