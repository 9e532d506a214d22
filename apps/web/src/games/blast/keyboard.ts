/**
 * Keyboard play, as intents: the adapter knows keys (the bindings in shell/key-bindings.ts, these
 * the defaults), the screen knows the game. 1/2/3 pick a piece
 * (Tab moves focus through the tray's pieces, which picks them too), arrows move its ghost, Enter
 * or Space places it, Escape pauses, H shows the computer's hint and V lets it play (or takes over).
 * `keyAction` says what an intent does in the page's situation, and `onGameKey` carries it out
 * through the page's handlers.
 */
import type { BlastState } from "@blockarcade/engine/games/blast";
import { boundAction } from "../../shell/key-bindings";
import { type TrayKeyIntent, trayKeyIntent } from "../tray/keys";
import { moveSelection, type Selection } from "./preview";

export type KeyIntent = TrayKeyIntent | { type: "pause" } | { type: "hint" } | { type: "watch" };

export function keyToIntent(key: string): KeyIntent | null {
  const action = boundAction("blast", key);
  if (action === "pause" || action === "hint" || action === "watch") return { type: action };
  return trayKeyIntent("blast", key);
}

/** The intent of a key press; a press with Alt, Ctrl or Meta is the browser's, never the game's. */
export function keyEventIntent(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): KeyIntent | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  return keyToIntent(event.key);
}

/** What the page does for a key. */
export type KeyAct =
  | { type: "hint" }
  | { type: "watch" }
  | { type: "pause" }
  /** Pick this piece (and focus its slot). */
  | { type: "select"; piece: number }
  /** The picked piece's ghost moved. */
  | { type: "aim"; selection: Selection }
  | { type: "place"; piece: number; row: number; col: number };

export interface KeyOutcome {
  act?: KeyAct;
  /** The key is the game's: its default (scrolling, a focused button's click) is prevented. */
  handled: boolean;
  /** The player's own key takes over from the watching computer. */
  takeOver: boolean;
}

export interface KeyContext {
  state: BlastState;
  paused: boolean;
  selection: Selection | undefined;
  /** Focus is on a button other than a tray slot: Enter does that button's job. */
  focusOnOtherButton: boolean;
}

/** What `intent` does: nothing while paused or over; every key but H and V takes over from Watch. */
export function keyAction(intent: KeyIntent, ctx: KeyContext): KeyOutcome {
  const { state, selection } = ctx;
  if (ctx.paused || state.over) return { handled: false, takeOver: false };
  const takeOver = intent.type !== "watch" && intent.type !== "hint";
  const done = (act?: KeyAct): KeyOutcome => ({ act, handled: true, takeOver });
  switch (intent.type) {
    case "hint":
    case "watch":
    case "pause":
      return done({ type: intent.type });
    case "select":
      return done(state.tray[intent.piece] ? { type: "select", piece: intent.piece } : undefined);
    case "move": {
      const moved = moveSelection(state, selection, intent.dr, intent.dc);
      return moved ? done({ type: "aim", selection: moved }) : { handled: false, takeOver };
    }
    case "place":
      if (!selection || ctx.focusOnOtherButton) return { handled: false, takeOver };
      return done({ type: "place", piece: selection.piece, row: selection.row, col: selection.col });
    default: {
      const never: never = intent;
      return never;
    }
  }
}

/** What the page does for each act, and how it hands the game back from the computer. */
export interface KeyHandlers {
  hint(): void;
  watch(): void;
  pause(): void;
  select(piece: number): void;
  aim(selection: Selection): void;
  place(selection: Selection): void;
  takeOver(): void;
}

/**
 * One keydown, from the event to the page: the page's key, if it is one, takes over from Watch first,
 * then does its act; a key that is the game's has its default prevented.
 */
export function onGameKey(
  event: Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey" | "preventDefault">,
  ctx: KeyContext,
  page: KeyHandlers,
): void {
  const intent = keyEventIntent(event);
  if (!intent) return;
  const { act, handled, takeOver } = keyAction(intent, ctx);
  if (takeOver) page.takeOver();
  if (handled) event.preventDefault();
  if (act?.type === "hint" || act?.type === "watch" || act?.type === "pause") page[act.type]();
  else if (act?.type === "select") page.select(act.piece);
  else if (act?.type === "aim") page.aim(act.selection);
  else if (act?.type === "place") page.place(act);
}

/** Whether the focused element is a button other than a tray slot (Enter clicks it). */
export function isOtherButton(focused: Element | null): boolean {
  return focused?.tagName === "BUTTON" && !focused.classList.contains("blast-slot");
}

/** Moves focus to tray slot `piece`, so Tab continues from the piece a key picked. */
export function focusSlot(piece: number): void {
  document.querySelector<HTMLElement>(`.blast-slot[data-piece="${piece}"]`)?.focus();
}
