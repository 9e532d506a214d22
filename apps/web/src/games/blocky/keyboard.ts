/**
 * The original's keys, kept as shortcuts (docs/games/blocky.md "Browser"), the defaults of the
 * player's bindings (shell/key-bindings.ts, remappable in Settings): W/S change the level,
 * D/A rotate, Q/E swap, Space smashes, R paints, C combines, and arrow keys move the selection block
 * by block. P passes: not Tab (the original's key), which stays the browser's focus key everywhere.
 * + and - zoom the view in and out. H asks for a hint and V starts or stops watching the computer
 * play (the shell's keys for every game).
 */
import type { Action, Block } from "@blockarcade/engine/games/blocky";
import { ACTIONS, regionOf } from "@blockarcade/engine/games/blocky";
import { boundAction, firstKeyName } from "../../shell/key-bindings";
import { type Cursor, selectedPath } from "./pointer";

/** The key shown for an action on its button: its first bound key. */
export function actionKey(action: Action): string {
  return firstKeyName("blocky", action);
}

/** The play page's key line, naming the bound keys. */
export function keysHelp(): string {
  const k = (action: string) => firstKeyName("blocky", action);
  const arrows = ["up", "down", "left", "right"].map(k).join("");
  return (
    `Keys: ${k("level_up")}/${k("level_down")} level, ${k("zoom_in")}/${k("zoom_out")} zoom, ${arrows === "↑↓←→" ? "arrows" : arrows} move, ` +
    `${k("rotate_cw")}/${k("rotate_ccw")} rotate, ${k("swap_h")}/${k("swap_v")} swap, ${k("smash")} smash, ${k("paint")} paint, ` +
    `${k("combine")} combine, ${k("pass")} pass, ${k("hint")} hint, ${k("watch")} watch.`
  );
}

export type Direction = "up" | "down" | "left" | "right";

const DIRECTIONS: readonly string[] = ["up", "down", "left", "right"];

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
  const bound = boundAction("blocky", k.key);
  if (bound === null) return null;
  if (bound === "zoom_in" || bound === "zoom_out")
    return { type: "zoom", step: bound === "zoom_in" ? 1 : -1 };
  if (DIRECTIONS.includes(bound)) return { type: "move", direction: bound as Direction };
  if (bound === "level_up" || bound === "level_down")
    return { type: "level", step: bound === "level_up" ? -1 : 1 };
  if (bound === "hint" || bound === "watch") return { type: bound };
  return (ACTIONS as readonly string[]).includes(bound) ? { type: "act", action: bound as Action } : null;
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
