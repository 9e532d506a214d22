/** The best score for each board size, kept in localStorage and validated when read. */
import { MAX_SIZE, MIN_SIZE } from "@blockarcade/engine/games/stacker";
import { readJson, writeJson } from "../../shell/storage";

export const BEST_KEY = "blockarcade-stacker-best";
export const SIZE_KEY = "blockarcade-stacker-size";

export type BestScores = Record<string, number>;

function isValidEntry(size: string, score: unknown): boolean {
  const n = Number(size);
  return (
    /^[1-9]\d*$/.test(size) &&
    n >= MIN_SIZE &&
    n <= MAX_SIZE &&
    typeof score === "number" &&
    Number.isSafeInteger(score) &&
    score >= 0
  );
}

/** Keeps the valid entries of a stored value (a size from 10 to 30 -> a whole score >= 0). */
export function parseBestScores(value: unknown): BestScores {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const out: BestScores = {};
  for (const [size, score] of Object.entries(value))
    if (isValidEntry(size, score)) out[size] = score as number;
  return out;
}

const isObject = (v: unknown): v is object => typeof v === "object" && v !== null;

function readAll(): BestScores {
  return parseBestScores(readJson(BEST_KEY, isObject));
}

export function readBest(size: number): number {
  return readAll()[String(size)] ?? 0;
}

/** Records a score; returns the best for that size afterwards. */
export function recordScore(size: number, score: number): number {
  const all = readAll();
  const best = Math.max(all[String(size)] ?? 0, score);
  if (best !== all[String(size)]) writeJson(BEST_KEY, { ...all, [String(size)]: best });
  return best;
}

const isSize = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= MIN_SIZE && v <= MAX_SIZE;

export function readSize(): number | undefined {
  return readJson(SIZE_KEY, isSize);
}

export function writeSize(size: number): void {
  writeJson(SIZE_KEY, size);
}
