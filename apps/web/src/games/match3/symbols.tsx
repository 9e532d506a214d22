/**
 * The four symbols of the game, drawn so they differ by shape as well as by colour (players who do
 * not tell colours apart still see a triangle, a star, a ring and a wave).
 */
import type { BrickSymbol } from "@blockarcade/engine/games/match3";
import { useColourBlind } from "../../shell/look";
import { type Match3Message, t } from "./messages";

export const SYMBOL_NAMES: Record<BrickSymbol, string> = {
  "^": "triangle",
  "*": "star",
  "@": "ring",
  "~": "wave",
};

export const SYMBOL_COLORS: Record<BrickSymbol, string> = {
  "^": "#ff6b4a",
  "*": "#ffd23f",
  "@": "#4ea8ff",
  "~": "#3ddc97",
};

/**
 * The colour-blind palette: every pair stays apart under simulated deuteranopia, protanopia and
 * tritanopia, and each stays apart from the dark and light cell backgrounds (colours.test.ts). The
 * second cue is the glyph's shape (SYMBOL_NAMES), drawn in every mode.
 */
export const COLOUR_BLIND_COLORS: Record<BrickSymbol, string> = {
  "^": "#bb1111",
  "*": "#eedd00",
  "@": "#9977ee",
  "~": "#00aa88",
};

export function SymbolGlyph({ symbol }: { symbol: BrickSymbol }) {
  const color = (useColourBlind("match3") ? COLOUR_BLIND_COLORS : SYMBOL_COLORS)[symbol];
  return (
    <svg class="match3-glyph" viewBox="0 0 24 24" aria-hidden="true">
      {symbol === "^" && <path d="M12 3 22 20H2z" fill={color} />}
      {symbol === "*" && (
        <path d="m12 2 2.9 6.2 6.6.8-4.9 4.6 1.3 6.6L12 16.9l-5.9 3.3 1.3-6.6L2.5 9l6.6-.8z" fill={color} />
      )}
      {symbol === "@" && <circle cx="12" cy="12" r="7" fill="none" stroke={color} stroke-width="4.5" />}
      {symbol === "~" && (
        <path
          d="M2 9c3-4 5-4 7 0s4 4 7 0 4-4 6 0M2 17c3-4 5-4 7 0s4 4 7 0 4-4 6 0"
          fill="none"
          stroke={color}
          stroke-width="3.2"
          stroke-linecap="round"
        />
      )}
    </svg>
  );
}

/** A symbol's name in the current language ("triangle"). */
export function symbolName(s: string): string {
  const name = SYMBOL_NAMES[s as BrickSymbol];
  return name ? t(`symbol_${name}` as Match3Message) : s;
}

export function describeBrick(text: string): string {
  const orientation = text[0] === "V" ? t("vertical") : t("horizontal");
  return t("brick", { orientation, names: [...text.slice(1)].map(symbolName).join(", ") });
}
