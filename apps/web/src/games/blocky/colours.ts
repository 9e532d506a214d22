/**
 * Blocky's colours: the spec's four (docs/games/blocky.md "The model") and the colour-blind palette,
 * with the second cue (the colour's initial, drawn in the cell) and the ink that reads on each.
 * The colour-blind palette keeps every pair apart under simulated deuteranopia, protanopia and
 * tritanopia (colours.test.ts); it stays near each colour's name (a light blue, a plum red, a dark
 * olive green, a yellow), so the words "red" or "green" still fit what is shown.
 */
import type { Colour } from "@blockarcade/engine/games/blocky";

export const FILL: Record<Colour, string> = {
  B: "rgb(1,128,181)",
  R: "rgb(199,44,58)",
  G: "rgb(138,151,71)",
  Y: "rgb(255,211,92)",
};

export const COLOUR_BLIND_FILL: Record<Colour, string> = {
  B: "#88ccff",
  R: "#884477",
  G: "#446600",
  Y: "#eedd55",
};

/** The second cue: a letter per colour, drawn in every block in colour-blind mode. */
export const CUE: Record<Colour, string> = { B: "B", R: "R", G: "G", Y: "Y" };
/** The letter's ink on each colour-blind fill (black on the light ones, white on the dark ones). */
export const CUE_INK: Record<Colour, string> = { B: "#000000", R: "#ffffff", G: "#ffffff", Y: "#000000" };

export function fills(colourBlind: boolean): Record<Colour, string> {
  return colourBlind ? COLOUR_BLIND_FILL : FILL;
}
