/**
 * Blocky's storage: the unfinished game under the key it has always used, as the engine state JSON,
 * restored through the engine's `load` (a corrupt or foreign save reads as none).
 */
import { type BlockyState, blockyGame } from "@blockarcade/engine/games/blocky";
import { createJournal } from "../../shell/journal";
import { createSavedGame } from "../../shell/saved-game";

export const SAVE_KEY = "blockarcade-blocky-game";

/** The game's journal (seed, moves and the computer's `ai` moves) for posting its score (shell/journal.ts). */
export const JOURNAL_KEY = "blockarcade-blocky-journal";

export const savedGame = createSavedGame(blockyGame, SAVE_KEY);
export const journal = createJournal(blockyGame, JOURNAL_KEY);

/**
 * A Blocky score is player 1's (the engine's `score`), so only a game whose one human player sits
 * in seat 1 is posted: the others' points are the computer's, or another person's.
 */
export function isRankedSeating(state: BlockyState): boolean {
  return state.players[0]?.kind === "human" && state.players.filter((p) => p.kind === "human").length === 1;
}
export const RANKED_SEATS = "only a game with one human player, in seat 1, is ranked.";

/** The saved game to offer for resuming: only one still being played. */
export function resumableGame(): BlockyState | undefined {
  const saved = savedGame.restore();
  return saved && !saved.over ? saved : undefined;
}
