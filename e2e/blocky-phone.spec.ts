/**
 * Blocky for people who come back (issue 14): the play screen fits a 360 x 640 phone, zoom reaches a
 * depth-6 unit cell by touch, the tutorial teaches the eight actions (touch and keyboard), a reload
 * lands in the game, Tab never passes, "New best!", ways back to the arcade, and axe on every screen.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, shot, test } from "./fixtures";

const PHONE = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

const status = (page: Page) => page.locator(".blocky-status");
const message = (page: Page) => page.locator(".blocky-message");
const board = (page: Page) => page.getByRole("application", { name: /board/ });

/** No serious or critical axe finding; the label-in-name rule (experimental in axe) is switched on. */
async function axe(page: Page, where: string) {
  const result = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
    [],
  );
  const mismatch = result.violations.filter((v) => v.id === "label-content-name-mismatch");
  expect(mismatch.map((v) => `${where}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Starts a game from the setup page: depth, turns, player 2's kind. */
async function start(page: Page, seed: number, depth: number, turns: number, p2: string, tap: boolean) {
  await page.goto(`/games/blocky?seed=${seed}`);
  await page.getByLabel("Maximum depth").selectOption(String(depth));
  await page.getByLabel("Number of turns").fill(String(turns));
  await page.getByLabel("Player 2 kind").selectOption(p2);
  const press = async (name: string) => {
    const b = page.getByRole("button", { name, exact: true });
    if (tap) await b.tap();
    else await b.click();
  };
  await press("Start game");
  await press("Start playing");
  await expect(status(page)).toContainText("Turn 1 of");
}

/** Everything inside the viewport, fully (top and bottom). */
async function onScreen(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} not shown`);
  const height = page.viewportSize()?.height ?? 0;
  expect(box.y, `${selector} top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${selector} bottom`).toBeLessThanOrEqual(height);
}

/** A box once it has stopped moving (the board resizes with the text above it). */
async function stableBox(page: Page, selector: string) {
  let last = "";
  for (let i = 0; i < 20; i++) {
    const box = await page.locator(selector).boundingBox();
    if (!box) throw new Error(`${selector} not shown`);
    const now = JSON.stringify(box);
    if (now === last) return box;
    last = now;
    await page.waitForTimeout(50);
  }
  throw new Error(`${selector} keeps moving`);
}

async function noPageScroll(page: Page) {
  const size = await page.evaluate(() => ({
    h: document.documentElement.scrollHeight,
    w: document.documentElement.scrollWidth,
    vh: window.innerHeight,
    vw: window.innerWidth,
  }));
  expect(size.h).toBeLessThanOrEqual(size.vh);
  expect(size.w).toBeLessThanOrEqual(size.vw);
}

test.describe("on a phone", () => {
  test.use(PHONE);

  test("the play screen fits 360 x 640 with no page scroll; scores, messages and errors stay visible", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await start(page, 5, 6, 5, "random", true);
    await noPageScroll(page);
    for (const part of [
      ".blocky-status",
      ".blocky-players",
      ".blocky-message",
      ".blocky-toolbar",
      ".blocky-computer",
    ]) {
      await onScreen(page, part);
    }
    // A refused move's long explanation is shown whole, and nothing scrolls.
    await page.getByRole("button", { name: /^Combine \(C\)/ }).tap();
    await expect(message(page)).toContainText("Can't combine");
    await expect(message(page)).toContainText("it is still your move.");
    await noPageScroll(page);
    await onScreen(page, ".blocky-message");
    await onScreen(page, ".blocky-computer");
    await onScreen(page, ".blocky-players");
    // A way back to the arcade during play.
    await onScreen(page, "a.blocky-small");
    await expect(page.getByRole("link", { name: "Arcade", exact: true })).toBeVisible();
    await shot(page, "blocky-phone-play");
    await axe(page, "play, phone");
  });

  test("zoom reaches a depth-6 unit cell by touch, and zooms back out", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await start(page, 3, 6, 5, "random", true);
    const view = () => board(page).getAttribute("data-view");
    await expect(board(page)).toHaveAttribute("data-view", "0,0,64");
    // Pick the lower-right quarter, then zoom in three times around it: an 8 x 8 view.
    const full = await board(page).boundingBox();
    if (!full) throw new Error("no board");
    await page.touchscreen.tap(full.x + full.width * 0.7, full.y + full.height * 0.7);
    const zoomIn = page.getByRole("button", { name: /^Zoom in \(\+\)/ });
    for (let i = 0; i < 3; i++) await zoomIn.tap();
    await expect(zoomIn).toBeDisabled();
    const [row, col, size] = ((await view()) as string).split(",").map(Number) as [number, number, number];
    expect(size).toBe(8);
    expect(row).toBeGreaterThanOrEqual(32);
    expect(col).toBeGreaterThanOrEqual(32);
    // Down to level 6 (unit cells).
    const smaller = page.getByRole("button", { name: /^Smaller \(S\)/ });
    while (await smaller.isEnabled()) await smaller.tap();
    await expect(page.getByTestId("blocky-level")).toHaveText("Level 6 of 6");
    // Find a true unit cell in the view, and tap it: a cell is about 30 px wide now.
    const cell = await page.locator(".blocky-leaf").evaluateAll(
      (rects, v) => {
        for (const r of rects) {
          const x = Number(r.getAttribute("x"));
          const y = Number(r.getAttribute("y"));
          if (r.getAttribute("width") === "1" && y >= v.row && y < v.row + 8 && x >= v.col && x < v.col + 8) {
            return { x, y };
          }
        }
        return null;
      },
      { row, col },
    );
    if (!cell) throw new Error("no unit cell in the view");
    const leaf = page.locator(`.blocky-leaf[x="${cell.x}"][y="${cell.y}"][width="1"]`);
    const box = await leaf.boundingBox();
    if (!box) throw new Error("no leaf box");
    expect(box.width).toBeGreaterThan(25);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect(board(page)).toHaveAccessibleName(
      new RegExp(
        `unit cell at level 6, rows ${cell.y + 1}-${cell.y + 1}, columns ${cell.x + 1}-${cell.x + 1}`,
      ),
    );
    await expect(page.locator(".blocky-zoom-badge")).toHaveText("Zoom x8");
    await shot(page, "blocky-phone-zoom");
    // Paint it: the move is played on that cell.
    await page.getByRole("button", { name: /^Paint \(R\)/ }).tap();
    await expect(message(page)).toContainText(/Player 1 painted a cell|Can't paint/);
    // And all the way back out.
    const zoomOut = page.getByRole("button", { name: /^Zoom out \(-\)/ });
    await expect(status(page)).toContainText("Turn 2 of 5 · Player 1", { timeout: 30_000 });
    for (let i = 0; i < 3; i++) await zoomOut.tap();
    await expect(board(page)).toHaveAttribute("data-view", "0,0,64");
    await expect(zoomOut).toBeDisabled();
    await noPageScroll(page);
  });

  test("the tutorial is offered first, played by touch, remembered, and reachable again", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/games/blocky");
    await expect(page.getByRole("heading", { name: "New to Blocky?" })).toBeVisible();
    await axe(page, "setup, phone");
    await page.getByRole("button", { name: "Start the tutorial" }).tap();
    const stepText = page.getByTestId("blocky-tutorial-step");
    for (let i = 1; i <= 8; i++) {
      await expect(stepText).toHaveText(`Tutorial: step ${i} of 8`);
      if (i === 1) {
        await noPageScroll(page);
        await shot(page, "blocky-tutorial-step");
        await axe(page, "tutorial, phone");
      }
      const outline = page.locator(".blocky-hint-outer");
      if ((await outline.count()) > 0) {
        const box = await stableBox(page, ".blocky-hint-outer");
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      }
      await page.locator(".blocky-tool.is-lesson").tap();
      if (i < 8) await expect(message(page)).toContainText(`Well done: step ${i} of 8`);
    }
    await expect(stepText).toHaveText("Tutorial complete");
    await page.getByRole("button", { name: "Set up a game" }).tap();
    // Remembered: the setup page now offers it at the foot instead.
    await page.reload();
    await expect(page.getByRole("heading", { name: "New to Blocky?" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Tutorial", exact: true })).toBeVisible();
  });

  test("game over has a way back to the arcade, and passes axe", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await start(page, 9, 2, 1, "random", true);
    await page.getByRole("button", { name: /^Pass \(P\)/ }).tap();
    const over = page.getByTestId("blocky-over");
    await expect(over).toBeVisible({ timeout: 30_000 });
    const back = over.getByRole("link", { name: "Back to the arcade" });
    await expect(back).toBeVisible();
    await shot(page, "blocky-phone-over");
    await axe(page, "game over, phone");
    await back.tap();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("the tutorial by keyboard: a wrong key plays nothing, the right keys finish it; Skip leaves it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto("/games/blocky");
  await page.getByRole("button", { name: "Start the tutorial" }).focus();
  await page.keyboard.press("Enter");
  const stepText = page.getByTestId("blocky-tutorial-step");
  await expect(stepText).toHaveText("Tutorial: step 1 of 8");
  await axe(page, "tutorial, desktop");
  await page.keyboard.press("r");
  await expect(message(page)).toContainText("Not yet: this step is Rotate clockwise");
  await expect(stepText).toHaveText("Tutorial: step 1 of 8");
  // Each step selects its block at its level: the action's key plays it.
  for (const [i, key] of ["d", "a", "q", "e", " ", "r", "c", "p"].entries()) {
    await expect(stepText).toHaveText(`Tutorial: step ${i + 1} of 8`);
    await page.keyboard.press(key);
  }
  await expect(stepText).toHaveText("Tutorial complete");
  await page.getByRole("button", { name: "Set up a game" }).click();
  await page.getByRole("button", { name: "Tutorial", exact: true }).click();
  await expect(stepText).toHaveText("Tutorial: step 1 of 8");
  await page.getByRole("button", { name: "Skip tutorial" }).click();
  await expect(page.getByRole("button", { name: "Start game" })).toBeVisible();
});

test("Tab never passes: it walks the controls; P passes", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await start(page, 12, 2, 2, "smart", false);
  await expect(page.locator(".blocky-help")).toContainText("P pass");
  await board(page).focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press("Tab");
  await page.waitForTimeout(500);
  await expect(status(page)).toContainText("Turn 1 of 2 · Player 1");
  await expect(message(page)).not.toContainText("passed");
  await board(page).focus();
  await page.keyboard.press("p");
  await expect(message(page)).toContainText(/Player 1 passed|Player 2/);
  await shot(page, "blocky-desktop");
  await axe(page, "play, desktop");
});

test("New best! after beating the stored best for the configuration, not before", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  const variant = "d2-t1-human-random";
  const play = async () => {
    await start(page, 31, 2, 1, "random", false);
    await page.getByRole("button", { name: /^Pass \(P\)/ }).click();
    await expect(page.getByTestId("blocky-over")).toBeVisible({ timeout: 30_000 });
    const first = page.getByTestId("blocky-over").locator("tbody tr").first().locator("td").last();
    return Number(await first.textContent());
  };
  // The first game with a score is a first record.
  const score = await play();
  expect(score).toBeGreaterThan(0);
  await expect(page.getByTestId("new-best")).toContainText("New best!");
  await axe(page, "game over, desktop");
  expect(await page.evaluate(() => localStorage.getItem("blockarcade-blocky-best"))).toBe(
    JSON.stringify({ [variant]: score }),
  );
  // The same game again against a higher stored best: no celebration, and the best stays.
  await page.evaluate(
    ([k, s]) => localStorage.setItem("blockarcade-blocky-best", JSON.stringify({ [k as string]: s })),
    [variant, score + 5],
  );
  expect(await play()).toBe(score);
  await expect(page.getByTestId("new-best")).toHaveCount(0);
  // And against a lower one: "New best!", and it beats the old best.
  await page.evaluate(
    ([k, s]) => localStorage.setItem("blockarcade-blocky-best", JSON.stringify({ [k as string]: s })),
    [variant, score - 1],
  );
  expect(await play()).toBe(score);
  await expect(page.getByTestId("new-best")).toContainText(`${score} beats ${score - 1}`);
  await shot(page, "blocky-new-best");
});
