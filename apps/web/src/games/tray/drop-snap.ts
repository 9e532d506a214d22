/**
 * Forgiving drops for both tray games: a drop that misses a fitting spot by a little lands on the
 * nearest anchor where the piece fits, at most `radius` cells from where it was let go (misplaced
 * drops are the commonest complaint about such games). The ghost shows the snapped spot, so the
 * player always sees where the piece will land before letting go.
 */
export interface Cell {
  row: number;
  col: number;
}

/**
 * The anchor to drop on: the nearest integer anchor (by distance from the fractional anchor the
 * pointer is at) within `radius` cells of the rounded one where `fits` holds; undefined when none.
 */
export function snapToFit(
  at: { row: number; col: number },
  fits: (row: number, col: number) => boolean,
  radius = 1,
): Cell | undefined {
  const row0 = Math.round(at.row);
  const col0 = Math.round(at.col);
  if (fits(row0, col0)) return { row: row0, col: col0 };
  const candidates: (Cell & { d: number })[] = [];
  for (let dr = -radius; dr <= radius; dr++) {
    for (let dc = -radius; dc <= radius; dc++) {
      if (dr === 0 && dc === 0) continue;
      const row = row0 + dr;
      const col = col0 + dc;
      candidates.push({ row, col, d: (row - at.row) ** 2 + (col - at.col) ** 2 });
    }
  }
  // Nearest first; equal distances keep the reading order (up before down, left before right).
  candidates.sort((a, b) => a.d - b.d);
  const found = candidates.find((c) => fits(c.row, c.col));
  return found && { row: found.row, col: found.col };
}
