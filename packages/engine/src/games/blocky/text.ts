/**
 * Text forms of Blocky positions (docs/games/blocky.md "Text form"): the whole position as text
 * (`toText`), goals in words, a tree on one line, and a tree built back from a picture of rows.
 */
import { COLOUR_NAMES } from "./constants.js";
import { isColour, isLeaf } from "./tree.js";
import type { Block, BlockyState, Colour, Goal, Split } from "./types.js";

/**
 * The smallest tree that flattens to `rows` (a square picture of B/R/G/Y letters, 2^k a side):
 * a quadrant of one colour becomes a leaf. Throws on a malformed picture (fixtures only).
 */
export function treeFromRows(rows: readonly string[]): { tree: Block; maxDepth: number } {
  const n = rows.length;
  const maxDepth = Math.log2(n);
  if (!Number.isInteger(maxDepth)) throw new RangeError(`a board has 2^k rows, got ${n}`);
  for (const row of rows) {
    if (row.length !== n || ![...row].every(isColour)) {
      throw new RangeError(`each row must be ${n} letters of B R G Y: "${row}"`);
    }
  }
  const build = (row: number, col: number, size: number): Block => {
    if (size === 1) return rows[row]?.[col] as Colour;
    const half = size / 2;
    const children: Split = [
      build(row, col + half, half),
      build(row, col, half),
      build(row + half, col, half),
      build(row + half, col + half, half),
    ];
    const first = children[0];
    if (isLeaf(first) && children.every((c) => c === first)) return first;
    return children;
  };
  return { tree: build(0, 0, n), maxDepth };
}

/** A compact one-line form of a tree: a leaf is its letter, a split block `(UR UL LL LR)`. */
export function treeToText(block: Block): string {
  return isLeaf(block) ? block : `(${block.map(treeToText).join(" ")})`;
}

export function goalText(goal: Goal): string {
  return goal.type === "blob"
    ? `largest ${COLOUR_NAMES[goal.colour]} blob`
    : `most ${COLOUR_NAMES[goal.colour]} on the perimeter`;
}

/**
 * Every player with kind, score, penalty and goal (`>` marks whose move it is), then the turn or
 * the result: the part of the position that is not the board.
 */
export function statusText(state: BlockyState): string {
  const lines = state.players.map((p, i) => {
    const marker = !state.over && i === state.current ? ">" : " ";
    const kind = p.kind === "smart" ? `smart ${p.difficulty ?? 1}` : p.kind;
    return `${marker} Player ${i + 1} (${kind}): ${p.score} points (penalty ${p.penalty}); goal: ${goalText(p.goal)}`;
  });
  if (state.over) {
    lines.push(`Game over after ${state.turns} turns. Player ${(state.winner ?? 0) + 1} wins.`);
  } else {
    lines.push(`Turn ${state.turn + 1} of ${state.turns}; Player ${state.current + 1} to move.`);
  }
  return lines.join("\n");
}

/** The whole position: the board picture (one letter per unit cell), a blank line, the status. */
export function toText(state: BlockyState): string {
  return `${state.board.join("\n")}\n\n${statusText(state)}`;
}
