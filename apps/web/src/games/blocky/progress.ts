/**
 * Blocky on the home card: whether a game waits. It keeps no best score, so the card shows none.
 * Reads the key of ./storage.ts without importing it: the home page loads no game's rules.
 */
import { isUnfinished, type Progress, readStored } from "../../shell/progress";

export const PROGRESS_KEYS = { game: "blockarcade-blocky-game" } as const;

export function progress(): Progress {
  return { best: null, waiting: isUnfinished(readStored(PROGRESS_KEYS.game), "blocky") };
}
