/**
 * What a hint's commands would do, found by playing them on the position with the engine (pure:
 * nothing shown changes). Each game words the events in its own catalogue, so a hint reads in the
 * player's language instead of the engine's English `reason` (docs/architecture.md "Languages").
 */
import type { ApplyResult } from "@blockarcade/engine/core";

/** The events of `commands` played in order from `state`, or null when the engine refuses one. */
export function playedEvents<S, C, E>(
  game: { apply(state: S, command: C): ApplyResult<S, E> },
  state: S,
  commands: readonly C[],
): { state: S; events: E[] } | null {
  const events: E[] = [];
  let at = state;
  for (const command of commands) {
    const reply = game.apply(at, command);
    if (!reply.ok) return null;
    at = reply.state;
    events.push(...reply.events);
  }
  return { state: at, events };
}
