/**
 * Which block is selected: the pointer (or the keyboard cursor) points at a unit cell, and the
 * selection is the block at the current level that covers it, or the leaf covering it when the
 * tree stops above that level (as the original selected "the smallest block containing" the point).
 * Also the words the screen uses for moves.
 */
import {
  type Action,
  type Block,
  COLOUR_NAMES,
  type Colour,
  type Goal,
  isLeaf,
  LL,
  LR,
  regionOf,
  UL,
  UR,
} from "@blockarcade/engine/games/blocky";

export interface Cursor {
  row: number;
  col: number;
}

/** The path of the selected block: down from the top-level block towards the cell, at most `level` steps. */
export function selectedPath(tree: Block, cursor: Cursor, level: number, maxDepth: number): number[] {
  const path: number[] = [];
  let block = tree;
  let size = 2 ** maxDepth;
  let r = cursor.row;
  let c = cursor.col;
  while (path.length < level && !isLeaf(block)) {
    size /= 2;
    const down = r >= size;
    const right = c >= size;
    const i = down ? (right ? LR : LL) : right ? UR : UL;
    path.push(i);
    block = block[i] as Block;
    if (down) r -= size;
    if (right) c -= size;
  }
  return path;
}

export type Direction = "up" | "down" | "left" | "right";

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
  // Keep the cursor's position along the other axis, inside the board.
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

export const ACTION_LABELS: Record<Action, string> = {
  rotate_cw: "Rotate clockwise",
  rotate_ccw: "Rotate counter-clockwise",
  swap_h: "Swap horizontally",
  swap_v: "Swap vertically",
  smash: "Smash",
  paint: "Paint",
  combine: "Combine",
  pass: "Pass",
};

/** The original's keys for each action. */
export const ACTION_KEYS: Record<Action, string> = {
  rotate_cw: "D",
  rotate_ccw: "A",
  swap_h: "Q",
  swap_v: "E",
  smash: "Space",
  paint: "R",
  combine: "C",
  pass: "Tab",
};

/** "rotating a block clockwise": what a player is doing, for the line under the board. */
export function doingText(action: Action, paint: Colour): string {
  switch (action) {
    case "rotate_cw":
      return "rotating a block clockwise";
    case "rotate_ccw":
      return "rotating a block counter-clockwise";
    case "swap_h":
      return "swapping a block horizontally";
    case "swap_v":
      return "swapping a block vertically";
    case "smash":
      return "smashing a block";
    case "paint":
      return `painting a cell ${COLOUR_NAMES[paint]}`;
    case "combine":
      return "combining a block";
    case "pass":
      return "passing";
    default: {
      const never: never = action;
      return never;
    }
  }
}

/** "rotated a block clockwise": the same, once done. */
export function doneText(action: Action, paint: Colour): string {
  switch (action) {
    case "rotate_cw":
      return "rotated a block clockwise";
    case "rotate_ccw":
      return "rotated a block counter-clockwise";
    case "swap_h":
      return "swapped a block horizontally";
    case "swap_v":
      return "swapped a block vertically";
    case "smash":
      return "smashed a block (-3)";
    case "paint":
      return `painted a cell ${COLOUR_NAMES[paint]} (-1)`;
    case "combine":
      return "combined a block (-1)";
    case "pass":
      return "passed";
    default: {
      const never: never = action;
      return never;
    }
  }
}

export function goalSentence(goal: Goal): string {
  return goal.type === "blob"
    ? `Make the largest connected blob of ${COLOUR_NAMES[goal.colour]}.`
    : `Put the most ${COLOUR_NAMES[goal.colour]} on the outer edge (corners count twice).`;
}

export function goalShort(goal: Goal): string {
  return goal.type === "blob"
    ? `${COLOUR_NAMES[goal.colour]} blob`
    : `${COLOUR_NAMES[goal.colour]} perimeter`;
}
