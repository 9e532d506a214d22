/**
 * The original's keys, kept as shortcuts (docs/games/blocky.md "Browser"): W/S change the level,
 * D/A rotate, Q/E swap, Space smashes, R paints, C combines, and arrow keys move the selection block
 * by block. P passes: not Tab (the original's key), which stays the browser's focus key everywhere.
 * + and - zoom the view in and out. H asks for a hint and V starts or stops watching the computer
 * play (the shell's keys for every game).
 */
import type { Action, Block } from "@blockarcade/engine/games/blocky";
import { regionOf } from "@blockarcade/engine/games/blocky";
import { HINT_KEY, WATCH_KEY } from "../../shell/computer";
import { type Cursor, selectedPath } from "./pointer";

/** The key shown for each action on its button. */
export const ACTION_KEYS: Record<Action, string> = {
  rotate_cw: "D",
  rotate_ccw: "A",
  swap_h: "Q",
  swap_v: "E",
  smash: "Space",
  paint: "R",
  combine: "C",
  pass: "P",
};

const KEY_ACTIONS: Record<string, Action> = {
  d: "rotate_cw",
  a: "rotate_ccw",
  q: "swap_h",
  e: "swap_v",
  " ": "smash",
  r: "paint",
  c: "combine",
  p: "pass",
};

export type Direction = "up" | "down" | "left" | "right";

const ARROWS: Record<string, Direction> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
};

export type KeyIntent =
  | { type: "act"; action: Action }
  | { type: "move"; direction: Direction }
  | { type: "level"; step: -1 | 1 }
  | { type: "zoom"; step: -1 | 1 }
  | { type: "hint" }
  | { type: "watch" };

/** Where a key was pressed: what decides whether the game or the page gets it. */
export interface KeyContext {
  key: string;
  shiftKey: boolean;
  /** Ctrl, Meta or Alt held: the browser's and the system's shortcuts. */
  modified: boolean;
  /** The focused element's tag name (upper case), if any. */
  tag: string | undefined;
  inDialog: boolean;
}

/** A window key event as `keyToIntent` reads it. */
export function keyContext(
  e: Pick<KeyboardEvent, "key" | "shiftKey" | "ctrlKey" | "metaKey" | "altKey" | "target">,
): KeyContext {
  const target = e.target as HTMLElement | null;
  return {
    key: e.key,
    shiftKey: e.shiftKey,
    modified: e.ctrlKey || e.metaKey || e.altKey,
    tag: target?.tagName,
    inDialog: target?.closest("dialog, [role=dialog]") != null,
  };
}

/** What a key means to the game, or null when the page keeps it (fields, buttons, dialogs). */
export function keyToIntent(k: KeyContext): KeyIntent | null {
  if (k.modified || k.inDialog) return null;
  if (k.tag === "INPUT" || k.tag === "SELECT" || k.tag === "TEXTAREA") return null;
  if (k.tag === "BUTTON" && (k.key === " " || k.key === "Enter")) return null;
  if (k.key === "+" || k.key === "=") return { type: "zoom", step: 1 };
  if (k.key === "-") return { type: "zoom", step: -1 };
  const direction = ARROWS[k.key];
  if (direction) return { type: "move", direction };
  const key = k.key.toLowerCase();
  if (key === "w" || key === "s") return { type: "level", step: key === "w" ? -1 : 1 };
  if (key === HINT_KEY) return { type: "hint" };
  if (key === WATCH_KEY) return { type: "watch" };
  const action = KEY_ACTIONS[key];
  return action ? { type: "act", action } : null;
}

/**
 * Moves the cursor to the neighbouring block in `direction` (from the edge of the selected block,
 * so a large leaf is left in one step); stays put at the board's edge.
 */
export function moveCursor(
  tree: Block,
  cursor: Cursor,
  level: number,
  maxDepth: number,
  direction: Direction,
): Cursor {
  const n = 2 ** maxDepth;
  const { row, col, size } = regionOf(selectedPath(tree, cursor, level, maxDepth), maxDepth);
  // Keep the cursor's position along the other axis, inside the selected block.
  const r = Math.min(Math.max(cursor.row, row), row + size - 1);
  const c = Math.min(Math.max(cursor.col, col), col + size - 1);
  switch (direction) {
    case "up":
      return row > 0 ? { row: row - 1, col: c } : cursor;
    case "down":
      return row + size < n ? { row: row + size, col: c } : cursor;
    case "left":
      return col > 0 ? { row: r, col: col - 1 } : cursor;
    case "right":
      return col + size < n ? { row: r, col: col + size } : cursor;
    default: {
      const never: never = direction;
      return never;
    }
  }
}
