/**
 * Swipes on the Arcade field (touch and pen): sideways one column per cell width as the finger
 * moves, and a swipe down drops the brick (D, once per swipe). Pure: positions in, the engine's
 * moves out; a tap does nothing (the pad's buttons are the taps).
 */
import type { MoveCommand } from "@blockarcade/engine/games/match3";

export interface Swipe {
  /** The moves the finger's travel since the last call sends. */
  move(x: number, y: number): MoveCommand[];
}

/** A swipe down must travel this many cell widths, mostly downward, to drop. */
const DROP_CELLS = 1.5;

export function createSwipe(start: { x: number; y: number }, cellPx: number): Swipe {
  const step = Math.max(14, cellPx);
  let lastX = start.x;
  let dropped = false;
  return {
    move(x, y) {
      const moves: MoveCommand[] = [];
      const dy = y - start.y;
      if (!dropped && dy >= step * DROP_CELLS && dy > 2 * Math.abs(x - start.x)) {
        dropped = true;
        return ["D"];
      }
      // After a drop the brick stays where the finger left it: a swipe is one gesture.
      if (dropped) return moves;
      while (x - lastX >= step) {
        moves.push("R");
        lastX += step;
      }
      while (lastX - x >= step) {
        moves.push("L");
        lastX -= step;
      }
      return moves;
    },
  };
}
