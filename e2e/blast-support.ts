/** What the Block Blast browser tests share: the saved game, the board's geometry, where to drag. */
import type { Page } from "@playwright/test";
import { readSaved } from "./helpers";

export const GAME_KEY = "blockblast-game";
/** The rules' FINGER_OFFSET: on touch the lifted piece rides this far above the finger. */
export const FINGER_OFFSET = 40;

/** The unfinished game as the screen saves it after every accepted command. */
export interface Stored {
  seed: number;
  board: string[];
  tray: ({ shape: string[]; colour: number } | null)[];
  score: number;
  over: boolean;
  streak: number;
  revivesLeft: number;
  [key: string]: unknown;
}

export const stored = (page: Page) => readSaved<Stored>(page, GAME_KEY);

/** Board geometry from the DOM: top-left of cell (0,0) and the cell pitch. */
export async function geometry(page: Page) {
  const a = await page.locator('[data-row="0"][data-col="0"]').boundingBox();
  const b = await page.locator('[data-row="0"][data-col="1"]').boundingBox();
  if (!a || !b) throw new Error("board not visible");
  return { left: a.x, top: a.y, pitch: b.x - a.x, gap: b.x - a.x - a.width };
}

/** Where the pointer must be for the lifted piece's top-left cell to land on (row, col). */
export async function target(page: Page, shape: string[], row: number, col: number, touch: boolean) {
  const g = await geometry(page);
  const width = (shape[0]?.length ?? 1) * g.pitch - g.gap;
  const height = shape.length * g.pitch - g.gap;
  // The piece is grabbed at its centre (the tray slot's centre) and that point stays under the
  // pointer; on touch the piece rides FINGER_OFFSET above the finger.
  const x = g.left + col * g.pitch + width / 2;
  const y = g.top + row * g.pitch + height / 2 + (touch ? FINGER_OFFSET : 0);
  return { x, y };
}

export async function slotCentre(page: Page, piece: number) {
  const box = await page.locator(`.blast-slot[data-piece="${piece}"]`).boundingBox();
  if (!box) throw new Error(`piece ${piece} not visible`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Waits until nothing on the page is still animating (a pop, a slide, a growing tray piece) and the
 * board stands still, so positions measured next are where the pointer will find things.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = () =>
      document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite().map((a) => a.finished.catch(() => undefined)));
    const cell = () => document.querySelector('[data-row="0"][data-col="0"]')?.getBoundingClientRect();
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let i = 0; i < 20; i++) {
      const a = cell();
      await frame();
      await frame();
      const b = cell();
      if (a && b && a.x === b.x && a.y === b.y && a.width === b.width) return;
    }
  });
}
