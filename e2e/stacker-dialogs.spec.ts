/**
 * Block Stacker's dialogs and keys for every player (keyboard, mouse, touch): pause is a dialog that
 * takes focus, keeps it and gives it back; Space is the game's hard drop whatever has focus on the
 * play page (never a second press of Pause); the game over has a way back to the arcade and says
 * "New best!" when the game beat the stored best; axe finds nothing serious on any of these screens.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { type StackerKey, stackerGame } from "../packages/engine/src/games/stacker/index.js";
import { expect, shot, test } from "./fixtures";

const SEED = 7;
const SIZE = 10;

interface Shown {
  board: string[];
  score: number;
  over: boolean;
}

async function shown(page: Page): Promise<Shown> {
  const text = await page.getByTestId("stacker-board").getAttribute("data-state");
  if (!text) throw new Error("the board has not been drawn");
  return JSON.parse(text) as Shown;
}

/** The engine's board after these keys from the seeded new game (a hard drop lands where it lands at any height). */
function boardAfter(keys: StackerKey[]): string[] {
  let st = stackerGame.newGame({ size: SIZE }, SEED);
  for (const key of keys) {
    const r = stackerGame.apply(st, { cmd: "key", key });
    if (!r.ok) throw new Error(r.error.message);
    st = r.state;
  }
  return st.board;
}

/** axe: no serious or critical violation on what the page shows now. */
async function expectAxeClean(page: Page, where: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(bad, where).toEqual([]);
}

/** Is focus inside the element with this test id? */
const focusInside = (page: Page, testId: string) =>
  page.evaluate((id) => document.activeElement?.closest(`[data-testid="${id}"]`) !== null, testId);

async function startSeeded(page: Page): Promise<void> {
  await page.goto(`/games/stacker?seed=${SEED}&size=${SIZE}`);
  await expect.poll(async () => (await shown(page)).board.length).toBe(SIZE);
}

test.describe("desktop", () => {
  test.use({ viewport: { width: 1100, height: 800 } });

  test("keyboard: Pause opens a dialog that keeps focus; Escape gives it back; Space on the focused Pause button hard-drops", async ({
    page,
  }) => {
    await page.goto("/games/stacker");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Block Stacker");
    await expectAxeClean(page, "start, desktop");
    await startSeeded(page);
    // Exactly one h1 on the play page, the game's title.
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveText("Block Stacker");
    await expectAxeClean(page, "playing, desktop");

    // Tab to the header's Pause button, as a keyboard player does.
    const pause = page.getByTestId("stacker-pause");
    for (let i = 0; i < 12 && !(await pause.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(pause).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Paused" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Resume" })).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Back to the arcade" })).toBeVisible();
    // Tab and Shift+Tab go round the dialog's buttons and never leave it.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInside(page, "stacker-paused"), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInside(page, "stacker-paused"), `Shift+Tab ${i + 1}`).toBe(true);
    }
    await expectAxeClean(page, "paused, desktop");
    await shot(page, "stacker-paused-dialog");

    // Escape resumes and gives focus back to the Pause button.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(pause).toBeFocused();
    // Space with the Pause button focused is the game's hard drop, not a second pause.
    await page.keyboard.press("Space");
    await expect.poll(async () => (await shown(page)).board).toEqual(boardAfter(["Space"]));
    await expect(dialog).toBeHidden();
    expect((await shown(page)).score).toBeGreaterThan(0);
    // The arrows are the game's too: the next piece moves, and drops where the engine says.
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Space");
    await expect.poll(async () => (await shown(page)).board).toEqual(boardAfter(["Space", "A", "Space"]));
    await expect(pause).toBeFocused();
    await expect(dialog).toBeHidden();
  });

  test("mouse: a click on Pause, then on Resume; Space hard-drops and does not pause", async ({ page }) => {
    await startSeeded(page);
    await page.getByTestId("stacker-pause").click();
    const dialog = page.getByRole("dialog", { name: "Paused" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Resume" })).toBeFocused();
    await dialog.getByRole("button", { name: "Resume" }).click();
    await expect(dialog).toBeHidden();
    await page.keyboard.press("Space");
    await expect.poll(async () => (await shown(page)).board).toEqual(boardAfter(["Space"]));
    await expect(dialog).toBeHidden();
    // Clicks on the on-screen buttons do not keep Space either.
    await page.getByRole("button", { name: "Move left", exact: true }).click();
    await page.keyboard.press("Space");
    await expect.poll(async () => (await shown(page)).board).toEqual(boardAfter(["Space", "A", "Space"]));
    await expect(dialog).toBeHidden();
  });

  test("game over: New best! over a seeded low best, not again for the same score; Back to the arcade leads home", async ({
    page,
  }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("blockarcade-stacker-best", JSON.stringify({ 10: 5 })));
    await startSeeded(page);
    for (let i = 0; i < 80 && !(await shown(page)).over; i++) await page.keyboard.press("Space");
    const over = page.getByRole("dialog", { name: "Game over" });
    await expect(over).toBeVisible();
    const score = (await shown(page)).score;
    expect(score).toBeGreaterThan(5);
    await expect(over.getByTestId("new-best")).toContainText("New best!");
    await expect(over.getByTestId("new-best")).toContainText(`${score.toLocaleString("en")} beats 5`);
    await expect(over.getByRole("button", { name: "Play again" })).toBeFocused();
    // A chosen seed: the game over says why it is not ranked.
    await expect(over.getByTestId("ranked-line")).toContainText("Not ranked: a chosen seed.");
    await expectAxeClean(page, "game over, desktop");
    await shot(page, "stacker-new-best");

    // The same seed played the same way scores the same: that equals the best now, no record.
    await over.getByRole("button", { name: "Play again" }).click();
    await expect(over).toBeHidden();
    for (let i = 0; i < 80 && !(await shown(page)).over; i++) await page.keyboard.press("Space");
    await expect(over).toBeVisible();
    expect((await shown(page)).score).toBe(score);
    await expect(over.getByTestId("new-best")).toHaveCount(0);
    await expect(over).toContainText(`Best ${score}`);

    // Back to the arcade by keyboard: Tab to it, Enter.
    const back = over.getByRole("button", { name: "Back to the arcade" });
    for (let i = 0; i < 8 && !(await back.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(back).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: /Block Stacker/ }).first()).toBeVisible();
  });
});

test.describe("a reload mid-game", () => {
  test.use({ viewport: { width: 1100, height: 800 } });

  test("'New best' compares with earlier games only, never with this game's own score saved before the reload", async ({
    page,
  }) => {
    await page.goto("/");
    // An earlier game on 12 x 12 scored 5.
    await page.evaluate(() => localStorage.setItem("blockarcade-stacker-best", JSON.stringify({ 12: 5 })));
    await page.goto(`/games/stacker?seed=${SEED}&size=12`);
    await expect.poll(async () => (await shown(page)).board.length).toBe(12);
    for (let i = 0; i < 3; i++) await page.keyboard.press("Space");
    await expect.poll(async () => (await shown(page)).score).toBeGreaterThan(5);
    const midway = (await shown(page)).score;
    // Its score so far is recorded as it goes (a closed tab loses no best) ...
    await expect
      .poll(() =>
        page.evaluate(() => JSON.parse(localStorage.getItem("blockarcade-stacker-best") ?? "{}")["12"]),
      )
      .toBe(midway);

    // ... and after a reload the same game goes on, still measured against the earlier game's 5.
    await page.reload();
    await expect(page.getByTestId("stacker-restored")).toBeVisible();
    expect((await shown(page)).score).toBe(midway);
    await page.getByTestId("stacker-paused").getByRole("button", { name: "Resume" }).click();
    for (let i = 0; i < 80 && !(await shown(page)).over; i++) await page.keyboard.press("Space");
    const over = page.getByRole("dialog", { name: "Game over" });
    await expect(over).toBeVisible();
    const score = (await shown(page)).score;
    expect(score).toBeGreaterThan(midway);
    await expect(over.locator(".new-best-detail")).toHaveText(`${score.toLocaleString("en")} beats 5`);

    // The next game has this one to beat.
    await over.getByRole("button", { name: "Play again" }).click();
    await expect(over).toBeHidden();
    for (let i = 0; i < 80 && !(await shown(page)).over; i++) await page.keyboard.press("Space");
    await expect(over).toBeVisible();
    const again = (await shown(page)).score;
    if (again > score)
      await expect(over.locator(".new-best-detail")).toHaveText(
        `${again.toLocaleString("en")} beats ${score.toLocaleString("en")}`,
      );
    else await expect(over.getByTestId("new-best")).toHaveCount(0);
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test("touch: pause and resume by taps, the game over with New best! and a way back to the arcade", async ({
    page,
  }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("blockarcade-stacker-best", JSON.stringify({ 10: 5 })));
    await page.goto("/games/stacker");
    await expectAxeClean(page, "start, phone");
    await startSeeded(page);
    await expectAxeClean(page, "playing, phone");

    await page.getByTestId("stacker-pause").tap();
    const paused = page.getByRole("dialog", { name: "Paused" });
    await expect(paused).toBeVisible();
    await expect(paused.getByRole("button", { name: "Resume" })).toBeFocused();
    // The whole dialog on the phone's screen, its way back included.
    const box = await paused.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 640 && box.x >= 0 && box.x + box.width <= 360).toBe(
      true,
    );
    await expect(paused.getByRole("button", { name: "Back to the arcade" })).toBeInViewport();
    await expectAxeClean(page, "paused, phone");
    await shot(page, "stacker-phone-paused");
    await paused.getByRole("button", { name: "Resume" }).tap();
    await expect(paused).toBeHidden();
    await page.getByRole("button", { name: "Hard drop", exact: true }).tap();
    await expect.poll(async () => (await shown(page)).board).toEqual(boardAfter(["Space"]));
    await expect(paused).toBeHidden();

    for (let i = 0; i < 80 && !(await shown(page)).over; i++) {
      await page.getByRole("button", { name: "Hard drop", exact: true }).tap();
    }
    const over = page.getByRole("dialog", { name: "Game over" });
    await expect(over).toBeVisible();
    await expect(over.getByTestId("new-best")).toContainText("New best!");
    for (const name of ["Play again", "Change size", "Back to the arcade"]) {
      await expect(over.getByRole("button", { name })).toBeInViewport();
    }
    await expectAxeClean(page, "game over, phone");
    await shot(page, "stacker-phone-new-best");
    await over.getByRole("button", { name: "Back to the arcade" }).tap();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a ranked game's game over says it is ranked, and every button is reachable", async ({ page }) => {
    await page.goto("/games/stacker");
    // A ranked server session on a 10 x 10 board.
    for (let i = 0; i < 10; i++) await page.getByRole("button", { name: "Smaller board" }).tap();
    await expect(page.getByTestId("stacker-size-value")).toHaveText("10");
    await page.getByRole("button", { name: "Start" }).tap();
    await expect.poll(async () => (await shown(page)).board.length).toBe(10);
    // The server deals each new piece: the end can come while a tap is on its way (the dialog then
    // covers the button), so a tap that cannot land gives way to the check.
    const over = page.getByRole("dialog", { name: "Game over" });
    for (let i = 0; i < 80 && !(await over.isVisible()); i++) {
      await page
        .getByRole("button", { name: "Hard drop", exact: true })
        .tap({ timeout: 3000 })
        .catch(() => undefined);
    }
    await expect(over).toBeVisible();
    await expect(over.getByTestId("ranked-line")).toHaveAttribute("data-kind", "ranked");
    await expect(over.getByTestId("post-score")).toHaveCount(0);
    await expectAxeClean(page, "ranked game over, phone");
    await shot(page, "stacker-phone-game-over-ranked");
    const back = over.getByRole("button", { name: "Back to the arcade" });
    await back.scrollIntoViewIfNeeded();
    await expect(back).toBeInViewport();
    await back.tap();
    await expect(page).toHaveURL(/\/$/);
  });
});
