/**
 * Blocky on the home card: player 1's best final score over every setup, and whether a game waits.
 * Reads the keys of ./storage.ts without importing it: the home page loads no game's rules.
 */
import { isUnfinished, type Progress, readStored, tableBest } from "../../shell/progress";

export const PROGRESS_KEYS = { game: "blockarcade-blocky-game", best: "blockarcade-blocky-best" } as const;

export function progress(): Progress {
  return {
    best: tableBest(readStored(PROGRESS_KEYS.best)),
    waiting: isUnfinished(readStored(PROGRESS_KEYS.game), "blocky"),
  };
}
