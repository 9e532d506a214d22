/**
 * Keyboard input adapter: keys to intents, nothing else (the screen decides what they do).
 * 1/2/3 choose a block; while one is chosen, Tab / Shift+Tab switch to the next / previous block,
 * arrows move its preview, Enter (or Space) places it and Escape puts it back. H asks the computer
 * for a hint (shown as the chosen block's preview), V starts or stops watching it play.
 */
import { HINT_KEY, WATCH_KEY } from "../../shell/computer";
import { type TrayKeyIntent, trayKeyIntent } from "../tray/keys";

export type KeyIntent =
  | TrayKeyIntent
  | { type: "cycle"; step: 1 | -1 }
  | { type: "cancel" }
  | { type: "hint" }
  | { type: "watch" };

export function keyToIntent(key: string, shift: boolean, hasSelection: boolean): KeyIntent | null {
  const lower = key.toLowerCase();
  if (lower === HINT_KEY) return { type: "hint" };
  if (lower === WATCH_KEY) return { type: "watch" };
  const shared = trayKeyIntent(key);
  if (shared?.type === "select") return shared;
  // Without a chosen block, Tab and Enter keep their usual meaning (focus, buttons).
  if (!hasSelection) return null;
  if (key === "Tab") return { type: "cycle", step: shift ? -1 : 1 };
  if (key === "Escape") return { type: "cancel" };
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
