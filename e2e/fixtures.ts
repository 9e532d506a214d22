/**
 * Shared browser-test fixtures: every test fails on a console error or an uncaught page error, and
 * `shot` saves a screenshot into docs/screenshots/ for the README and the docs.
 */
import { test as base, expect, type Page } from "@playwright/test";

export const test = base.extend<{ consoleErrors: string[] }>({
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
