/**
 * The best score of each variant of a game (a grid size, a board size), one table per game in
 * localStorage: `{"8x8": 120, "10x6": 40}`. Entries that are not a known variant or not a whole
 * score are dropped on read, so one bad entry never costs the others.
 */
import { isPlainObject, MAX_SCORE } from "@blockarcade/engine/core";
import { readJson, writeJson } from "./storage";

export type BestScores = Record<string, number>;

export interface BestScoreStore {
  all(): BestScores;
  best(variant: string): number;
  /** Records a finished game's score; `isNew` when it beat the stored best. */
  record(variant: string, score: number): { best: number; isNew: boolean };
}

/** Keeps the valid entries of a stored table. */
export function parseBestScores(raw: unknown, isVariant: (variant: string) => boolean): BestScores {
  const out: BestScores = {};
  if (!isPlainObject(raw)) return out;
  for (const [variant, score] of Object.entries(raw)) {
    if (
      isVariant(variant) &&
      Number.isSafeInteger(score) &&
      (score as number) >= 0 &&
      (score as number) <= MAX_SCORE
    ) {
      out[variant] = score as number;
    }
  }
  return out;
}

export function createBestScores(key: string, isVariant: (variant: string) => boolean): BestScoreStore {
  const all = () => parseBestScores(readJson(key, isPlainObject), isVariant);
  return {
    all,
    best: (variant) => all()[variant] ?? 0,
    record(variant, score) {
      const table = all();
      const previous = table[variant] ?? 0;
      if (score <= previous || !isVariant(variant)) return { best: previous, isNew: false };
      writeJson(key, { ...table, [variant]: score });
      return { best: score, isNew: true };
    },
  };
}
