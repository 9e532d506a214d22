/**
 * The look settings (shell/look.ts, app/look-settings.tsx): the theme and the colour-blind mode change
 * the page and survive a reload; "system" follows prefers-color-scheme; the colour-blind mode is on
 * by default in Blocky (colour is its rule) and draws its second cue in every game; axe finds nothing
 * serious or critical in the light and the dark theme on each game's first page and play page.
 * Screenshots: docs/screenshots/colour-blind-<game>.png and home-light.png.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, shot, test } from "./fixtures";

const LOOK_KEY = "blockarcade-look";

async function setLook(page: Page, look: { theme: string; colourBlind: string }): Promise<void> {
  await page.goto("/");
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [LOOK_KEY, JSON.stringify(look)],
  );
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body.parentElement as Element).backgroundColor);

/** Each game's first page, and how to reach its play page with something on the board. */
const GAMES: { id: string; first: string; play: (page: Page) => Promise<void> }[] = [
  {
    id: "blast",
    first: "/games/blast",
    play: async (page) => {
      await page.goto("/games/blast/play?seed=7");
      await expect(page.getByTestId("blast-board")).toBeVisible();
      await page.keyboard.press("1");
      await page.keyboard.press("Enter");
      await expect(page.locator('.blast-cell[data-filled="true"]').first()).toBeVisible();
    },
  },
  {
    id: "puzzle",
    first: "/games/puzzle/new?seed=1",
    play: async (page) => {
      await page.goto("/games/puzzle/new?seed=1");
      await page.getByRole("button", { name: /^Start/ }).click();
      await expect(page.getByTestId("puzzle-score")).toHaveText("0");
      await page.keyboard.press("1");
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("puzzle-score")).not.toHaveText("0");
      await expect(page.getByTestId("puzzle-popup")).toHaveCount(0);
    },
  },
  {
    id: "stacker",
    first: "/games/stacker",
    play: async (page) => {
      await page.goto("/games/stacker?seed=4&size=10");
      await expect(page.getByTestId("stacker-board")).toHaveAttribute("data-state", /board/);
      for (const key of ["ArrowLeft", "Space", "ArrowRight", "Space", "Space"])
        await page.keyboard.press(key);
      await expect(page.getByTestId("stacker-board")).toHaveAttribute("data-state", /[IOTSZJL]/);
    },
  },
  {
    id: "match3",
    first: "/games/match3",
    play: async (page) => {
      await page.goto("/games/match3?arcade=small&seed=21");
      await expect(page.getByTestId("match3-arcade")).toBeVisible();
      await page.keyboard.press("ArrowLeft");
    },
  },
  {
    id: "blocky",
    first: "/games/blocky?seed=12",
    play: async (page) => {
      await page.goto("/games/blocky?seed=12");
      await page.getByLabel("Maximum depth").selectOption("2");
      await page.getByRole("button", { name: "Start game" }).click();
      await page.getByRole("button", { name: "Start playing" }).click();
      await expect(page.getByRole("application", { name: /Blocky board/ })).toBeVisible();
    },
  },
];

test("the theme and the colour-blind mode change the page and survive a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await page.evaluate((key) => localStorage.removeItem(key), LOOK_KEY);
  await page.reload();
  // The defaults: the system's theme, and colour-blind mode where colour is a rule.
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.locator("html")).toHaveAttribute("data-colour-blind", "auto");
  const dark = await background(page);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  await page.getByRole("button", { name: "Settings" }).click();
  const settings = page.getByRole("dialog", { name: "Settings" });
  await settings.getByRole("radio", { name: "Light" }).check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  expect(await background(page)).not.toBe(dark);
  await settings.getByRole("radio", { name: "Every game" }).check();
  await expect(page.locator("html")).toHaveAttribute("data-colour-blind", "on");
  await settings.getByTestId("settings-look").scrollIntoViewIfNeeded();
  await shot(page, "settings-look-light");
  await settings.getByRole("button", { name: "Done" }).click();

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(page.locator("html")).toHaveAttribute("data-colour-blind", "on");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await shot(page, "home-light");
  // The system's dark does not override a chosen light theme.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");

  // Colour-blind mode on: a Puzzle game draws letters in its cells; off: none.
  await page.goto("/games/puzzle?seed=3&rows=5&cols=5");
  await expect(page.locator(".puzzle-slot .puzzle-cue").first()).toBeVisible();
  await page.getByRole("button", { name: "Settings" }).click();
  await page.getByRole("dialog", { name: "Settings" }).getByRole("radio", { name: "Off" }).check();
  await expect(page.locator(".puzzle-cue")).toHaveCount(0);
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Done" }).click();
  await page.reload();
  await expect(page.locator(".puzzle-slot").first()).toBeVisible();
  await expect(page.locator(".puzzle-cue")).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
});

test("a corrupt or foreign look in storage is ignored: the defaults apply", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  for (const bad of ['{"theme":"neon","colourBlind":"on"}', "not json", '{"theme":"dark"}']) {
    await page.goto("/");
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key as string, value as string),
      [LOOK_KEY, bad],
    );
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await expect(page.locator("html")).toHaveAttribute("data-colour-blind", "auto");
  }
});

test("by default the colour-blind letters show in Blocky, where colour is the rule, and not in Puzzle", async ({
  page,
}) => {
  await page.goto("/");
  await page.evaluate((key) => localStorage.removeItem(key), LOOK_KEY);
  await GAMES.find((g) => g.id === "blocky")?.play(page);
  await expect(page.locator(".blocky-board text.cue").first()).toBeVisible();
  await expect(page.locator(".blocky-status .blocky-swatch .cue")).toHaveCount(1);
  await page.goto("/games/puzzle?seed=3&rows=5&cols=5");
  await expect(page.locator(".puzzle-slot").first()).toBeVisible();
  await expect(page.locator(".puzzle-cue")).toHaveCount(0);
});

test("colour-blind mode draws its second cue in every game", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await setLook(page, { theme: "dark", colourBlind: "on" });
  for (const game of GAMES) {
    await game.play(page);
    switch (game.id) {
      case "blast":
        await expect(page.locator(".blast-board .blast-cue").first()).toBeVisible();
        await expect(page.locator(".blast-slot .blast-cue").first()).toBeVisible();
        break;
      case "puzzle":
        await expect(page.locator(".puzzle-board .puzzle-cue").first()).toBeVisible();
        break;
      case "stacker":
        await expect(page.getByTestId("stacker-board")).toHaveAttribute("data-colour-blind", "true");
        break;
      case "match3": {
        // The cue is the symbol's shape; the colours are the colour-blind palette's.
        const fills = await page
          .locator(".match3-arcade .match3-glyph [fill], .match3-arcade .match3-glyph [stroke]")
          .evaluateAll((els) => els.map((e) => e.getAttribute("fill") ?? e.getAttribute("stroke")));
        expect(fills.length).toBeGreaterThan(0);
        for (const f of fills)
          if (f !== "none") expect(["#bb1111", "#eedd00", "#9977ee", "#00aa88"]).toContain(f);
        break;
      }
      case "blocky":
        await expect(page.locator(".blocky-board text.cue").first()).toBeVisible();
        break;
    }
    await shot(page, `colour-blind-${game.id}`);
  }
});

for (const theme of ["light", "dark"] as const) {
  test(`axe: nothing serious or critical on each game's first and play page, ${theme} theme`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await setLook(page, { theme, colourBlind: "on" });
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    expect(await seriousViolations(page), "home").toEqual([]);
    for (const game of GAMES) {
      await page.goto(game.first);
      await expect(page.locator("main").first()).toBeVisible();
      expect(await seriousViolations(page), `${game.id} first page`).toEqual([]);
      await game.play(page);
      expect(await seriousViolations(page), `${game.id} play page`).toEqual([]);
    }
  });
}
