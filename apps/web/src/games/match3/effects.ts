/**
 * What a frame's events mean to the player, as pure functions tested without a DOM: the words for
 * the live region, the tones to play, and the cells to flash.
 */
import type { GameOverReason, Match3Event } from "@blockarcade/engine/games/match3";
import type { Tone } from "../../shell/sound";
import { describeBrick } from "./symbols";

export function gameOverWords(reason: GameOverReason): string {
  return reason === "no-bricks" ? "Game over: no bricks left." : "Game over: no room for the next brick.";
}

/** Words for the live region: what the frame did, in order. */
export function narrate(events: readonly Match3Event[]): string {
  const words: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case "moved":
        if (e.command === "D") words.push(`Dropped ${e.rows ?? 0} rows.`);
        else words.push(e.command === "L" ? "Moved left." : "Moved right.");
        break;
      case "blocked":
        words.push(`${e.command === "L" ? "Left" : e.command === "R" ? "Right" : "Drop"} blocked.`);
        break;
      case "fell":
        words.push("Fell one row.");
        break;
      case "locked":
        words.push("Brick landed.");
        break;
      case "removed":
        words.push(`Matched and removed ${e.cells.length} cells.`);
        break;
      case "spawned":
        words.push(`New brick: ${describeBrick(e.brick)}.`);
        break;
      case "game_over":
        words.push(gameOverWords(e.reason));
        break;
      // Arcade mode's events (the Arcade screen words them itself).
      case "scored":
        words.push(`Scored ${e.points} points.`);
        break;
      case "level_up":
        words.push(`Level ${e.level}.`);
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

/** Words for the live region when a hint is shown: the frame's commands and why. */
export function hintWords(moves: readonly string[], reason: string): string {
  return `Hint: ${moves.length === 0 ? "no commands" : moves.join(" ")}, ${reason}.`;
}

/** How long the removed cells flash, in milliseconds. */
export function flashMs(reducedMotion: boolean): number {
  return reducedMotion ? 0 : 450;
}
