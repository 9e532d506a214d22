/**
 * The arcade's frame around every game: unknown URLs (404 and the not-found page), focus and the
 * announcement after a page change, the way back to the arcade and the sound switch in the top bar.
 */
import type { Page } from "@playwright/test";
import { GAME_PAGES, isShellPage } from "../apps/web/src/app/pages";
import { serverTest as base, expect, shot, test } from "./fixtures";

// Chromium reports a 404 document as a console error; a test of 404 pages expects exactly that.
const notFoundTest = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !/status of 404/.test(msg.text())) errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(`page error: ${err.message}`));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

notFoundTest(
  "unknown URLs answer 404 with the app's not-found page, its title and a link home",
  async ({ page }) => {
    for (const url of [
      "/games/nope",
      "/games/nope/whatever",
      "/games/blast/settings",
      "/games/stacker/play",
      "/no/such/page",
    ]) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page).toHaveTitle("Page not found - Block Arcade");
      await expect(page.getByTestId("not-found")).toContainText(url);
    }
    await page.setViewportSize({ width: 360, height: 640 });
    await shot(page, "not-found-phone");
    await page.getByRole("link", { name: "Back to the arcade" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator(".card")).toHaveCount(5);
    await expect(page).toHaveTitle("Block Arcade");
  },
);

test("the server knows every page the app has: each answers 200, a made-up sub-page 404", async ({
  request,
}) => {
  expect((await request.get("/")).status()).toBe(200);
  for (const [id, pages] of Object.entries(GAME_PAGES)) {
    for (const sub of pages)
      expect((await request.get(`/games/${id}${sub}`)).status(), `${id}${sub}`).toBe(200);
    expect((await request.get(`/games/${id}/no-such-page`)).status(), id).toBe(404);
  }
  // The replay pages: the app and the server take the same ones.
  for (const path of [
    "/replays",
    "/replay",
    "/replay/1",
    "/replay/123456789",
    "/replay/0",
    "/replay/x",
    "/replay/1/2",
  ]) {
    expect((await request.get(path)).status(), path).toBe(isShellPage(path) ? 200 : 404);
  }
  expect(isShellPage("/replay/7")).toBe(true);
  expect(isShellPage("/replay/07")).toBe(false);
});

test("each game page's title names the game", async ({ page }) => {
  const titles = {
    blast: "Block Blast",
    puzzle: "Block Puzzle",
    stacker: "Block Stacker",
    match3: "Match-3 Falling Bricks",
    blocky: "Blocky",
  };
  for (const [id, name] of Object.entries(titles)) {
    await page.goto(`/games/${id}`);
    await expect(page).toHaveTitle(`${name} - Block Arcade`);
  }
});

test("a page change moves focus to the new page's heading and announces it", async ({ page }) => {
  await page.goto("/");
  const announcer = page.getByTestId("page-announcer");
  // Keyboard only: Tab to the Block Blast card and open it.
  const card = page.locator('.card[data-game="blast"]');
  for (let i = 0; i < 10 && !(await card.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(card).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/games\/blast$/);
  const h1 = page.locator("main h1");
  await expect(h1).toBeFocused();
  await expect(announcer).toHaveText("Block Blast, page loaded");
  // Within a game: How to Play is a page of its own.
  await page.getByRole("link", { name: "How to Play" }).click();
  await expect(page).toHaveURL(/how-to-play$/);
  await expect(page.locator("main h1")).toBeFocused();
  await expect(announcer).toHaveText(/page loaded$/);
  const heading = (await page.locator("main h1").textContent())?.trim();
  await expect(announcer).toHaveText(`${heading}, page loaded`);
  // Back to the arcade from the top bar; the next Tab goes on from the page's top, not from <body>.
  await page.getByRole("link", { name: "Back to Block Arcade" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(announcer).toHaveText("Five block games. Free, no ads, page loaded");
  await page.keyboard.press("Tab");
  await expect(page.locator(".card").first()).toBeFocused();
  // The back button is a page change too.
  await page.goBack();
  await expect(page).toHaveURL(/how-to-play$/);
  await expect(page.locator("main h1")).toBeFocused();
});

/** The top bar's way home is on screen and not covered by the game. */
async function expectWayHome(page: Page, where: string) {
  const link = page.getByRole("link", { name: "Back to Block Arcade" });
  await expect(link, where).toBeVisible();
  const onTop = await link.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.top >= 0 && r.bottom <= window.innerHeight && hit !== null && el.contains(hit);
  });
  expect(onTop, `${where}: the way home is on screen and on top`).toBe(true);
}

test("every game page shows the way back to the arcade on a 360 x 640 phone, scrolled or not", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const pages = [
    "/games/blast",
    "/games/blast/play?seed=5",
    "/games/blast/how-to-play",
    "/games/blast/leaderboard",
    "/games/puzzle/new",
    "/games/puzzle?rows=8&cols=8&seed=3",
    "/games/stacker",
    "/games/stacker?size=10&seed=4",
    "/games/match3",
    "/games/blocky",
  ];
  for (const url of pages) {
    await page.goto(url);
    await expect(page.locator("main.loading")).toHaveCount(0);
    await expect(page.locator("main")).toHaveCount(1);
    await expectWayHome(page, url);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectWayHome(page, `${url} scrolled down`);
  }
  await page.goto("/games/stacker?size=10&seed=4");
  await shot(page, "topbar-stacker-phone");
});

test("the top bar's sound switch mutes every game and survives a reload", async ({ page }) => {
  await page.goto("/");
  // Only the game pages have it; home has the full settings.
  await expect(page.getByRole("button", { name: "Sound" })).toHaveCount(0);
  await page.goto("/games/puzzle/new");
  const sound = page.getByRole("button", { name: "Sound" });
  await expect(sound).toHaveAttribute("aria-pressed", "true");
  await sound.click();
  await expect(sound).toHaveAttribute("aria-pressed", "false");
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("blockarcade-settings") ?? "null"),
  );
  expect(stored).toMatchObject({ sound: false });
  await page.goto("/games/stacker");
  await expect(page.getByRole("button", { name: "Sound" })).toHaveAttribute("aria-pressed", "false");
  await page.reload();
  await expect(page.getByRole("button", { name: "Sound" })).toHaveAttribute("aria-pressed", "false");
  // The settings panel shows the same one setting.
  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByRole("checkbox", { name: "All sound and vibration" })).not.toBeChecked();
  await page.getByRole("checkbox", { name: "All sound and vibration" }).check();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("button", { name: "Sound" })).toHaveAttribute("aria-pressed", "true");
});

// A chunk whose download is refused is reported by Chromium as a console error: that one is expected.
const refusedChunkTest = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !/Failed to load resource|dynamically imported module/.test(msg.text()))
          errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(`page error: ${err.message}`));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

refusedChunkTest(
  "a page kept out of the game's first download loads when opened, and says so when it cannot",
  async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto("/games/blast");
    await expect(page.getByRole("link", { name: "How to Play" })).toBeVisible();
    // The game's first download has neither its how-to-play page nor its leaderboard.
    expect(scripts.filter((s) => /how-to-play-view|leaderboard-view|leaderboard-page/.test(s))).toEqual([]);

    await page.route(/\/assets\/how-to-play-view-[^/]*\.js$/, (route) => route.abort());
    await page.getByRole("link", { name: "How to Play" }).click();
    await expect(page.getByText("How to play could not be loaded. Check your connection")).toBeVisible();

    await page.unroute(/\/assets\/how-to-play-view-[^/]*\.js$/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "How to Play" })).toBeVisible();
    expect(scripts.some((s) => /how-to-play-view/.test(s))).toBe(true);
  },
);
