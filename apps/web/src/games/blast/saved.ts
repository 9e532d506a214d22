/**
 * The unfinished game, saved after every command as the state JSON and checked on restore by the
 * engine's own `load`, so a tampered or stale save is refused instead of crashing the game.
 */
import { type BlastState, blastGame } from "@blockarcade/engine/games/blast";
import { restoreSavedGame } from "../../shell/saved-game";
import type { KeyValueStore } from "./leaderboard";

export const GAME_KEY = "blockblast-game";

/** The saved state if it is a valid Block Blast position (see shell/saved-game.ts), else undefined. */
export function parseSavedGame(text: string | null): BlastState | undefined {
  if (text === null) return undefined;
  try {
    return restoreSavedGame(blastGame, JSON.parse(text), { derived: true });
  } catch {
    return undefined;
  }
}

export function loadSavedGame(store: KeyValueStore): BlastState | undefined {
  try {
    return parseSavedGame(store.getItem(GAME_KEY));
  } catch {
    return undefined;
  }
}

export function saveGame(store: KeyValueStore, state: BlastState): void {
  try {
    store.setItem(GAME_KEY, JSON.stringify(state));
  } catch {
    // Storage full or forbidden: the game goes on unsaved.
  }
}

export function clearSavedGame(store: KeyValueStore): void {
  try {
    store.removeItem(GAME_KEY);
  } catch {
    // Nothing to clear.
  }
}
