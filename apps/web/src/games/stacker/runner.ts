/**
 * The Block Stacker runner: it owns the game clock for the browser. The page's
 * requestAnimationFrame loop calls `update(now)` every frame; the runner sends `tick` when the
 * level's gravity (or the lock delay of a resting piece) is due, and repeats held moves with the
 * usual delayed auto shift (DAS) and auto repeat rate (ARR). Time is passed in, never read, so the
 * runner is tested without a browser.
 */
import {
  isResting,
  MAX_LOCK_RESETS,
  type StackerCommand,
  type StackerEvent,
  type StackerKey,
  type StackerState,
  stackerGame,
  tickDelayMs,
} from "@blockarcade/engine/games/stacker";

/** What a player can hold down or tap. */
export type Action = "left" | "right" | "soft_drop" | "rotate_cw" | "rotate_ccw" | "hard_drop" | "hold";

const ACTION_KEYS: Record<Action, StackerKey> = {
  left: "A",
  right: "D",
  soft_drop: "S",
  rotate_cw: "Q",
  rotate_ccw: "E",
  hard_drop: "Space",
  hold: "C",
};

/** Delay before a held left/right starts repeating, and the repeat interval (ms). */
export const DAS_MS = 170;
export const ARR_MS = 50;
/** A held soft drop repeats at once at this interval (ms). */
export const SOFT_DROP_MS = 40;
/** After a pause longer than this the clock restarts instead of catching up. */
const MAX_CATCH_UP_MS = 1000;

interface Held {
  /** When the next repeat is due. */
  nextAt: number;
}

export type RunnerListener = (state: StackerState, events: StackerEvent[]) => void;

export class StackerRunner {
  state: StackerState;
  paused = false;
  private nextTickAt: number;
  private lockResets = 0;
  private readonly held = new Map<Action, Held>();
  /** Order of the held sideways moves: the latest wins while both are down. */
  private sideways: Action[] = [];

  constructor(
    state: StackerState,
    now: number,
    private readonly listener: RunnerListener,
  ) {
    this.state = state;
    this.nextTickAt = now + tickDelayMs(state);
  }

  /** Starts a new game (a restart) at `now`. */
  reset(state: StackerState, now: number): void {
    this.state = state;
    this.paused = false;
    this.lockResets = 0;
    this.held.clear();
    this.sideways = [];
    this.nextTickAt = now + tickDelayMs(state);
    this.listener(state, []);
  }

  /** Applies a command; returns whether the engine accepted it. */
  private apply(command: StackerCommand, now: number): boolean {
    const before = this.state;
    const result = stackerGame.apply(before, command);
    if (!result.ok) return false;
    this.state = result.state;
    const newPiece = result.events.some((e) => e.type === "spawned" || e.type === "locked");
    if (command.cmd === "tick" || newPiece) {
      if (newPiece) this.lockResets = 0;
      this.nextTickAt = (command.cmd === "tick" ? this.nextTickAt : now) + tickDelayMs(this.state);
    } else if (isResting(this.state) || isResting(before)) {
      // A move or turn on the floor restarts the lock delay, a limited number of times per piece,
      // so a piece cannot be kept alive for ever.
      if (this.lockResets < MAX_LOCK_RESETS) {
        this.lockResets++;
        this.nextTickAt = now + tickDelayMs(this.state);
      }
    }
    this.listener(this.state, result.events);
    return true;
  }

  /** A key or button went down. */
  press(action: Action, now: number): void {
    if (this.paused || this.state.over) return;
    if (action === "left" || action === "right") {
      this.sideways = [...this.sideways.filter((a) => a !== action), action];
      this.held.set(action, { nextAt: now + DAS_MS });
    } else if (action === "soft_drop") {
      this.held.set(action, { nextAt: now + SOFT_DROP_MS });
    }
    this.apply({ cmd: "key", key: ACTION_KEYS[action] }, now);
  }

  /** A key or button came up. */
  release(action: Action): void {
    this.held.delete(action);
    this.sideways = this.sideways.filter((a) => a !== action);
  }

  releaseAll(): void {
    this.held.clear();
    this.sideways = [];
  }

  setPaused(paused: boolean, now: number): void {
    if (this.state.over || paused === this.paused) return;
    this.paused = paused;
    this.releaseAll();
    // Resuming gives the piece a whole step again rather than dropping it at once.
    if (!paused) this.nextTickAt = now + tickDelayMs(this.state);
    this.listener(this.state, []);
  }

  /** Runs everything due by `now`: repeats of held moves and gravity ticks. */
  update(now: number): void {
    if (this.paused || this.state.over) return;
    if (now - this.nextTickAt > MAX_CATCH_UP_MS) this.nextTickAt = now;
    const side = this.sideways.at(-1);
    for (const action of [side, "soft_drop" as const]) {
      if (!action) continue;
      const held = this.held.get(action);
      if (!held) continue;
      const interval = action === "soft_drop" ? SOFT_DROP_MS : ARR_MS;
      // Several repeats may be due after a slow frame; each is one command.
      let guard = this.state.config.size;
      while (held.nextAt <= now && guard-- > 0 && !this.state.over) {
        held.nextAt += interval;
        if (!this.apply({ cmd: "key", key: ACTION_KEYS[action] }, held.nextAt - interval)) {
          held.nextAt = now + interval;
          break;
        }
      }
    }
    // Gravity: at high levels several rows fall within one frame; a lock ends the frame's ticks.
    let guard = this.state.config.size + 1;
    while (!this.state.over && this.nextTickAt <= now && guard-- > 0) {
      const locked = this.state.active !== null && isResting(this.state);
      this.apply({ cmd: "tick" }, now);
      if (locked) break;
    }
  }
}
