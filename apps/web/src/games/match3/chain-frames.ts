/**
 * Arcade's lock shown step by step (docs/games/match3.md "Arcade mode", "Gravity and chains"): the
 * engine answers a tick with the field at rest and the events that led there; these are the
 * pictures in between, replayed from the events on the field before the tick. Pure, tested.
 */
import type { Match3Event } from "@blockarcade/engine/games/match3";

export interface ChainFrame {
  board: string[];
  /** Cells about to go (`row,col`), flashed. */
  flash: ReadonlySet<string>;
  /** Cells that just fell (`row,col` where they are now) and how many rows, for the fall animation. */
  fell: ReadonlyMap<string, number>;
  /** The link of the chain this picture belongs to (0: the brick settling). */
  chain: number;
}

const NONE: ReadonlySet<string> = new Set();
const NO_FALL: ReadonlyMap<string, number> = new Map();

function put(board: string[], r: number, c: number, ch: string): void {
  const row = board[r];
  if (row === undefined) return;
  board[r] = row.slice(0, c) + ch + row.slice(c + 1);
}

/**
 * The pictures of one tick's lock: the brick settling (when a part of it fell), then for each link
 * of the chain its runs flashing and the symbols above falling into the gaps. Empty when the lock
 * neither fell nor matched: the field at rest is all there is to show.
 */
export function chainFrames(before: readonly string[], events: readonly Match3Event[]): ChainFrame[] {
  if (!events.some((e) => e.type === "dropped" || e.type === "removed")) return [];
  const board = before.slice();
  const frames: ChainFrame[] = [];
  const snapshot = (flash: ReadonlySet<string>, fell: ReadonlyMap<string, number>, chain: number) =>
    frames.push({ board: board.slice(), flash, fell, chain });
  for (const e of events) {
    if (e.type === "locked") {
      for (const [r, c, s] of e.cells) put(board, r, c, s);
    } else if (e.type === "dropped") {
      for (const [r, c] of e.cells) put(board, r, c, ".");
      const fell = new Map<string, number>();
      for (const [r, c, to, s] of e.cells) {
        put(board, to, c, s);
        fell.set(`${to},${c}`, to - r);
      }
      snapshot(NONE, fell, e.chain);
    } else if (e.type === "removed") {
      snapshot(new Set(e.cells.map(([r, c]) => `${r},${c}`)), NO_FALL, e.chain ?? 1);
      for (const [r, c] of e.cells) put(board, r, c, ".");
    }
  }
  return frames;
}

/** How long each picture of a chain shows (ms); with reduced motion the field jumps to rest. */
export function chainStepMs(reducedMotion: boolean): number {
  return reducedMotion ? 0 : 220;
}
