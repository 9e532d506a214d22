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

export function themeStyle(): Record<string, string> {
  return {
    "--blast-bg": THEME.background,
    "--blast-board": THEME.boardBackground,
    "--blast-empty": THEME.emptyCell,
    "--blast-border": THEME.cellBorder,
    "--blast-ghost-valid": THEME.ghostValid,
    "--blast-ghost-invalid": THEME.ghostInvalid,
    "--blast-ghost-valid-solid": opaque(THEME.ghostValid),
    "--blast-ghost-invalid-solid": opaque(THEME.ghostInvalid),
    "--blast-text": THEME.textPrimary,
    "--blast-text-2": THEME.textSecondary,
    "--blast-gold": THEME.streakGlow,
    "--blast-cell-max": `${CELL_SIZE}px`,
    "--blast-gap": `${CELL_GAP}px`,
    "--blast-clear-ms": `${CLEAR_ANIMATION_MS}ms`,
    "--blast-pop-ms": `${POP_MS}ms`,
    "--blast-celebration-ms": `${CELEBRATION_MS}ms`,
  };
}
