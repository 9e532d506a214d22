/**
 * What a drop would do, for the preview of both tray games: whether the piece fits at a cell, which
 * board cells it covers and which lines it would complete. The web never re-derives that: each tray
 * game's engine offers `previewPlacement(state, piece, row, col)`, and the game passes it in.
 */
import { snapToFit } from "./drop-snap";

export interface DropPreview {
  fits: boolean;
  /** Board cells the block would cover, [row, col] (also when it does not fit, for the keyboard cursor). */
  cells: [number, number][];
  /** Lines the drop would complete (empty when it does not fit). */
  rows: number[];
  cols: number[];
}

export interface Cell {
  row: number;
  col: number;
}

/** Moves a preview by (dr, dc), keeping the shape's whole box on a rows x cols board. */
export function moveWithin(
  shape: readonly string[],
  at: Cell,
  dr: number,
  dc: number,
  rows: number,
  cols: number,
): Cell {
  const height = shape.length;
  const width = shape[0]?.length ?? 1;
  return {
    row: Math.min(rows - height, Math.max(0, at.row + dr)),
    col: Math.min(cols - width, Math.max(0, at.col + dc)),
  };
}

/** A game's preview of one placement at an anchor: its engine's `previewPlacement`, bound to a state and piece. */
export type PreviewAt = (row: number, col: number) => DropPreview | undefined;

/**
 * Where a drag at the fractional `anchor` lands and what it does there: the nearest fitting anchor
 * within `radius` cells (drop-snap.ts), or undefined when none fits (the drop goes back to the tray).
 */
export function dropTarget(
  anchor: { row: number; col: number },
  previewAt: PreviewAt,
  radius = 1,
): { at: Cell; preview: DropPreview } | undefined {
  const at = snapToFit(anchor, (row, col) => previewAt(row, col)?.fits === true, radius);
  const preview = at && previewAt(at.row, at.col);
  return at && preview ? { at, preview } : undefined;
}
