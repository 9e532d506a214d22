/**
 * Dealing (docs/games/puzzle.md "Dealing"): every pool shape equally likely, then its colour, both
 * from the state's random source, in tray order.
 */
import { nextInt, type RngState } from "../../core/rng.js";
import { BLOCK_COLOURS, TRAY_SIZE } from "./constants.js";
import { PIECE_POOL, type PoolPiece } from "./pool.js";
import type { BlockColour, TrayBlock } from "./types.js";

/** A colour drawn from the palette (also for a loaded tray block given without one). */
export function drawColour(rng: RngState): BlockColour {
  return BLOCK_COLOURS[nextInt(rng, BLOCK_COLOURS.length)] as BlockColour;
}

export function drawBlock(rng: RngState): TrayBlock {
  const piece = PIECE_POOL[nextInt(rng, PIECE_POOL.length)] as PoolPiece;
  const colour = drawColour(rng);
  return { id: piece.id, baseShape: piece.baseShape, colour, shape: piece.rows.slice() };
}

export function dealTray(rng: RngState): TrayBlock[] {
  return Array.from({ length: TRAY_SIZE }, () => drawBlock(rng));
}
