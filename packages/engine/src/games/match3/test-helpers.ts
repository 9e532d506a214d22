/**
 * What Match-3's tests share: a game started from an init line, a position set up through `load`,
 * the way a client would, and Arcade's small test field with commands played on it.
 */
import { match3Game } from "./index.js";
import type { Match3Command, Match3Event, Match3State } from "./types.js";

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

/** The small Arcade field of the tests' pictures. */
export const ARCADE = { mode: "arcade", width: 5, height: 6 } as const;

export const tick: Match3Command = { cmd: "tick" };

/** Applies `commands` in turn (a refused one throws); the last state and every event. */
export function play(state: Match3State, ...commands: Match3Command[]) {
  let s = state;
  const events: Match3Event[] = [];
  for (const command of commands) {
    const r = match3Game.apply(s, command);
    if (!r.ok) throw new Error(`${JSON.stringify(command)}: ${r.error.message}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}
