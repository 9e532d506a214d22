import { expect, shot, test } from "./fixtures";

test("home lists the five games as cards with a picture, name and description", async ({ page }) => {
  await page.goto("/");
  const cards = page.locator(".card");
  await expect(cards).toHaveCount(5);
  for (const name of ["Block Blast", "Block Puzzle", "Block Stacker", "Match-3 Falling Bricks", "Blocky"]) {
    const card = page.getByRole("link", { name: new RegExp(name) });
    await expect(card).toBeVisible();
    await expect(card.locator("svg")).toBeVisible();
    await expect(card.locator(".card-tagline")).not.toBeEmpty();
  }
  await shot(page, "home");
});

test("home fits a 360 x 640 phone without horizontal scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/");
  await expect(page.locator(".card")).toHaveCount(5);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await shot(page, "home-phone");
});

test("routes are real URLs and the back button works", async ({ page }) => {
  await page.goto("/");
  await page.locator('.card[data-game="blocky"]').click();
  await expect(page).toHaveURL(/\/games\/blocky$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator(".card")).toHaveCount(5);
  await page.goForward();
  await expect(page).toHaveURL(/\/games\/blocky$/);
  // Unknown URLs within the app (loading one answers 404: e2e/shell-pages.spec.ts).
  for (const url of ["/games/nope/whatever", "/no/such/page"]) {
    await page.evaluate((to) => {
      history.pushState(null, "", to);
      dispatchEvent(new PopStateEvent("popstate"));
    }, url);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
  await page.goBack();
  await expect(page).toHaveURL(/\/games\/nope\/whatever$/);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("settings toggle sound and reduced motion and survive a reload", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Settings" }).click();
  const sound = page.getByRole("checkbox", { name: "All sound and vibration" });
  const motion = page.getByRole("checkbox", { name: "Reduced motion" });
  await expect(sound).toBeChecked();
  await shot(page, "settings");
  await sound.uncheck();
  await motion.check();
  await expect(page.locator("html")).toHaveAttribute("data-reduced-motion", "true");
  await page.getByRole("button", { name: "Done" }).click();
  await page.reload();
  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByRole("checkbox", { name: "All sound and vibration" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Reduced motion" })).toBeChecked();
});

test("a corrupt settings value in storage is ignored", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("blockarcade-settings", "{not json"));
  await page.reload();
  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByRole("checkbox", { name: "All sound and vibration" })).toBeChecked();
});
