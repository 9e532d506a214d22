/**
 * The language setting (apps/web/src/shell/i18n.ts, app/language-settings.tsx): English by default
 * for an English browser (the suite's locale is en-US), French chosen in the settings with the mouse
 * and the keyboard, the home page and Block Blast in French with numbers and dates written the French
 * way, `<html lang>` following, the choice kept across a reload; a French browser starts in French.
 * axe finds no violation on the French pages. Offline after one visit, French is chosen and kept (the
 * service worker holds its words' chunk). Screenshot: docs/screenshots/language-fr-blast.png.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { dropOfflineLoads, expect, shot, test, waitForServiceWorker } from "./fixtures";

async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.impact}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** A narrow no-break space: how French groups thousands ("1 234"). */
const NNBSP = "\u202f";

test("French is chosen in the settings, shown on the home page and in Block Blast, and kept after a reload", async ({
  page,
}) => {
  await page.goto("/");
  await page.evaluate(() =>
    localStorage.setItem(
      "blockblast-leaderboard",
      JSON.stringify([{ score: 1234, date: "2026-11-01T10:00:00.000Z" }]),
    ),
  );
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Five block games. Free, no ads.");
  await expect(page.locator('[data-game="blast"]').getByTestId("card-best")).toHaveText("Best 1,234");

  // Keyboard: Tab to the settings button and open it with Enter, then change the language with the
  // arrow keys on the focused list.
  const settingsButton = page.getByRole("button", { name: "Settings" });
  await settingsButton.focus();
  await page.keyboard.press("Enter");
  const settings = page.getByRole("dialog", { name: "Settings" });
  await expect(settings.getByRole("combobox", { name: "Language" })).toHaveValue("auto");
  // The same list whatever its label says (it changes with the language).
  const language = page.locator('select[name="language"]');
  // The dialog opens modal in an effect (focus goes to its first control): focus the list after that.
  await expect(page.locator("dialog.settings[open]")).toBeVisible();
  await language.focus();
  await expect(language).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(language).toHaveValue("fr");
  // The panel follows at once, without a reload.
  await expect(page.getByRole("dialog", { name: "Réglages" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect(await violations(page)).toEqual([]);
  // Mouse: the panel's button, now in French.
  await page.getByRole("dialog", { name: "Réglages" }).getByRole("button", { name: "OK" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cinq jeux de blocs. Gratuits, sans pub.");
  await expect(page.locator('[data-game="blast"]').getByTestId("card-best")).toHaveText(
    `Record 1${NNBSP}234`,
  );
  await expect(page.getByRole("button", { name: "Réglages" })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // Still French after a reload (the choice is stored, not the browser's).
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cinq jeux de blocs. Gratuits, sans pub.");

  // Block Blast: its menu, its leaderboard's date, and a game in French.
  await page.locator('[data-game="blast"]').click();
  await expect(page).toHaveTitle("Block Blast - Block Arcade");
  // French puts a no-break space before the colon and groups thousands with a narrow one.
  await expect(page.getByText(/^Meilleur score\u00a0: 1\u202f234$/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Comment jouer" })).toBeVisible();
  await page.goto("/games/blast/leaderboard");
  await expect(page.getByTestId("blast-leaderboard")).toContainText("1 nov. 2026");
  await page.goto("/games/blast/play?seed=7");
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(page.locator(".blast-label").first()).toHaveText("Score");
  await expect(page.locator(".blast-label").nth(1)).toHaveText("Record");
  await expect(page.getByRole("group", { name: "Pièces à placer" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pièce 1\s: pièce / })).toBeVisible();
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("blast-board")).toHaveAttribute(
    "aria-label",
    /^Plateau de 8 sur 8, \d+ cases remplies$/,
  );
  await expect(page.getByRole("button", { name: "Indice" })).toBeVisible();
  await shot(page, "language-fr-blast");
  expect(await violations(page)).toEqual([]);

  // Still French after a reload in the middle of a game.
  await page.reload();
  await expect(page.getByRole("group", { name: "Pièces à placer" })).toBeVisible();
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("dialog", { name: "Pause" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reprendre" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test.describe("a French browser", () => {
  test.use({ locale: "fr-FR" });

  test("starts in French, and English chosen in the settings wins over it", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Cinq jeux de blocs. Gratuits, sans pub.",
    );
    await page.getByRole("button", { name: "Réglages" }).click();
    const settings = page.getByRole("dialog", { name: "Réglages" });
    await expect(settings.getByRole("combobox", { name: "Langue" })).toHaveValue("auto");
    await settings.getByRole("combobox", { name: "Langue" }).selectOption("en");
    await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
    await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Done" }).click();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Five block games. Free, no ads.");
  });
});

test.describe("offline", () => {
  test.use({ serviceWorkers: "allow" });

  test("after one visit, French is chosen and kept with the network off (its words are precached)", async ({
    page,
    context,
    consoleErrors,
  }) => {
    await page.goto("/");
    // The French words are a chunk of their own, fetched only when chosen: the worker holds it.
    await waitForServiceWorker(page, /\/assets\/fr-[^/]*\.js$/);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("button", { name: "Settings" }).click();
    await page
      .getByRole("dialog", { name: "Settings" })
      .getByRole("combobox", { name: "Language" })
      .selectOption("fr");
    await expect(page.getByRole("dialog", { name: "Réglages" })).toBeVisible();
    await page.getByRole("dialog", { name: "Réglages" }).getByRole("button", { name: "OK" }).click();
    await page.goto("/games/stacker?seed=3");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("button", { name: "Réglages" })).toBeVisible();
    dropOfflineLoads(consoleErrors);
  });
});
