/**
 * A leaderboard's key for a config: the engine's resolved config (defaults filled in) as canonical
 * JSON with sorted keys, so `{}`, an absent config and the explicit default share one board.
 */
import type { GameConfig } from "@blockarcade/client";
import { type AnyGame, canonicalJson, type Result, startGame } from "@blockarcade/engine/core";

export interface ResolvedConfig {
  config: GameConfig;
  key: string;
}

/** The game's config as its states carry it, and its board key; BAD_CONFIG when the game refuses it. */
export function resolveConfig(game: AnyGame, raw: unknown): Result<ResolvedConfig> {
  const started = startGame(game, 0, raw);
  if (!started.ok) return started;
  return { ok: true, value: configOfState(game, started.value) };
}

/** The config a state was played with (a state without one: the game's default). */
export function configOfState(game: AnyGame, state: object): ResolvedConfig {
  // A state's config is what its game's parseConfig made, so it is of that game's config type.
  const config = ((state as { config?: unknown }).config ?? game.defaultConfig ?? {}) as GameConfig;
  return { config, key: canonicalJson(config) };
}
