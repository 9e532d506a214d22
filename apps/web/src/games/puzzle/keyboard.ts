/**
 * Keyboard input adapter: keys to intents, nothing else (the screen decides what they do). The
 * keys are the player's bindings (shell/key-bindings.ts); these are the defaults. 1/2/3 choose a block; while one is chosen, Tab / Shift+Tab switch to the next / previous block,
 * arrows move its preview, Enter (or Space) places it and Escape puts it back. H asks the computer
 * for a hint (shown as the chosen block's preview), V starts or stops watching it play.
 * `onGameKey` carries a keydown to the page's handlers.
 */
import type { PuzzleState } from "@blockarcade/engine/games/puzzle";
import { boundAction } from "../../shell/key-bindings";
import { type TrayKeyIntent, trayKeyIntent } from "../tray/keys";
import { moveWithin } from "../tray/preview";
import type { Choice } from "./preview";

export type KeyIntent =
  | TrayKeyIntent
  | { type: "cycle"; step: 1 | -1 }
  | { type: "cancel" }
  | { type: "hint" }
  | { type: "watch" };

export function keyToIntent(key: string, shift: boolean, hasSelection: boolean): KeyIntent | null {
  const action = boundAction("puzzle", key);
  if (action === "hint" || action === "watch") return { type: action };
  const shared = trayKeyIntent("puzzle", key);
  if (shared?.type === "select") return shared;
  // Without a chosen block, Tab and Enter keep their usual meaning (focus, buttons).
  if (!hasSelection) return null;
  if (key === "Tab") return { type: "cycle", step: shift ? -1 : 1 };
  if (action === "cancel") return { type: "cancel" };
  return shared;
}

/** The next remaining block after `from` (wrapping), or null when none is left. */
export function cycleBlock(available: readonly boolean[], from: number, step: 1 | -1): number | null {
  const n = available.length;
  for (let i = 1; i <= n; i++) {
    const j = (((from + step * i) % n) + n) % n;
    if (available[j]) return j;
  }
  return null;
}

export interface Cell {
  row: number;
  col: number;
}

/**
 * Where a chosen block's preview starts: the fitting spot nearest the board's centre (by steps),
 * or the centre itself when the block fits nowhere. `spots` are the engine's legal anchors for it.
 */
export function startCursor(centre: Cell, spots: readonly Cell[]): Cell {
  const dist = (c: Cell) => Math.abs(c.row - centre.row) + Math.abs(c.col - centre.col);
  let best: Cell | null = null;
  for (const s of spots) if (best === null || dist(s) < dist(best)) best = s;
  return best ? { row: best.row, col: best.col } : centre;
}

/** The intent of a keydown; Alt, Ctrl and Meta keys and typing in a form field are not the game's. */
export function keyEventIntent(
  event: Pick<KeyboardEvent, "key" | "shiftKey" | "altKey" | "ctrlKey" | "metaKey" | "target">,
  hasSelection: boolean,
): KeyIntent | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const tag = (event.target as { tagName?: string } | null)?.tagName;
  if (tag === "SELECT" || tag === "INPUT") return null;
  return keyToIntent(event.key, event.shiftKey, hasSelection);
}

/** What the page does for each key, and how it hands the game back from the computer. */
export interface KeyHandlers {
  hint(): void;
  watch(): void;
  /** Choose this block: its preview starts near the centre. */
  choose(piece: number): void;
  /** The chosen block's preview moved. */
  aim(pick: Choice): void;
  place(piece: number, cell: Cell): void;
  /** Put the chosen block back. */
  cancel(): void;
  takeOver(): void;
}

/**
 * One keydown, from the event to the page, given the position and the chosen block: a key that is
 * the game's has its default prevented, takes over from Watch (all but H and V), then does its act.
 */
export function onGameKey(
  event: Pick<
    KeyboardEvent,
    "key" | "shiftKey" | "altKey" | "ctrlKey" | "metaKey" | "target" | "preventDefault"
  >,
  state: PuzzleState,
  pick: Choice | null,
  page: KeyHandlers,
): void {
  const intent = keyEventIntent(event, pick !== null);
  if (!intent) return;
  event.preventDefault();
  if (intent.type !== "watch" && intent.type !== "hint") page.takeOver();
  const block = pick ? state.tray[pick.piece] : null;
  if (intent.type === "hint" || intent.type === "watch" || intent.type === "cancel") page[intent.type]();
  else if (intent.type === "select") page.choose(intent.piece);
  else if (intent.type === "place" && pick) page.place(pick.piece, pick.cursor);
  else if (intent.type === "move" && pick && block) {
    const { rows, cols } = state.config;
    page.aim({
      piece: pick.piece,
      cursor: moveWithin(block.shape, pick.cursor, intent.dr, intent.dc, rows, cols),
    });
  } else if (intent.type === "cycle") {
    const next = cycleBlock(
      state.tray.map((b) => b !== null),
      pick?.piece ?? 0,
      intent.step,
    );
    if (next !== null) page.choose(next);
  }
}
