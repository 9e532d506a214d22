/**
 * Keys of the Match-3 play page, the player's bindings (shell/key-bindings.ts; these the defaults):
 * L / R / D as in the terminal, arrows too; Enter ends the frame. Once the game is over, S and Q
 * answer the end prompt as the terminal's lines do (fixed: they are the prompt's answers).
 */
import type { MoveCommand } from "@blockarcade/engine/games/match3";
import type { KeyTarget, PageKeyEvent } from "../../shell/game-keys";
import { boundAction } from "../../shell/key-bindings";

export type KeyIntent = { type: "move"; command: MoveCommand } | { type: "advance" };

const MOVES: Record<string, MoveCommand> = { left: "L", right: "R", drop: "D" };

export function keyToIntent(key: string): KeyIntent | null {
  const action = boundAction("match3", key);
  if (action === "advance") return { type: "advance" };
  const command = action === null ? undefined : MOVES[action];
  return command ? { type: "move", command } : null;
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
 * Arcade keys, by default: the arrows; A / L left, R right (the game's own letters); S, D, Down and
 * Space drop. D is the game's drop command (the pad's D button), so the WASD habit "D = right"
 * gives way to it; A and S keep their WASD meaning. P and Escape pause, H hints, V watches.
 */
export function arcadeKeyToIntent(key: string): ArcadeKeyIntent | null {
  const action = boundAction("match3", key);
  if (action === "pause" || action === "hint" || action === "watch") return { type: action };
  const command = action === null ? undefined : MOVES[action];
  return command ? { type: "move", command } : null;
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
  // The arcade's settings screen (the one native <dialog>) keeps every key.
  if (el.closest?.("dialog")) return false;
  // In a game's dialog only the pause key is the game's (the pause dialog resumes on P; Escape is the dialog's own).
  if (el.closest?.('[role="dialog"]')) return key !== "Escape" && boundAction("match3", key) === "pause";
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
      if (((event.key === "Enter" || event.key === " ") && tag === "BUTTON") || tag === "SELECT") return;
      const action = boundAction("match3", event.key);
      if (action === "hint" || action === "watch") {
        event.preventDefault();
        if (action === "hint") act.hint();
        else act.watch();
        return;
      }
      // S and Q stay the end prompt's, as in the terminal, though Arcade drops on S.
      const intent = endKeyToChoice(event.key) ? null : keyToIntent(event.key);
      if (!intent) return;
      event.preventDefault();
      if (intent.type === "advance") act.advance();
      else act.add(intent.command);
    },
  };
}
