/**
 * Helpers the tray games' browser tests (Block Blast, Block Puzzle) share: reading the saved game,
 * the fit test and the list of legal placements a test player chooses from, and a finger drag.
 */
import type { CDPSession, Page } from "@playwright/test";

export interface Placement {
  piece: number;
  row: number;
  col: number;
}

/** The game as the screen saved it under `key` (the runner saves after every accepted command). */
export async function readSaved<T>(page: Page, key: string): Promise<T> {
  const text = await page.evaluate((k) => localStorage.getItem(k), key);
  if (!text) throw new Error("no saved game");
  return JSON.parse(text) as T;
}

/** Does the shape (rows of `#`/`.`) fit on the text board (`.` empty) with its top-left at (row, col)? */
export function fits(board: string[], shape: string[], row: number, col: number): boolean {
  return shape.every((line, i) =>
    [...line].every((ch, j) => ch !== "#" || board[row + i]?.[col + j] === "."),
  );
}

/** Every fitting placement of the tray's pieces, piece by piece, each in row-major order. */
export function placements(board: string[], tray: readonly ({ shape: string[] } | null)[]): Placement[] {
  const rows = board.length;
  const cols = board[0]?.length ?? 0;
  const out: Placement[] = [];
  tray.forEach((p, piece) => {
    if (!p) return;
    for (let row = 0; row + p.shape.length <= rows; row++) {
      for (let col = 0; col + (p.shape[0]?.length ?? 0) <= cols; col++) {
        if (fits(board, p.shape, row, col)) out.push({ piece, row, col });
      }
    }
  });
  return out;
}

/**
 * A real touch drag (Chromium turns touch into pointer events of type "touch"): a finger down at
 * `from`, `steps` moves in a straight line to `to`, then `beforeRelease` (checks while the finger is
 * still down) and the finger up.
 */
export async function touchDrag(
  cdp: CDPSession,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps: number,
  beforeRelease?: () => Promise<void>,
): Promise<void> {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= steps; i++) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
  }
  if (beforeRelease) await beforeRelease();
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}
