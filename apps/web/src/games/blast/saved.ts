/**
 * The unfinished game, saved after every command as the state JSON and checked on restore by the
 * engine's own `load`, so a tampered or stale save is refused instead of crashing the game.
 */
import { isPlainObject, isValidSeed } from "@blockarcade/engine";
import { type BlastState, blastGame, newBlastGame } from "@blockarcade/engine/games/blast";
import type { KeyValueStore } from "./leaderboard";

export const GAME_KEY = "blockblast-game";

/** The saved state if it is a valid Block Blast position, else undefined. */
export function parseSavedGame(text: string | null): BlastState | undefined {
  if (text === null) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(raw) || raw.game !== "blast" || !isValidSeed(raw.seed)) return undefined;
  // `load` reseeds from a `seed` field, so the exact random source is restored from `rng` with the
  // game's seed supplied by the base state instead.
  const { seed, ...fields } = raw;
  if (!isPlainObject(fields.rng)) return undefined;
  const loaded = blastGame.load(fields, newBlastGame(seed));
  if (!loaded.ok) return undefined;
  // A save is always a position the game emitted: `over` must agree with the board and tray.
  if (loaded.value.over !== raw.over) return undefined;
  return loaded.value;
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
