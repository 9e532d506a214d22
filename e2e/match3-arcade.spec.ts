/**
 * Match-3's Arcade mode and the setup page's two modes (docs/games/match3.md "Arcade mode"), plus the
 * classic screen's phone fit, its best score and the way on after Quit. Real Chromium: touch taps
 * and swipes, the keyboard alone, the browser clock, axe at 360 x 640 and on a desktop.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, shot, test } from "./fixtures";
import { touchDrag } from "./helpers";

const PHONE = { width: 360, height: 640 };
const DESKTOP = { width: 1280, height: 800 };
const BEST_KEY = "blockarcade-match3-best";

/** The field as drawn: one string per row, and the falling brick's cells as `row,col`. */
async function field(page: Page): Promise<{ rows: string[]; active: [number, number][] }> {
  return page.getByTestId("match3-field").evaluate((el) => {
    const cols = Number((el as HTMLElement).style.getPropertyValue("--cols"));
    const rows: string[] = [];
    const active: [number, number][] = [];
    [...el.querySelectorAll<HTMLElement>(".match3-cell")].forEach((cell, i) => {
      const r = Math.floor(i / cols);
      rows[r] = (rows[r] ?? "") + (cell.dataset.symbol ?? "?");
      if (cell.classList.contains("is-active")) active.push([r, i % cols]);
    });
    return { rows, active };
  });
}

async function expectAxeClean(page: Page, where: string) {
  // "New best!"'s star bursts over its words for a moment: check the settled dialog.
  if (await page.getByTestId("new-best").count()) await page.waitForTimeout(2000);
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad, `axe at ${where}`).toEqual([]);
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Nothing scrolls: the page is exactly as tall and wide as the screen. */
async function expectNoPageScroll(page: Page) {
  const over = await page.evaluate(() => ({
    y: document.documentElement.scrollHeight - window.innerHeight,
    x: document.documentElement.scrollWidth - window.innerWidth,
  }));
  expect(over).toEqual({ y: expect.any(Number), x: expect.any(Number) });
  expect(over.y).toBeLessThanOrEqual(0);
  expect(over.x).toBeLessThanOrEqual(0);
}

async function expectInView(page: Page, name: RegExp | string) {
  const box = await page.getByRole("button", { name }).first().boundingBox();
  if (!box) throw new Error(`no ${name}`);
  const view = page.viewportSize();
  expect(box.y + box.height).toBeLessThanOrEqual(view?.height ?? 0);
  expect(box.x + box.width).toBeLessThanOrEqual(view?.width ?? 0);
}

test("setup: Arcade first with big choices; Classic offers ready-made lines and the typed line, focused", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/games/match3");
  await expect(page.locator("main h1")).toHaveCount(1);
  await expect(page.getByTestId("match3-mode-arcade")).toHaveAttribute("aria-pressed", "true");
  for (const id of [
    "match3-field-small",
    "match3-field-medium",
    "match3-field-large",
    "match3-bricks-easy",
  ]) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await expect(page.getByTestId("match3-field-medium")).toHaveAttribute("aria-pressed", "true");
  await expectInView(page, "Play Arcade");
  await shot(page, "match3-setup-phone");
  await expectAxeClean(page, "setup, arcade, phone");

  await page.getByTestId("match3-mode-classic").click();
  await expect(page.getByRole("button", { name: /The example/ })).toBeVisible();
  await page.getByTestId("match3-type-line").click();
  const input = page.getByLabel("Please enter field size (width and height) and up to 5 bricks set:");
  await expect(input).toBeFocused();
  await shot(page, "match3-setup-classic-phone");
  await expectAxeClean(page, "setup, classic, phone");
  // The mode is remembered.
  await page.reload();
  await expect(page.getByTestId("match3-mode-classic")).toHaveAttribute("aria-pressed", "true");
  await page.setViewportSize(DESKTOP);
  await page.getByTestId("match3-mode-arcade").click();
  await expectAxeClean(page, "setup, arcade, desktop");
});

test("Arcade by touch: taps on the pad, swipes on the field, pause stops the fall, a fast game to its end", async ({
  browser,
}) => {
  const { context, page, errors } = await phone(browser);
  // The page's own clock (running as the wall's until the test runs it on).
  await page.clock.install();
  await page.goto("/games/match3?seed=21");
  await page.getByTestId("match3-field-small").tap();
  await page.getByTestId("match3-play").tap();
  await expect(page.getByTestId("match3-arcade")).toBeVisible();
  await expect(page.locator("main h1")).toHaveCount(1);
  await expectNoPageScroll(page);
  for (const name of ["Left (L)", "Drop (D)", "Right (R)"]) await expectInView(page, name);

  // Level 1: a row every 800 ms, time enough to check each gesture.
  const start = (await field(page)).active;
  expect(start).toHaveLength(3);
  const minCol = (cells: [number, number][]) => Math.min(...cells.map(([, c]) => c));
  await page.getByRole("button", { name: "Left (L)" }).tap();
  await expect.poll(async () => minCol((await field(page)).active)).toBe(minCol(start) - 1);
  await page.getByRole("button", { name: "Right (R)" }).tap();
  await expect.poll(async () => minCol((await field(page)).active)).toBe(minCol(start));

  const box = await page.getByTestId("match3-field").boundingBox();
  if (!box) throw new Error("no field");
  const cell = box.width / 5;
  const cdp = await context.newCDPSession(page);
  const mid = { x: box.x + box.width / 2, y: box.y + box.height / 3 };
  await touchDrag(cdp, mid, { x: mid.x - cell * 1.2, y: mid.y }, 6);
  await expect.poll(async () => minCol((await field(page)).active)).toBe(minCol(start) - 1);
  // A swipe down drops the brick to the floor (without locking it: the next tick does).
  await touchDrag(cdp, mid, { x: mid.x, y: mid.y + cell * 2.5 }, 6);
  await expect
    .poll(async () => {
      const f = await field(page);
      return f.rows.slice(-1)[0]?.replace(/\./g, "").length ?? 0;
    })
    .toBeGreaterThan(0);

  // Pause (the button): the dialog takes focus and the clock stops. (A finger takes a moment
  // between a swipe and a tap; Chromium reads a tap at once after a swipe as stopping a fling.)
  await page.waitForTimeout(400);
  await page.getByTestId("match3-pause").tap();
  const paused = page.getByTestId("match3-paused");
  await expect(paused).toBeVisible();
  const still = await field(page);
  // Over two steps of the fall on the page's clock, and nothing moves.
  await page.clock.runFor(1800);
  expect(await field(page)).toEqual(still);
  await expectAxeClean(page, "arcade paused, phone");
  await paused.getByRole("button", { name: "Resume" }).tap();
  await expect(paused).toHaveCount(0);
  await expect
    .poll(async () => JSON.stringify(await field(page)), { timeout: 30_000 })
    .not.toBe(JSON.stringify(still));
  await expectAxeClean(page, "arcade playing, phone");

  // A new game on the small field at the top level: it ends within seconds.
  await page.getByTestId("match3-pause").tap();
  await paused.getByRole("button", { name: "Change mode or field" }).tap();
  await expect(page.getByTestId("match3-resume")).toBeVisible();
  for (let i = 1; i < 15; i++) await page.getByRole("button", { name: "Raise start level" }).tap();
  await expect(page.getByTestId("match3-start-level")).toHaveText("15");
  await expect(page.getByRole("button", { name: "Raise start level" })).toBeDisabled();
  await page.getByTestId("match3-play").tap();
  await expect(page.getByTestId("match3-level")).toHaveText("15");
  const over = page.getByTestId("match3-arcade-over");
  for (let i = 0; i < 60 && !(await over.isVisible()); i++) {
    const f = await page.getByTestId("match3-field").boundingBox();
    if (i % 3 === 0 && f) {
      const p = { x: f.x + f.width / 2, y: f.y + f.height / 4 };
      await touchDrag(cdp, p, { x: p.x + (i % 2 ? -1 : 1) * f.width * 0.3, y: p.y }, 4).catch(() => {});
    } else {
      await page
        .getByRole("button", { name: i % 2 ? "Drop (D)" : "Left (L)" })
        .tap({ timeout: 1000 })
        .catch(() => {});
    }
    // The fall, the landings and their matches on the page's clock, not the wall's.
    await page.clock.runFor(300);
  }
  await expect(over).toBeVisible({ timeout: 30_000 });
  await expect(over).toContainText("Game over");
  await expect(over.getByRole("link", { name: "Back to the arcade" })).toBeVisible();
  await expect(over.getByRole("button", { name: "Play again" })).toBeVisible();
  await expect(over.getByRole("button", { name: "Change mode or field" })).toBeVisible();
  await expectAxeClean(page, "arcade game over, phone");
  await expectNoPageScroll(page);
  await over.getByRole("link", { name: "Back to the arcade" }).tap();
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
  await context.close();
});

/** Tab until `testId` has focus (keyboard alone). */
async function tabTo(page: Page, testId: string) {
  for (let i = 0; i < 40; i++) {
    if (await page.getByTestId(testId).evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${testId}`);
}

test("Arcade by keyboard alone: set up, play, watch, to a game over with New best!; the best persists", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  // The page's own clock (running as the wall's until the drops below run it on).
  await page.clock.install();
  await page.goto("/games/match3?seed=8");
  await tabTo(page, "match3-bricks-easy");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("match3-bricks-easy")).toHaveAttribute("aria-pressed", "true");
  await tabTo(page, "match3-play");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("match3-arcade")).toBeVisible();
  await expect(page.getByTestId("match3-best")).toHaveText("0");

  const cols = async () => (await field(page)).active.map(([, c]) => c);
  const before = await cols();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(cols).toEqual(before.map((c) => c - 1));
  await page.keyboard.press("r");
  await expect.poll(cols).toEqual(before);
  // A move into the wall is refused: the field bumps.
  for (let i = 0; i < 8; i++) await page.keyboard.press("a");
  await expect(page.getByTestId("match3-field")).toHaveClass(/is-bump/);
  // The drop ghost shows where D would put the brick.
  await expect(page.locator(".match3-cell.is-ghost")).toHaveCount(3);
  // H: the computer's landing outlined; V: the computer plays until cells go, a key takes over.
  await page.keyboard.press("h");
  await expect(page.locator(".match3-cell.is-hint")).toHaveCount(3);
  await expect(page.getByTestId("match3-live")).toContainText("Hint:");
  await page.getByTestId("watch-speed").selectOption("fast");
  await page.keyboard.press("v");
  await expect(page.getByTestId("watch")).toHaveText("Take over");
  await expect(page.getByTestId("match3-arcade-score")).not.toHaveText("0", { timeout: 40_000 });
  await shot(page, "match3-arcade-desktop");
  await expectAxeClean(page, "arcade playing, desktop");
  await page.keyboard.press("p");
  await expect(page.getByTestId("match3-paused")).toBeVisible();
  await expect(page.getByTestId("watch")).toHaveText("Watch");
  await expectAxeClean(page, "arcade paused, desktop");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("match3-paused")).toHaveCount(0);
  // P pauses and, from inside the dialog, resumes.
  await page.keyboard.press("p");
  await expect(page.getByTestId("match3-paused")).toBeVisible();
  await page.keyboard.press("p");
  await expect(page.getByTestId("match3-paused")).toHaveCount(0);

  // Space drops wherever focus is, even on a button.
  await page.getByTestId("hint").focus();
  const over = page.getByTestId("match3-arcade-over");
  for (let i = 0; i < 200 && !(await over.isVisible()); i++) {
    await page.keyboard.press(" ");
    // The landing, its matches and the next brick on the page's clock: 9 s of waits on the wall's.
    await page.clock.runFor(400);
  }
  await expect(over).toBeVisible({ timeout: 30_000 });
  const score = Number(await page.getByTestId("match3-final-score").textContent());
  expect(score).toBeGreaterThan(0);
  await expect(page.getByTestId("new-best")).toContainText("New best!");
  await expect(over.getByRole("button", { name: "Play again" })).toBeFocused();
  await shot(page, "match3-arcade-over");
  await expectAxeClean(page, "arcade game over, desktop");
  // The dialog steps aside to show the final field, and comes back.
  const finalField = await field(page);
  await page.getByTestId("match3-look").focus();
  await page.keyboard.press("Enter");
  await expect(over).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Back to the results" })).toBeFocused();
  await expect(page.getByTestId("match3-field")).toBeVisible();
  expect(await field(page)).toEqual(finalField);
  await expectAxeClean(page, "arcade final field, desktop");
  await page.keyboard.press("Enter");
  await expect(over).toBeVisible();
  await expect(over.getByRole("button", { name: "Play again" })).toBeFocused();
  const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "{}"), BEST_KEY);
  expect(stored).toEqual({ "7x14": score });

  // Play again: a new game on the same field, its best shown.
  await page.keyboard.press("Enter");
  await expect(over).toHaveCount(0);
  await expect(page.getByTestId("match3-best")).toHaveText(String(score));
  await expect(page.getByTestId("match3-arcade-score")).toHaveText("0");
  // The best survives a reload, and the setup page shows it on its field.
  await page.reload();
  await expect(page.getByTestId("match3-paused")).toBeVisible();
  await expect(page.getByTestId("match3-restored")).toBeVisible();
  await expect(page.getByTestId("match3-best")).toHaveText(String(score));
  await page.getByRole("button", { name: "Change mode or field" }).click();
  await expect(page.getByTestId("match3-field-medium")).toContainText(`Best ${score}`);
});

test("a reload resumes the Arcade game paused, exactly where it was", async ({ page }) => {
  await page.goto("/games/match3?arcade=medium&level=3&seed=5");
  await expect(page.getByTestId("match3-arcade")).toBeVisible();
  // The address loses its start parameters so that a reload resumes instead of starting again.
  await expect(page).toHaveURL(/\/games\/match3\?seed=5$/);
  await expect(page.getByTestId("match3-level")).toHaveText("3");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press(" ");
  await expect
    .poll(async () => (await field(page)).rows.slice(-1)[0]?.replace(/\./g, "").length)
    .toBeGreaterThan(0);
  await page.keyboard.press("p");
  await expect(page.getByTestId("match3-paused")).toBeVisible();
  const before = await field(page);
  const queue = await page.getByTestId("match3-queue").textContent();
  await page.reload();
  await expect(page.getByTestId("match3-paused")).toBeVisible();
  expect(await field(page)).toEqual(before);
  await expect(page.getByTestId("match3-queue")).toHaveText(queue ?? "");
  await page.waitForTimeout(1200);
  expect(await field(page)).toEqual(before);
  await page.getByTestId("match3-paused").getByRole("button", { name: "Resume" }).click();
  await expect
    .poll(async () => JSON.stringify(await field(page)), { timeout: 30_000 })
    .not.toBe(JSON.stringify(before));
});

test("Classic on a phone: a tapped ready-made line to its end, readable symbols on 7 x 20, Quit has ways on", async ({
  browser,
}) => {
  const { context, page, errors } = await phone(browser);
  await page.goto("/games/match3");
  await page.getByTestId("match3-mode-classic").tap();
  await page.getByRole("button", { name: /Tall field/ }).tap();
  await expect(page.getByTestId("match3-frame")).toHaveText("1");
  await expect(page.locator("main h1")).toHaveCount(1);
  // 7 x 20: symbols stay readable (the field scrolls in its well), the controls stay on screen.
  const glyph = await page.locator(".match3-cell .match3-glyph").first().boundingBox();
  expect(glyph?.width ?? 0).toBeGreaterThanOrEqual(14);
  for (const name of ["Left (L)", "Drop (D)", "Right (R)", /^Next frame/]) await expectInView(page, name);
  await expectNoPageScroll(page);
  await shot(page, "match3-classic-tall-phone");
  await expectAxeClean(page, "classic playing, phone");

  // Drop each brick and run the frame until the field ends.
  const end = page.getByTestId("match3-over");
  for (let i = 0; i < 40 && !(await end.isVisible()); i++) {
    await page.getByRole("button", { name: "Drop (D)" }).tap();
    await page.getByRole("button", { name: /^Next frame/ }).tap();
  }
  await expect(end).toContainText("Enter S to start over or Q to quit");
  await expect(end).toContainText("Cells removed:");
  await expectAxeClean(page, "classic ended, phone");
  await end.getByRole("button", { name: "Q: Quit" }).tap();
  // The goodbye line once, and ways on.
  await expect(page.getByText("Thank you for playing Match-3!")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Play again" })).toBeFocused();
  await expect(page.getByRole("link", { name: "Back to the arcade" })).toBeVisible();
  await expectAxeClean(page, "classic goodbye, phone");
  await page.getByRole("button", { name: "Play again" }).tap();
  await expect(page.getByTestId("match3-frame")).toHaveText("1");
  await page.getByRole("button", { name: "Quit Match-3" }).tap();
  await page.getByRole("link", { name: "Back to the arcade" }).tap();
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
  await context.close();
});

test("Classic keeps a best (cells removed per field size) with New best!; axe on a desktop", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  // V^^^ lands as a run of three and vanishes: 3 cells removed.
  await page.goto("/games/match3?input=3%203%20V%5E%5E%5E%20H**~");
  await expect(page.getByTestId("match3-classic-best")).toHaveText("0");
  await expectAxeClean(page, "classic playing, desktop");
  for (let i = 0; i < 6 && !(await page.getByTestId("match3-over").isVisible()); i++)
    await page.keyboard.press("Enter");
  await expect(page.getByTestId("match3-over")).toContainText("Cells removed: 3.");
  await expect(page.getByTestId("new-best")).toBeVisible();
  await expect(page.getByTestId("match3-classic-best")).toHaveText("3");
  await expectAxeClean(page, "classic ended, desktop");
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("blockarcade-match3-classic-best") ?? "{}"),
  );
  expect(stored).toEqual({ "3x3": 3 });
  // The same again is no new record.
  await page.keyboard.press("s");
  await page.getByRole("button", { name: "Start" }).click();
  for (let i = 0; i < 6 && !(await page.getByTestId("match3-over").isVisible()); i++)
    await page.keyboard.press("Enter");
  await expect(page.getByTestId("match3-over")).toContainText("Cells removed: 3.");
  await expect(page.getByTestId("new-best")).toHaveCount(0);
});

test("screenshot: Arcade on a phone in play", async ({ browser }) => {
  const { context, page } = await phone(browser);
  await page.goto("/games/match3?arcade=medium&bricks=easy&seed=12");
  await expect(page.getByTestId("match3-arcade")).toBeVisible();
  await page.getByTestId("watch-speed").selectOption("fast");
  await page.getByTestId("watch").tap();
  await expect(page.getByTestId("match3-cells")).not.toHaveText("0", { timeout: 40_000 });
  await page.waitForTimeout(2500);
  await page.getByTestId("watch").tap();
  await expectNoPageScroll(page);
  await shot(page, "match3-arcade-phone");
  await context.close();
});

test("an Arcade game is a ranked server session: said before its first move, entered on its field's board at its end", async ({
  page,
}) => {
  await page.goto("/games/match3");
  // The name a ranked game is entered under is the one this device last used.
  await page.evaluate(() => localStorage.setItem("blockarcade-player-name", JSON.stringify("Ada")));
  await page.getByTestId("match3-field-small").click();
  for (let i = 1; i < 15; i++) await page.getByRole("button", { name: "Raise start level" }).click();
  const created = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/games"));
  await page.getByTestId("match3-play").click();
  const { config } = JSON.parse((await created).postData() ?? "{}") as { config: unknown };
  await expect(page.getByTestId("ranked-line").first()).toHaveText("Ranked game");
  const over = page.getByTestId("match3-arcade-over");
  for (let i = 0; i < 100 && !(await over.isVisible()); i++) {
    await page.keyboard.press(i % 4 === 0 ? "ArrowLeft" : " ");
    await page.waitForTimeout(50);
  }
  await expect(over).toBeVisible({ timeout: 30_000 });
  await expect(over.getByTestId("ranked-line")).toHaveAttribute("data-kind", "ranked");
  // The server entered the game itself, with the score it played to: no form to post.
  await expect(over.getByTestId("post-score")).toHaveCount(0);
  const score = Number(await over.getByTestId("match3-final-score").textContent());
  await expect
    .poll(async () => {
      const query = encodeURIComponent(JSON.stringify(config));
      const reply = await page.request.get(`/api/leaderboards/match3?config=${query}`);
      const board = (await reply.json()) as { entries?: { name: string; score: number }[] };
      return board.entries?.map((e) => `${e.name} ${e.score}`) ?? [];
    })
    .toContain(`Ada ${score}`);
});

test("Arcade on a phone on its side: the field, stats and pad fit without scrolling", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 640, height: 360 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto("/games/match3?arcade=medium&seed=4");
  await expect(page.getByTestId("match3-arcade")).toBeVisible();
  await expectNoPageScroll(page);
  for (const name of ["Left (L)", "Drop (D)", "Right (R)", "Pause"]) await expectInView(page, name);
  const glyphCell = await page.locator(".match3-cell").first().boundingBox();
  expect(glyphCell?.height ?? 0).toBeGreaterThanOrEqual(18);
  await shot(page, "match3-arcade-landscape");
  await context.close();
});

test("a level up shows its banner and says so; with reduced motion the points popup stands still", async ({
  page,
}) => {
  await page.goto("/");
  await page.evaluate(() =>
    localStorage.setItem("blockarcade-settings", JSON.stringify({ sound: false, reducedMotion: true })),
  );
  await page.goto("/games/match3?arcade=medium&bricks=easy&seed=12");
  await expect(page.getByTestId("match3-arcade")).toBeVisible();
  await page.keyboard.press("p");
  await expect(page.getByTestId("match3-paused")).toBeVisible();
  // One brick short of level 2 (25 bricks; issue 24: levels follow the bricks placed, no longer
  // the cells removed): the engine's load accepts it (the level agrees).
  const saved = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("blockarcade-match3-arcade") ?? "{}"),
  );
  expect(saved.placed).toBe(0);
  await page.evaluate(
    (s) => localStorage.setItem("blockarcade-match3-arcade", JSON.stringify({ ...s, placed: 24 })),
    saved,
  );
  await page.goto("/games/match3?seed=12");
  await expect(page.getByTestId("match3-restored")).toBeVisible();
  await expect(page.getByTestId("match3-level")).toHaveText("1");
  await page.getByTestId("match3-paused").getByRole("button", { name: "Resume" }).click();
  // The 25th brick, dropped, locks on the next tick: a new stage. (Before issue 24 the level came
  // with a scoring lock under Watch; a stage now comes with any lock, so the brick is dropped by
  // hand and the words stay until the next lock.)
  await expect(page.getByTestId("match3-stage-left")).toHaveText("Floor rises in 1");
  await page.keyboard.press(" ");
  await expect(page.getByTestId("match3-banner")).toHaveText("Level 2! The floor rises.");
  await expect(page.getByTestId("match3-stage-left")).toHaveText("Floor rises in 25");
  await expect(page.getByTestId("match3-level")).toHaveText("2");
  await expect(page.getByTestId("match3-live")).toContainText(
    "Level 2: the bricks fall faster. The floor rose a row of stone.",
  );
  expect((await field(page)).rows.at(-1)).toBe("#######");
  await page.getByTestId("watch-speed").selectOption("fast");
  await page.keyboard.press("v");
  await expect(page.locator(".match3-popup.is-still")).toBeVisible({ timeout: 40_000 });
});

test("a newcomer's first Arcade game, one move a second of the page's clock, lasts over a minute", async ({
  browser,
}) => {
  const { page, errors } = await phone(browser);
  // The page's own clock, run by the test: game time is what the clock ran, never wall time.
  await page.clock.install();
  await page.goto("/games/match3?seed=5");
  await page.getByTestId("match3-play").tap();
  await expect(page.getByTestId("match3-arcade")).toBeVisible();
  // Paused: from here on the game's time moves only as the test runs it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await expect(page.getByTestId("match3-level")).toHaveText("1");
  // The newcomer spreads the bricks: each new brick goes towards the next column in turn, one tap
  // a second, and falls by itself (no drop).
  const targets = [0, 6, 2, 4, 1, 5, 3];
  let brick = 0;
  let lastTop = -1;
  const STEP_MS = 200;
  let gameMs = 0;
  while (gameMs < 65_000) {
    const f = await field(page);
    if (f.active.length === 0) break;
    const top = Math.min(...f.active.map(([r]) => r));
    if (top < lastTop) brick++;
    lastTop = top;
    if (gameMs % 1000 === 0) {
      const col = Math.min(...f.active.map(([, c]) => c));
      const flat = f.active.every(([r]) => r === top);
      const target = Math.min(targets[brick % targets.length] ?? 3, flat ? 4 : 6);
      const name = col > target ? "Left (L)" : col < target ? "Right (R)" : null;
      if (name) await page.getByRole("button", { name }).tap();
    }
    await page.clock.runFor(STEP_MS);
    gameMs += STEP_MS;
  }
  // Over a minute of the game's clock, and the game goes on.
  expect(gameMs).toBeGreaterThanOrEqual(65_000);
  await expect(page.getByTestId("match3-arcade-over")).toHaveCount(0);
  expect(brick).toBeGreaterThanOrEqual(5);
  expect(errors).toEqual([]);
});

test("a chain is shown step by step: the run flashes, the symbol above falls, the new run flashes", async ({
  browser,
}) => {
  const { page, errors } = await phone(browser);
  await page.clock.install();
  await page.goto("/games/match3?arcade=medium&seed=8");
  await expect(page.getByTestId("match3-arcade")).toBeVisible();
  await page.keyboard.press("p");
  await expect(page.getByTestId("match3-paused")).toBeVisible();
  // The saved game, given a field where V~^^ dropped into the middle column makes ^^^ upright,
  // and its ~ then falls beside ~~ in the bottom row: a chain of two (the engine's load checks it).
  const saved = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("blockarcade-match3-arcade") ?? "{}"),
  );
  const board = [...Array(11).fill("......."), "^.^...*", "*@*..~@", "@~~^*@~"];
  const active = {
    cells: [
      [0, 3, "~"],
      [1, 3, "^"],
      [2, 3, "^"],
    ],
  };
  await page.evaluate((s) => localStorage.setItem("blockarcade-match3-arcade", JSON.stringify(s)), {
    ...saved,
    board,
    active,
  });
  await page.goto("/games/match3?seed=8");
  // The clock stops once the page is up (the game is restored paused): the page's start may wait on
  // its timers (asking the server first), and on a loaded machine it was not up 1 s of clock later.
  await expect(page.getByTestId("match3-restored")).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByTestId("match3-paused").getByRole("button", { name: "Resume" }).tap();
  await page.getByRole("button", { name: "Drop (D)" }).tap();
  const seen: string[] = [];
  for (let t = 0; t < 2000; t += 50) {
    await page.clock.runFor(50);
    const picture = await page.getByTestId("match3-field").evaluate((el) => {
      const cells = [...el.querySelectorAll<HTMLElement>(".match3-cell")];
      const bottom = cells
        .slice(-7)
        .map((c) => c.dataset.symbol)
        .join("");
      const count = (cls: string) => cells.filter((c) => c.classList.contains(cls)).length;
      return `${bottom} fell ${count("is-fell")} flash ${count("is-removed")}`;
    });
    if (seen.at(-1) !== picture) seen.push(picture);
    if (picture.includes("fell 1") && !seen.includes("shot")) {
      await shot(page, "match3-arcade");
      seen.push("shot");
    }
  }
  // The ^^^ upright flashes, the ~ falls into its gap (the bottom row now ~~~), ~~~ flashes, then
  // the symbols above fall and the field is at rest.
  expect(seen).toEqual(
    expect.arrayContaining([
      "@~~^*@~ fell 0 flash 3",
      "@~~~*@~ fell 1 flash 0",
      "shot",
      "@~~~*@~ fell 0 flash 3",
    ]),
  );
  expect(seen.indexOf("@~~^*@~ fell 0 flash 3")).toBeLessThan(seen.indexOf("@~~~*@~ fell 0 flash 3"));
  await expect(page.getByTestId("match3-live")).toContainText("Chain of 2!");
  expect(errors).toEqual([]);
});

test("How to play Arcade explains why symbols vanish and fall; the status line fits a phone", async ({
  browser,
}) => {
  const { page } = await phone(browser);
  await page.goto("/games/match3");
  await page.getByRole("link", { name: "How to play" }).tap();
  await expect(page).toHaveURL(/\/games\/match3\/how-to-play$/);
  const howto = page.getByTestId("match3-howto");
  await expect(howto).toContainText("Why symbols vanish");
  await expect(howto).toContainText("Why symbols fall");
  await expect(howto).toContainText("Chains");
  await expectAxeClean(page, "how to play arcade, phone");
  await shot(page, "match3-arcade-howto-phone");
  await page.getByTestId("match3-howto-back").tap();
  await expect(page.getByTestId("match3-arcade-setup")).toBeVisible();
  // The play page's status (the stats, the ranked line and the live line with a hint's long words,
  // which used to end in "..."): nothing cut off at 360 x 640, and the page does not scroll.
  await page.goto("/games/match3?arcade=medium&seed=3");
  await expect(page.getByTestId("match3-arcade")).toBeVisible();
  await page.getByRole("button", { name: "Hint" }).tap();
  await expect(page.getByTestId("match3-live")).toContainText("Hint:");
  // A hint's words run past one line of a 360 px phone (they are the page's own since issue 24's
  // catalogues: what the landing does, e.g. "Hint: R R, then let it fall; removes 3 cells.").
  expect((await page.getByTestId("match3-live").textContent())?.length ?? 0).toBeGreaterThan(40);
  await expectNoPageScroll(page);
  const cut = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        ".match3-bar, .match3-bar *, [data-testid=ranked-line], [data-testid=match3-live]",
      ),
    ]
      .filter(
        (el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth,
      )
      .map((el) => el.className || el.dataset.testid),
  );
  expect(cut).toEqual([]);
});
