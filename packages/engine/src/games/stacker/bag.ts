/** The 7-bag randomizer and the preview queue (docs/games/stacker.md "Randomizer"). */
import { type RngState, shuffled } from "../../core/rng.js";
import { PIECE_TYPES, PREVIEW_LENGTH } from "./constants.js";
import { spawnCells } from "./pieces.js";
import type { ActivePiece, PieceType } from "./types.js";

/** A fresh 7-bag: the seven pieces in a random order. */
export function freshBag(rng: RngState): PieceType[] {
  return shuffled(rng, PIECE_TYPES);
}

/** Takes the next piece off the queue and tops the preview up from the bag. Mutates its arguments. */
export function drawPiece(queue: { next: PieceType[]; bag: PieceType[] }, rng: RngState): PieceType {
  while (queue.next.length < PREVIEW_LENGTH + 1) {
    if (queue.bag.length === 0) queue.bag = freshBag(rng);
    queue.next.push(queue.bag.shift() as PieceType);
  }
  return queue.next.shift() as PieceType;
}

/** A new queue dealt from the random source: a fresh bag, its first pieces in the preview. */
export function dealQueue(rng: RngState): { next: PieceType[]; bag: PieceType[] } {
  const bag = freshBag(rng);
  return { next: bag.splice(0, PREVIEW_LENGTH), bag };
}

export function spawnPiece(type: PieceType, size: number): ActivePiece {
  return { type, rotation: 0, cells: spawnCells(type, size) };
}

export function isPieceType(value: unknown): value is PieceType {
  return typeof value === "string" && (PIECE_TYPES as readonly string[]).includes(value);
}
