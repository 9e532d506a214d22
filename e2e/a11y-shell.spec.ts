/**
 * The arcade's own screens for keyboard and screen-reader users: axe finds nothing serious or
 * critical on the home page (with progress), the settings panel, the not-found page and a game
 * page's top bar, on a phone and a desktop; the shell's Dialog keeps Tab inside and gives focus back.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const SIZES = [
  { name: "phone", width: 360, height: 640 },
  { name: "desktop", width: 1280, height: 800 },
];

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

for (const size of SIZES) {
  test(`axe: home with progress, settings, not-found and a game's top bar (${size.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto("/");
    await page.evaluate(() => {
      localStorage.setItem(
        "blockblast-leaderboard",
        JSON.stringify([{ score: 980, date: "2026-11-01T10:00:00Z" }]),
      );
      localStorage.setItem("blockarcade-puzzle-best", JSON.stringify({ "8x8": 560 }));
    });
    await page.goto("/games/stacker?size=10&seed=4");
    await expect(page.locator("main h1")).toHaveCount(1);
    expect(await seriousViolations(page, ".topbar"), "game page top bar").toEqual([]);
    await page.getByRole("link", { name: "Back to Block Arcade" }).click();
    await expect(page.getByTestId("card-continue")).toHaveCount(1);
    await expect(page.getByTestId("card-best")).toHaveCount(2);
    expect(await seriousViolations(page), "home").toEqual([]);

    await page.getByRole("button", { name: "Settings" }).click();
    await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
    expect(await seriousViolations(page), "settings").toEqual([]);
    await page.getByRole("button", { name: "Done" }).click();

    // The not-found page through the app's own link handling (a 404 document load is tested elsewhere).
    await page.evaluate(() => {
      history.pushState(null, "", "/no/such/page");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    expect(await seriousViolations(page), "not found").toEqual([]);
  });
}

test("a game's dialog keeps Tab and Shift+Tab inside, and gives focus back when it closes", async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 800 });
  await page.goto("/games/blast/play?seed=5");
  await expect(page.getByTestId("blast-board")).toBeVisible();
  const pause = page.getByRole("button", { name: "Pause" });
  await pause.click();
  const dialog = page.getByRole("dialog", { name: "Paused" });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume" })).toBeFocused();
  const count = await dialog.evaluate(
    (d) =>
      d.querySelectorAll("a[href], button:not([disabled]), input, select, [tabindex]:not([tabindex='-1'])")
        .length,
  );
  expect(count).toBeGreaterThan(1);
  const inside = () =>
    dialog.evaluate((d) => d.contains(document.activeElement) && d !== document.activeElement);
  const seen = new Set<string>();
  for (let i = 0; i < count * 2 + 1; i++) {
    await page.keyboard.press("Tab");
    expect(await inside(), `Tab ${i + 1} stays in the dialog`).toBe(true);
    seen.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""));
  }
  // Tab visits every control of the dialog, round and round.
  expect(seen.size).toBe(count);
  for (let i = 0; i < count * 2 + 1; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await inside(), `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  // Escape resumes, as before, and focus is back on the button that opened the dialog.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(pause).toBeFocused();
});
