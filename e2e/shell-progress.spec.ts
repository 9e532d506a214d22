/**
 * The home cards tell a returning player where they stand: each game's best score on this device,
 * and "Continue" where a game was left unfinished (the card then opens it).
 */
import { expect, shot, test } from "./fixtures";

const card = (page: import("@playwright/test").Page, id: string) => page.locator(`.card[data-game="${id}"]`);

test("a game left in progress shows Continue on its card, and the card resumes it", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("card-continue")).toHaveCount(0);
  await expect(page.getByTestId("card-best")).toHaveCount(0);

  // Block Blast: place one piece by keyboard, then leave through the top bar.
  await page.goto("/games/blast/play?seed=5");
  await expect(page.getByTestId("blast-board")).toBeVisible();
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  // Placed: the saved tray has an empty slot.
  const saved = () => page.evaluate(() => JSON.parse(localStorage.getItem("blockblast-game") ?? "{}"));
  await expect.poll(async () => ((await saved()).tray ?? []).includes(null)).toBe(true);
  const before = await saved();
  await page.getByRole("link", { name: "Back to Block Arcade" }).click();
  await expect(card(page, "blast").getByTestId("card-continue")).toHaveText("Continue");
  await expect(card(page, "blast")).toHaveAttribute("href", "/games/blast/play");
  await expect(card(page, "blast")).toHaveAccessibleName(/Block Blast.*Continue/);

  // Block Stacker: a started game is saved when the page is left.
  await page.goto("/games/stacker?size=10&seed=4");
  await expect(page.locator("main h1")).toHaveCount(1);
  await page.keyboard.press("ArrowLeft");
  await page.getByRole("link", { name: "Back to Block Arcade" }).click();
  await expect(card(page, "stacker").getByTestId("card-continue")).toBeVisible();
  // Games not played show nothing.
  for (const id of ["puzzle", "match3", "blocky"])
    await expect(card(page, id).locator(".card-progress")).toHaveCount(0);

  await card(page, "blast").click();
  await expect(page).toHaveURL(/\/games\/blast\/play$/);
  await expect(page.getByTestId("blast-game")).toHaveAttribute("data-seed", "5");
  await expect(page.getByTestId("blast-board")).toBeVisible();
  // The same game, not a new one: the position left is the position shown.
  expect(await saved()).toEqual(before);
});

test("the cards show each game's best score, and corrupt storage shows nothing", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => {
    localStorage.setItem(
      "blockblast-leaderboard",
      JSON.stringify([
        { score: 1234, date: "2026-11-01T10:00:00.000Z" },
        { score: 80, date: "2026-11-02T10:00:00.000Z" },
      ]),
    );
    localStorage.setItem("blockarcade-puzzle-best", JSON.stringify({ "8x8": 560, "10x6": 90 }));
    localStorage.setItem("blockarcade-stacker-best", JSON.stringify({ "20": 4200 }));
    localStorage.setItem("blockarcade-match3-best", JSON.stringify({ "7x14": 820 }));
    localStorage.setItem("blockarcade-blocky-best", JSON.stringify({ "d4-t5-human-smart5": 23 }));
  });
  await page.reload();
  await expect(card(page, "match3").getByTestId("card-best")).toHaveText("Best 820");
  await expect(card(page, "blocky").getByTestId("card-best")).toHaveText("Best 23");
  await expect(card(page, "blast").getByTestId("card-best")).toHaveText("Best 1,234");
  await expect(card(page, "puzzle").getByTestId("card-best")).toHaveText("Best 560");
  await expect(card(page, "stacker").getByTestId("card-best")).toHaveText("Best 4,200");
  await expect(card(page, "blast")).toHaveAccessibleName(/Best 1,234/);

  await page.evaluate(() => {
    for (const key of [
      "blockblast-leaderboard",
      "blockarcade-puzzle-best",
      "blockarcade-stacker-best",
      "blockarcade-match3-best",
      "blockarcade-blocky-best",
    ])
      localStorage.setItem(key, "{not json");
    localStorage.setItem("blockblast-game", '{"game":"blast"');
    localStorage.setItem("blockarcade-match3-game", "[1,2,3]");
  });
  await page.reload();
  await expect(page.locator(".card")).toHaveCount(5);
  await expect(page.locator(".card-progress")).toHaveCount(0);
});

test("screenshots: the home page with a returning player's progress, phone and desktop", async ({ page }) => {
  await page.goto("/");
  // A real unfinished game of each kind is saved by playing; best scores are seeded.
  await page.goto("/games/stacker?size=10&seed=4");
  await expect(page.locator("main h1")).toHaveCount(1);
  await page.getByRole("link", { name: "Back to Block Arcade" }).click();
  await page.goto("/games/blast/play?seed=5");
  await expect(page.getByTestId("blast-board")).toBeVisible();
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  await page.evaluate(() => {
    localStorage.setItem(
      "blockblast-leaderboard",
      JSON.stringify([{ score: 2480, date: "2026-11-01T10:00:00Z" }]),
    );
    localStorage.setItem("blockarcade-puzzle-best", JSON.stringify({ "8x8": 560 }));
    localStorage.setItem("blockarcade-stacker-best", JSON.stringify({ "20": 4200 }));
  });
  await page.getByRole("link", { name: "Back to Block Arcade" }).click();
  await expect(page.getByTestId("card-continue")).toHaveCount(2);
  await page.setViewportSize({ width: 360, height: 640 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await shot(page, "home-progress-phone");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, "home-progress");
});
