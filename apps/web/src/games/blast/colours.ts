/** The colour of a board letter or a tray piece, from the engine's piece colours. */
import { COLOUR_LETTERS, PIECE_COLOURS, type TraySlot } from "@blockarcade/engine/games/blast";
import { type BlastMessage, t } from "./messages";

/** An uncoloured block (`#` on the board). */
export const UNKNOWN_COLOUR = "#7f8c9d";

/**
 * The colour-blind palette (same order as PIECE_COLOURS): every pair stays apart under simulated
 * deuteranopia, protanopia and tritanopia (colours.test.ts). Ten colours cannot all stay far apart
 * for every eye, so the second cue does the rest: the colour's board letter (A-J) in each cell.
 */
export const COLOUR_BLIND_COLOURS = [
  "#aa2255",
  "#aa8833",
  "#99dd00",
  "#22bb88",
  "#11ffbb",
  "#8899dd",
  "#007788",
  "#4444dd",
  "#ddbbcc",
  "#775500",
];
export const CUES: readonly string[] = [...COLOUR_LETTERS];

function colourAt(i: number, colourBlind: boolean): string {
  return (colourBlind ? COLOUR_BLIND_COLOURS[i] : PIECE_COLOURS[i]?.hex) ?? UNKNOWN_COLOUR;
}

/** The colour of a board letter (A-J index the piece colours); undefined for an empty cell. */
export function letterColour(ch: string, colourBlind = false): string | undefined {
  if (ch === ".") return undefined;
  return colourAt(COLOUR_LETTERS.indexOf(ch), colourBlind);
}

/** A rules colour (an effect's record) as shown: itself, or its colour-blind stand-in. */
export function shownColour(hex: string, colourBlind: boolean): string {
  const i = PIECE_COLOURS.findIndex((c) => c.hex === hex);
  return colourBlind && i >= 0 ? colourAt(i, true) : hex;
}

export function pieceColour(slot: TraySlot, colourBlind = false): string {
  return slot ? colourAt(slot.colour, colourBlind) : UNKNOWN_COLOUR;
}

export function describePiece(slot: TraySlot): string {
  if (!slot) return t("placed");
  const cells = slot.shape.join("").replaceAll(".", "").length;
  const colour = t(`colour_${PIECE_COLOURS[slot.colour]?.name ?? "grey"}` as BlastMessage);
  return t("pieceDescription", {
    colour,
    n: cells,
    wide: slot.shape[0]?.length ?? 1,
    tall: slot.shape.length,
  });
}
