/**
 * Block Puzzle's feedback (issue 14): a red ghost where a dragged block does not fit, a refused drop
 * that shakes with a sound (mouse, touch and keyboard), "+N" score popups, a clear preview that reads
 * as a highlight, How to Play from the menu and the game, "New best!" and a way back on the
 * game-over dialog, 44 px controls, and axe on every screen at phone and desktop sizes.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { FULL_CLEAR_BONUS, LINE_POINTS, linePoints } from "../packages/engine/src/games/puzzle/index.js";
import { expect, test } from "./fixtures";
import { fits, readSaved, touchDrag } from "./helpers";

interface Stored {
  board: string[];
  tray: ({ shape: string[]; colour: string } | null)[];
  score: number;
  over: boolean;
  [key: string]: unknown;
}

const GAME_KEY = "blockarcade-puzzle-game";
const BEST_KEY = "blockarcade-puzzle-best";
/** apps/web/src/games/tray/drag-feel.ts TOUCH_LIFT_PX. */
const TOUCH_LIFT = 40;
const PHONE = { width: 360, height: 640 };
const DESKTOP = { width: 1280, height: 800 };

const DOMINO = ["##"];
const BIG = ["###", "###", "###"];
/** One move from a clear: the domino at (7, 6) completes row 7; the 3x3 fits nowhere near row 6. */
const NEAR_CLEAR = [
  "........",
  "........",
  "..R.....",
  "........",
  "........",
  "........",
  "BBBBBBB.",
  "BBBBBB..",
];
/**
 * One move from the end: the domino fits only at (0, 6), clears nothing, and then the 3x3 fits
 * nowhere. Every row and column keeps a gap (a loaded board has no full line).
 */
const LAST_MOVE = [
  ".BBBBB..",
  "B.BBBBBB",
  "BB.BBBBB",
  "BBB.BBBB",
  "BBBB.BBB",
  "BBBBB.BB",
  "BBBBBB.B",
  "BBBBBBB.",
];

/** Screenshots that keep animations running (mid-shake, a rising popup), unlike fixtures' `shot`. */
async function liveShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
}

/** Counts WebAudio tones and records every vibration asked for. */
async function listen(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { tones: number; buzzes: unknown[] };
    w.tones = 0;
    w.buzzes = [];
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.tones++;
      return original.call(this);
    };
    Object.defineProperty(Navigator.prototype, "vibrate", {
      configurable: true,
      value: (pattern: unknown) => {
        w.buzzes.push(pattern);
        return true;
      },
    });
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { tones: number }).tones);
const buzzes = (page: Page) => page.evaluate(() => (window as unknown as { buzzes: unknown[] }).buzzes);

/** Opens a seeded game, then swaps in a position through the saved game the screen resumes from. */
async function openPosition(page: Page, board: string[], tray: Stored["tray"], score: number) {
  await page.goto("/games/puzzle?seed=1");
  await expect(page.locator(".puzzle-cell")).toHaveCount(64);
  const s = await readSaved<Stored>(page, GAME_KEY);
  const setup = { ...s, board, tray, score, over: false };
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    GAME_KEY,
    JSON.stringify(setup),
  ] as const);
  await page.reload();
  await expect(page.getByTestId("puzzle-score")).toHaveText(String(score));
}

async function centreOf(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not visible`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The centre of a tray block's top-left cell: grabbing there puts that cell under the pointer. */
async function grabPoint(page: Page, piece: number, shape: string[]) {
  const box = await page.locator(`[data-piece="${piece}"] .puzzle-mini`).boundingBox();
  if (!box) throw new Error("tray block not visible");
  return { x: box.x + box.width / (shape[0]?.length ?? 1) / 2, y: box.y + box.height / shape.length / 2 };
}

/** Drags a tray block with the mouse so its top-left cell is over (row, col), and holds it there. */
async function mouseHold(page: Page, piece: number, shape: string[], row: number, col: number) {
  const from = await grabPoint(page, piece, shape);
  const to = await centreOf(page, `[data-cell="${row},${col}"]`);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y - 10, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
}

/**
 * The refused drop as a player sees and hears it, read at once (the red lasts a moment): red where
 * it was, the board shaking, words; then `during` (a screenshot mid-shake), then the red goes.
 */
async function expectRefused(page: Page, cells: number, words: string, during?: () => Promise<void>) {
  const board = page.locator(".puzzle-board");
  await expect(board).toHaveClass(/is-refused/);
  const seen = await page.evaluate(() => {
    const el = document.querySelector(".puzzle-board");
    const ghosts = [...document.querySelectorAll(".puzzle-ghost.is-blocked")];
    return {
      animation: el ? getComputedStyle(el).animationName : "",
      ghosts: ghosts.length,
      colours: [...new Set(ghosts.map((g) => getComputedStyle(g).backgroundColor))],
    };
  });
  expect(seen).toEqual({
    animation: expect.stringMatching(/^puzzle-shake-[ab]$/),
    ghosts: cells,
    colours: ["rgb(224, 49, 49)"],
  });
  await during?.();
  await expect(page.locator(".tray-sr-only")).toHaveText(words);
  // The red goes after a moment; the board stands still again.
  await expect(board).not.toHaveClass(/is-refused/);
  await expect(page.locator(".puzzle-ghost.is-refused")).toHaveCount(0);
}

/** Is the focus inside the element with this test id? */
const focusInside = (page: Page, testId: string) =>
  page.evaluate((id) => document.activeElement?.closest(`[data-testid="${id}"]`) != null, testId);

/** axe: no serious or critical violation on what the page shows now. */
async function expectAxeClean(page: Page, where: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(bad, where).toEqual([]);
}

/** Every visible control of the game's page is at least 44 px tall. */
async function expectTouchTargets(page: Page, where: string) {
  const small = await page
    .locator(".puzzle button:visible, .puzzle select:visible, .puzzle a:visible, .puzzle input:visible")
    .evaluateAll((els) =>
      els
        .map((el) => ({
          text: (el.textContent ?? el.getAttribute("name") ?? "").trim(),
          h: el.getBoundingClientRect().height,
        }))
        .filter((b) => b.h < 44),
    );
  expect(small, where).toEqual([]);
}

async function phoneWithTouch(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  return { context, page: await context.newPage() };
}

test.describe("Block Puzzle feedback", () => {
  test("mouse: red ghost while dragging over a blocked spot, a refused drop shakes with a sound and a buzz", async ({
    page,
  }) => {
    await listen(page);
    await page.setViewportSize(DESKTOP);
    await openPosition(
      page,
      NEAR_CLEAR,
      [{ shape: DOMINO, colour: "#FF0000" }, { shape: BIG, colour: "#00FF00" }, null],
      50,
    );
    for (const dr of [-1, 0, 1])
      for (const dc of [-1, 0, 1]) expect(fits(NEAR_CLEAR, BIG, 5 + dr, dc)).toBe(false);
    const before = JSON.stringify(await readSaved<Stored>(page, GAME_KEY));

    await mouseHold(page, 1, BIG, 5, 0);
    // While dragging: red over every cell the block covers, no clear preview.
    await expect(page.locator(".puzzle-ghost.is-blocked")).toHaveCount(9);
    await expect(page.locator('[data-cell="6,0"] .puzzle-ghost.is-blocked')).toHaveCSS(
      "background-color",
      "rgb(224, 49, 49)",
    );
    await expect(page.locator(".puzzle-line")).toHaveCount(0);
    await liveShot(page, "puzzle-red-ghost");
    const heard = await tones(page);
    await page.mouse.up();
    await expectRefused(page, 9, "Block 2 does not fit at row 6, column 1.", () =>
      liveShot(page, "puzzle-refused-shake"),
    );
    expect(await tones(page)).toBeGreaterThan(heard);
    expect(await buzzes(page)).toContainEqual([18, 40, 18]);
    // Nothing changed, and the block is back in its slot.
    expect(JSON.stringify(await readSaved<Stored>(page, GAME_KEY))).toBe(before);
    await expect(page.locator('[data-piece="1"] .puzzle-mini')).toBeVisible();
  });

  test("keyboard: Enter on a blocked spot is refused the same way", async ({ page }) => {
    await listen(page);
    await openPosition(
      page,
      NEAR_CLEAR,
      [{ shape: DOMINO, colour: "#FF0000" }, { shape: BIG, colour: "#00FF00" }, null],
      50,
    );
    await page.keyboard.press("2");
    // Down and left as far as it goes: (5, 0), over the filled row 6.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowLeft");
    }
    await expect(page.locator('[data-cell="7,2"] .puzzle-ghost.is-blocked')).toHaveCount(1);
    const heard = await tones(page);
    await page.keyboard.press("Enter");
    await expectRefused(page, 9, "Block 2 does not fit at row 6, column 1.");
    expect(await tones(page)).toBeGreaterThan(heard);
    // Still chosen, so the player can move it on.
    await expect(page.locator('[data-piece="1"]')).toHaveAttribute("aria-pressed", "true");
  });

  test("touch on a phone: a red ghost above the finger, a refused drop shakes; a fitting one pops +N", async ({
    browser,
  }) => {
    const { context, page } = await phoneWithTouch(browser);
    await listen(page);
    await openPosition(
      page,
      NEAR_CLEAR,
      [{ shape: DOMINO, colour: "#FF0000" }, { shape: BIG, colour: "#00FF00" }, null],
      50,
    );
    const cdp = await context.newCDPSession(page);
    const from = await grabPoint(page, 1, BIG);
    const to = await centreOf(page, '[data-cell="5,0"]');
    await touchDrag(cdp, from, { x: to.x, y: to.y + TOUCH_LIFT }, 8, async () => {
      await expect(page.locator(".puzzle-ghost.is-blocked")).toHaveCount(9);
      await liveShot(page, "puzzle-phone-red-ghost");
    });
    await expectRefused(page, 9, "Block 2 does not fit at row 6, column 1.", () =>
      liveShot(page, "puzzle-phone-refused-shake"),
    );

    // The domino completes row 7: the line glows before the release, then "+14" pops up over it.
    const dFrom = await grabPoint(page, 0, DOMINO);
    const dTo = await centreOf(page, '[data-cell="7,6"]');
    await touchDrag(cdp, dFrom, { x: dTo.x, y: dTo.y + TOUCH_LIFT }, 8, async () => {
      await expect(page.locator(".puzzle-line.is-row")).toHaveCount(1);
      await page.waitForTimeout(150);
      await liveShot(page, "puzzle-phone-clear-preview");
    });
    const popup = page.getByTestId("puzzle-popup");
    await expect(popup).toContainText(`+${2 + linePoints(1)}`);
    await page.waitForTimeout(200);
    await liveShot(page, "puzzle-phone-popup");
    expect(await buzzes(page)).toContainEqual(40);
    await context.close();
  });

  test("the clear preview reads as a highlight on empty and filled cells; a placement pops +N where it went", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await openPosition(
      page,
      NEAR_CLEAR,
      [{ shape: DOMINO, colour: "#FF0000" }, { shape: BIG, colour: "#00FF00" }, null],
      50,
    );
    await mouseHold(page, 0, DOMINO, 7, 6);
    const line = page.locator(".puzzle-line.is-row");
    await expect(line).toHaveCount(1);
    await expect(line).toHaveCSS("outline-style", "solid");
    await expect(line).toHaveCSS("outline-width", "3px");
    expect(await line.evaluate((el) => getComputedStyle(el).boxShadow)).toContain("rgba(255, 176, 0");
    // The frame lies over row 7 exactly.
    const frame = await line.boundingBox();
    const first = await page.locator('[data-cell="7,0"]').boundingBox();
    const last = await page.locator('[data-cell="7,7"]').boundingBox();
    if (!frame || !first || !last) throw new Error("not visible");
    expect(Math.abs(frame.y - first.y)).toBeLessThan(2);
    expect(Math.abs(frame.x + frame.width - (last.x + last.width))).toBeLessThan(2);
    // Filled and empty cells of the line alike: a strong tint with a white ring.
    for (const cell of ["7,0", "7,6"]) {
      const hl = page.locator(`[data-cell="${cell}"] .puzzle-hl`);
      await expect(hl).toHaveCSS("opacity", "0.55");
      await expect(hl).toHaveCSS("box-shadow", /rgba\(255, 255, 255, 0\.85\)/);
      await expect(page.locator(`[data-cell="${cell}"]`)).toHaveClass(/is-line/);
    }
    await expect(page.locator(".puzzle-cell.is-line")).toHaveCount(8);
    await page.waitForTimeout(150);
    await liveShot(page, "puzzle-clear-preview");
    await page.mouse.up();

    // "+14" (2 cells and one line), centred over the domino's cells.
    const popup = page.getByTestId("puzzle-popup");
    await expect(popup).toContainText(`+${2 + linePoints(1)}`);
    const box = await popup.boundingBox();
    const cellA = await page.locator('[data-cell="7,6"]').boundingBox();
    const cellB = await page.locator('[data-cell="7,7"]').boundingBox();
    if (!box || !cellA || !cellB) throw new Error("not visible");
    const mid = (cellA.x + cellB.x + cellB.width) / 2;
    expect(Math.abs(box.x + box.width / 2 - mid)).toBeLessThan(cellA.width);
    await page.waitForTimeout(200);
    await liveShot(page, "puzzle-popup");
    await expect(page.getByTestId("puzzle-score")).toHaveText(String(50 + 2 + linePoints(1)));
    // It goes again.
    await expect(popup).toHaveCount(0);
  });

  test("popups stand still under reduced motion, and a refused drop still turns red", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() =>
      localStorage.setItem("blockarcade-settings", JSON.stringify({ sound: false, reducedMotion: true })),
    );
    await openPosition(
      page,
      NEAR_CLEAR,
      [{ shape: DOMINO, colour: "#FF0000" }, { shape: BIG, colour: "#00FF00" }, null],
      50,
    );
    await page.keyboard.press("2");
    for (let i = 0; i < 8; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page.locator(".puzzle-board")).toHaveClass(/is-refused/);
    await expect(page.locator(".puzzle-board")).toHaveCSS("animation-name", "none");
    await expect(page.locator(".puzzle-ghost.is-blocked").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await page.keyboard.press("1");
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowRight");
    }
    await expect(page.locator(".puzzle-line")).toHaveCSS("animation-name", "none");
    await page.keyboard.press("Enter");
    const popup = page.getByTestId("puzzle-popup");
    await expect(popup).toContainText(`+${2 + linePoints(1)}`);
    await expect(popup).toHaveCSS("animation-name", "none");
  });

  for (const size of [PHONE, DESKTOP]) {
    const tag = size === PHONE ? "phone" : "desktop";
    test(`How to Play opens and closes by keyboard from the menu and the game (${tag}); axe finds nothing serious`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto("/games/puzzle/new");
      await expect(page.getByRole("heading", { name: "New game" })).toBeVisible();
      await expectTouchTargets(page, "menu");
      await expectAxeClean(page, `menu ${tag}`);
      const open = page.getByRole("button", { name: "How to play" });
      // Tab until the button has the focus, then Enter.
      for (let i = 0; i < 20 && !(await open.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press("Tab");
      }
      await expect(open).toBeFocused();
      await page.keyboard.press("Enter");
      const help = page.getByRole("dialog", { name: "How to play" });
      await expect(help).toBeVisible();
      await expect(help.getByRole("button", { name: "Close" })).toBeFocused();
      // The engine's numbers, not the page's own.
      await expect(help).toContainText(`score ${LINE_POINTS} for the first`);
      await expect(help.locator("tbody tr")).toHaveText([1, 2, 3, 4].map((n) => `${n}${linePoints(n)}`));
      await expect(help).toContainText(`Empty the whole board for ${FULL_CLEAR_BONUS} more`);
      await expect(help).toContainText("Red means it does not fit");
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press("Tab");
        expect(await focusInside(page, "puzzle-help")).toBe(true);
      }
      await help.getByRole("button", { name: "Close" }).focus();
      await expectTouchTargets(page, "how to play");
      await expectAxeClean(page, `how to play ${tag}`);
      await page.screenshot({ path: `docs/screenshots/puzzle-how-to-play-${tag}.png` });
      await page.keyboard.press("Escape");
      await expect(help).toHaveCount(0);
      await expect(open).toBeFocused();

      // In the game: the header's How to play; game keys wait while it is open.
      await page.getByRole("button", { name: /^Start/ }).click();
      await expect(page.locator(".puzzle-slot[data-piece]")).toHaveCount(3);
      await expectTouchTargets(page, "playing");
      await expectAxeClean(page, `playing ${tag}`);
      const inGame = page.getByTestId("puzzle-help-open");
      await inGame.focus();
      await page.keyboard.press("Enter");
      await expect(help).toBeVisible();
      await page.keyboard.press("1");
      await expect(page.locator(".puzzle-ghost")).toHaveCount(0);
      await expectAxeClean(page, `how to play in game ${tag}`);
      await page.keyboard.press("Enter");
      await expect(help).toHaveCount(0);
      await expect(inGame).toBeFocused();
      await page.keyboard.press("1");
      await expect(page.locator(".puzzle-ghost")).not.toHaveCount(0);
    });

    test(`game over (${tag}): New best!, a way back to the arcade, 44 px buttons, axe`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto("/");
      await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ "8x8": 30 })), BEST_KEY);
      await openPosition(
        page,
        LAST_MOVE,
        [{ shape: DOMINO, colour: "#FF0000" }, { shape: BIG, colour: "#00FF00" }, null],
        50,
      );
      expect(fits(LAST_MOVE, DOMINO, 0, 6)).toBe(true);
      await page.keyboard.press("1");
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Game over" });
      await expect(dialog).toBeVisible();
      await expect(page.getByTestId("puzzle-final")).toHaveText("52");
      await expect(page.getByTestId("new-best")).toContainText("New best!");
      await expect(page.getByTestId("new-best")).toContainText("52 beats 30");
      await expect(page.locator("h1")).toHaveCount(1);
      expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "{}"), BEST_KEY)).toEqual({
        "8x8": 52,
      });
      // The dialog keeps the focus inside (the shell's Dialog), forwards and back.
      for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
        await page.keyboard.press(key);
        expect(await focusInside(page, "puzzle-over"), key).toBe(true);
      }
      await expectTouchTargets(page, "game over");
      await expectAxeClean(page, `game over ${tag}`);
      await page.screenshot({ path: `docs/screenshots/puzzle-new-best-${tag}.png` });
      const back = dialog.getByRole("button", { name: "Back to the arcade" });
      await expect(back).toBeVisible();
      await back.click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test("a game that does not beat the best ends without New best!", async ({ page }) => {
    await page.goto("/");
    await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ "8x8": 500 })), BEST_KEY);
    await openPosition(
      page,
      LAST_MOVE,
      [{ shape: DOMINO, colour: "#FF0000" }, { shape: BIG, colour: "#00FF00" }, null],
      50,
    );
    await page.keyboard.press("1");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Game over" })).toBeVisible();
    await expect(page.getByTestId("new-best")).toHaveCount(0);
    await expect(page.getByRole("dialog")).toContainText("Best on 8 x 8: 500");
  });
});
