/**
 * The web's ranked flow (issue 22 item 7) for Block Stacker and Match-3 Arcade: a game asks the
 * server for one seed (or one ranked game) per game, never one per render, over a minute of fast
 * play; the line above the board says from the first position whether the game is ranked and why
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

/** Lets the computer play fast for `ms` of wall time, starting each next game with `again` at an end. */
async function watchFor(page: Page, ms: number, over: () => Promise<boolean>, again: () => Promise<void>) {
  let games = 1;
  await page.getByTestId("watch-speed").selectOption("fast");
  await page.getByTestId("watch").click();
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await page.waitForTimeout(2000);
    if (await over()) {
      await again();
      games += 1;
      await page.getByTestId("watch").click();
    }
  }
  return games;
}

test("a minute of Stacker asks the server once per game, never per render", async ({ page }) => {
  test.setTimeout(240_000);
  const draws = countRankedDraws(page);
  await page.goto("/games/stacker");
  await page.getByRole("button", { name: "Start" }).click();
  // A ranked server session, said before the first move.
  await expect(page.getByTestId("ranked-line")).toHaveAttribute("data-kind", "ranked");
  await expect(page.getByTestId("ranked-line")).toHaveText("Ranked game");
  await shot(page, "ranked-line-stacker");
  const games = await watchFor(
    page,
    60_000,
    () => page.getByRole("button", { name: "Play again" }).isVisible(),
    () => page.getByRole("button", { name: "Play again" }).click(),
  );
  // One ranked session per game, never one per render.
  expect(draws.count).toBeGreaterThanOrEqual(1);
  expect(draws.count).toBeLessThanOrEqual(games);
});

test("a minute of Match-3 Arcade at level 15 asks the server once per game, never per render", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const draws = countRankedDraws(page);
  await page.goto("/games/match3?arcade=small&level=15");
  await expect(page.getByTestId("match3-arcade")).toBeVisible();
  const games = await watchFor(
    page,
    60_000,
    () => page.getByRole("button", { name: "Play again" }).isVisible(),
    () => page.getByRole("button", { name: "Play again" }).click(),
  );
  expect(games).toBeGreaterThan(1);
  expect(draws.count).toBeGreaterThanOrEqual(games);
  expect(draws.count).toBeLessThanOrEqual(games);
});

test("a chosen-seed Stacker game says it is not ranked, one tap makes it ranked, Hint says with help", async ({
  page,
}) => {
  const draws = countRankedDraws(page);
  await page.goto("/games/stacker?size=10&seed=5");
  const line = page.getByTestId("ranked-line");
  await expect(line).toHaveAttribute("data-kind", "unranked");
  await expect(line).toContainText("Not ranked: this game was opened with a chosen seed.");
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
  const line = page.getByTestId("ranked-line");
  await expect(line).toContainText("Not ranked: this game was opened with a chosen seed.");
  await page.getByRole("button", { name: "Play ranked" }).click();
  await expect(line).toHaveAttribute("data-kind", "ranked");
  await shot(page, "ranked-line-match3-arcade");
});
