/**
 * Block Blast on the home card: the top of its leaderboard (or the first version's single high
 * score) and whether a game waits. Reads the keys of ./storage.ts without importing it: the home
 * page loads no game's rules.
 */
import { highest, isRecord, isUnfinished, type Progress, readStored } from "../../shell/progress";

export const PROGRESS_KEYS = {
  leaderboard: "blockblast-leaderboard",
  legacyHighscore: "blockblast-highscore",
  game: "blockblast-game",
} as const;

export function progress(): Progress {
  const list = readStored(PROGRESS_KEYS.leaderboard);
  const scores = Array.isArray(list) ? list.map((e) => (isRecord(e) ? e.score : undefined)) : [];
  const legacy = readStored(PROGRESS_KEYS.legacyHighscore);
  // The old key held a number, or a number in a string (leaderboard.ts legacyScore).
  scores.push(typeof legacy === "string" && /^\d{1,16}$/.test(legacy.trim()) ? Number(legacy) : legacy);
  const saved = readStored(PROGRESS_KEYS.game);
  // A game over with revives left is still the player's to continue (storage.ts isFinal).
  const waiting =
    isUnfinished(saved, "blast") ||
    (isRecord(saved) &&
      saved.game === "blast" &&
      saved.over === true &&
      typeof saved.revivesLeft === "number" &&
      saved.revivesLeft > 0);
  return { best: highest(scores), waiting };
}
