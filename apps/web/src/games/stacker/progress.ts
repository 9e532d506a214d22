/**
 * Block Stacker on the home card: its best score over every board size, and whether a game waits.
 * Reads the keys of ./storage.ts without importing it: the home page loads no game's rules.
 */
import { isUnfinished, type Progress, readStored, tableBest } from "../../shell/progress";

export const PROGRESS_KEYS = { best: "blockarcade-stacker-best", game: "blockarcade-stacker-game" } as const;

export function progress(): Progress {
  const saved = readStored(PROGRESS_KEYS.game);
  return {
    best: tableBest(readStored(PROGRESS_KEYS.best)),
    // Only a game with a piece in play resumes (storage.ts readSavedGame).
    waiting: isUnfinished(saved, "stacker") && saved.active !== null && saved.active !== undefined,
  };
}
