/**
 * What the puzzle keeps in storage: the game in progress and the best score of each grid size.
 * Everything read back is validated; anything corrupt is ignored (never a crash, never a lost
 * best score because of one bad entry elsewhere).
 */
import { isPlainObject } from "@blockarcade/engine";
import {
  MAX_SIDE,
  MIN_SIDE,
  type PuzzleConfig,
  type PuzzleState,
  puzzleGame,
} from "@blockarcade/engine/games/puzzle";
import { restoreSavedGame } from "../../shell/saved-game";

export const GAME_KEY = "blockarcade-puzzle-game";
export const BEST_KEY = "blockarcade-puzzle-best";

export type BestScores = Record<string, number>;

export function sizeKey(config: PuzzleConfig): string {
  return `${config.rows}x${config.cols}`;
}

function isSizeKey(key: string): boolean {
  const m = /^(\d+)x(\d+)$/.exec(key);
  if (!m) return false;
  const [r, c] = [Number(m[1]), Number(m[2])];
  return r >= MIN_SIDE && r <= MAX_SIDE && c >= MIN_SIDE && c <= MAX_SIDE;
}

/** Keeps only the valid entries of a stored best-score table. */
export function parseBestScores(raw: unknown): BestScores {
  const out: BestScores = {};
  if (!isPlainObject(raw)) return out;
  for (const [key, value] of Object.entries(raw)) {
    if (isSizeKey(key) && Number.isSafeInteger(value) && (value as number) >= 0) out[key] = value as number;
  }
  return out;
}

/** The table with this score recorded, or the same table when it is not a new best. */
export function withScore(best: BestScores, config: PuzzleConfig, score: number): BestScores {
  const key = sizeKey(config);
  return score > (best[key] ?? 0) ? { ...best, [key]: score } : best;
}

/**
 * A stored game, checked by the engine's own `load` (board, tray, invariants). The random source
 * is kept as stored (not reseeded) so the game goes on exactly as it would have (shell/saved-game.ts).
 */
export function parseSavedGame(raw: unknown): PuzzleState | undefined {
  return restoreSavedGame(puzzleGame, raw, { derived: true });
}
