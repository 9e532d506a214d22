/**
 * What a frame's events mean to the player, as pure functions tested without a DOM: the words for
 * the live region, the tones to play, and the cells to flash.
 */
import {
  ARCADE_FIELDS,
  type GameOverReason,
  type Match3Command,
  type Match3Event,
  type Match3State,
  match3Game,
} from "@blockarcade/engine/games/match3";
import type { BUZZ } from "../../shell/haptics";
import { playedEvents } from "../../shell/hint-outcome";
import type { Tone } from "../../shell/sound";
import { type Match3Message, t } from "./messages";
import { describeBrick } from "./symbols";

export function gameOverWords(reason: GameOverReason): string {
  if (reason === "topped-out") return t("overToppedOut");
  return reason === "no-bricks" ? t("overNoBricks") : t("overNoRoom");
}

/** The haptic pattern of a step (shell/haptics.ts): the end, a match, a landing, or none. */
export function buzzFor(events: readonly Match3Event[]): keyof typeof BUZZ | null {
  if (events.some((e) => e.type === "game_over")) return "over";
  if (events.some((e) => e.type === "removed")) return "clear";
  if (events.some((e) => e.type === "locked")) return "place";
  return null;
}

/** A "+points" popup where a match went, in field cells (row and column, fractions allowed). */
export interface PointsPopup {
  text: string;
  row: number;
  col: number;
}

/** What an Arcade step shows beside the field, apart from the field itself. */
export interface ArcadeEffects {
  /** Words for the live region, or undefined to leave it as it is (a plain move or fall). */
  message?: string;
  tones: Tone[];
  buzz: keyof typeof BUZZ | null;
  popup: PointsPopup | null;
  /** The level reached, for a short "Level N" banner. */
  levelUp: number | null;
}

/**
 * An Arcade step's effects (docs/games/match3.md "Arcade mode": a tick locks, removes, scores,
 * levels up, spawns or ends). Moves and plain falls say nothing: the live region would chatter
 * every row.
 */
export function arcadeEffects(events: readonly Match3Event[]): ArcadeEffects {
  const words: string[] = [];
  let popup: PointsPopup | null = null;
  let levelUp: number | null = null;
  const removed = events.find((e) => e.type === "removed");
  for (const e of events) {
    if (e.type === "scored") {
      words.push(t("removedScore", { cells: e.cells, points: e.points }));
      if (e.chain > 1) words.push(t("chainOf", { n: e.chain }));
      if (e.combo > 1) words.push(t("comboN", { n: e.combo }));
      const cells = removed?.type === "removed" ? removed.cells : [];
      const row = cells.length ? cells.reduce((n, [r]) => n + r, 0) / cells.length : 0;
      const col = cells.length ? cells.reduce((n, [, c]) => n + c, 0) / cells.length : 0;
      const tag = `${e.chain > 1 ? ` ${t("popupChain", { n: e.chain })}` : ""}${e.combo > 1 ? ` x${e.combo}` : ""}`;
      popup = { text: `+${e.points}${tag}`, row, col };
    } else if (e.type === "level_up") {
      levelUp = e.level;
      words.push(t("levelFaster", { level: e.level }));
    } else if (e.type === "risen") {
      words.push(t("floorRoseStone"));
    } else if (e.type === "game_over") {
      words.push(gameOverWords(e.reason));
    }
  }
  return {
    message: words.length > 0 ? words.join(" ") : undefined,
    tones: levelUp !== null && !events.some((e) => e.type === "game_over") ? LEVEL_TONES : soundFor(events),
    buzz: buzzFor(events),
    popup,
    levelUp,
  };
}

const LEVEL_TONES: Tone[] = [
  { freq: 523, duration: 0.1, type: "square", gain: 0.07 },
  { freq: 659, duration: 0.1, delay: 0.1, type: "square", gain: 0.07 },
  { freq: 784, duration: 0.18, delay: 0.2, type: "square", gain: 0.07 },
];

/** A refused move (a wall or a cell in the way): a dull knock beside the field's bump. */
export const BUMP_TONES: Tone[] = [{ freq: 110, duration: 0.05, type: "sine", gain: 0.05 }];

/** Words for the live region: what the frame did, in order. */
export function narrate(events: readonly Match3Event[]): string {
  const words: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case "moved":
        if (e.command === "D") words.push(t("droppedRows", { n: e.rows ?? 0 }));
        else words.push(e.command === "L" ? t("movedLeft") : t("movedRight"));
        break;
      case "blocked":
        words.push(
          e.command === "L" ? t("leftBlocked") : e.command === "R" ? t("rightBlocked") : t("dropBlocked"),
        );
        break;
      case "fell":
        words.push(t("fellOne"));
        break;
      case "locked":
        words.push(t("landed"));
        break;
      case "removed":
        words.push(t("matched", { n: e.cells.length }));
        break;
      case "spawned":
        words.push(t("newBrick", { brick: describeBrick(e.brick) }));
        break;
      case "game_over":
        words.push(gameOverWords(e.reason));
        break;
      // Arcade mode's events (the Arcade screen words them itself).
      case "scored":
        words.push(t("scoredPoints", { points: e.points }));
        break;
      case "level_up":
        words.push(t("levelN", { level: e.level }));
        break;
      case "dropped":
        words.push(t("nFell", { n: e.cells.length }));
        break;
      case "risen":
        words.push(t("floorRose"));
        break;
      default: {
        // The protocol's own events (`new_game`) say nothing here.
        const never: never = e;
        void never;
      }
    }
  }
  return words.join(" ");
}

/** The tones of a frame: the end, a match, or a brick landing; nothing for a plain move. */
export function soundFor(events: readonly Match3Event[]): Tone[] {
  if (events.some((e) => e.type === "game_over")) {
    return [
      { freq: 440, duration: 0.18, slideTo: 220, type: "triangle" },
      { freq: 330, duration: 0.3, delay: 0.18, slideTo: 160, type: "triangle" },
    ];
  }
  if (events.some((e) => e.type === "removed")) {
    return [
      { freq: 660, duration: 0.1, type: "square", gain: 0.08 },
      { freq: 880, duration: 0.14, delay: 0.09, type: "square", gain: 0.08 },
    ];
  }
  if (events.some((e) => e.type === "locked")) return [{ freq: 180, duration: 0.08, type: "sine" }];
  return [];
}

/** The cells a match removed, as `row,col` keys, flashed briefly where they were. */
export function removedCells(events: readonly Match3Event[]): ReadonlySet<string> {
  const removed = events.find((e) => e.type === "removed");
  return new Set(removed?.type === "removed" ? removed.cells.map(([r, c]) => `${r},${c}`) : []);
}

/** Words for the live region when a hint is shown: the frame's commands and what they lead to. */
export function hintWords(moves: readonly string[], outcome: string): string {
  return t("hintLine", { moves: moves.length === 0 ? t("noCommands") : moves.join(" "), outcome });
}

/**
 * What a hint leads to, played on the position: the cells its brick's landing removes. Arcade's
 * hint is the whole way down; a classic hint is one frame, so the computer's next frames are
 * played after it until the brick locks (a field's height of frames at most).
 */
export function hintOutcome(state: Match3State, commands: readonly Match3Command[]): string {
  let played = playedEvents(match3Game, state, commands);
  let frames = 1;
  const locks = (events: readonly Match3Event[]) => events.some((e) => e.type === "locked");
  const events = played?.events.slice() ?? [];
  while (played && !locks(events) && frames <= state.board.length) {
    const next = match3Game.hint(played.state);
    played = next.ok ? playedEvents(match3Game, played.state, next.value.commands) : null;
    events.push(...(played?.events ?? []));
    frames++;
  }
  const removed = events.reduce((n, e) => n + (e.type === "removed" ? e.cells.length : 0), 0);
  const outcome = t("hintRemoves", { n: removed });
  return frames > 1 ? t("hintHeads", { outcome }) : outcome;
}

/** How long the removed cells flash, in milliseconds. */
export function flashMs(reducedMotion: boolean): number {
  return reducedMotion ? 0 : 450;
}

/** How long an Arcade "+points" popup and the level banner stay (ms). */
export const POPUP_MS = 900;
export const BANNER_MS = 1400;

const FRESH_BRICK = new Set(["spawned", "new_game", "loaded"]);

/** Does an Arcade step bring a new brick (the protocol's `new_game` and `loaded` too)? A hint belongs to one brick. */
export function bringsBrick(events: readonly { type: string }[]): boolean {
  return events.some((e) => FRESH_BRICK.has(e.type));
}

/** An Arcade hint in words: the moves of the hint's commands, then the fall, and what the landing does. */
/** The Arcade hint as the page says it: its moves and what the landing does, from `state`. */
export function arcadeHint(state: Match3State, commands: readonly unknown[]): string {
  return arcadeHintWords(commands, hintOutcome(state, commands as Match3Command[]));
}

export function arcadeHintWords(commands: readonly unknown[], outcome: string): string {
  const moves = commands
    .map((c) => (c as { move?: string }).move)
    .filter((m): m is string => m !== undefined);
  return moves.length === 0
    ? t("hintFall", { outcome })
    : t("hintMoves", { moves: moves.join(" "), outcome });
}

/** A field's name for people: "small 5 × 10", or the size alone for a custom one. */
export function fieldName(width: number, height: number): string {
  const named = ARCADE_FIELDS.find((f) => f.width === width && f.height === height);
  return named
    ? t("fieldNamed", { name: t(`field_${named.name}` as Match3Message), width, height })
    : t("fieldSize", { width, height });
}
