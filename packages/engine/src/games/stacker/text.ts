/**
 * Picture-like text for Block Stacker: fixtures in tests and the terminal's board. Locked cells show
 * their piece letter (upper case), the falling piece its letter in lower case, the ghost `+`.
 */
import { ghostCells } from "./rules.js";
import {
  type ActivePiece,
  type Cell,
  PIECE_TYPES,
  type PieceType,
  type Rotation,
  type StackerState,
} from "./types.js";

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
 * Reads a picture back into the parts `load` takes: lower-case letters are the falling piece (all
 * of one type), `+` is ignored (a ghost), everything else is the locked board. The rotation cannot
 * always be seen (an I lying in row 1 or row 2 of its box), so it is given.
 */
export function parseStackerPicture(
  picture: readonly string[],
  rotation: Rotation = 0,
): { board: string[]; active: ActivePiece | null } {
  const cells: Cell[] = [];
  let type: PieceType | null = null;
  const board = picture.map((line, r) => {
    let out = "";
    for (let c = 0; c < line.length; c++) {
      const ch = line[c] as string;
      const upper = ch.toUpperCase();
      if (ch !== upper && (PIECE_TYPES as readonly string[]).includes(upper)) {
        if (type !== null && type !== upper)
          throw new Error(`picture has two falling pieces: ${type}, ${upper}`);
        type = upper as PieceType;
        cells.push([r, c]);
        out += ".";
      } else out += ch === GHOST_MARK ? "." : ch;
    }
    return out;
  });
  return { board, active: type === null ? null : { type, rotation, cells } };
}
