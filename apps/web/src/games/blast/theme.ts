/**
 * The theme, sizes and durations as CSS custom properties set on each page's root: blast.css reads
 * them and never writes its own copies, so each number lives once, in the engine's constants (the
 * theme of docs/games/blast.md "Look") or in effects.ts.
 */
import {
  CELEBRATION_MS,
  CELL_GAP,
  CELL_SIZE,
  CLEAR_ANIMATION_MS,
  THEME,
} from "@blockarcade/engine/games/blast";
import { POP_MS } from "./effects";

/** The colour of `rgba(r, g, b, a)` without its transparency (the ghost's ring is drawn solid). */
export function opaque(colour: string): string {
  const m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(colour);
  return m ? `rgb(${m[1]}, ${m[2]}, ${m[3]})` : colour;
}

/**
 * The arcade's light theme (shell/look.ts) for Blast: the rules' theme is dark; these are its light
 * counterparts, chosen for the same contrasts (text 4.5:1 or more on the background and the board).
 */
export const LIGHT_THEME = {
  background: "#f4f6fa",
  boardBackground: "#d5dce7",
  emptyCell: "#e9edf3",
  cellBorder: "#bcc6d4",
  textPrimary: "#1f2430",
  textSecondary: "#4d5766",
  streakGlow: "#8a5a00",
} as const;

export function themeStyle(theme: "light" | "dark" = "dark"): Record<string, string> {
  const t = theme === "light" ? { ...THEME, ...LIGHT_THEME } : THEME;
  return {
    "--blast-bg": t.background,
    "--blast-board": t.boardBackground,
    "--blast-empty": t.emptyCell,
    "--blast-border": t.cellBorder,
    "--blast-ghost-valid": THEME.ghostValid,
    "--blast-ghost-invalid": THEME.ghostInvalid,
    "--blast-ghost-valid-solid": opaque(THEME.ghostValid),
    "--blast-ghost-invalid-solid": opaque(THEME.ghostInvalid),
    "--blast-text": t.textPrimary,
    "--blast-text-2": t.textSecondary,
    "--blast-gold": t.streakGlow,
    "--blast-cell-max": `${CELL_SIZE}px`,
    "--blast-gap": `${CELL_GAP}px`,
    "--blast-clear-ms": `${CLEAR_ANIMATION_MS}ms`,
    "--blast-pop-ms": `${POP_MS}ms`,
    "--blast-celebration-ms": `${CELEBRATION_MS}ms`,
  };
}
