/**
 * The keyboard (docs/games/stacker.md "Browser"): a DOM key is bound to an action by the shared key
 * map (shell/key-bindings.ts: A D S Q, the arrows, Space, X E Z C by default, remappable in
 * Settings), sent to the engine as one of its keys, or pause / restart. Held keys repeat here, a
 * front-end input matter: left and right after the delayed auto shift (DAS) at the auto repeat rate
 * (ARR), both the player's settings, the later of two held directions winning; a held soft drop at
 * once, and never into a lock (the engine locks a resting piece on S; a held key must not do that by
 * itself).
 */
import type { Clock } from "@blockarcade/engine/core";
import { KEY_ACTIONS, type KeyAction, parseKey, type StackerKey } from "@blockarcade/engine/games/stacker";
import type { KeyTarget, PageKeyEvent } from "../../shell/game-keys";
import { boundAction, DEFAULT_REPEAT, getKeyRepeat, type KeyRepeatTiming } from "../../shell/key-bindings";

export type KeyIntent =
  | { type: "key"; key: StackerKey }
  | { type: "pause" }
  | { type: "restart" }
  /** The computer player: show its move (H), or let it play (V). */
  | { type: "hint" }
  | { type: "watch" };

/** The default delay before a held left/right starts repeating, and the repeat interval (ms). */
export const DAS_MS = DEFAULT_REPEAT.das;
export const ARR_MS = DEFAULT_REPEAT.arr;
/** A held soft drop repeats at once at this interval (ms). */
export const SOFT_DROP_MS = 40;
/** With ARR 0 (instant) a held direction is re-tried this often once it reaches a wall (ms). */
const INSTANT_RETRY_MS = 16;

/** Each action's engine key when the DOM key is not one of the engine's own for it. */
const ENGINE_KEYS: Record<KeyAction, StackerKey> = {
  left: "A",
  right: "D",
  soft_drop: "S",
  hard_drop: "Space",
  rotate_cw: "Q",
  rotate_ccw: "E",
  hold: "C",
};

/** What a `KeyboardEvent.key` means in the game under the player's bindings, if anything. */
export function keyToIntent(key: string): KeyIntent | null {
  const action = boundAction("stacker", key);
  if (action === null) return null;
  if (action === "pause" || action === "restart" || action === "hint" || action === "watch")
    return { type: action };
  if (!Object.hasOwn(ENGINE_KEYS, action)) return null;
  // The engine's own name for the key when it means the same (ArrowLeft stays ArrowLeft): two held
  // keys of one action stay two keys.
  const own = parseKey(key === "Spacebar" ? " " : key);
  const engineKey = own && KEY_ACTIONS[own] === action ? own : ENGINE_KEYS[action as KeyAction];
  return { type: "key", key: engineKey };
}

/**
 * Does a key pressed with focus on `target` belong to the game? The game's keys work wherever
 * focus is on the play page: a focused button (Pause, Hint, a thumb control) does not swallow Space
 * or the arrows, so Space after a click on Pause is a hard drop, never a second pause. What stays
 * with the page: Enter presses a focused button; inside a dialog Space presses its buttons too; text
 * fields keep every key; the speed list keeps Up and Down to pick a speed.
 */
export function isGameKey(key: string, target: KeyTarget | EventTarget | null): boolean {
  const el = (target ?? {}) as KeyTarget;
  const tag = el.tagName?.toUpperCase() ?? "";
  if (tag === "INPUT" || tag === "TEXTAREA" || el.isContentEditable) return false;
  // The arcade's settings screen (the one native <dialog>) keeps every key, Space on its buttons too.
  if (el.closest?.("dialog")) return false;
  const pressable = tag === "BUTTON" || tag === "A" || tag === "SELECT" || tag === "SUMMARY";
  if (pressable && key === "Enter") return false;
  if (pressable && key === " " && el.closest?.('[role="dialog"]')) return false;
  if (tag === "SELECT" && (key === "ArrowUp" || key === "ArrowDown")) return false;
  return true;
}

export interface KeyRepeatHooks {
  /** Sends one engine key; returns whether it was accepted. */
  send(key: StackerKey): boolean;
  /** Is the falling piece resting (its next soft drop would lock it)? */
  resting(): boolean;
  /** DAS and ARR, read at each press (default: the player's settings). */
  timing?(): KeyRepeatTiming;
}

export interface KeyRepeat {
  press(key: StackerKey): void;
  release(key: StackerKey): void;
  /** Lets go of everything (pause, the window losing focus). */
  releaseAll(): void;
}

const SIDEWAYS: readonly KeyAction[] = ["left", "right"];

export function createKeyRepeat(clock: Clock, hooks: KeyRepeatHooks): KeyRepeat {
  const timing = hooks.timing ?? getKeyRepeat;
  /** Held repeating actions, each with its key and its timer. */
  const held = new Map<KeyAction, { key: StackerKey; cancel?: () => void }>();
  /** Held sideways actions, latest last: only the latest repeats. */
  let sideways: KeyAction[] = [];

  const stop = (action: KeyAction) => {
    held.get(action)?.cancel?.();
  };

  const repeat = (action: KeyAction, first: number, every: number) => {
    const entry = held.get(action);
    if (!entry) return;
    entry.cancel?.();
    const step = (wait: number) => {
      entry.cancel = clock.after(wait, () => {
        if (held.get(action) !== entry) return;
        // A held soft drop waits on a resting piece: only a fresh press locks it.
        const waits = action === "soft_drop" && hooks.resting();
        // ARR 0: straight to the wall (a board is at most a few dozen cells wide), then keep trying.
        if (!waits && every === 0) for (let i = 0; i < 64 && hooks.send(entry.key); i++);
        else if (!waits) hooks.send(entry.key);
        step(every === 0 ? INSTANT_RETRY_MS : every);
      });
    };
    step(first);
  };

  return {
    press(key) {
      const action = KEY_ACTIONS[key];
      if (held.get(action)?.key === key) return;
      stop(action);
      if (SIDEWAYS.includes(action)) {
        for (const other of sideways) stop(other);
        sideways = [...sideways.filter((a) => a !== action), action];
        held.set(action, { key });
        hooks.send(key);
        const { das, arr } = timing();
        repeat(action, das, arr);
      } else if (action === "soft_drop") {
        held.set(action, { key });
        hooks.send(key);
        repeat(action, SOFT_DROP_MS, SOFT_DROP_MS);
      } else {
        hooks.send(key);
      }
    },
    release(key) {
      const action = KEY_ACTIONS[key];
      const entry = held.get(action);
      if (!entry || entry.key !== key) return;
      entry.cancel?.();
      held.delete(action);
      if (!SIDEWAYS.includes(action)) return;
      sideways = sideways.filter((a) => a !== action);
      // The other direction, still held, takes over after a fresh DAS.
      const other = sideways.at(-1);
      if (other) {
        const { das, arr } = timing();
        repeat(other, das, arr);
      }
    },
    releaseAll() {
      for (const entry of held.values()) entry.cancel?.();
      held.clear();
      sideways = [];
    },
  };
}

/** What the play page does for its keys, read at each key. */
export interface PageKeyActions {
  paused(): boolean;
  over(): boolean;
  togglePause(): void;
  restart(): void;
  hint(): void;
  watch(): void;
  /** A game key of the player's own goes down (it takes over from the computer) or up. */
  press(key: StackerKey): void;
  release(key: StackerKey): void;
  releaseAll(): void;
}

/**
 * The play page's keys (shell/game-keys.ts `useGameKeys`): held keys repeat in `createKeyRepeat`,
 * so the browser's own repeats are ignored; Enter or R restarts only a finished game; game keys
 * count only while the game runs; the window losing focus lets go of every held key.
 */
export function pageKeys(act: PageKeyActions): {
  down(event: PageKeyEvent): void;
  up(event: PageKeyEvent): void;
  blur(): void;
} {
  return {
    down(event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const intent = keyToIntent(event.key);
      if (!intent || !isGameKey(event.key, event.target)) return;
      event.preventDefault();
      if (event.repeat) return;
      if (intent.type === "pause") act.togglePause();
      else if (intent.type === "restart") {
        if (act.over()) act.restart();
      } else if (intent.type === "hint") act.hint();
      else if (intent.type === "watch") act.watch();
      else if (!act.paused() && !act.over()) act.press(intent.key);
    },
    up(event) {
      const intent = keyToIntent(event.key);
      if (intent?.type === "key") act.release(intent.key);
    },
    blur: () => act.releaseAll(),
  };
}
