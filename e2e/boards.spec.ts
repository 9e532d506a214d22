/**
 * Every game's leaderboard page (issue 23 item 2) against the real service, on a desktop (mouse and
 * keyboard; every game) and a phone (360 x 640, touch; two games, PHONE_GAMES): boards filled first
 * through the real API with ranked games played to their end (boards-support.ts), the page opens from the game's first screen and
 * from its game-over dialog (on the config just played), the periods switch, the pages turn, the
 * player's own entry is highlighted among its neighbours, the keyboard alone reaches "Watch", and
 * with the server out of reach the page shows its last copy and says so; axe finds nothing serious.
 * Totals and ranks are the API's own answers: other specs may have entered games on the same boards.
 */
import AxeBuilder from "@axe-core/playwright";
import { GAME_IDS } from "@blockarcade/engine/core";
import type { Browser, Page } from "@playwright/test";
import { ENDED, FILLERS, newPlayer, type Player, playRanked } from "./boards-support";
import { expect, test } from "./fixtures";

const GAMES = GAME_IDS;
type Game = (typeof GAMES)[number];
// A worker started again after a failure fills again, under names of its own (a name is one player's).
const RUN = (Date.now() % 46656).toString(36);
const ME = `Board Me ${RUN}`;

/** What each first screen's link opens on: the last played (Match-3 Arcade) or the first common config. */
const OPENED: Record<Game, string | undefined> = {
  blast: undefined,
  puzzle: "8 x 8",
  stacker: "20 x 20",
  match3: "Arcade: Small field 5 x 10, level 15, tall bricks",
  blocky: "You vs smart computer, 3 · 5 turns · depth 4",
};
/** Match-3 Arcade's setup last played on this device (the picker offers it). */
const ARCADE = { mode: "arcade", width: 5, height: 10, bricks: "tall", level: 15 };

let filled: Promise<Player> | undefined;

/**
 * Fills each game's board once for the file: 12 ranked games, 2 of them by the browser's player.
 * The five games at once, four sessions of each at a time (each ranked clock is its own session's),
 * on a request context of its own, closed at the end: the server caps each address's connections.
 */
function fill(playwright: typeof import("@playwright/test"), baseURL: string): Promise<Player> {
  filled ??= (async () => {
    const request = await playwright.request.newContext({ baseURL });
    try {
      const [me, ann, ben] = await Promise.all([newPlayer(request), newPlayer(request), newPlayer(request)]);
      const players: [Player, string][] = [
        ...Array.from({ length: 2 }, (): [Player, string] => [me, ME]),
        ...Array.from({ length: 5 }, (): [Player, string] => [ann, `Board Ann ${RUN}`]),
        ...Array.from({ length: 5 }, (): [Player, string] => [ben, `Board Ben ${RUN}`]),
      ];
      await Promise.all(
        GAMES.map(async (game) => {
          for (let i = 0; i < players.length; i += 4) {
            await Promise.all(
              players.slice(i, i + 4).map(([p, name]) => playRanked(request, p, FILLERS[game], name)),
            );
          }
        }),
      );
      return me;
    } finally {
      await request.dispose();
    }
  })();
  return filled;
}

interface ApiBoard {
  total: number;
  entries: { rank: number; name: string; score: number; replay: number }[];
  me?: { rank: number; entry: { replay: number } } | null;
}

/** The service's own answer for a board, as the page asks for it. */
async function apiBoard(
  page: Page,
  game: Game,
  me: Player,
  extra: Record<string, string> = {},
): Promise<ApiBoard> {
  const query = new URLSearchParams({ config: JSON.stringify(FILLERS[game].config), around: "me", ...extra });
  const reply = await page.request.get(`/api/leaderboards/${game}?${query}`, {
    headers: { authorization: `Bearer ${me.player}.${me.secret}` },
  });
  expect(reply.status()).toBe(200);
  return (await reply.json()) as ApiBoard;
}

/**
 * The phone's games: each game's board is on the desktop, mouse and keyboard (with the pictures in
 * docs/screenshots); the phone, by touch, takes the two with the longest config names for its
 * narrow width. Axe checks each game's board once: on the phone for these, on the desktop for the rest.
 */
const PHONE_GAMES: readonly Game[] = ["match3", "blocky"];

/** Serious and critical problems axe finds on the page. */
async function seriousAxe(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** This device plays as `me`, and last played the filled Match-3 Arcade setup. */
async function beThePlayer(page: Page, me: Player): Promise<void> {
  await page.addInitScript(
    ([player, arcade]) => {
      localStorage.setItem("blockarcade-player", player as string);
      localStorage.setItem("blockarcade-match3-arcade-setup", arcade as string);
    },
    [JSON.stringify(me), JSON.stringify(ARCADE)],
  );
}

const range = (from: number, to: number, total: number) => `${from}\u2013${to} of ${total}`;

/** From the game's first screen to its leaderboard, on the config last played or the first common one. */
async function openFromFirstScreen(page: Page, game: Game, touch: boolean) {
  await page.goto(`/games/${game}`);
  const link = page.getByTestId("competition-leaderboard");
  if (touch) await link.tap();
  else await link.click();
  await expect(page).toHaveURL(new RegExp(`/games/${game}/leaderboard$`));
  const root = page.getByTestId("leaderboard-page");
  await expect(root.getByRole("heading", { level: 1 })).toContainText("leaderboard");
  const label = OPENED[game];
  if (label) await expect(root.getByTestId("lb-config").locator("option:checked")).toHaveText(label);
  await expect(root.getByTestId("lb-board")).toBeVisible();
}

/** Paging, the periods, the board played with help, and the player's place, all as the API says. */
async function checkBoard(page: Page, game: Game, me: Player, touch: boolean): Promise<void> {
  const press = async (name: string) => {
    const button = page.getByRole("button", { name, exact: true });
    if (touch) await button.tap();
    else await button.click();
    return button;
  };
  const all = await apiBoard(page, game, me);
  expect(all.total).toBeGreaterThanOrEqual(12);
  const label = page.getByTestId("lb-page-label");
  const top = page.getByTestId("lb-entries").getByTestId("lb-entry");
  await expect(label).toHaveText(range(1, 10, all.total));
  await expect(top).toHaveCount(10);
  await expect(top.first().locator(".lb-score")).toHaveText(
    (all.entries[0]?.score ?? -1).toLocaleString("en"),
  );

  // Around me: the player's best entry, highlighted among its neighbours, at the API's rank.
  const mine = page.getByTestId("lb-around").locator('[aria-current="true"]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(`${ME} (you)`);
  await expect(mine.locator(".lb-watch")).toHaveAttribute("href", `/replay/${all.me?.entry.replay}`);
  await expect(page.getByTestId("lb-me-rank")).toHaveText(`#${all.me?.rank} of ${all.total}`);

  // The next page and back.
  await press("Next");
  await expect(label).toHaveText(range(11, Math.min(20, all.total), all.total));
  await expect(top).toHaveCount(Math.min(10, all.total - 10));
  await press("Previous");
  await expect(label).toHaveText(range(1, 10, all.total));

  // Today, this week: the board of each period, as the API counts it.
  for (const [name, period] of [
    ["Today", "today"],
    ["This week", "week"],
  ] as const) {
    const asked = page.waitForResponse((r) => r.url().includes(`period=${period}`));
    const tab = await press(name);
    await asked;
    await expect(tab).toHaveAttribute("aria-pressed", "true");
    const board = await apiBoard(page, game, me, { period });
    await expect(label).toHaveText(range(1, Math.min(10, board.total), board.total));
  }
  await expect(await press("All time")).toHaveAttribute("aria-pressed", "true");
  // Played with help: another board (none of these games had help).
  const help = await apiBoard(page, game, me, { board: "help" });
  await press("With help");
  await expect(page.getByTestId("lb-board")).toHaveAttribute("data-board", "help");
  if (help.total === 0) await expect(page.getByTestId("lb-empty")).toBeVisible();
  else await expect(label).toHaveText(range(1, Math.min(10, help.total), help.total));
  await press("Played alone");
  await expect(label).toHaveText(range(1, 10, all.total));
}

/** The keyboard alone reaches a Watch link (Tab from the top of the page). */
async function tabToWatch(page: Page): Promise<void> {
  await page.getByRole("heading", { level: 1 }).click();
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const a = document.activeElement;
      return a?.classList.contains("lb-watch") ? a.getAttribute("href") : null;
    });
    if (focused) {
      expect(focused).toMatch(/^\/replay\/\d+$/);
      await expect(page.locator(".lb-watch:focus")).toBeVisible();
      return;
    }
  }
  throw new Error("Tab never reached a Watch link");
}

/**
 * The viewer opened from a board entry's Watch plays to that entry's end: at its last step it shows
 * the entry's score, and the same final board as the server's game (as filled: ENDED). Answers the
 * final score and board, for the share link.
 */
async function watchToEnd(
  page: Page,
  replay: number,
  touch: boolean,
): Promise<{ score: string; board: string }> {
  const v = page.getByTestId("replay-viewer");
  await expect(page).toHaveURL(new RegExp(`/replay/${replay}$`));
  await expect(v).toHaveAttribute("data-step", "0");
  const steps = (await v.getAttribute("data-steps")) ?? "";
  expect(Number(steps)).toBeGreaterThan(0);
  const last = page.getByRole("button", { name: "Last position" });
  if (touch) await last.tap();
  else await last.click();
  await expect(v).toHaveAttribute("data-step", steps);
  await expect(v).toHaveAttribute("data-over", "true");
  const reply = await page.request.get(`/api/replays/${replay}`);
  expect(reply.status()).toBe(200);
  const score = String(((await reply.json()) as { score: number }).score);
  await expect(v).toHaveAttribute("data-score", score);
  const ended = ENDED.get(replay);
  // A game this file's fill played: the board the server ended it with.
  if (ended) {
    expect(score).toBe(String(ended.score));
    await expect(page.getByTestId("replay-board")).toHaveAttribute("data-board", ended.board);
  }
  return { score, board: (await page.getByTestId("replay-board").getAttribute("data-board")) ?? "" };
}

/** Share on the viewer copies its link (no share sheet here); another device opens the same replay to the same end. */
async function shareOpensElsewhere(
  page: Page,
  browser: Browser,
  replay: number,
  end: { score: string; board: string },
) {
  await page.getByTestId("replay-share").click();
  await expect(page.getByTestId("replay-notice")).toHaveText("Link copied");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^https?://[^/]+/replay/${replay}$`));
  const other = await browser.newContext({ serviceWorkers: "block" });
  const elsewhere = await other.newPage();
  await elsewhere.goto(link);
  const v = elsewhere.getByTestId("replay-viewer");
  await expect(v).toHaveAttribute("data-step", "0");
  await elsewhere.keyboard.press("End");
  await expect(v).toHaveAttribute("data-over", "true");
  await expect(v).toHaveAttribute("data-score", end.score);
  await expect(elsewhere.getByTestId("replay-board")).toHaveAttribute("data-board", end.board);
  await other.close();
}

/** Tab from the top of the page to the Watch link of `href`, then Enter. */
async function tabToWatchOf(page: Page, href: string): Promise<void> {
  await page.getByRole("heading", { level: 1 }).click();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((h) => document.activeElement?.getAttribute("href") === h, href)) {
      await page.keyboard.press("Enter");
      return;
    }
  }
  throw new Error(`Tab never reached ${href}`);
}

/** Plays a short local game to its game-over dialog; returns the dialog. */
async function playToGameOver(page: Page, game: Game, touch: boolean) {
  const tapOrClick = async (name: string | RegExp) => {
    const b = page.getByRole("button", { name, exact: typeof name === "string" });
    if (touch) await b.tap();
    else await b.click();
  };
  switch (game) {
    case "blast": {
      // A checkerboard where only the monomino fits: placing it ends the game.
      const checker = Array.from({ length: 8 }, (_, r) =>
        Array.from({ length: 8 }, (_, c) => ((r + c) % 2 ? "." : "ABCDEFGHIJ"[(r * 3 + c) % 10])).join(""),
      );
      const saved = {
        game: "blast",
        seed: 11,
        score: 0,
        over: false,
        board: checker,
        rng: { s: [11, 22, 33, 44] },
        config: {},
        tray: [{ shape: ["#"], colour: 0 }, { shape: ["###", "###", "###"], colour: 1 }, null],
        streak: 0,
        movesSinceLastClear: 0,
        revivesLeft: 0,
      };
      await page.goto("/games/blast");
      await page.evaluate((s) => localStorage.setItem("blockblast-game", s), JSON.stringify(saved));
      await page.goto("/games/blast/play");
      await expect(page.locator(".blast-slot:enabled")).toHaveCount(2);
      await page.keyboard.press("1");
      await page.keyboard.press("Enter");
      return page.getByTestId("blast-game-over");
    }
    case "puzzle": {
      await page.goto("/games/puzzle?seed=7&rows=5&cols=5");
      const over = page.getByTestId("puzzle-over");
      await expect(page.locator(".puzzle-cell")).toHaveCount(25);
      // Each block in turn at the first place it fits (a placed block's key then does nothing).
      for (let i = 0; i < 60 && !(await over.isVisible()); i++) {
        await page.keyboard.press(String((i % 3) + 1));
        await page.keyboard.press("Enter");
      }
      return over;
    }
    case "stacker": {
      await page.goto("/games/stacker?size=10&seed=3");
      await expect(page.getByTestId("ranked-line").first()).toContainText("Not ranked");
      const over = page.getByTestId("stacker-game-over");
      for (let i = 0; i < 60 && !(await over.isVisible()); i++) await page.keyboard.press("Space");
      return over;
    }
    case "match3": {
      await page.goto(`/games/match3?seed=1&input=${encodeURIComponent(FILLERS.match3.config.input)}`);
      await expect(page.getByTestId("match3-frame")).toHaveText("1");
      const over = page.getByTestId("match3-over");
      for (let i = 0; i < 20 && !(await over.isVisible()); i++) {
        await page.keyboard.press("D");
        await page.keyboard.press("Enter");
      }
      return over;
    }
    case "blocky": {
      await page.goto("/games/blocky?seed=9");
      await page.getByLabel("Maximum depth").selectOption("2");
      await page.getByLabel("Number of turns").fill("1");
      await page.getByLabel("Player 2 kind").selectOption("random");
      await tapOrClick("Start game");
      await tapOrClick("Start playing");
      await tapOrClick(/^Pass \(P\)/);
      return page.getByTestId("blocky-over");
    }
  }
}

/** What the game-over link opens on: the config just played. */
const PLAYED: Record<Game, string | undefined> = {
  blast: undefined,
  puzzle: "5 x 5",
  stacker: "10 x 10",
  match3: `Classic: ${FILLERS.match3.config.input}`,
  blocky: "You vs random computer · 1 turn · depth 2",
};

async function fromGameOver(page: Page, game: Game, touch: boolean): Promise<void> {
  const over = await playToGameOver(page, game, touch);
  await expect(over).toBeVisible();
  const link = over.getByTestId("board-link");
  if (touch) await link.tap();
  else await link.click();
  await expect(page).toHaveURL(new RegExp(`/games/${game}/leaderboard`));
  const played = PLAYED[game];
  if (played) await expect(page.getByTestId("lb-config").locator("option:checked")).toHaveText(played);
  await expect(page.getByTestId("lb-board")).toBeVisible();
}

test("desktop: every game's board from its first screen and its game over; pages, periods, my place, Tab to Watch", async ({
  page,
  context,
  browser,
  playwright,
  baseURL,
  consoleErrors,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 1100, height: 800 });
  const me = await fill(playwright, baseURL ?? "");
  await beThePlayer(page, me);
  for (const game of GAMES) {
    await openFromFirstScreen(page, game, false);
    await fromGameOver(page, game, false);
    await checkBoard(page, game, me, false);
    if (!PHONE_GAMES.includes(game))
      expect(await seriousAxe(page), `axe on ${game}'s leaderboard`).toEqual([]);
    await tabToWatch(page);
    await page.screenshot({
      path: `docs/screenshots/leaderboard-${game}.png`,
      fullPage: true,
      animations: "disabled",
    });
    // The keyboard: Tab to the Watch of the player's own best game ("Your place"), Enter: the viewer
    // plays it to its end, and (for the first game: the link, /replay/<id>, is the same for every
    // game, and each game's viewer is seen to its end here) its Share link opens the same replay on
    // another device.
    const mine = (await apiBoard(page, game, me)).me?.entry.replay as number;
    await tabToWatchOf(page, `/replay/${mine}`);
    const end = await watchToEnd(page, mine, false);
    if (game === GAMES[0]) await shareOpensElsewhere(page, browser, mine, end);
    // The mouse: the #1 entry's Watch, to the #1's end.
    await page.goBack();
    const first = page.getByTestId("lb-entries").getByTestId("lb-entry").first().locator("a.lb-watch");
    const top = Number(((await first.getAttribute("href")) ?? "").replace("/replay/", ""));
    await first.click();
    await watchToEnd(page, top, false);
    await page.goBack();
  }
  // Offline: the last copy read, said as such.
  await page.route("**/api/**", (route) => route.abort("connectionrefused"));
  await page.reload();
  await expect(page.getByTestId("lb-offline-copy")).toContainText("Offline: last updated");
  await expect(page.getByTestId("lb-entries").getByTestId("lb-entry")).toHaveCount(10);
  await expect(page.getByTestId("lb-around").locator('[aria-current="true"]')).toContainText(`${ME} (you)`);
  // Chromium itself logs the refused requests; any other console error still fails the test.
  const network = consoleErrors.filter((e) =>
    /^Failed to load resource: net::ERR_CONNECTION_REFUSED/.test(e),
  );
  expect(network.length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !network.includes(e)));
});

test.describe("phone", () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true });

  test("phone: Match-3's and Blocky's boards by touch from the first screen and the game over; pages, periods, my place", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const me = await fill(playwright, baseURL ?? "");
    await beThePlayer(page, me);
    for (const game of PHONE_GAMES) {
      await openFromFirstScreen(page, game, true);
      await fromGameOver(page, game, true);
      await checkBoard(page, game, me, true);
      // Touch: the player's own entry's Watch, tapped, plays to its end.
      const mine = page.getByTestId("lb-around").locator('[aria-current="true"] a.lb-watch');
      const replay = Number(((await mine.getAttribute("href")) ?? "").replace("/replay/", ""));
      await mine.tap();
      await watchToEnd(page, replay, true);
      await page.goBack();
      await expect(page.getByTestId("lb-entries").getByTestId("lb-entry").first()).toBeVisible();
      // The look passes axe (nothing serious or critical) with the player's place shown.
      expect(await seriousAxe(page), `axe on ${game}'s leaderboard`).toEqual([]);
      await page.screenshot({
        // A look with the test's results (docs/screenshots has the desktop ones).
        path: test.info().outputPath(`leaderboard-${game}-phone.png`),
        fullPage: true,
        animations: "disabled",
      });
    }
  });
});

test("a ranked game that had help: its game-over Leaderboard opens the board with help, where it went", async ({
  page,
}) => {
  // A size alone is a ranked game through the server; a hint marks it assisted, hard drops end it.
  await page.goto("/games/stacker?size=10");
  const line = page.getByTestId("ranked-line").first();
  await expect(line).toHaveAttribute("data-kind", "ranked");
  await page.keyboard.press("h");
  await expect(line).toHaveAttribute("data-assisted", "true");
  const over = page.getByTestId("stacker-game-over");
  for (let i = 0; i < 200 && !(await over.isVisible()); i++) await page.keyboard.press(" ");
  await expect(over).toBeVisible();
  await expect(line).toContainText(/entered #\d+/);
  const link = over.getByTestId("board-link");
  await expect(link).toHaveAttribute("data-board", "help");
  await link.click();
  await expect(page).toHaveURL(/\/games\/stacker\/leaderboard\?.*board=help/);
  await expect(page.getByTestId("lb-board")).toHaveAttribute("data-board", "help");
  await expect(page.getByRole("button", { name: "With help", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByTestId("lb-entries").getByTestId("lb-entry").first()).toBeVisible();
});
