/**
 * A saved game (the engine state JSON a screen stores) restored through the engine's own `load`, so
 * a corrupt, foreign or tampered save is refused by the same checks the CLI and the HTTP service
 * use, and then simply ignored. `load` reseeds from a `seed` field and fills in or repairs what is
 * missing, so the seed is kept apart and the loaded state must equal the save field for field: a
 * save is always a position the game itself emitted, never one the loader had to repair.
 *
 * `derived: true` relaxes that for the tray games, whose `load` derives fields from others (a tray
 * piece's id and base shape from its cells): there only the random source and `over` must come back
 * as stored, so a game goes on exactly as it would have and never resumes as the wrong phase.
 */
import {
  type BaseCommand,
  type BaseEvent,
  type BaseState,
  canonicalJson,
  type GameDefinition,
  handleCommand,
  isPlainObject,
  isValidSeed,
} from "@blockarcade/engine/core";
import { readJson, removeKey, writeJson } from "./storage";

export function restoreSavedGame<S extends BaseState, C extends BaseCommand, E extends BaseEvent, Cfg>(
  game: GameDefinition<S, C, E, Cfg>,
  raw: unknown,
  options: { derived?: boolean } = {},
): S | undefined {
  if (!isPlainObject(raw) || raw.game !== game.id || !isValidSeed(raw.seed) || !isPlainObject(raw.rng)) {
    return undefined;
  }
  const { seed, ...fields } = raw;
  // Fields a save leaves out take the default config's values, as a `load` command's would.
  const step = handleCommand(game, game.newGame(game.defaultConfig, seed), { cmd: "load", state: fields });
  if (!step.reply.ok) return undefined;
  const loaded = { ...(step.state as S), seed };
  if (!options.derived) return sameJson(loaded, raw) ? loaded : undefined;
  return sameJson(loaded.rng, raw.rng) && loaded.over === raw.over ? loaded : undefined;
}

/** Equal as JSON: key order does not matter and undefined fields are absent. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** A game's unfinished game in storage, written after every change and restored through `load`. */
export interface SavedGameStore<S extends BaseState> {
  restore(): S | undefined;
  save(state: S): void;
  clear(): void;
}

export function createSavedGame<S extends BaseState, C extends BaseCommand, E extends BaseEvent, Cfg>(
  game: GameDefinition<S, C, E, Cfg>,
  key: string,
  options: { derived?: boolean } = {},
): SavedGameStore<S> {
  return {
    restore: () => restoreSavedGame(game, readJson(key, isPlainObject), options),
    save: (state) => {
      writeJson(key, state);
    },
    clear: () => removeKey(key),
  };
}
