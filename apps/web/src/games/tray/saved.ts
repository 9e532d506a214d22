/**
 * A saved tray game (the state JSON the screen stores after every command), restored through the
 * engine's own `load`, so a tampered or stale save is refused instead of crashing the game. The
 * random source must come back exactly as stored (`load` reseeds from a `seed` field and silently
 * replaces a broken `rng`, so the seed is left out and the rng compared), and `over`, which the
 * rules derive from board and tray, must agree: a save is always a position the game emitted.
 */
import {
  type BaseCommand,
  type BaseEvent,
  type BaseState,
  type GameDefinition,
  isPlainObject,
  isValidSeed,
} from "@blockarcade/engine";

export function restoreSavedGame<S extends BaseState, C extends BaseCommand, E extends BaseEvent, Cfg>(
  game: GameDefinition<S, C, E, Cfg>,
  raw: unknown,
): S | undefined {
  if (!isPlainObject(raw) || raw.game !== game.id || !isValidSeed(raw.seed)) return undefined;
  if (!isPlainObject(raw.rng) || typeof raw.over !== "boolean") return undefined;
  const { seed, ...fields } = raw;
  // Fields a save leaves out take the default config's values, as a `load` command's would.
  const loaded = game.load(fields, game.newGame(game.defaultConfig, seed));
  if (!loaded.ok) return undefined;
  if (JSON.stringify(loaded.value.rng) !== JSON.stringify(raw.rng)) return undefined;
  if (loaded.value.over !== raw.over) return undefined;
  return { ...loaded.value, seed };
}
