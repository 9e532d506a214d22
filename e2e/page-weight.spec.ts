/**
 * Each game's page downloads its own game's rules and no other's (docs/architecture.md "What a page
 * downloads"): every script the page loads is traced through its source map to the engine's game
 * folders it was built from. The maps are in the build but not served (docs/service.md
 * "Protections"), so they are read from the build folder the server serves.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const GAMES = ["blast", "puzzle", "stacker", "match3", "blocky"] as const;
const WEB_DIR = resolve(process.env.WEB_DIR ?? "apps/web/dist");

async function rulesLoadedBy(page: Page, path: string, ready: () => Promise<void>): Promise<string[]> {
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.add(response.url());
  });
  await page.goto(path);
  await ready();
  const games = new Set<string>();
  for (const url of scripts) {
    const file = resolve(WEB_DIR, `.${new URL(url).pathname}.map`);
    const { sources } = JSON.parse(readFileSync(file, "utf8")) as { sources: string[] };
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
