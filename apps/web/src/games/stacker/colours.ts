/**
 * Stacker's piece colours, and the colour-blind palette with its second cue: the piece's own letter
 * (I, O, T, S, Z, J, L) drawn in each of its cells. The colour-blind palette keeps every pair apart
 * under simulated deuteranopia, protanopia and tritanopia (colours.test.ts).
 */
import type { PieceType } from "@blockarcade/engine/games/stacker";

export const PIECE_COLOURS: Record<PieceType, string> = {
  I: "#31c7ef",
  O: "#f7d308",
  T: "#ad4d9c",
  S: "#42b642",
  Z: "#ef2029",
  J: "#5a65ad",
  L: "#ef7921",
};

export const COLOUR_BLIND_COLOURS: Record<PieceType, string> = {
  I: "#338888",
  O: "#eedd55",
  T: "#6611ff",
  S: "#55eecc",
  Z: "#aa2244",
  J: "#aa99ff",
  L: "#aa8811",
};

/** The second cue of each piece: its letter. */
export const CUE: Record<PieceType, string> = { I: "I", O: "O", T: "T", S: "S", Z: "Z", J: "J", L: "L" };

export function pieceColours(colourBlind: boolean): Record<PieceType, string> {
  return colourBlind ? COLOUR_BLIND_COLOURS : PIECE_COLOURS;
}
