/**
 * Swipes on the board (docs/games/stacker.md "Browser"): sideways one column per cell width,
 * dragging down soft-drops a row per 1.5 cells, a quick flick down hard-drops, a swipe up holds and
 * a tap turns clockwise. Pure: positions and times in, the engine's keys out.
 */
import type { StackerKey } from "@blockarcade/engine/games/stacker";

export interface Point {
  x: number;
  y: number;
  /** Milliseconds (the event's timeStamp). */
  t: number;
}

export interface Swipe {
  /** The keys the finger's move since the last call sends. */
  move(x: number, y: number): StackerKey[];
  /** The keys the finger's lifting sends (a flick, a swipe up, a tap). */
  end(at: Point): StackerKey[];
}

/** Pixels a finger must move down per soft-drop row, in cell widths. */
const DOWN_STEP = 1.5;

export function createSwipe(start: Point, cellPx: number): Swipe {
  const step = Math.max(12, cellPx);
  let lastX = start.x;
  let lastY = start.y;
  let moved = false;
  return {
    move(x, y) {
      const keys: StackerKey[] = [];
      while (x - lastX >= step) {
        keys.push("D");
        lastX += step;
      }
      while (lastX - x >= step) {
        keys.push("A");
        lastX -= step;
      }
      while (y - lastY >= step * DOWN_STEP) {
        keys.push("S");
        lastY += step * DOWN_STEP;
      }
      if (keys.length > 0) moved = true;
      return keys;
    },
    end(at) {
      const dx = at.x - start.x;
      const dy = at.y - start.y;
      const dt = Math.max(1, at.t - start.t);
      if (dy > 40 && dy / dt > 0.8 && Math.abs(dy) > 2 * Math.abs(dx)) return ["Space"];
      if (dy < -40 && Math.abs(dy) > 2 * Math.abs(dx)) return ["C"];
      if (!moved && Math.abs(dx) < 10 && Math.abs(dy) < 10 && dt < 300) return ["Q"];
      return [];
    },
  };
}

/**
 * The width of one cell as drawn, for a swipe that starts on the board's wrapper: the drawn board's,
 * not the wrapper's (the wrapper is wider when the board is fitted to the height, as on a phone).
 */
export function boardCell(wrap: Element, size: number): number {
  const board = wrap.querySelector(".stacker-board") ?? wrap;
  return board.clientWidth / size;
}
