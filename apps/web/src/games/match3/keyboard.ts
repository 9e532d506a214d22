/**
 * Keys of the Match-3 play page: L / R / D as in the terminal, arrows too; Enter ends the frame.
 * Once the game is over, S and Q answer the end prompt as the terminal's lines do.
 */
import type { MoveCommand } from "@blockarcade/engine/games/match3";
import { HINT_KEY, WATCH_KEY } from "../../shell/computer";
import type { KeyTarget, PageKeyEvent } from "../../shell/game-keys";

export type KeyIntent = { type: "move"; command: MoveCommand } | { type: "advance" };

export function keyToIntent(key: string): KeyIntent | null {
  switch (key) {
    case "l":
    case "L":
    case "ArrowLeft":
      return { type: "move", command: "L" };
    case "r":
    case "R":
    case "ArrowRight":
      return { type: "move", command: "R" };
    case "d":
    case "D":
    case "ArrowDown":
      return { type: "move", command: "D" };
    case "Enter":
    case "n":
    case "N":
      return { type: "advance" };
    default:
      return null;
  }
}

/** The end prompt's answers: S starts over, Q quits (either case: a key has no Shift to forget). */
export function endKeyToChoice(key: string): "S" | "Q" | null {
  if (key === "s" || key === "S") return "S";
  if (key === "q" || key === "Q") return "Q";
  return null;
}

/** What a key does in Arcade mode (docs/games/match3.md "Arcade mode"). */
export type ArcadeKeyIntent =
  | { type: "move"; command: MoveCommand }
  | { type: "pause" }
  | { type: "hint" }
  | { type: "watch" };

/**
 * Arcade keys: the arrows; A / L left, R right (the game's own letters); S, D, Down and Space drop.
 * D is the game's drop command (the pad's D button), so the WASD habit "D = right" gives way to
 * it; A and S keep their WASD meaning. P and Escape pause, H hints, V watches.
 */
export function arcadeKeyToIntent(key: string): ArcadeKeyIntent | null {
  switch (key) {
    case "ArrowLeft":
    case "a":
    case "A":
    case "l":
    case "L":
      return { type: "move", command: "L" };
    case "ArrowRight":
    case "r":
    case "R":
      return { type: "move", command: "R" };
    case "ArrowDown":
    case " ":
    case "s":
    case "S":
    case "d":
    case "D":
      return { type: "move", command: "D" };
    case "p":
    case "P":
    case "Escape":
      return { type: "pause" };
    case "h":
    case "H":
      return { type: "hint" };
    case "v":
    case "V":
      return { type: "watch" };
    default:
      return null;
  }
}

/**
 * Whether the Arcade page takes a key, wherever focus is: a focused button (Pause, Hint, a pad
 * key) does not swallow Space or the arrows, so Space after a tap on a button drops the brick.
 * Text fields keep every key, Enter presses a focused button, a dialog keeps its keys but P, and
 * the speed list keeps Up and Down.
 */
export function isArcadeGameKey(key: string, target: KeyTarget | EventTarget | null): boolean {
  const el = (target ?? {}) as KeyTarget;
  const tag = el.tagName?.toUpperCase() ?? "";
  if (tag === "INPUT" || tag === "TEXTAREA" || el.isContentEditable) return false;
  // In a dialog only P is the game's (the pause dialog resumes on P, as on Escape).
  if (el.closest?.('[role="dialog"]')) return key === "p" || key === "P";
  if (key === "Enter") return false;
  if (tag === "SELECT" && (key === "ArrowUp" || key === "ArrowDown" || key === " ")) return false;
  return true;
}

/** What the Arcade page does for its keys. */
export interface ArcadeKeyActions {
  togglePause(): void;
  hint(): void;
  watch(): void;
  /** A move of the player's own (it takes over from the computer). */
  play(move: MoveCommand): void;
}

/**
 * The Arcade page's keys (shell/game-keys.ts `useGameKeys`), wherever focus is (isArcadeGameKey):
 * a held key repeats its move, but a held drop drops one brick only, and a held P or V toggles once.
 */
export function arcadePageKeys(act: ArcadeKeyActions): { down(event: PageKeyEvent): void } {
  return {
    down(event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const intent = arcadeKeyToIntent(event.key);
      if (!intent || !isArcadeGameKey(event.key, event.target)) return;
      event.preventDefault();
      if (intent.type === "pause") {
        if (!event.repeat) act.togglePause();
      } else if (intent.type === "hint") act.hint();
      else if (intent.type === "watch") {
        if (!event.repeat) act.watch();
      } else if (!(event.repeat && intent.command === "D")) act.play(intent.command);
    },
  };
}

/** What the classic page does for its keys, read at each key. */
export interface ClassicKeyActions {
  over(): boolean;
  /** A command for this frame, or the frame played with the commands chosen so far. */
  add(command: MoveCommand): void;
  advance(): void;
  hint(): void;
  watch(): void;
  /** The end prompt's answers. */
  startOver(): void;
  quit(): void;
}

/**
 * The classic page's keys (shell/game-keys.ts `useGameKeys`): text fields keep every key and the
 * speed list its own; Enter on a focused button presses that button, and only elsewhere ends the
 * frame; once the game is over only S and Q count (the end prompt).
 */
export function classicPageKeys(act: ClassicKeyActions): { down(event: PageKeyEvent): void } {
  return {
    down(event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const tag = (event.target as KeyTarget | null)?.tagName?.toUpperCase();
      if (tag === "INPUT" || tag === "TEXTAREA") return;
      if (act.over()) {
        const choice = endKeyToChoice(event.key);
        if (choice === null) return;
        event.preventDefault();
        if (choice === "S") act.startOver();
        else act.quit();
        return;
      }
      if ((event.key === "Enter" && tag === "BUTTON") || tag === "SELECT") return;
      const key = event.key.toLowerCase();
      if (key === HINT_KEY || key === WATCH_KEY) {
        event.preventDefault();
        if (key === HINT_KEY) act.hint();
        else act.watch();
        return;
      }
      const intent = keyToIntent(event.key);
      if (!intent) return;
      event.preventDefault();
      if (intent.type === "advance") act.advance();
      else act.add(intent.command);
    },
  };
}
