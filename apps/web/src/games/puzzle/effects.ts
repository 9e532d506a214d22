/**
 * What a command's events mean on screen, as pure functions (docs/games/puzzle.md "Animations and
 * sounds"): the sounds to play, the cells that snap and bounce into place, the cells that fade out
 * of cleared lines, and the sentence a screen reader hears. Each animation's duration is written
 * here once and reaches the CSS as a custom property (`animationVars`).
 */
import type { PuzzleCommand, PuzzleEvent, PuzzleState } from "@blockarcade/engine/games/puzzle";
import { cellColor } from "./colors";
import type { SoundName } from "./sounds";

/** Animation durations, ms: the stylesheet reads them as var(--puzzle-<name>-ms). */
export const ANIMATION_MS = {
  /** A block lifted from the tray grows slightly. */
  lift: 140,
  /** A dropped block eases from where it was let go into its cells. */
  snap: 160,
  /** Then its cells bounce gently. */
  bounce: 260,
  /** Completed lines flash, then their blocks fade out. */
  clear: 500,
  /** A new tray fades in with a slight scale. */
  appear: 320,
} as const;

/** The custom properties that hand ANIMATION_MS to puzzle.css. */
export function animationVars(): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, ms] of Object.entries(ANIMATION_MS)) vars[`--puzzle-${name}-ms`] = `${ms}ms`;
  return vars;
}

/** How long the placed cells animate: the snap (only after a drag), then the bounce. */
export function placedMs(snapped: boolean): number {
  return (snapped ? ANIMATION_MS.snap : 0) + ANIMATION_MS.bounce;
}

/** Pixels from where a dragged block was let go to where its cells are: the snap's start. */
export interface DropOffset {
  dx: number;
  dy: number;
}

export interface ClearingCell {
  row: number;
  col: number;
  color: string;
}

export interface Effects {
  sounds: SoundName[];
  /** The placed block's cells ("row,col") and where its snap starts (null: no snap, only a bounce). */
  placed: { cells: string[]; from: DropOffset | null } | null;
  /** Cells emptied by clears, in the colour they had. */
  clearing: ClearingCell[] | null;
  /** What the live region says. */
  announcement: string;
}

/** Which sounds a command's events call for, in order: the biggest clear sound only. */
export function soundsFor(events: readonly PuzzleEvent[]): SoundName[] {
  const out: SoundName[] = [];
  let lines = 0;
  let full = false;
  for (const e of events) {
    if (e.type === "placed") out.push("place");
    else if (e.type === "cleared") lines += e.rows.length + e.cols.length;
    else if (e.type === "scored") full = e.fullClear > 0;
  }
  if (full) out.push("fullClear");
  else if (lines >= 2) out.push("multiClear");
  else if (lines === 1) out.push("clear");
  if (events.some((e) => e.type === "game_over")) out.push("gameOver");
  return out;
}

/**
 * The effects of one accepted command. `before` is the board the command was applied to (cleared
 * cells fade in the colour they had there); `drop` is where a dragged block was let go, if it was.
 */
export function effectsOf(
  events: readonly PuzzleEvent[],
  before: readonly string[],
  state: PuzzleState,
  drop: DropOffset | null,
): Effects {
  const words: string[] = [];
  let placed: Effects["placed"] = null;
  let clearing: ClearingCell[] | null = null;
  let placedColor = "";
  for (const e of events) {
    switch (e.type) {
      case "placed":
        placedColor = e.color;
        placed = { cells: e.cells.map(([r, c]) => `${r},${c}`), from: drop };
        words.push(`Placed block ${e.piece + 1} at row ${e.row + 1}, column ${e.col + 1}.`);
        break;
      case "cleared": {
        clearing = e.cells.map(([row, col]) => ({
          row,
          col,
          // A cell the block itself filled was empty before: it fades in the block's colour.
          color: cellColor(before[row]?.[col] ?? ".") ?? placedColor,
        }));
        const n = e.rows.length + e.cols.length;
        words.push(`Cleared ${n} line${n === 1 ? "" : "s"}.`);
        break;
      }
      case "scored":
        words.push(`Plus ${e.points}${e.fullClear ? ", board cleared" : ""}. Score ${state.score}.`);
        break;
      case "dealt":
        words.push("Three new blocks.");
        break;
      case "game_over":
        words.push(`Game over. Final score ${e.score}.`);
        break;
      default: {
        const never: never = e;
        void never;
      }
    }
  }
  return { sounds: soundsFor(events), placed, clearing, announcement: words.join(" ") };
}

/**
 * What the live region says for the computer's hint: where (rows and columns counted from 1, as
 * every announcement here) and the engine's reason.
 */
export function hintAnnouncement(command: PuzzleCommand, reason: string): string {
  const where = `block ${command.piece + 1} at row ${command.row + 1}, column ${command.col + 1}`;
  return `Hint: ${where}, ${reason}. Enter places it.`;
}
