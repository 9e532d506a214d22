/**
 * Timing numbers the front ends share. The engine has no clock: a front end's timer sends `tick`
 * after `tickDelayMs`. A resting piece locks on the next tick, so the front ends give the player
 * the guideline's lock delay first (and restart it when a move or turn succeeds, a limited number
 * of times per piece), or a piece would lock in a few milliseconds at high levels.
 */
import { fits, gravityMs } from "./rules.js";
import type { StackerState } from "./types.js";

export const LOCK_DELAY_MS = 500;
/** How often a successful move or turn may restart the lock delay for one piece. */
export const MAX_LOCK_RESETS = 15;

/** Is the active piece resting (its next step down blocked)? */
export function isResting(state: StackerState): boolean {
  if (!state.active) return false;
  const below = state.active.cells.map(([r, c]) => [r + 1, c] as [number, number]);
  return !fits(state.board, state.config.size, below);
}

/** How long a front end waits before its next `tick`. */
export function tickDelayMs(state: StackerState): number {
  const gravity = gravityMs(state.level);
  return isResting(state) ? Math.max(gravity, LOCK_DELAY_MS) : gravity;
}
