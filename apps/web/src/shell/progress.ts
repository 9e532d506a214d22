/**
 * What the home cards show of each game: its best score and whether a game waits to be continued.
 * Each game's `progress.ts` reads its own localStorage keys with these helpers; they import no
 * engine code, so the home page stays light. Anything missing, corrupt or foreign reads as "no best"
 * and "nothing waiting": the games' own loaders stay the judges of a save.
 */

export interface Progress {
  /** The best finished score on this device, or null when there is none. */
  best: number | null;
  /** A game was left unfinished and the game's page will resume it. */
  waiting: boolean;
}

export const NO_PROGRESS: Progress = { best: null, waiting: false };

// The engine's MAX_SCORE (core/read.ts), repeated so the home page needs no engine code.
const MAX_SCORE = 1e15;

/** The parsed JSON under `key`, or undefined when it is missing, unreadable or storage is off. */
export function readStored(key: string): unknown {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isScore(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= MAX_SCORE;
}

/** The highest valid score among `values`, or null when none is one. */
export function highest(values: Iterable<unknown>): number | null {
  let best: number | null = null;
  for (const v of values) if (isScore(v) && (best === null || v > best)) best = v;
  return best;
}

/** The best of a best-score table (`{"8x8": 120, "10x6": 40}`, shell/best-scores.ts) over all variants. */
export function tableBest(raw: unknown): number | null {
  return isRecord(raw) ? highest(Object.values(raw)) : null;
}

/** A saved engine state of `game` that is not over (the games check the rest when they load it). */
export function isUnfinished(raw: unknown, game: string): raw is Record<string, unknown> {
  return isRecord(raw) && raw.game === game && raw.over === false;
}
