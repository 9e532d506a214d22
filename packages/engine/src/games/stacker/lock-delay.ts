/**
 * The lock-delay policy both front ends run (docs/games/stacker.md "Lock delay"): when the runner
 * should send the next `tick`. A falling piece steps down at its level's gravity; a resting piece
 * waits at least LOCK_DELAY_MS before the tick that locks it, and a successful move or turn while
 * it rests (or that lifts it off the floor) starts that wait again, at most MAX_LOCK_RESETS times
 * per piece, so a piece cannot be kept alive for ever.
 *
 * It implements the core runner's TickPolicy: the runner passes the time in (`now`), the policy
 * never reads a clock, and the engine's `apply` stays timeless (a resting piece locks on the next
 * tick). It keeps one piece's worth of memory (when the tick is due, resets used), so each runner
 * gets its own policy from `createLockDelay()`.
 */
import type { BaseCommand } from "../../core/game.js";
import type { TickPolicy } from "../../core/runner.js";
import { isResting } from "./board.js";
import { MAX_LOCK_RESETS } from "./constants.js";
import { tickDelayMs } from "./timing.js";
import type { StackerEvent, StackerState } from "./types.js";

export interface LockDelayPolicy extends TickPolicy<StackerState, StackerEvent> {
  /** Lock-delay restarts the current piece has used. */
  readonly resets: number;
}

/** Events after which a new piece (or a new position altogether) is in play. */
const FRESH = new Set<string>(["spawned", "locked", "game_over", "new_game", "loaded"]);

export function createLockDelay(maxResets = MAX_LOCK_RESETS): LockDelayPolicy {
  let dueAt = 0;
  let resets = 0;
  let wasResting = false;

  const restart = (state: StackerState, now: number) => {
    dueAt = now + tickDelayMs(state);
  };

  return {
    get resets() {
      return resets;
    },
    delayAfter(state, events, command: BaseCommand | undefined, now) {
      if (state.over || state.active === null) return null;
      const resting = isResting(state);
      if (command === undefined) {
        // Start or resume: the piece gets a whole step (or a whole lock delay) again.
        restart(state, now);
      } else if (events.some((e) => FRESH.has(e.type))) {
        resets = 0;
        restart(state, now);
      } else if (command.cmd === "tick") {
        restart(state, now);
      } else if ((resting || wasResting) && resets < maxResets) {
        resets++;
        restart(state, now);
      }
      // Any other accepted key (a move in the air, or past the reset limit) keeps the tick's time.
      wasResting = resting;
      return Math.max(0, dueAt - now);
    },
  };
}
