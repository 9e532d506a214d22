/**
 * Timing numbers the front ends share (docs/games/stacker.md "Levels and gravity", "Lock delay").
 * The engine has no clock: a front end's timer sends `tick` when the lock-delay policy says so.
 */
import { isResting } from "./board.js";
import { LOCK_DELAY_MS, MAX_GRAVITY_LEVEL } from "./constants.js";
import type { StackerState } from "./types.js";

/**
 * Milliseconds per automatic step at a level: the guideline curve (0.8 - (level - 1) * 0.007) ^
 * (level - 1) seconds, 1 s at level 1. A pure number: the front ends own the clock.
 */
export function gravityMs(level: number): number {
  const l = Math.min(Math.max(1, Math.floor(level)), MAX_GRAVITY_LEVEL);
  return 1000 * (0.8 - (l - 1) * 0.007) ** (l - 1);
}

/** How long a front end waits before the next `tick`: gravity, or at least the lock delay when resting. */
export function tickDelayMs(state: StackerState): number {
  const gravity = gravityMs(state.level);
  return isResting(state) ? Math.max(gravity, LOCK_DELAY_MS) : gravity;
}
