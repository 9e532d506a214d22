/**
 * What an accepted command's events look and sound like, as data (docs/games/blast.md "Effects"):
 * the sounds, the cells that pop or burst, the celebration text, and one sentence for screen
 * readers, and the buzz a phone gives (shell/haptics.ts). Pure (the feed only remembers the position
 * shown): play.tsx shows what this returns. Reduced motion drops the movement (pops and bursts),
 * never the information (celebration, announcement, sounds follow the sound setting).
 */
import {
  type BlastCommand,
  type BlastEvent,
  type BlastState,
  blastGame,
  COLOUR_LETTERS,
  celebrationText,
} from "@blockarcade/engine/games/blast";
import type { BUZZ } from "../../shell/haptics";
import { playedEvents } from "../../shell/hint-outcome";
import { letterColour, UNKNOWN_COLOUR } from "./colours";
import { type BlastMessage, t } from "./messages";
import type { SoundName } from "./sounds";

/** How long a placed piece's cells pop, in ms (read by blast.css as --blast-pop-ms). */
export const POP_MS = 200;

export interface BurstCell {
  row: number;
  col: number;
  colour: string;
}

export interface Celebration {
  text: string;
  points: number;
  perfect: boolean;
  lines: number;
}

/** A celebration on screen: a new id plays its rise again. */
export type ShownCelebration = Celebration & { id: number };

export interface Effects {
  sounds: { name: SoundName; lines?: number }[];
  /** Cells the placed piece took (a short pop). */
  popped: [number, number][];
  /** Cells that burst away: a clear's, or the blocks a revive removed, in their colours from before. */
  burst: BurstCell[];
  celebration: Celebration | undefined;
  /** A new tray was dealt (the tray slides in). */
  dealt: boolean;
  /** One sentence for the live region. */
  announcement: string;
  /**
   * The vibration for this reply (a name of shell/haptics.ts `BUZZ`): the strongest of its events,
   * a game over, a clear, a placement.
   */
  haptic: keyof typeof BUZZ | undefined;
}

/** The effects of `events`, which turned `before` into the next state. */
export function effectsOf(
  before: BlastState,
  events: readonly BlastEvent[],
  reducedMotion: boolean,
): Effects {
  const out: Effects = {
    sounds: [],
    popped: [],
    burst: [],
    celebration: undefined,
    dealt: false,
    announcement: "",
    haptic: undefined,
  };
  const said: string[] = [];
  // The colour of each cell just before a clear: the old board, plus the piece just placed.
  const colourAt = new Map<string, string>();
  for (const e of events) {
    switch (e.type) {
      case "placed": {
        out.sounds.push({ name: "place" });
        out.haptic ??= "place";
        if (!reducedMotion) out.popped = e.cells;
        const colour = letterColour(COLOUR_LETTERS[e.colour] ?? "#") ?? UNKNOWN_COLOUR;
        for (const [r, c] of e.cells) colourAt.set(`${r},${c}`, colour);
        said.push(t("saidPlaced", { piece: e.piece + 1, row: e.row + 1, col: e.col + 1 }));
        break;
      }
      case "cleared":
        if (!reducedMotion) out.burst = burstOf(before, e.cells, colourAt);
        break;
      case "scored": {
        out.sounds.push(e.perfect ? { name: "perfect" } : { name: "clear", lines: e.lines });
        if (out.haptic !== "over") out.haptic = "clear";
        // The engine says which celebration (by lines); the words are the catalogue's.
        const text =
          celebrationText(e.lines) === undefined ? "" : t(`celebrate${Math.min(e.lines, 4)}` as BlastMessage);
        out.celebration = { text, points: e.points, perfect: e.perfect, lines: e.lines };
        said.push(
          t(e.perfect ? "saidClearedPerfect" : "saidCleared", { text, n: e.lines, points: e.points }),
        );
        if (e.streak >= 1) said.push(t("saidStreak", { n: e.streak + 1 }));
        break;
      }
      case "dealt":
        out.sounds.push({ name: "deal" });
        out.dealt = true;
        said.push(t("saidDealt"));
        break;
      case "game_over":
        out.sounds.push({ name: "gameOver" });
        out.haptic = "over";
        said.push(e.revivesLeft > 0 ? t("saidNoFitRevives", { n: e.revivesLeft }) : t("saidGameOver"));
        break;
      case "revived":
        out.sounds.push({ name: "revive" });
        if (!reducedMotion) out.burst = burstOf(before, e.removed, colourAt);
        said.push(t("saidRevived", { n: e.removed.length }));
        break;
      default: {
        const never: never = e;
        return never;
      }
    }
  }
  out.announcement = said.join(" ");
  return out;
}

function burstOf(
  before: BlastState,
  cells: readonly [number, number][],
  placed: Map<string, string>,
): BurstCell[] {
  return cells.map(([row, col]) => ({
    row,
    col,
    colour: placed.get(`${row},${col}`) ?? letterColour(before.board[row]?.[col] ?? "#") ?? UNKNOWN_COLOUR,
  }));
}

/** What a hint's placement does, played on the position: the lines it clears and their points. */
export function hintOutcome(state: BlastState, command: BlastCommand): string {
  const scored = playedEvents(blastGame, state, [command])?.events.find((e) => e.type === "scored");
  return t("hintClears", { n: scored?.lines ?? 0, points: scored?.points ?? 0 });
}

/** What the live region says for a hint: the piece and place as the player counts them, and what it does. */
export function hintAnnouncement(
  state: BlastState,
  command: { piece: number; row: number; col: number },
): string {
  const { piece, row, col } = command;
  const outcome = hintOutcome(state, { cmd: "place", piece, row, col });
  return t("hint", { piece: piece + 1, row: row + 1, col: col + 1, outcome });
}

/** Reads each reply against the position shown before it (the runner hands over only the position after). */
export interface EffectsFeed {
  next(after: BlastState, events: readonly BlastEvent[], reducedMotion: boolean): Effects;
}

export function createEffectsFeed(first: BlastState): EffectsFeed {
  let shown = first;
  return {
    next(after, events, reducedMotion) {
      const before = shown;
      shown = after;
      return effectsOf(before, events, reducedMotion);
    },
  };
}
