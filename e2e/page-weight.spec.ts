/**
 * What each page downloads (docs/architecture.md "What a page downloads"): every script the page
 * loads is traced through its source map to the engine's game folders it was built from, so a
 * game's page carries its own game's rules and no other's; and the page's scripts and styles
 * together, gzipped, stay within the page's budget (scripts/page-budgets.json). The maps are in the
 * build but not served (docs/service.md "Protections"), so they and the files weighed are read from
 * the build folder the server serves. The service worker is not a page's download: it is fetched by
 * the browser beside the page once, and the browser tests block it (playwright.config.ts) except in
 * e2e/offline.spec.ts.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { GAME_IDS, type GameId } from "@blockarcade/engine/core";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const GAMES = GAME_IDS;
const WEB_DIR = resolve(process.env.WEB_DIR ?? "apps/web/dist");
/** Gzip bytes of JavaScript + CSS a page may download: "home", and each game's page. */
// Its keys are "home" and every game id (tests/game-lists.test.ts).
const BUDGETS = JSON.parse(readFileSync(resolve("scripts/page-budgets.json"), "utf8")) as Record<
  "home" | GameId,
  number
>;

interface Downloads {
  rules: string[];
  /** Scripts and styles, gzipped at level 9 (as scripts/page-weight.mjs counts them). */
  gzip: number;
  files: string[];
}

async function downloadsOf(page: Page, path: string, ready: () => Promise<void>): Promise<Downloads> {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "script") scripts.add(response.url());
    if (type === "stylesheet") styles.add(response.url());
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
  const files = [...scripts, ...styles].map((url) => new URL(url).pathname).sort();
  let gzip = 0;
  for (const file of files) gzip += gzipSync(readFileSync(resolve(WEB_DIR, `.${file}`)), { level: 9 }).length;
  return { rules: [...games].sort(), gzip, files };
}

test("the home page downloads no game's rules and its scripts and styles stay within budget", async ({
  page,
}) => {
  const home = await downloadsOf(page, "/", () => expect(page.locator(".card")).toHaveCount(5));
  expect(home.rules).toEqual([]);
  expect(home.files.some((f) => f.endsWith(".css"))).toBe(true);
  expect(home.gzip, `home: ${home.files.join(" ")}`).toBeLessThanOrEqual(BUDGETS.home ?? 0);
  test.info().annotations.push({ type: "weight", description: `home ${home.gzip} B gzip` });
});

for (const game of GAMES) {
  test(`the ${game} page downloads the ${game} rules and no other game's, within its budget`, async ({
    page,
  }) => {
    const downloads = await downloadsOf(page, `/games/${game}`, async () => {
      await expect(page.locator("main.loading")).toHaveCount(0);
      await expect(page.locator("main")).toHaveCount(1);
    });
    expect(downloads.rules).toEqual([game]);
    expect(downloads.gzip, `${game}: ${downloads.files.join(" ")}`).toBeLessThanOrEqual(BUDGETS[game] ?? 0);
    test.info().annotations.push({ type: "weight", description: `${game} ${downloads.gzip} B gzip` });
  });
}
