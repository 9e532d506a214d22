/**
 * Match-3 on the home card: Arcade's best score over every field size (the classic game counts
 * cells removed, another measure, so the card leaves it out), and whether a game of either mode
 * waits. Reads the keys of ./storage.ts without importing it: the home page loads no game's rules.
 */
import { isRecord, isUnfinished, type Progress, readStored, tableBest } from "../../shell/progress";

export const PROGRESS_KEYS = {
  game: "blockarcade-match3-game",
  arcadeGame: "blockarcade-match3-arcade",
  arcadeBest: "blockarcade-match3-best",
} as const;

export function progress(): Progress {
  // The classic save wraps the engine state: {"version":1,"game":"match3","state":{...},"frame":N}.
  const classic = readStored(PROGRESS_KEYS.game);
  const classicWaits =
    isRecord(classic) && classic.game === "match3" && isUnfinished(classic.state, "match3");
  return {
    best: tableBest(readStored(PROGRESS_KEYS.arcadeBest)),
    waiting: classicWaits || isUnfinished(readStored(PROGRESS_KEYS.arcadeGame), "match3"),
  };
}
