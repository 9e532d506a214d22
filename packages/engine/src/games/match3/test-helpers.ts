/**
 * What Match-3's tests share: a game started from an init line, and a position set up through
 * `load`, the way a client would.
 */
import { match3Game } from "./index.js";
import type { Match3State } from "./types.js";

export function start(input: string): Match3State {
  const config = match3Game.parseConfig({ input });
  if (!config.ok) throw new Error(config.error.message);
  return match3Game.newGame(config.value, 1);
}

export function position(input: string, fields: Record<string, unknown>): Match3State {
  const loaded = match3Game.load(fields, start(input));
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}
