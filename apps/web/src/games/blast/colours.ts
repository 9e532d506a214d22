/** The colour of a board letter or a tray piece, from the engine's piece colours. */
import { COLOUR_LETTERS, PIECE_COLOURS, type TraySlot } from "@blockarcade/engine/games/blast";

/** An uncoloured block (`#` on the board). */
export const UNKNOWN_COLOUR = "#7f8c9d";

/** The colour of a board letter (A-J index the piece colours); undefined for an empty cell. */
export function letterColour(ch: string): string | undefined {
  if (ch === ".") return undefined;
  return PIECE_COLOURS[COLOUR_LETTERS.indexOf(ch)]?.hex ?? UNKNOWN_COLOUR;
}

export function pieceColour(slot: TraySlot): string {
  return slot ? (PIECE_COLOURS[slot.colour]?.hex ?? UNKNOWN_COLOUR) : UNKNOWN_COLOUR;
}

export function describePiece(slot: TraySlot): string {
  if (!slot) return "placed";
  const cells = slot.shape.join("").replaceAll(".", "").length;
  const colour = PIECE_COLOURS[slot.colour]?.name ?? "grey";
  return `${colour} piece, ${cells} ${cells === 1 ? "cell" : "cells"}, ${slot.shape[0]?.length ?? 1} wide and ${slot.shape.length} tall`;
}
