/**
 * Dealing (docs/games/puzzle.md "Dealing"): every pool shape equally likely, then its colour, both
 * from the state's random source, in tray order.
 */
import { nextInt, type RngState } from "../../core/rng.js";
import { BLOCK_COLORS, TRAY_SIZE } from "./constants.js";
import { PIECE_POOL, type PoolPiece } from "./pool.js";
import type { BlockColor, TrayBlock } from "./types.js";

/** A colour drawn from the palette (also for a loaded tray block given without one). */
export function drawColor(rng: RngState): BlockColor {
  return BLOCK_COLORS[nextInt(rng, BLOCK_COLORS.length)] as BlockColor;
}

export function drawBlock(rng: RngState): TrayBlock {
  const piece = PIECE_POOL[nextInt(rng, PIECE_POOL.length)] as PoolPiece;
  const color = drawColor(rng);
  return { id: piece.id, baseShape: piece.baseShape, color, shape: piece.rows.slice() };
}

export function dealTray(rng: RngState): TrayBlock[] {
  return Array.from({ length: TRAY_SIZE }, () => drawBlock(rng));
}
