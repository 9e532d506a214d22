/**
 * The server's clock for ranked real-time games (Block Stacker; Match-3 Arcade), docs/service.md
 * "Fair play": a ranked game cannot be played faster or slower than its gravity.
 *
 * The session keeps a timeline of game time that runs as the front ends' own tick policies do
 * (Stacker's lock delay, Arcade's fall interval, in the engine): each `tick` happens when it is due,
 * and a move happens at the server's clock, within the time between two ticks. The server compares
 * that timeline with its own clock, the time since the session started:
 *   - a `tick` due more than SLACK_MS after the server's clock is early: 429 TOO_FAST;
 *   - any other move while a tick has been due for more than SLACK_MS is late: 422 TICK_DUE
 *     (send the ticks owed first: they are never refused for being late).
 * So a client that stops to think sees its piece fall all the same, and one that ticks ahead of
 * the clock gains nothing. The state is plain JSON, stored with the session (its `fair` text).
 */
import type { AnyGame, BaseEvent, BaseState } from "@blockarcade/engine/core";
import { arcadeFallInterval, isArcade, type Match3State } from "@blockarcade/engine/games/match3";
import {
  isResting,
  MAX_LOCK_RESETS,
  type StackerState,
  tickDelayMs,
} from "@blockarcade/engine/games/stacker";
import { ClientError } from "../errors.js";

/**
 * How far a ranked real-time game may run ahead of or behind the server's clock: one second (a
 * whole step of gravity at level 1, the slowest) for a browser's timers and a busy tab, and 250 ms
 * for the network.
 */
export const SLACK_MS = 1250;

export interface GameClock {
  /** Game time of the latest command, ms since the session started. */
  at: number;
  /** When the next tick is due in game time; null once the game is over. */
  dueAt: number | null;
  /** Stacker: lock-delay restarts the current piece has used, and whether it rested. */
  resets: number;
  wasResting: boolean;
}

/** Events after which a new piece (or brick) is in play: the policies start again. */
const FRESH = new Set(["spawned", "locked", "game_over", "new_game", "loaded"]);

/** Whether ranked sessions of this game's state run on the server's clock. */
export function isRealTime(game: AnyGame, state: BaseState): boolean {
  return game.id === "stacker" || (game.id === "match3" && isArcade(state as Match3State));
}

/** The clock of a new game: its first tick due one step after the start. */
export function startClock(game: AnyGame, state: BaseState): GameClock {
  return { at: 0, dueAt: stepMs(game, state), resets: 0, wasResting: false };
}

/**
 * Refuses a move that breaks the clock at `now` (ms since the session started): a tick too early,
 * any other move while a tick is overdue. Questions are never refused.
 */
export function checkClock(clock: GameClock, cmd: string, now: number): void {
  if (clock.dueAt === null) return;
  if (cmd === "tick") {
    if (clock.dueAt > now + SLACK_MS) {
      throw new ClientError(
        429,
        "TOO_FAST",
        `the next tick is due in ${Math.ceil(clock.dueAt - now)} ms: a ranked game runs at its gravity, ${SLACK_MS} ms of slack at most`,
      );
    }
    return;
  }
  if (now > clock.dueAt + SLACK_MS) {
    const owed = Math.floor(now - clock.dueAt);
    throw new ClientError(
      422,
      "TICK_DUE",
      `a tick has been due for ${owed} ms: send the ticks the game owes before any other move (a ranked game keeps falling while you wait)`,
    );
  }
}

/** The clock after an accepted move `cmd`, at `now` on the server's clock; a new object. */
export function advanceClock(
  clock: GameClock,
  game: AnyGame,
  after: BaseState,
  events: readonly BaseEvent[],
  cmd: string,
  now: number,
): GameClock {
  const previousDue = clock.dueAt ?? clock.at;
  // A tick happens when it was due; a move happens now, within the time before that tick.
  const at = cmd === "tick" ? previousDue : Math.min(Math.max(now, clock.at), previousDue);
  if (after.over) return { at, dueAt: null, resets: 0, wasResting: false };
  const fresh = events.some((e) => FRESH.has(e.type));
  if (game.id !== "stacker") {
    const restart = cmd === "tick" || fresh;
    return { ...clock, at, dueAt: restart ? at + (stepMs(game, after) ?? 0) : clock.dueAt };
  }
  const state = after as StackerState;
  const resting = state.active !== null && isResting(state);
  let { dueAt, resets } = clock;
  if (fresh) {
    resets = 0;
    dueAt = at + tickDelayMs(state);
  } else if (cmd === "tick") {
    dueAt = at + tickDelayMs(state);
  } else if ((resting || clock.wasResting) && resets < MAX_LOCK_RESETS) {
    resets++;
    dueAt = at + tickDelayMs(state);
  }
  return { at, dueAt, resets, wasResting: resting };
}

/** One step of time in this state: Stacker's tick delay, Arcade's fall interval. */
function stepMs(game: AnyGame, state: BaseState): number | null {
  if (state.over) return null;
  if (game.id === "stacker") return tickDelayMs(state as StackerState);
  return arcadeFallInterval((state as Match3State).level ?? 1);
}
