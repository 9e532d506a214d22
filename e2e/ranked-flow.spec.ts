/**
 * The web's ranked flow (issue 22 item 7) for Block Stacker and Match-3 Arcade: a game asks the
 * server for one ranked game per game, never one per render, over games of ticks, moves and drops;
 * the line above the board says from the first position whether the game is ranked and why not,
 * with one tap to make a chosen-seed game ranked; a game that used Hint or Watch says "with help"
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

/** The top row of the falling piece or brick, from the page's board; -1 between pieces. */
async function fallingTop(page: Page, game: "stacker" | "match3"): Promise<number> {
  if (game === "stacker") {
    const text = await page.getByTestId("stacker-board").getAttribute("data-state");
    const shown = JSON.parse(text ?? "{}") as { active?: { cells: [number, number][] } | null };
    const rows = (shown.active?.cells ?? []).map(([r]) => r);
    return rows.length ? Math.min(...rows) : -1;
  }
  return page.getByTestId("match3-field").evaluate((el) => {
    const cols = Number((el as HTMLElement).style.getPropertyValue("--cols"));
    const rows = [...el.querySelectorAll(".match3-cell")].flatMap((cell, i) =>
      cell.classList.contains("is-active") ? [Math.floor(i / cols)] : [],
    );
    return rows.length ? Math.min(...rows) : -1;
  });
}

/**
 * Plays `games` ranked games to their end, each in all the ways a game renders: the clock's ticks
 * bring the piece or brick down by themselves (a render each; the test waits for one, on the real
 * clock, which the server's clock of a ranked real-time game keeps to), then sideways moves and
 * drops (a render each) end it. The page's clock is not run faster: the server would refuse the
 * ticks as early (429 TOO_FAST) and the game would go on unranked. Every game stays ranked.
 */
async function playGames(page: Page, game: "stacker" | "match3", games: number): Promise<void> {
  const again = page.getByRole("button", { name: "Play again" });
  const [left, drop] = game === "stacker" ? ["ArrowLeft", "Space"] : ["ArrowLeft", "d"];
  for (let played = 1; played <= games; played++) {
    await expect(page.getByTestId("ranked-line").first()).toHaveAttribute("data-kind", "ranked");
    const top = await fallingTop(page, game);
    // The clock's tick moves the piece (a render) before the player does. (Not "two rows down": at
    // level 15 a brick may land and the next come between two looks.)
    await expect.poll(() => fallingTop(page, game)).not.toBe(top);
    for (let i = 0; i < 300 && !(await again.isVisible()); i++) {
      await page.keyboard.press(i % 3 === 0 ? left : drop);
    }
    await expect(again).toBeVisible();
    // Ranked to its end: the server took every tick and move (a refusal says "dropped").
    await expect(page.locator('[data-testid="ranked-line"][data-kind="dropped"]')).toHaveCount(0);
    if (played < games) await again.click();
  }
}

test("three Stacker games, each with ticks, moves and drops, ask the server once per game, never per render", async ({
  page,
}) => {
  const draws = countRankedDraws(page);
  await page.goto("/games/stacker?size=10");
  // A ranked server session, said before the first move.
  const line = page.getByTestId("ranked-line").first();
  await expect(line).toHaveAttribute("data-kind", "ranked");
  await expect(line).toHaveText("Ranked game");
  await shot(page, "ranked-line-stacker");
  await playGames(page, "stacker", 3);
  // One ranked session per game, never one per render.
  expect(draws.count).toBe(3);
});

test("three Match-3 Arcade games at level 15 ask the server once per game, never per render", async ({
  page,
}) => {
  const draws = countRankedDraws(page);
  await page.goto("/games/match3?arcade=small&level=15");
  await expect(page.getByTestId("ranked-line").first()).toHaveAttribute("data-kind", "ranked");
  await playGames(page, "match3", 3);
  expect(draws.count).toBe(3);
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
