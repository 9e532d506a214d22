/**
 * The eight actions (docs/games/blocky.md "Rules"): what each makes of a block, when it is valid, and
 * the list of every valid move.
 */
import type { RngState } from "../../core/rng.js";
import { LL, LR, UL, UR } from "./constants.js";
import { isLeaf, randomChildren } from "./tree.js";
import type { Action, Block, Colour, Split } from "./types.js";

/** Clockwise: new children = [old UL, old LL, old LR, old UR], every descendant turned too. */
export function rotateCw(block: Block): Block {
  if (isLeaf(block)) return block;
  return [rotateCw(block[UL]), rotateCw(block[LL]), rotateCw(block[LR]), rotateCw(block[UR])];
}

/** Counter-clockwise: new children = [old LR, old UR, old UL, old LL], descendants turned too. */
export function rotateCcw(block: Block): Block {
  if (isLeaf(block)) return block;
  return [rotateCcw(block[LR]), rotateCcw(block[UR]), rotateCcw(block[UL]), rotateCcw(block[LL])];
}

/** Left and right halves trade places: [UL, UR, LR, LL]; the children themselves stay as they are. */
export function swapH(block: Split): Split {
  return [block[UL], block[UR], block[LR], block[LL]];
}

/** Top and bottom halves trade places: [LR, LL, UL, UR]; the children themselves stay as they are. */
export function swapV(block: Split): Split {
  return [block[LR], block[LL], block[UL], block[UR]];
}

/** The colour strictly more common than any other among four children, or null (2-2, 1-1-1-1). */
export function majorityColour(children: readonly Colour[]): Colour | null {
  const counts = new Map<Colour, number>();
  for (const c of children) counts.set(c, (counts.get(c) ?? 0) + 1);
  let best: Colour | null = null;
  let bestCount = 0;
  let tied = false;
  for (const [colour, count] of counts) {
    if (count > bestCount) {
      best = colour;
      bestCount = count;
      tied = false;
    } else if (count === bestCount) {
      tied = true;
    }
  }
  return tied ? null : best;
}

export type ActionOutcome = { ok: true; block: Block } | { ok: false; reason: string };

/**
 * What `action` makes of `block` (at `level`), or why it is not a valid move. `paintColour` is the
 * moving player's target colour. Smash draws from `rng`; nothing else does.
 */
export function actOn(
  block: Block,
  level: number,
  action: Action,
  maxDepth: number,
  paintColour: Colour,
  rng: RngState,
): ActionOutcome {
  switch (action) {
    case "rotate_cw":
    case "rotate_ccw":
    case "swap_h":
    case "swap_v": {
      if (isLeaf(block)) {
        const verb = action.startsWith("rotate") ? "rotate" : "swap";
        return { ok: false, reason: `cannot ${verb} a block that is not split` };
      }
      const turned =
        action === "rotate_cw"
          ? rotateCw(block)
          : action === "rotate_ccw"
            ? rotateCcw(block)
            : action === "swap_h"
              ? swapH(block)
              : swapV(block);
      return { ok: true, block: turned };
    }
    case "smash": {
      if (!isLeaf(block)) return { ok: false, reason: "cannot smash a block that is already split" };
      if (level >= maxDepth) return { ok: false, reason: "cannot smash a unit cell" };
      return { ok: true, block: randomChildren(rng, level, maxDepth) };
    }
    case "paint": {
      if (!isLeaf(block) || level < maxDepth) return { ok: false, reason: "only a unit cell can be painted" };
      if (block === paintColour) return { ok: false, reason: "the cell already has the target colour" };
      return { ok: true, block: paintColour };
    }
    case "combine": {
      if (isLeaf(block) || level !== maxDepth - 1 || !block.every(isLeaf)) {
        return { ok: false, reason: "only a block whose children are unit cells can be combined" };
      }
      const majority = majorityColour(block as readonly Colour[]);
      if (majority === null) return { ok: false, reason: "its children have no majority colour" };
      return { ok: true, block: majority };
    }
    case "pass":
      return { ok: true, block };
    default: {
      const never: never = action;
      return { ok: false, reason: `unknown action ${String(never)}` };
    }
  }
}

/**
 * Every valid move other than pass, in a fixed order (blocks in preorder, actions in ACTIONS order).
 * Validity never depends on the rng, so a throwaway one serves for smash.
 */
export function validMoves(
  tree: Block,
  maxDepth: number,
  paintColour: Colour,
): { action: Action; path: number[] }[] {
  const moves: { action: Action; path: number[] }[] = [];
  const visit = (block: Block, path: number[]) => {
    const level = path.length;
    if (isLeaf(block)) {
      if (level < maxDepth) moves.push({ action: "smash", path });
      else if (block !== paintColour) moves.push({ action: "paint", path });
      return;
    }
    moves.push(
      { action: "rotate_cw", path },
      { action: "rotate_ccw", path },
      { action: "swap_h", path },
      { action: "swap_v", path },
    );
    if (
      level === maxDepth - 1 &&
      block.every(isLeaf) &&
      majorityColour(block as readonly Colour[]) !== null
    ) {
      moves.push({ action: "combine", path });
    }
    for (let i = 0; i < 4; i++) visit(block[i] as Block, [...path, i]);
  };
  visit(tree, []);
  return moves;
}
