/**
 * The web's ranked flow (issue 22 item 7) for Block Stacker and Match-3 Arcade: a game asks the
 * server for one ranked game per game, never one per render, over a minute of games; the line above the board says from the first position whether the game is ranked and why
 * not, with one tap to make a chosen-seed game ranked; a game that used Hint or Watch says "with help"
 * and is never offered for posting as unaided.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** A look at the line in headless Chromium, kept with the test's results (not in docs/screenshots). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: "disabled" });

/** Counts the requests that draw a game from the server: POST /api/seeds and POST /api/games. */
function countRankedDraws(page: Page): { readonly count: number } {
  const seen = { count: 0 };
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === "POST" && (path === "/api/seeds" || path === "/api/games")) seen.count += 1;
  });
  return seen;
}

/**
 * Lets games run by themselves for `ms` of wall time (the clock's ticks bring every brick or piece
 * down: a render each), starting the next game at each end; returns how many games were started.
 */
async function playFor(page: Page, ms: number): Promise<number> {
  let games = 1;
  const again = page.getByRole("button", { name: "Play again" });
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await page.waitForTimeout(1000);
    if (await again.isVisible()) {
      await again.click();
      games += 1;
    }
  }
  return games;
}

test("a minute of Stacker asks the server once per game, never per render", async ({ page }) => {
  test.setTimeout(240_000);
  const draws = countRankedDraws(page);
  await page.goto("/games/stacker?size=10");
  // A ranked server session, said before the first move.
  const line = page.getByTestId("ranked-line").first();
  await expect(line).toHaveAttribute("data-kind", "ranked");
  await expect(line).toHaveText("Ranked game");
  await shot(page, "ranked-line-stacker");
  const games = await playFor(page, 60_000);
  // One ranked session per game, never one per render.
  expect(games).toBeGreaterThan(1);
  // The last game's session may still be on its way when the minute ends.
  await expect.poll(() => draws.count).toBe(games);
});

test("a minute of Match-3 Arcade at level 15 asks the server once per game, never per render", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const draws = countRankedDraws(page);
  await page.goto("/games/match3?arcade=small&level=15");
  await expect(page.getByTestId("ranked-line").first()).toHaveAttribute("data-kind", "ranked");
  const games = await playFor(page, 60_000);
  expect(games).toBeGreaterThan(1);
  // The last game's session may still be on its way when the minute ends.
  await expect.poll(() => draws.count).toBe(games);
});

test("a chosen-seed Stacker game says it is not ranked, one tap makes it ranked, Hint says with help", async ({
  page,
}) => {
  const draws = countRankedDraws(page);
  await page.goto("/games/stacker?size=10&seed=5");
  const line = page.getByTestId("ranked-line").first();
  await expect(line).toHaveAttribute("data-kind", "unranked");
  await expect(line).toContainText("Not ranked: a chosen seed.");
  expect(draws.count).toBe(0);
  await shot(page, "ranked-line-chosen-seed");

  await page.getByRole("button", { name: "Play ranked" }).click();
  await expect(line).toHaveAttribute("data-kind", "ranked");
  await expect(page).toHaveURL(/\/games\/stacker\?size=10$/);
  expect(draws.count).toBe(1);

  await page.getByTestId("hint").click();
  await expect(line).toHaveText("Ranked game · with help");
  await shot(page, "ranked-line-with-help");
  // Hard drops to the end: still "with help" at the end, and no form offers it as unaided.
  const again = page.getByRole("button", { name: "Play again" });
  for (let i = 0; i < 200 && !(await again.isVisible()); i++) await page.keyboard.press("Space");
  await expect(again).toBeVisible();
  await expect(page.getByTestId("ranked-line").last()).toContainText("with help");
  await expect(page.getByTestId("post-score")).toHaveCount(0);
  expect(draws.count).toBe(1);
});

test("a Match-3 Arcade game opened by its link says why it is not ranked; one tap makes the next one ranked", async ({
  page,
}) => {
  await page.goto("/games/match3?arcade=small&level=1&seed=9");
  const line = page.getByTestId("ranked-line").first();
  await expect(line).toContainText("Not ranked: a chosen seed.");
  await page.getByRole("button", { name: "Play ranked" }).click();
  await expect(line).toHaveAttribute("data-kind", "ranked");
  await shot(page, "ranked-line-match3-arcade");
});

test("the pause of a ranked Stacker game says that the server's clock goes on; a chosen-seed game's does not", async ({
  page,
}) => {
  await page.goto("/games/stacker?size=10");
  await expect(page.getByTestId("ranked-line").first()).toHaveAttribute("data-kind", "ranked");
  await page.keyboard.press("p");
  await expect(page.getByTestId("ranked-pause")).toContainText("which a pause does not stop");
  await shot(page, "ranked-pause-stacker");
  await page.goto("/games/stacker?size=10&seed=3");
  await expect(page.getByTestId("ranked-line").first()).toHaveAttribute("data-kind", "unranked");
  await page.keyboard.press("p");
  await expect(page.getByTestId("stacker-paused")).toBeVisible();
  await expect(page.getByTestId("ranked-pause")).toHaveCount(0);
});

test("a ranked Block Puzzle game goes on in its session after a reload: one session, still ranked", async ({
  page,
}) => {
  const draws = countRankedDraws(page);
  await page.goto("/games/puzzle");
  await page.getByRole("button", { name: /^Start \d+ x \d+$/ }).click();
  const line = page.getByTestId("ranked-line").first();
  await expect(line).toHaveText("Ranked game");
  const score = page.getByTestId("puzzle-score");
  // The first block at the first place it fits (keyboard: choose it, place it).
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  await expect(score).not.toHaveText("0");
  const placed = await score.textContent();
  await page.reload();
  await expect(line).toHaveText("Ranked game");
  await expect(score).toHaveText(placed ?? "");
  expect(draws.count).toBe(1);
});
