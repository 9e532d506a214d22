/**
 * Match-3 on the home card: whether a game waits. It keeps no best score yet, so the card shows
 * none. Reads the key of ./storage.ts without importing it: the home page loads no game's rules.
 */
import { isRecord, isUnfinished, type Progress, readStored } from "../../shell/progress";

export const PROGRESS_KEYS = { game: "blockarcade-match3-game" } as const;

export function progress(): Progress {
  // The save wraps the engine state: {"version":1,"game":"match3","state":{...},"frame":N,...}.
  const saved = readStored(PROGRESS_KEYS.game);
  return {
    best: null,
    waiting: isRecord(saved) && saved.game === "match3" && isUnfinished(saved.state, "match3"),
  };
}
