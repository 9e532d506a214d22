/**
 * Block Blast, what a player notices (issue 14): the green/red ghost stays visible under the lifted
 * piece by mouse and by finger; the final board can be looked at behind the game-over dialog; Restart
 * asks first; "New best!" after beating the stored best; Tab stays inside the dialogs; a way back to
 * the arcade from play and from the game over; no page scroll; the landscape tray's pieces apart and
 * in view; axe finds nothing serious on every screen, phone and desktop.
 */
import AxeBuilder from "@axe-core/playwright";
import type { CDPSession, Page } from "@playwright/test";
import { GAME_KEY, slotCentre, stored, target } from "./blast-support";
import { expect, shot, test } from "./fixtures";
import { touchDrag } from "./helpers";

const LEADERBOARD_KEY = "blockblast-leaderboard";

/** Every other cell filled, in the colours of a real game (A-J are the ten piece colours). */
const CHECKER = Array.from({ length: 8 }, (_, r) =>
  Array.from({ length: 8 }, (_, c) => ((r + c) % 2 ? "." : "ABCDEFGHIJ"[(r * 3 + c) % 10])).join(""),
);
const SQUARE = { shape: ["###", "###", "###"], colour: 1 };
const MONO = { shape: ["#"], colour: 0 };

/** A saved game: a checkerboard where only the monomino fits (the 3x3 square fits nowhere). */
function checkerGame(fields: Record<string, unknown>): string {
  return JSON.stringify({
    game: "blast",
    seed: 11,
    score: 0,
    over: false,
    board: CHECKER,
    rng: { s: [11, 22, 33, 44] },
    config: {},
    tray: [MONO, SQUARE, null],
    streak: 0,
    movesSinceLastClear: 0,
    revivesLeft: 0,
    ...fields,
  });
}

/** Opens the play page on a saved game (and, when given, a stored leaderboard). */
async function openSaved(page: Page, game: string, leaderboard?: unknown) {
  await page.goto("/games/blast");
  await page.evaluate(
    ([key, value, lbKey, lb]) => {
      localStorage.setItem(key as string, value as string);
      if (lb) localStorage.setItem(lbKey as string, lb as string);
    },
    [GAME_KEY, game, LEADERBOARD_KEY, leaderboard ? JSON.stringify(leaderboard) : ""],
  );
  await page.goto("/games/blast/play");
  await expect(page.getByTestId("blast-board")).toBeVisible();
}

/** Plays the monomino (key 1, Enter): on the checkerboard that leaves no move, so the game is over. */
async function playLastMove(page: Page) {
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("blast-game-over")).toBeVisible();
}

/** The colour on screen at (x, y), as the player sees it (a one-pixel screenshot, decoded in the page). */
async function pixel(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no canvas");
    ctx.drawImage(img, 0, 0);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0] as [number, number, number];
  }, png.toString("base64"));
}

/**
 * While a piece is held over the board: the ghost's marks are drawn above the lifted piece (which is
 * see-through there), the marks overlap it, and the screen shows the ghost's colour through it.
 */
async function expectGhostShows(page: Page, kind: "valid" | "invalid", cells: number) {
  const marks = page.locator(`[data-testid="blast-raised-ghost"] .blast-ghost-mark.${kind}`);
  await expect(marks).toHaveCount(cells);
  await expect(marks.first()).toBeVisible();
  const lifted = page.getByTestId("blast-lifted");
  await expect(lifted).toBeVisible();
  const looks = await page.evaluate(() => {
    const layer = document.querySelector<HTMLElement>('[data-testid="blast-raised-ghost"]');
    const piece = document.querySelector<HTMLElement>('[data-testid="blast-lifted"]');
    if (!layer || !piece) throw new Error("missing ghost or lifted piece");
    return {
      layerZ: Number(getComputedStyle(layer).zIndex),
      pieceZ: Number(getComputedStyle(piece).zIndex),
      pieceOpacity: Number(getComputedStyle(piece).opacity),
    };
  });
  expect(looks.layerZ).toBeGreaterThan(looks.pieceZ);
  expect(looks.pieceOpacity).toBeLessThan(1);
  // The lifted piece covers part of the ghost (the case the player complained about) ...
  const mark = await marks.first().boundingBox();
  const piece = await lifted.boundingBox();
  if (!mark || !piece) throw new Error("no boxes");
  const overlaps =
    mark.x < piece.x + piece.width &&
    piece.x < mark.x + mark.width &&
    mark.y < piece.y + piece.height &&
    piece.y < mark.y + mark.height;
  expect(overlaps).toBe(true);
  // ... and the ghost's colour is what the screen shows there (its ring, drawn solid above the piece).
  const [r, g, b] = await pixel(page, mark.x + 1.5, mark.y + mark.height / 2);
  if (kind === "invalid") {
    expect(r, `red ring, got ${[r, g, b]}`).toBeGreaterThan(190);
    expect(g).toBeLessThan(110);
    expect(b).toBeLessThan(100);
  } else {
    expect(g, `green ring, got ${[r, g, b]}`).toBeGreaterThan(170);
    expect(r).toBeLessThan(100);
  }
}

async function expectNoScroll(page: Page) {
  const sizes = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollHeight ?? 0,
    inner: window.innerHeight,
    scrollW: document.scrollingElement?.scrollWidth ?? 0,
    innerW: window.innerWidth,
  }));
  expect(sizes.scroll, "page height").toBeLessThanOrEqual(sizes.inner);
  expect(sizes.scrollW, "page width").toBeLessThanOrEqual(sizes.innerW);
}

async function expectAxeClean(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad, `axe on ${where}`).toEqual([]);
}

/** Tab and Shift+Tab, many times over, never leave the open dialog. */
async function expectTabStaysIn(page: Page, testId: string) {
  const dialog = page.getByTestId(testId);
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((d) => d.contains(document.activeElement));
      expect(inside, `${key} #${i + 1} stays in ${testId}`).toBe(true);
    }
  }
}

test("dragging by mouse: a red ghost over a blocked spot and a green one where it fits, both seen through the piece", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await openSaved(page, checkerGame({ revivesLeft: 1 }));
  const before = await stored(page);
  // The 3x3 square fits nowhere: held over the middle, its ghost is red, drawn over the piece.
  const from = await slotCentre(page, 1);
  const to = await target(page, SQUARE.shape, 2, 2, false);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await expectGhostShows(page, "invalid", 9);
  await shot(page, "blast-drag-red-ghost");
  await page.mouse.up();
  await expect(page.getByTestId("blast-raised-ghost")).toHaveCount(0);
  expect(await stored(page)).toEqual(before);
  // The monomino over a free cell: green, and it lands.
  const from0 = await slotCentre(page, 0);
  const to0 = await target(page, MONO.shape, 3, 4, false);
  await page.mouse.move(from0.x, from0.y);
  await page.mouse.down();
  await page.mouse.move(to0.x, to0.y, { steps: 8 });
  await expectGhostShows(page, "valid", 1);
  await page.mouse.up();
  expect((await stored(page)).board[3]?.[4]).not.toBe(".");
});

test.describe("on a 360x640 touch phone", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 640 } });

  test("dragging by finger: the red ghost is seen above the finger's piece; the page does not scroll", async ({
    page,
  }) => {
    await openSaved(page, checkerGame({ revivesLeft: 1 }));
    await expectNoScroll(page);
    const cdp: CDPSession = await page.context().newCDPSession(page);
    const before = await stored(page);
    const from = await slotCentre(page, 1);
    const to = await target(page, SQUARE.shape, 3, 2, true);
    await touchDrag(cdp, from, to, 8, async () => {
      await expectGhostShows(page, "invalid", 9);
      await shot(page, "blast-phone-drag-red-ghost");
    });
    expect(await stored(page)).toEqual(before);
    await expect(page.getByTestId("blast-lifted")).toHaveCount(0);
    const from0 = await slotCentre(page, 0);
    const to0 = await target(page, MONO.shape, 5, 2, true);
    await touchDrag(cdp, from0, to0, 8, async () => {
      await expectGhostShows(page, "valid", 1);
    });
    expect((await stored(page)).board[5]?.[2]).not.toBe(".");
  });

  test("the game over: New best!, See board shows the final board, and a way back to the arcade", async ({
    page,
  }) => {
    await openSaved(page, checkerGame({ score: 1230 }), [{ score: 100, date: "2024-01-01T00:00:00.000Z" }]);
    // A way back to the arcade during play, in view on the phone.
    await expect(page.getByRole("link", { name: /Block Arcade/ }).first()).toBeInViewport();
    await playLastMove(page);
    const over = page.getByTestId("blast-game-over");
    await expect(over.getByTestId("new-best")).toContainText("New best!");
    await expect(over.getByTestId("new-best")).toContainText("1,230 beats 100");
    await expect(over.getByTestId("blast-to-arcade")).toBeVisible();
    // The whole dialog on the phone's screen (a taller one scrolls inside itself).
    await expect(over).toBeInViewport({ ratio: 1 });
    await shot(page, "blast-phone-game-over-new-best");
    // See board: the dialog goes, the whole board is in view and nothing lies over its middle.
    await over.getByRole("button", { name: "See board" }).click();
    await expect(over).toHaveCount(0);
    const bar = page.getByTestId("blast-peek-bar");
    await expect(bar).toBeVisible();
    await expect(bar.getByRole("button", { name: "Show results" })).toBeFocused();
    const board = page.getByTestId("blast-board");
    await expect(board).toBeInViewport({ ratio: 1 });
    const box = await board.boundingBox();
    if (!box) throw new Error("no board");
    const onTop = await page.evaluate(
      ([x, y]) =>
        document.elementFromPoint(x as number, y as number)?.closest('[data-testid="blast-board"]') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe(true);
    // The bar covers neither the board nor the pieces that did not fit.
    const barBox = await bar.boundingBox();
    const trayBox = await page.locator(".blast-tray").boundingBox();
    expect(barBox && trayBox).toBeTruthy();
    expect(barBox?.y ?? 0).toBeGreaterThanOrEqual(box.y + box.height);
    expect(barBox?.y ?? 0).toBeGreaterThanOrEqual((trayBox?.y ?? 0) + (trayBox?.height ?? 0));
    await expect(page.locator(".blast-tray")).toBeInViewport({ ratio: 1 });
    await expectNoScroll(page);
    await shot(page, "blast-phone-see-board");
    await expectAxeClean(page, "see board, phone");
    // Turned sideways, the final board and the bar both stay in view.
    await page.setViewportSize({ width: 640, height: 360 });
    await expect(board).toBeInViewport({ ratio: 1 });
    await expect(bar).toBeInViewport({ ratio: 1 });
    await expectNoScroll(page);
    await shot(page, "blast-phone-landscape-see-board");
    await page.setViewportSize({ width: 360, height: 640 });
    await bar.getByRole("button", { name: "Show results" }).click();
    await expect(page.getByTestId("blast-game-over")).toBeVisible();
    // The way back to the arcade from the game over.
    await page.getByTestId("blast-to-arcade").click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the landscape phone (640x360): the tray's pieces apart, inside their slots, all in view, no scroll", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 640, height: 360 });
    // Seed 21 deals a five-cell line and an L: the long pieces that used to spill.
    await page.goto("/games/blast/play?seed=21");
    await expect(page.getByTestId("blast-board")).toBeVisible();
    await expectNoScroll(page);
    const boxes = await page.evaluate(() =>
      [0, 1, 2].map((i) => {
        const slot = document.querySelector(`.blast-slot[data-piece="${i}"]`)?.getBoundingClientRect();
        const shape = document
          .querySelector(`.blast-slot[data-piece="${i}"] .blast-shape`)
          ?.getBoundingClientRect();
        if (!slot || !shape) throw new Error(`slot ${i}`);
        const r = (b: DOMRect) => ({ x: b.x, y: b.y, right: b.right, bottom: b.bottom });
        return { slot: r(slot), shape: r(shape) };
      }),
    );
    for (const [i, { slot, shape }] of boxes.entries()) {
      // Every slot fully on screen, every piece inside its own slot.
      expect(slot.x, `slot ${i}`).toBeGreaterThanOrEqual(0);
      expect(slot.y, `slot ${i}`).toBeGreaterThanOrEqual(0);
      expect(slot.right, `slot ${i}`).toBeLessThanOrEqual(640);
      expect(slot.bottom, `slot ${i}`).toBeLessThanOrEqual(360);
      expect(shape.x, `piece ${i}`).toBeGreaterThanOrEqual(slot.x);
      expect(shape.y, `piece ${i}`).toBeGreaterThanOrEqual(slot.y);
      expect(shape.right, `piece ${i}`).toBeLessThanOrEqual(slot.right);
      expect(shape.bottom, `piece ${i}`).toBeLessThanOrEqual(slot.bottom);
    }
    // Neighbouring pieces at least 8 px apart (slots do not overlap either).
    for (let i = 0; i < 2; i++) {
      const a = boxes[i];
      const b = boxes[i + 1];
      if (!a || !b) throw new Error("slots");
      const apart = Math.max(b.shape.x - a.shape.right, b.shape.y - a.shape.bottom);
      expect(apart, `pieces ${i} and ${i + 1}`).toBeGreaterThanOrEqual(8);
      expect(Math.max(b.slot.x - a.slot.right, b.slot.y - a.slot.bottom)).toBeGreaterThanOrEqual(0);
    }
    await expect(page.getByTestId("blast-board")).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId("hint")).toBeInViewport({ ratio: 1 });
    await shot(page, "blast-phone-landscape-tray");
  });
});

test("Restart in the pause menu asks first; Cancel keeps the run; Tab stays in each dialog", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto("/games/blast/play?seed=7");
  await expect(page.getByTestId("blast-board")).toBeVisible();
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  const played = await stored(page);
  expect(played.tray.some((t) => t === null)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("blast-pause")).toBeVisible();
  await expectTabStaysIn(page, "blast-pause");
  await page.getByTestId("blast-pause").getByRole("button", { name: "Restart" }).click();
  const confirm = page.getByTestId("blast-confirm-restart");
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("heading", { name: "Restart this game?" })).toBeVisible();
  // The safe answer has the focus: Enter by habit does not throw the run away.
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectTabStaysIn(page, "blast-confirm-restart");
  await shot(page, "blast-confirm-restart");
  // Escape goes back to the pause menu, the game untouched.
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("blast-pause")).toBeVisible();
  expect(await stored(page)).toEqual(played);
  await page.getByTestId("blast-pause").getByRole("button", { name: "Restart" }).click();
  await page.getByTestId("blast-confirm-restart").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("blast-pause")).toBeVisible();
  expect(await stored(page)).toEqual(played);
  // Restart, confirmed: a fresh game.
  await page.getByTestId("blast-pause").getByRole("button", { name: "Restart" }).click();
  await page.getByTestId("blast-confirm-restart").getByRole("button", { name: "Restart" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("blast-score")).toHaveText("0");
  await expect(page.locator('[data-filled="true"]')).toHaveCount(0);
  await expect(page.locator(".blast-slot:enabled")).toHaveCount(3);
});

test("no New best! when the stored best is higher; the game-over dialog keeps Tab inside", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await openSaved(page, checkerGame({ score: 1230 }), [{ score: 5000, date: "2024-01-01T00:00:00.000Z" }]);
  await playLastMove(page);
  await expect(page.getByTestId("blast-final-score")).toHaveText("1230");
  await expect(page.getByTestId("new-best")).toHaveCount(0);
  await expect(page.getByTestId("blast-game-over")).toContainText("Best 5,000");
  await expectTabStaysIn(page, "blast-game-over");
});

for (const viewport of [
  { width: 360, height: 640, name: "phone" },
  { width: 1280, height: 800, name: "desktop" },
]) {
  test(`axe and no scroll, ${viewport.name}: menu, playing, paused, confirm, game over, leaderboard`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto("/games/blast");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectAxeClean(page, `menu, ${viewport.name}`);

    await page.goto("/games/blast/play?seed=7");
    await expect(page.getByTestId("blast-board")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Block Blast" })).toHaveCount(1);
    await expectNoScroll(page);
    await page.keyboard.press("1");
    await expectAxeClean(page, `playing, ${viewport.name}`);
    if (viewport.name === "desktop") await shot(page, "blast-desktop");
    else await shot(page, "blast-phone-portrait");

    await page.keyboard.press("Escape");
    await expect(page.getByTestId("blast-pause")).toBeVisible();
    await expectAxeClean(page, `paused, ${viewport.name}`);
    await page.getByTestId("blast-pause").getByRole("button", { name: "Restart" }).click();
    await expect(page.getByTestId("blast-confirm-restart")).toBeVisible();
    await expectAxeClean(page, `confirm restart, ${viewport.name}`);

    await openSaved(page, checkerGame({ score: 1230 }));
    await playLastMove(page);
    await expect(page.getByTestId("new-best")).toBeVisible();
    await expectAxeClean(page, `game over, ${viewport.name}`);
    await shot(page, `blast-game-over-${viewport.name}`);

    await page.goto("/games/blast/leaderboard");
    await expect(page.getByTestId("blast-leaderboard")).toContainText("1,230");
    await expect(page.getByTestId("lb-board")).toBeVisible();
    await expectAxeClean(page, `leaderboard, ${viewport.name}`);
  });
}
