/**
 * "Race the best" (issue 23): while the day's game is played, its score and move count, published by
 * the ranked runner's hook (shell/use-ranked.ts) and shown beside the day's leader at the same move
 * by shell/race-line.tsx. One game is played at a time, so one value is kept.
 */
import { useEffect, useState } from "preact/hooks";

export interface RaceProgress {
  /** The daily session it belongs to. */
  session: string;
  score: number;
  /** Moves made so far (commands other than the clock's ticks), as the server counts them. */
  moves: number;
}

const listeners = new Set<(p: RaceProgress | undefined) => void>();
const latest: { value: RaceProgress | undefined } = { value: undefined };

export function publishRace(progress: RaceProgress | undefined): void {
  latest.value = progress;
  for (const l of listeners) l(progress);
}

export function useRaceProgress(): RaceProgress | undefined {
  const [progress, setProgress] = useState(latest.value);
  useEffect(() => {
    listeners.add(setProgress);
    setProgress(latest.value);
    return () => {
      listeners.delete(setProgress);
    };
  }, []);
  return progress;
}

/** A logged command counts as a move unless it is the clock's tick. */
export function isMove(record: unknown): boolean {
  return typeof record === "object" && record !== null && (record as { cmd?: unknown }).cmd !== "tick";
}
