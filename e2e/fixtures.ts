/**
 * Shared browser-test fixtures: every test fails on a console error or an uncaught page error, and
 * `shot` saves a screenshot into docs/screenshots/ for the README and the docs.
 */
import { test as base, expect, type Page } from "@playwright/test";
import { serverURL } from "./servers";

/** Playwright's test on this worker's own server (e2e/servers.ts). */
export const serverTest = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from it.
  baseURL: async ({}, use, testInfo) => use(serverURL(testInfo.parallelIndex)),
});

export const test = serverTest.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(`page error: ${err.message}`));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `docs/screenshots/${name}.png`, animations: "disabled" });
}

/**
 * Waits until the page's service worker controls it and, with `holds`, until its caches hold a file
 * whose path matches (a chunk the page has not loaded itself: the French words, the music).
 */
export async function waitForServiceWorker(page: Page, holds?: RegExp): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  if (!holds) return;
  const held = (source: string) =>
    page.evaluate(async (pattern) => {
      for (const name of await caches.keys())
        for (const r of await (await caches.open(name)).keys())
          if (new RegExp(pattern).test(new URL(r.url).pathname)) return true;
      return false;
    }, source);
  await expect.poll(() => held(holds.source)).toBe(true);
}

/** Offline, every call the page makes to /api fails and Chromium logs it: those lines are expected. */
export function dropOfflineLoads(errors: string[]): void {
  for (let i = errors.length - 1; i >= 0; i--)
    if (/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/.test(errors[i] ?? "")) errors.splice(i, 1);
}
