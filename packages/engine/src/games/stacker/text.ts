/**
 * Block Stacker as text: the whole position (`toText`), and the board picture the terminal and test
 * fixtures draw. Locked cells show their piece letter (upper case), the falling piece its letter in
 * lower case, the ghost `+`.
 */
import { ghostCells } from "./board.js";
import type { Cell, StackerState } from "./types.js";

export const GHOST_MARK = "+";

function setCell(rows: string[], [r, c]: Cell, ch: string): void {
  const line = rows[r];
  if (line === undefined || c < 0 || c >= line.length) return;
  rows[r] = line.slice(0, c) + ch + line.slice(c + 1);
}

/** The board with the falling piece (lower case) and, if asked, its ghost. */
export function stackerPicture(state: StackerState, options: { ghost?: boolean } = {}): string[] {
  const rows = state.board.slice();
  if (state.active) {
    if (options.ghost) {
      for (const cell of ghostCells(state))
        if (rows[cell[0]]?.[cell[1]] === ".") setCell(rows, cell, GHOST_MARK);
    }
    for (const cell of state.active.cells) setCell(rows, cell, state.active.type.toLowerCase());
  }
  return rows;
}

/**
 * The whole position: the board with the falling piece (lower case), then the preview, the hold box
 * (`*` once used for this piece), and score, lines and level.
 */
export function toText(state: StackerState): string {
  const hold = `${state.hold ?? "-"}${state.canHold ? "" : "*"}`;
  return [
    ...stackerPicture(state),
    `next ${state.next.join(" ")}  hold ${hold}`,
    `score ${state.score}  lines ${state.lines}  level ${state.level}${state.over ? "  over" : ""}`,
  ].join("\n");
}
