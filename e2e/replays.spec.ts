/**
 * Replays in the browser (issue 23): for each of the five games a game played to its end is kept by
 * the shell; its replay opens from the game-over dialog and from /replays by mouse, keyboard and
 * touch (a 360 x 640 phone), plays to the same final score and board as the game itself (the game's
 * own board view, compared as drawn), its share link opens the same replay in a new browser
 * context, and "Play from here" starts an unranked practice game at the position shown.
 */
import AxeBuilder from "@axe-core/playwright";
import { GAME_IDS, type GameId } from "@blockarcade/engine/core";
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, shot, test, waitForServiceWorker } from "./fixtures";

const GAMES = GAME_IDS;

/** How each game is played to its end fast (a chosen seed: a local game), and its game-over dialog. */
const FINISH: Record<GameId, { url: string; over: string; keys: string[] }> = {
  blast: {
    url: "/games/blast/play?seed=5",
    over: "blast-game-over",
    keys: ["1", "Enter", "2", "Enter", "3", "Enter"],
  },
  puzzle: {
    url: "/games/puzzle?rows=5&cols=5&seed=3",
    over: "puzzle-over",
    keys: ["1", "Enter", "2", "Enter", "3", "Enter"],
  },
  stacker: { url: "/games/stacker?size=10&seed=4", over: "stacker-game-over", keys: [" "] },
  match3: {
    url: "/games/match3?arcade=small&seed=2",
    over: "match3-arcade-over",
    keys: ["ArrowDown", "ArrowDown", "ArrowDown"],
  },
  blocky: { url: "/games/blocky?seed=3", over: "blocky-over", keys: [] },
};

/** The board as the game's own board view draws it, read the same way in the game and in the viewer. */
async function boardPrint(root: Locator, game: GameId): Promise<string> {
  return root.evaluate((el, id) => {
    const all = (sel: string) => [...el.querySelectorAll<HTMLElement>(sel)];
    switch (id) {
      case "blast":
        return all(".blast-board .blast-cell")
          .map((c) => c.style.background || ".")
          .join("|");
      case "puzzle":
        return all(".puzzle-board [data-cell]")
          .map((c) => c.style.background || ".")
          .join("|");
      case "stacker": {
        const canvas = el.querySelector<HTMLCanvasElement>(".stacker-board canvas");
        return (JSON.parse(canvas?.dataset.state ?? "{}").board ?? []).join("/");
      }
      case "match3":
        return all("[data-testid=match3-field] .match3-cell")
          .map((c) => c.dataset.symbol)
          .join("");
      default:
        return el.querySelector(".blocky-board g[shape-rendering]")?.innerHTML ?? "";
    }
  }, game);
}

interface Finished {
  score: number;
  board: string;
}

/** Plays the game to its end and answers its final score (as kept) and board (as drawn). */
async function playToEnd(page: Page, game: GameId): Promise<Finished> {
  const plan = FINISH[game];
  await page.goto(plan.url);
  if (game === "blocky") {
    await page.getByLabel("Maximum depth").selectOption("2");
    await page.getByLabel("Number of turns").fill("3");
    await page.getByLabel("Players", { exact: true }).selectOption("2");
    await page.getByLabel("Player 1 kind").selectOption("human");
    await page.getByLabel("Player 2 kind").selectOption("random");
    await page.getByRole("button", { name: "Start game" }).click();
    await page.getByRole("button", { name: "Start playing" }).click();
    // Watch plays player 1's seat, at its fastest; the computer plays player 2's.
    await page.getByTestId("watch-speed").selectOption("fast");
    await page.keyboard.press("v");
  } else {
    await expect(page.locator("main.loading, [data-testid=game-starting]")).toHaveCount(0);
  }
  const over = page.getByTestId(plan.over);
  for (let i = 0; i < 600 && !(await over.isVisible()); i++) {
    for (const key of plan.keys) await page.keyboard.press(key);
    // The fall, the effects and Watch's pauses on the page's clock (installed by the caller), not
    // the wall's: Match-3's and Blocky's games took 6 s each of waiting.
    await page.clock.runFor(250);
  }
  await expect(over).toBeVisible();
  const kept = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("blockarcade-finished-games") ?? "[]"),
  );
  expect(kept[0]).toMatchObject({ game });
  expect(kept[0].local.seed).toBeGreaterThanOrEqual(0);
  return { score: kept[0].score, board: await boardPrint(page.locator("main"), game) };
}

const viewer = (page: Page) => page.getByTestId("replay-viewer");

/** Serious and critical accessibility problems axe finds on the page. */
async function seriousAxe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** The viewer has reached its last step: the same final score and board as the game. */
async function expectEnd(page: Page, game: GameId, end: Finished) {
  const v = viewer(page);
  await expect(v).toHaveAttribute("data-game", game);
  const steps = await v.getAttribute("data-steps");
  await expect(v).toHaveAttribute("data-step", steps ?? "");
  await expect(v).toHaveAttribute("data-over", "true");
  await expect(v).toHaveAttribute("data-score", String(end.score));
  expect(await boardPrint(page.getByTestId("replay-board"), game)).toBe(end.board);
}

/** Opens the share link in a new browser context (another device): the same replay, to the same end. */
async function openShared(browser: Browser, link: string, game: GameId, end: Finished, steps: string) {
  const other = await browser.newContext({ serviceWorkers: "block" });
  const page = await other.newPage();
  await page.goto(link);
  await expect(viewer(page)).toHaveAttribute("data-steps", steps);
  await page.keyboard.press("End");
  await expectEnd(page, game, end);
  await other.close();
}

/** Where each game's practice game says it is one. */
const practiceLine = (page: Page) => page.getByTestId("ranked-line").first();

const ends: Partial<Record<GameId, Finished>> = {};
let keptGames = "[]";

test("each game played to its end replays to the same score and board, shares, and plays on from any move", async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // The page's own clock, running as the wall's but for the games' ends (playToEnd runs it on).
  await page.clock.install();
  for (const game of GAMES) {
    const end = await playToEnd(page, game);
    ends[game] = end;
    const watch = page.getByTestId("watch-replay");
    await expect(watch).toHaveAttribute("data-ready", "true");
    if (game === "puzzle" || game === "match3") {
      // Keyboard: Tab through the dialog to "Watch replay", then Enter.
      for (let i = 0; i < 12 && !(await watch.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press("Tab");
      }
      await expect(watch).toBeFocused();
      await page.keyboard.press("Enter");
    } else {
      await watch.click();
    }
    await expect(viewer(page)).toHaveAttribute("data-step", "0");
    // Blocky scores the first board already; the others start from nothing.
    if (game !== "blocky") await expect(viewer(page)).toHaveAttribute("data-score", "0");
    const steps = (await viewer(page).getAttribute("data-steps")) ?? "";
    expect(Number(steps)).toBeGreaterThan(0);
    // To the end, a different way in each game.
    if (game === "blocky") {
      await page.getByLabel("Speed").selectOption("4");
      await page.getByRole("button", { name: "Play", exact: true }).click();
      await expect(viewer(page)).toHaveAttribute("data-step", steps, { timeout: 60_000 });
    } else if (game === "blast") {
      // Play runs on by itself (Blocky's short replay plays to its end), then the mouse's Last
      // position: Blast's forty-odd moves played at speed 4 took 6 s.
      await page.getByLabel("Speed").selectOption("4");
      await page.getByRole("button", { name: "Play", exact: true }).click();
      await expect.poll(async () => Number(await viewer(page).getAttribute("data-step"))).toBeGreaterThan(1);
      await page.getByRole("button", { name: "Last position" }).click();
    } else if (game === "puzzle") {
      await page.keyboard.press("End");
    } else if (game === "stacker") {
      await page.getByTestId("replay-scrubber").fill(steps);
    } else {
      for (let i = 0; i < Number(steps); i++) await page.keyboard.press("ArrowRight");
    }
    await expectEnd(page, game, end);
    // Back one move and forward again: the same final position.
    await page.getByRole("button", { name: "Step back" }).click();
    await expect(viewer(page)).toHaveAttribute("data-step", String(Number(steps) - 1));
    await page.getByRole("button", { name: "Step forward" }).click();
    await expectEnd(page, game, end);

    // Share: the link is copied (no share sheet on this desktop) and opens on another device.
    await page.getByTestId("replay-share").click();
    await expect(page.getByTestId("replay-notice")).toHaveText("Link copied");
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/replay#[A-Za-z0-9_-]+$/);
    await openShared(browser, link, game, end, steps);

    // The coach and the chart at a move halfway, for the screenshot.
    const middle = Math.max(1, Math.floor(Number(steps) / 2));
    const at = game === "blocky" ? 2 : middle;
    await page.keyboard.press("Home");
    for (let i = 0; i < at; i++) await page.keyboard.press("ArrowRight");
    await expect(viewer(page)).toHaveAttribute("data-step", String(at));
    await page.getByLabel("Coach").check();
    await expect(page.getByTestId("replay-coach")).toContainText(
      /Coach: (The computer would play: .+|No hint)/,
    );
    // The whole viewer in one picture: a tall window for the screenshot.
    await page.setViewportSize({ width: 1100, height: 1250 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `replay-${game}`);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByLabel("Coach").uncheck();

    // Play from here: an unranked practice game at the position shown.
    const shownBoard = await boardPrint(page.getByTestId("replay-board"), game);
    const shownScore = await viewer(page).getAttribute("data-score");
    await page.getByTestId("replay-practice").click();
    await expect(page).toHaveURL(new RegExp(`/games/${game}`));
    await expect(practiceLine(page)).toHaveText(/Not ranked.*practice from a replay/);
    await expect(practiceLine(page)).toHaveAttribute("data-kind", "unranked");
    if (game !== "blocky") expect(await boardPrint(page.locator("main"), game)).toBe(shownBoard);
    expect(shownScore).not.toBeNull();
  }
  keptGames = await page.evaluate(() => localStorage.getItem("blockarcade-finished-games") ?? "[]");
});

test("on a phone, by touch: the kept games open from /replays and play to the same end", async ({
  browser,
  baseURL,
}) => {
  // The games the first test played: a failure there is a failure here, never a skip.
  expect(Object.keys(ends).sort(), "the games the first test played").toEqual([...GAMES].sort());
  const phone = await browser.newContext({
    viewport: { width: 360, height: 640 },
    hasTouch: true,
    isMobile: true,
    serviceWorkers: "block",
    baseURL,
  });
  await phone.addInitScript((kept) => {
    if (!localStorage.getItem("blockarcade-finished-games"))
      localStorage.setItem("blockarcade-finished-games", kept);
  }, keptGames);
  const page = await phone.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/replays");
  await expect(page.getByTestId("replays-item")).toHaveCount(GAMES.length);
  await shot(page, "replays-phone");
  expect(await seriousAxe(page), "/replays").toEqual([]);
  for (const game of GAMES) {
    const end = ends[game] as Finished;
    await page.goto("/replays");
    const item = page.locator(`[data-testid=replays-item][data-game=${game}]`).first();
    await expect(item).toContainText(`${end.score} points`);
    await item.getByRole("link", { name: /^Watch/ }).tap();
    await expect(viewer(page)).toHaveAttribute("data-step", "0");
    const steps = (await viewer(page).getAttribute("data-steps")) ?? "";
    await page.getByRole("button", { name: "Last position" }).tap();
    await expectEnd(page, game, end);
    if (game === "blast") expect(await seriousAxe(page), "the viewer").toEqual([]);
    await page.getByRole("button", { name: "First position" }).tap();
    await expect(viewer(page)).toHaveAttribute("data-step", "0");
    await page.getByRole("button", { name: "Step forward" }).tap();
    await expect(viewer(page)).toHaveAttribute("data-step", Number(steps) > 0 ? "1" : "0");
  }
  expect(errors).toEqual([]);
  await phone.close();
});

test("offline after one visit: the kept games and a packed link open and play from the service worker's cache", async ({
  browser,
  baseURL,
}) => {
  // The games the first test played: a failure there is a failure here, never a skip.
  expect(Object.keys(ends).sort(), "the games the first test played").toEqual([...GAMES].sort());
  const offline = await browser.newContext({
    serviceWorkers: "allow",
    baseURL,
  });
  await offline.addInitScript((kept) => {
    if (!localStorage.getItem("blockarcade-finished-games"))
      localStorage.setItem("blockarcade-finished-games", kept);
  }, keptGames);
  const page = await offline.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto("/");
  await waitForServiceWorker(page);
  await offline.setOffline(true);
  for (const game of ["puzzle", "blocky"] as const) {
    await page.goto("/replays");
    const item = page.locator(`[data-testid=replays-item][data-game=${game}]`).first();
    await item.getByRole("link", { name: /^Watch/ }).click();
    await expect(viewer(page)).toHaveAttribute("data-step", "0");
    // A full load of the packed link itself, offline: the page comes from the cache.
    await page.reload();
    await expect(viewer(page)).toHaveAttribute("data-step", "0");
    await page.keyboard.press("End");
    await expectEnd(page, game, ends[game] as Finished);
  }
  expect(errors).toEqual([]);
  await offline.close();
});

test("a ranked game's replay is the server's: it opens from game over, plays to the same end, and its link works anywhere", async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // A size alone is a ranked game through the server; hard drops top it out in a few pieces.
  await page.goto("/games/stacker?size=10");
  await expect(page.getByTestId("ranked-line")).toHaveAttribute("data-kind", "ranked");
  const over = page.getByTestId("stacker-game-over");
  for (let i = 0; i < 200 && !(await over.isVisible()); i++) await page.keyboard.press(" ");
  await expect(over).toBeVisible();
  const kept = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("blockarcade-finished-games") ?? "[]"),
  );
  expect(kept[0]).toMatchObject({ game: "stacker", ranked: true });
  expect(kept[0].local).toBeUndefined();
  const end = { score: kept[0].score as number, board: await boardPrint(page.locator("main"), "stacker") };
  // The server names the game's replay in the entry; the dialog's link is the server's replay.
  const watch = page.getByTestId("watch-replay");
  await expect(watch).toHaveAttribute("href", /^\/replay\/\d+$/);
  const href = (await watch.getAttribute("href")) ?? "";
  await watch.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(viewer(page)).toHaveAttribute("data-step", "0");
  const steps = (await viewer(page).getAttribute("data-steps")) ?? "";
  await page.keyboard.press("End");
  await expectEnd(page, "stacker", end);
  await page.getByTestId("replay-share").click();
  await expect(page.getByTestId("replay-notice")).toHaveText("Link copied");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link.endsWith(href)).toBe(true);
  await openShared(browser, link, "stacker", end, steps);
  // The kept game lists it with Watch to the same replay.
  await page.goto("/replays");
  await expect(
    page
      .getByTestId("replays-item")
      .first()
      .getByRole("link", { name: /^Watch/ }),
  ).toHaveAttribute("href", href);
});

test("a bad or cut replay link says so, and /replays says when nothing is kept yet", async ({ page }) => {
  await page.goto("/replay#not-a-replay!");
  await expect(page.getByTestId("replay-error")).toContainText("damaged or cut short");
  await page.goto("/replay");
  await expect(page.getByTestId("replay-error")).toContainText("no game in it");
  await page.goto("/replays");
  await expect(page.getByText("No finished game yet")).toBeVisible();
});
