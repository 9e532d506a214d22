/**
 * Block Puzzle on the home card: its best score over every grid size, and whether a game waits.
 * Reads the keys of ./storage.ts without importing it: the home page loads no game's rules.
 */
import { isUnfinished, type Progress, readStored, tableBest } from "../../shell/progress";

export const PROGRESS_KEYS = { best: "blockarcade-puzzle-best", game: "blockarcade-puzzle-game" } as const;

export function progress(): Progress {
  return {
    best: tableBest(readStored(PROGRESS_KEYS.best)),
    waiting: isUnfinished(readStored(PROGRESS_KEYS.game), "puzzle"),
  };
}
