/**
 * Every game's first page and play page fit the screen (issue 24): on a 360 x 640 phone and a
 * 1280 x 800 desktop the document never scrolls (scrollHeight <= innerHeight, and no sideways
 * scroll), and every control a finger can reach is at least 44 x 44 px (the touch-target size the
 * arcade's CSS uses; a link inside a sentence is exempt, as WCAG 2.5.5 exempts inline targets).
 * docs/accessibility.md "Layouts".
 */
import type { Page } from "@playwright/test";
import { expect, shot, test } from "./fixtures";

/** The smallest side of a control a finger taps. */
const TARGET = 44;

const SIZES = [
  { name: "phone", viewport: { width: 360, height: 640 }, touch: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, touch: false },
];

/** What the page shows now: its scroll and the controls under the target size. */
async function measure(page: Page) {
  return page.evaluate((target) => {
    const doc = document.documentElement;
    const small: string[] = [];
    const controls = document.querySelectorAll(
      "button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=slider], [role=tab]",
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Not shown (or visually hidden for screen readers only): nothing to tap.
      if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden") continue;
      if (el.closest("[inert], [aria-hidden=true]")) continue;
      // A link or link-styled button inside a sentence ("Not ranked: ... Play ranked"): the inline exception.
      const inSentence =
        style.display.startsWith("inline") &&
        [...(el.parentElement?.childNodes ?? [])].some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
        );
      if (inSentence) continue;
      if (box.width < target || box.height < target) {
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 24);
        small.push(
          `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return {
      scrollHeight: doc.scrollHeight,
      innerHeight: window.innerHeight,
      scrollWidth: doc.scrollWidth,
      innerWidth: window.innerWidth,
      small,
    };
  }, TARGET);
}

async function expectFits(page: Page, screen: string): Promise<void> {
  const m = await measure(page);
  expect.soft(m.scrollHeight, `${screen}: page scroll height`).toBeLessThanOrEqual(m.innerHeight);
  expect.soft(m.scrollWidth, `${screen}: page scroll width`).toBeLessThanOrEqual(m.innerWidth);
  expect.soft(m.small, `${screen}: controls under ${TARGET} px`).toEqual([]);
}

for (const size of SIZES) {
  test.describe(`${size.name} ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test("every game's first page and play page fit without scrolling, with targets of 44 px", async ({
      page,
    }) => {
      const at = (what: string) => `${what}, ${size.name}`;

      await page.goto("/games/blast");
      await expect(page.getByRole("link", { name: "How to Play" })).toBeVisible();
      await expectFits(page, at("blast menu"));
      await page.goto("/games/blast/play?seed=7");
      await expect(page.getByTestId("blast-board")).toBeVisible();
      await expectFits(page, at("blast playing"));

      await page.goto("/games/puzzle/new");
      await expect(page.getByRole("heading", { name: "New game" })).toBeVisible();
      await expectFits(page, at("puzzle new game"));
      await page.goto("/games/puzzle?seed=1");
      await expect(page.getByTestId("puzzle-score")).toHaveText("0");
      await expectFits(page, at("puzzle playing"));
      if (!size.touch) await shot(page, "layout-puzzle-desktop");

      await page.goto("/games/stacker");
      await expect(page.getByRole("button", { name: "Start" })).toBeVisible();
      await expectFits(page, at("stacker start"));
      await page.getByRole("button", { name: "Start" }).click();
      await expect(page.getByTestId("stacker-board")).toHaveAttribute("data-state", /"active":\{/);
      await expectFits(page, at("stacker playing"));
      // The web's first size, 12 x 12: cells of at least 24 px, on the phone too.
      const board = await page.getByTestId("stacker-board").boundingBox();
      expect((board?.width ?? 0) / 12, at("stacker cell")).toBeGreaterThanOrEqual(24);
      if (size.touch) await shot(page, "layout-stacker-phone");

      await page.goto("/games/match3");
      await expect(page.getByTestId("match3-mode-arcade")).toBeVisible();
      await expectFits(page, at("match3 setup"));
      await page.goto("/games/match3?arcade=medium&seed=21");
      await expect(page.getByTestId("match3-arcade")).toBeVisible();
      await expectFits(page, at("match3 arcade playing"));
      await page.goto("/games/match3?input=5%208%20H%5E%5E*%20V*%40%5E");
      await expect(page.getByTestId("match3-field")).toBeVisible();
      await expectFits(page, at("match3 classic playing"));

      await page.goto("/games/blocky?seed=12");
      await expect(page.getByRole("button", { name: "Start game" })).toBeVisible();
      await expectFits(page, at("blocky setup"));
      await page.getByRole("button", { name: "Start game" }).click();
      await page.getByRole("button", { name: "Start playing" }).click();
      await expect(page.getByRole("application", { name: /Blocky board/ })).toBeVisible();
      await expectFits(page, at("blocky playing"));
    });
  });
}
