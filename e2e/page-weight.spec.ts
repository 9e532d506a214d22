/**
 * Each game's page downloads its own game's rules and no other's (docs/architecture.md "What a page
 * downloads"): every script the page loads is traced through its source map to the engine's game
 * folders it was built from.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const GAMES = ["blast", "puzzle", "stacker", "match3", "blocky"] as const;

async function rulesLoadedBy(page: Page, path: string, ready: () => Promise<void>): Promise<string[]> {
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.add(response.url());
  });
  await page.goto(path);
  await ready();
  const games = new Set<string>();
  for (const url of scripts) {
    const map = await page.request.get(`${url}.map`);
    expect(map.ok(), `${url}.map`).toBe(true);
    const { sources } = (await map.json()) as { sources: string[] };
    for (const source of sources) {
      const m = /packages\/engine\/src\/games\/([a-z0-9]+)\//.exec(source);
      if (m?.[1]) games.add(m[1]);
    }
  }
  return [...games].sort();
}

test("the home page downloads no game's rules", async ({ page }) => {
  const rules = await rulesLoadedBy(page, "/", () => expect(page.locator(".card")).toHaveCount(5));
  expect(rules).toEqual([]);
});

for (const game of GAMES) {
  test(`the ${game} page downloads the ${game} rules and no other game's`, async ({ page }) => {
    const rules = await rulesLoadedBy(page, `/games/${game}`, async () => {
      await expect(page.locator("main.loading")).toHaveCount(0);
      await expect(page.locator("main")).toHaveCount(1);
    });
    expect(rules).toEqual([game]);
  });
}
