/**
 * Blocky's storage: the unfinished game under the key it has always used, as the engine state JSON,
 * restored through the engine's `load` (a corrupt or foreign save reads as none).
 */
import { type BlockyState, blockyGame } from "@blockarcade/engine/games/blocky";
import { createSavedGame } from "../../shell/saved-game";

export const SAVE_KEY = "blockarcade-blocky-game";

export const savedGame = createSavedGame(blockyGame, SAVE_KEY);

/** The saved game to offer for resuming: only one still being played. */
export function resumableGame(): BlockyState | undefined {
  const saved = savedGame.restore();
  return saved && !saved.over ? saved : undefined;
}
