/**
 * The unfinished Block Stacker game kept in localStorage across a page reload. The save is the
 * engine state as it is (plain JSON, rng included, so the 7-bag goes on exactly as it would have);
 * reading it back goes through the protocol's own `load` command, so a corrupt, foreign or tampered
 * save is refused by the same checks the CLI and the HTTP service use, and then simply ignored.
 */
import { isPlainObject } from "@blockarcade/engine";
import { type StackerState, stackerGame } from "@blockarcade/engine/games/stacker";
import { restoreSavedGame as restoreEngineState } from "../../shell/saved-game";
import { readJson, removeKey, writeJson } from "../../shell/storage";

export const GAME_KEY = "blockarcade-stacker-game";

/**
 * A stored value back as a game, or undefined when it is not an unfinished stacker game the engine
 * accepts as it is (shell/saved-game.ts: through `load`, equal field for field).
 */
export function restoreSavedGame(raw: unknown): StackerState | undefined {
  if (!isPlainObject(raw) || raw.over !== false || !isPlainObject(raw.active)) return undefined;
  return restoreEngineState(stackerGame, raw);
}

const isAnything = (_value: unknown): _value is unknown => true;

/** The saved game, if there is one the engine accepts; anything else reads as no save. */
export function readSavedGame(): StackerState | undefined {
  return restoreSavedGame(readJson(GAME_KEY, isAnything));
}

/** Saves the game; a finished game clears the save instead (there is nothing left to resume). */
export function writeSavedGame(state: StackerState): void {
  if (state.over) removeKey(GAME_KEY);
  else writeJson(GAME_KEY, state);
}

export function clearSavedGame(): void {
  removeKey(GAME_KEY);
}

/**
 * When to save. Ticks arrive up to 60 times a second at high levels, so an ordinary change is
 * saved at most once per `intervalMs`; what the player would miss most (a lock or a spawn, a hold,
 * a pause, the page going away) is saved at once. `write` is injected so this is tested without a
 * browser.
 */
export class SaveThrottle {
  private lastAt = Number.NEGATIVE_INFINITY;
  private pending: StackerState | null = null;

  constructor(
    private readonly write: (state: StackerState) => void,
    private readonly intervalMs = 1000,
  ) {}

  /** A new state at `now`; `urgent` saves it at once. */
  note(state: StackerState, now: number, urgent: boolean): void {
    this.pending = state;
    if (urgent || state.over || now - this.lastAt >= this.intervalMs) this.flush(now);
  }

  /** Called every frame: saves a waiting state once the interval has passed. */
  poll(now: number): void {
    if (this.pending && now - this.lastAt >= this.intervalMs) this.flush(now);
  }

  /** Saves a waiting state now (pause, page hidden or left). */
  flush(now: number): void {
    if (!this.pending) return;
    const state = this.pending;
    this.pending = null;
    this.lastAt = now;
    this.write(state);
  }
}
