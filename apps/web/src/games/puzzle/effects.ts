/**
 * What a command's events mean on screen, as pure functions (docs/games/puzzle.md "Animations and
 * sounds"): the sounds to play, the cells that snap and bounce into place, the cells that fade out
 * of cleared lines, and the sentence a screen reader hears. Each animation's duration is written
 * here once and reaches the CSS as a custom property (`animationVars`).
 */
import {
  type PuzzleCommand,
  type PuzzleEvent,
  type PuzzleState,
  puzzleGame,
  type TrayBlock,
} from "@blockarcade/engine/games/puzzle";
import type { BuzzPattern } from "../../shell/haptics";
import { playedEvents } from "../../shell/hint-outcome";
import { cellColour, describeBlock } from "./colours";
import { t } from "./messages";
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
  /** A refused drop: the board shakes once. */
  shake: 360,
  /** A refused drop's red ghost stays this long where the block was let go. */
  refused: 700,
  /** A "+N" score popup rises from the placed block and fades. */
  popup: 1000,
  /** The rows and columns a drop would clear pulse, one cycle. */
  pulse: 900,
} as const;

/** A refused drop's buzz: two short taps, unlike a placement's one (shell/haptics.ts BUZZ). */
export const REFUSED_BUZZ: BuzzPattern = [18, 40, 18];

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
  colour: string;
}

/** The "+N" over the placed block: where (cell units, fractional: the block's centre) and what. */
export interface ScorePopup {
  points: number;
  row: number;
  col: number;
  /** A word for a big move ("2 lines", "Board clear!"), or "". */
  note: string;
}

export interface Effects {
  sounds: SoundName[];
  /** The phone's buzz for the move (the strongest that applies: a shell/haptics.ts BUZZ name), or null. */
  buzz: BuzzName | null;
  /** The points of the move, shown where the block went. */
  popup: ScorePopup | null;
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
  let placedColour = "";
  let centre: { row: number; col: number } | null = null;
  let popup: ScorePopup | null = null;
  let lines = 0;
  for (const e of events) {
    switch (e.type) {
      case "placed":
        placedColour = e.colour;
        placed = { cells: e.cells.map(([r, c]) => `${r},${c}`), from: drop };
        centre = centreOf(e.cells);
        words.push(t("saidPlaced", { piece: e.piece + 1, row: e.row + 1, col: e.col + 1 }));
        break;
      case "cleared": {
        clearing = e.cells.map(([row, col]) => ({
          row,
          col,
          // A cell the block itself filled was empty before: it fades in the block's colour.
          colour: cellColour(before[row]?.[col] ?? ".") ?? placedColour,
        }));
        const n = e.rows.length + e.cols.length;
        lines += n;
        words.push(t("saidCleared", { n }));
        break;
      }
      case "scored":
        if (centre) {
          const note = e.fullClear ? t("boardClear") : lines >= 2 ? t("nLines", { n: lines }) : "";
          popup = { points: e.points, ...centre, note };
        }
        words.push(t(e.fullClear ? "saidPlusClear" : "saidPlus", { points: e.points, score: state.score }));
        break;
      case "dealt":
        words.push(t("saidDealt"));
        break;
      case "game_over":
        words.push(t("saidOver", { score: e.score }));
        break;
      default: {
        const never: never = e;
        void never;
      }
    }
  }
  return {
    sounds: soundsFor(events),
    buzz: buzzFor(events),
    popup,
    placed,
    clearing,
    announcement: words.join(" "),
  };
}

/** The middle of a block's cells, in cell units (the centre of cell (r, c) is r + 0.5, c + 0.5). */
function centreOf(cells: readonly [number, number][]): { row: number; col: number } {
  let row = 0;
  let col = 0;
  for (const [r, c] of cells) {
    row += r + 0.5;
    col += c + 0.5;
  }
  const n = Math.max(1, cells.length);
  return { row: row / n, col: col / n };
}

/** The shell's ready-made buzzes (shell/haptics.ts BUZZ) a move can call for. */
export type BuzzName = "place" | "clear" | "over";

/** One buzz per move, the strongest it earned: game over, else a clear, else the placement. */
export function buzzFor(events: readonly PuzzleEvent[]): BuzzName | null {
  if (events.some((e) => e.type === "game_over")) return "over";
  if (events.some((e) => e.type === "cleared")) return "clear";
  if (events.some((e) => e.type === "placed")) return "place";
  return null;
}

/** What the live region says when a drop is refused (rows and columns counted from 1). */
export function refusalAnnouncement(piece: number, cell: { row: number; col: number }): string {
  return t("saidRefused", { piece: piece + 1, row: cell.row + 1, col: cell.col + 1 });
}

/** What a hint's placement does, played on the position: the lines it clears and its points. */
export function hintOutcome(state: PuzzleState, command: PuzzleCommand): string {
  const events = playedEvents(puzzleGame, state, [command])?.events ?? [];
  let lines = 0;
  let points = 0;
  for (const e of events) {
    if (e.type === "cleared") lines += e.rows.length + e.cols.length;
    if (e.type === "scored") points += e.points;
  }
  return lines > 0 ? t("hintClears", { n: lines, points }) : t("hintScores", { n: points });
}

/**
 * What the live region says for the computer's hint: where (rows and columns counted from 1, as
 * every announcement here) and what placing it does.
 */
export function hintAnnouncement(state: PuzzleState, command: PuzzleCommand): string {
  const outcome = hintOutcome(state, command);
  return t("saidHint", { piece: command.piece + 1, row: command.row + 1, col: command.col + 1, outcome });
}

/** What the live region says when a new game replaces the one on the page. */
export function newGameAnnouncement(config: { rows: number; cols: number }): string {
  return t("saidNewGame", config);
}

/** What the live region says when a block is chosen (by key or tap). */
export function chosenAnnouncement(piece: number, block: TrayBlock): string {
  return t("saidChosen", { piece: piece + 1, description: describeBlock(block) });
}

/**
 * Follows one game's replies for their effects: the board each command was applied to (cleared
 * cells fade in the colour they had there), where a dragged block was let go (its snap starts
 * there), and an id per reply or refusal, so each animation restarts.
 */
export interface EffectsFeed {
  /** Runs `dispatch` with the drop it came from: only that command's placement snaps from there. */
  withDrop<T>(from: DropOffset | null, dispatch: () => T): T;
  /** The effects of the next accepted command, which led to `state`. */
  next(events: readonly PuzzleEvent[], state: PuzzleState): Effects;
  /** A fresh id for an animation. */
  nextId(): number;
}

export function createEffectsFeed(board: readonly string[]): EffectsFeed {
  let before = board;
  let drop: DropOffset | null = null;
  let id = 0;
  return {
    withDrop(from, dispatch) {
      drop = from;
      try {
        return dispatch();
      } finally {
        drop = null;
      }
    },
    next(events, state) {
      const effects = effectsOf(events, before, state, drop);
      drop = null;
      before = state.board;
      return effects;
    },
    nextId: () => ++id,
  };
}
