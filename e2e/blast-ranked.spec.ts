/**
 * Ranked Block Blast through the server (shell/ranked-session.ts): the game says before it starts
 * that it is ranked (or why not, with one tap to a ranked one), plays each move through a ranked
 * server session to the real end by mouse and by keyboard (a reload halfway stays in the session),
 * says "with help" once Hint is used, and
 * when the connection drops halfway goes on unranked, says so, and loses no move.
 */
import type { Page } from "@playwright/test";
import { GAME_KEY, type Stored, settled, slotCentre, stored, target } from "./blast-support";
import { expect, shot, test } from "./fixtures";
import { type Placement, placements } from "./helpers";

/** A quick way to the end: the last fitting placement the list gives (it rarely clears a line). */
function quickMove(s: Stored): Placement | undefined {
  return placements(s.board, s.tray).at(-1);
}

/**
 * Waits until the saved position is no longer `before` (a deal waits for the server's reply; a final
 * game over is recorded and its save dropped).
 */
async function changed(page: Page, before: Stored): Promise<void> {
  const text = JSON.stringify(before);
  const now = () => page.evaluate((k) => localStorage.getItem(k), GAME_KEY);
  await expect
    .poll(async () => {
      const t = await now();
      return t === null ? "" : JSON.stringify(JSON.parse(t));
    })
    .not.toBe(text);
}

async function byMouse(page: Page, s: Stored, m: Placement): Promise<void> {
  await settled(page);
  const from = await slotCentre(page, m.piece);
  const to = await target(page, s.tray[m.piece]?.shape ?? [], m.row, m.col, false);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
}

/** Picks the piece with its number key and places it at the first fit with Enter. */
async function byKeyboard(page: Page, m: Placement): Promise<void> {
  await page.keyboard.press(String(m.piece + 1));
  await expect(page.locator(`.blast-slot[data-piece="${m.piece}"]`)).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Enter");
}

/**
 * Plays until the game-over dialog (revives while any are left), or until `afterMove` answers
 * "stop"; returns the moves made.
 */
async function playToEnd(
  page: Page,
  move: (s: Stored, m: Placement) => Promise<void>,
  afterMove?: (moves: number) => Promise<"stop" | undefined>,
): Promise<number> {
  let moves = 0;
  for (;;) {
    const dialog = page.getByTestId("blast-game-over");
    if (await dialog.isVisible()) {
      const revive = page.getByRole("button", { name: /^Revive/ });
      if (!(await revive.isVisible())) return moves;
      const before = await stored(page);
      await revive.click();
      await changed(page, before);
      continue;
    }
    const s = await stored(page);
    const m = s.over ? undefined : s.tray.some(Boolean) ? quickMove(s) : undefined;
    if (!m) {
      await expect(dialog).toBeVisible();
      continue;
    }
    await move(s, m);
    await changed(page, s);
    moves++;
    if ((await afterMove?.(moves)) === "stop") return moves;
  }
}

test("a ranked game by keyboard through the server to the real end", async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  // One ranked session per game, never per render: every session opened is counted.
  const opened: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/games") opened.push(r.url());
  });
  await page.goto("/games/blast/play");
  const line = page.getByTestId("ranked-line").first();
  await expect(line).toHaveAttribute("data-kind", "ranked");
  await expect(line).toHaveText("Ranked game");
  await shot(page, "blast-ranked-line");
  // The browser never holds the ranked game's random source: its saved position is a public view
  // resumed with a placeholder source, and the session on the server is the game.
  const first = await stored(page);
  let reloaded = false;
  const moves = await playToEnd(
    page,
    (_s, m) => byKeyboard(page, m),
    async (n) => {
      if (n !== 4) return undefined;
      // A reload halfway goes on in the same ranked session.
      await page.reload();
      await expect(line).toHaveAttribute("data-kind", "ranked");
      reloaded = true;
      return undefined;
    },
  );
  expect(reloaded).toBe(true);
  expect(moves).toBeGreaterThan(5);
  // The whole game, reload included (it reads the session back), opened one session.
  expect(opened).toHaveLength(1);
  await expect(page.getByRole("dialog", { name: "Game Over" })).toBeVisible();
  const end = page.getByTestId("blast-game-over").getByTestId("ranked-line");
  await expect(end).toHaveAttribute("data-kind", "ranked");
  expect(first.score).toBe(0);
});

test("the connection drops halfway through a mouse game: it goes on unranked, says so, loses no move", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto("/games/blast/play");
  const line = page.getByTestId("ranked-line").first();
  await expect(line).toHaveAttribute("data-kind", "ranked");
  let dropped = false;
  let blocked = 0;
  const moves = await playToEnd(
    page,
    (s, m) => byMouse(page, s, m),
    async (n) => {
      // Three moves after the drop show the game going on: the rest of the game (its revives
      // included) took 15 s of mouse moves and proved nothing more.
      if (n === 10) return "stop";
      if (n !== 7 || dropped) return undefined;
      dropped = true;
      // The network goes: every later call to the service fails.
      await page.route("**/api/**", (route) => {
        blocked++;
        return route.abort("internetdisconnected");
      });
      return undefined;
    },
  );
  expect(dropped).toBe(true);
  expect(moves).toBe(10);
  // One call failed (the move that went out after the drop); the game made no more calls after it.
  expect(blocked).toBe(1);
  // Chromium itself logs the failed request; the page logs nothing: take exactly that line out.
  const network = consoleErrors.filter((e) => /^Failed to load resource: /.test(e));
  expect(network).toEqual(["Failed to load resource: net::ERR_INTERNET_DISCONNECTED"]);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !network.includes(e)));
  await expect(line).toHaveAttribute("data-kind", "dropped");
  await expect(line).toContainText("Connection lost");
  await expect(line).toContainText("unranked");
  await shot(page, "blast-connection-lost");
});

test("a chosen seed says why it is not ranked, one tap makes a ranked game, Hint says with help", async ({
  page,
}) => {
  await page.goto("/games/blast/play?seed=5");
  const line = page.getByTestId("ranked-line").first();
  await expect(line).toHaveAttribute("data-kind", "unranked");
  await expect(line).toContainText("Not ranked: a chosen seed.");
  await shot(page, "blast-not-ranked-line");
  await line.getByRole("button", { name: "Play ranked" }).click();
  await expect(page).toHaveURL(/\/games\/blast\/play$/);
  await expect(line).toHaveAttribute("data-kind", "ranked");
  await expect(line).toHaveAttribute("data-assisted", "false");
  await page.keyboard.press("h");
  await expect(line).toHaveText("Ranked game · with help");
  await expect(line).toHaveAttribute("data-assisted", "true");
});
