/**
 * "Race the best" (issue 23): while the day's game is played, its score and move count, published by
 * the ranked runner's hook (shell/use-ranked.ts) and shown beside the day's leader at the same move
 * by shell/race-line.tsx. One game is played at a time, so one value is kept.
 */
import { useEffect, useState } from "preact/hooks";
import { readJson, writeJson } from "./storage";

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

/**
 * A daily game's move count, kept per game on this device with its session: a reloaded daily game
 * goes on in the same session (shell/ranked-session.ts), so its race counts on from the moves made
 * before the reload, not from zero. Another session's count reads as 0.
 */
const movesKey = (game: string) => `blockarcade-race-moves-${game}`;
const isKeptMoves = (v: unknown): v is { session: string; moves: number } =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as { session?: unknown }).session === "string" &&
  Number.isSafeInteger((v as { moves?: unknown }).moves) &&
  (v as { moves: number }).moves >= 0;

export function keptRaceMoves(game: string, session: string): number {
  const kept = readJson(movesKey(game), isKeptMoves);
  return kept?.session === session ? kept.moves : 0;
}

export function keepRaceMoves(game: string, session: string, moves: number): void {
  writeJson(movesKey(game), { session, moves });
}
