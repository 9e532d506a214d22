/**
 * The global leaderboard in the browser, against the real service: a ranked Block Blast game (a
 * server session, shell/ranked-session.ts) played to its end by mouse and keyboard is entered by the
 * server under the name from the settings and shows on the global board of the leaderboard page
 * beside the local top 5; with the API unreachable the game says it is not ranked before it starts,
 * the local leaderboard still works and nothing throws; Match-3 and Block Puzzle games are ranked
 * server sessions the server enters at their end.
 */
import type { Page } from "@playwright/test";
import { expect, shot, test } from "./fixtures";
import { type Placement, placements, readSaved } from "./helpers";

interface Stored {
  board: string[];
  tray: ({ shape: string[] } | null)[];
  over: boolean;
  score: number;
}

const GAME_KEY = "blockblast-game";

/** Lines a placement would complete: the test player avoids them, so the game ends quickly. */
function linesMade(board: string[], shape: string[], row: number, col: number): number {
  const b = board.map((l) => [...l]);
  shape.forEach((line, i) => {
    [...line].forEach((ch, j) => {
      if (ch === "#") (b[row + i] as string[])[col + j] = "#";
    });
  });
  let n = b.filter((l) => !l.includes(".")).length;
  for (let c = 0; c < b[0].length; c++) if (b.every((l) => l[c] !== ".")) n++;
  return n;
}

function worstMove(s: Stored, turn: number): Placement {
  const all = placements(s.board, s.tray);
  const fewest = Math.min(...all.map((m) => linesMade(s.board, s.tray[m.piece]?.shape ?? [], m.row, m.col)));
  const quiet = all.filter((m) => linesMade(s.board, s.tray[m.piece]?.shape ?? [], m.row, m.col) === fewest);
  const move = quiet[(turn * 7) % quiet.length];
  if (!move) throw new Error("no legal move");
  return move;
}

/** One placement by the player's own input: the piece's number key, then a click on the board cell. */
async function placeOne(page: Page, turn: number): Promise<void> {
  const before = await readSaved<Stored>(page, GAME_KEY);
  const move = worstMove(before, turn);
  await page.keyboard.press(String(move.piece + 1));
  await page.locator(`[data-row="${move.row}"][data-col="${move.col}"]`).click();
  await expect
    .poll(async () => JSON.stringify(await readSaved<Stored>(page, GAME_KEY).catch(() => null)))
    .not.toBe(JSON.stringify(before));
}

/** Plays until the game-over dialog shows; `revive` answers "No moves left" with Revive until none are left. */
async function playToEnd(page: Page, revive: boolean, maxMoves = 400): Promise<void> {
  const over = page.getByTestId("blast-game-over");
  for (let turn = 0; turn < maxMoves; turn++) {
    if (await over.isVisible()) {
      const reviveButton = over.getByRole("button", { name: /Revive/ });
      if (!revive || !(await reviveButton.isVisible())) return;
      await reviveButton.click();
      await expect(over).toHaveCount(0);
      continue;
    }
    await placeOne(page, turn);
  }
  throw new Error("the game did not end");
}

/**
 * Chromium itself writes a failed request (no answer, or a 4xx answer) to the console; the page
 * cannot stop that. These tests expect such requests: they take exactly those lines out of the
 * fixture's console-error list, after checking each is one, so any other console error still fails.
 */
function expectOnlyNetworkErrors(errors: string[], pattern: RegExp): void {
  const network = errors.filter((e) => /^Failed to load resource: /.test(e));
  for (const e of network) expect(e).toMatch(pattern);
  errors.splice(0, errors.length, ...errors.filter((e) => !network.includes(e)));
}

/** Opens Block Blast's play page from its menu: a ranked server session, said before the first move. */
async function startRankedGame(page: Page): Promise<void> {
  await page.goto("/games/blast");
  await page.getByRole("link", { name: /^Play/ }).click();
  await expect(page.getByTestId("ranked-line").first()).toHaveText("Ranked game");
}

test("a ranked Block Blast game played to its end is entered by the server and shows on the global board", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  // The name comes from the settings panel, before the game.
  await page.goto("/games/blast");
  await page.getByRole("button", { name: /settings/i }).click();
  await page.getByLabel(/Your name on the leaderboards/).fill("Ada Lovelace");
  await page.getByRole("button", { name: "Done" }).click();
  await startRankedGame(page);
  // Declining the revives at "No moves left" (Menu) ends the game as it stands.
  await playToEnd(page, false);
  const over = page.getByTestId("blast-game-over");
  const score = Number(await page.getByTestId("blast-final-score").textContent());
  // The server entered it when it ended, and its reply said the rank.
  // (Other specs' games may be on the same server's board: the rank is whatever it reached.)
  const entered = over.getByTestId("ranked-line");
  await expect(entered).toHaveText(/^Ranked game · entered #\d+$/);
  const rank = Number((await entered.textContent())?.split("#")[1]);
  await shot(page, "leaderboard-post-desktop");

  await over.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("link", { name: "Leaderboard" }).click();
  // The player's own place (other specs' games may be above it, past the first page), marked as theirs.
  const ada = page.getByTestId("lb-around").locator('[aria-current="true"]');
  await expect(ada).toContainText("Ada Lovelace (you)");
  await expect(ada.locator(".lb-rank")).toHaveText(String(rank));
  await expect(ada.locator(".lb-score")).toHaveText(score.toLocaleString("en"));
  // Played alone: the "with help" board does not have it.
  await page.getByRole("button", { name: "With help" }).click();
  await expect(page.getByTestId("lb-empty")).toHaveText("No games with help on this board yet.");
  await page.getByRole("button", { name: "Played alone" }).click();
  await expect(ada).toHaveCount(1);
  await page.getByText("How ranking works").click();
  await expect(page.getByTestId("how-ranking-works")).toContainText("Hint or Watch");
  // The local top 5 is still there beside it.
  await expect(page.getByTestId("blast-leaderboard").locator("li").first()).toContainText(String(score));
  await shot(page, "leaderboard-blast-desktop");
  await page.setViewportSize({ width: 360, height: 640 });
  await shot(page, "leaderboard-blast-phone");
});

test("with the API unreachable the game says it is not ranked, plays, and its local leaderboard works", async ({
  page,
  consoleErrors,
}) => {
  await page.route("**/api/**", (route) => route.abort("connectionrefused"));
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/games/blast");
  await page.getByRole("link", { name: /^Play/ }).click();
  await expect(page.getByTestId("ranked-line").first()).toHaveText("Not ranked: offline (no score server).");
  await playToEnd(page, false);
  const over = page.getByTestId("blast-game-over");
  const score = (await page.getByTestId("blast-final-score").textContent()) ?? "";
  await expect(over.getByTestId("ranked-line")).toContainText("Not ranked");
  await shot(page, "leaderboard-offline-phone");
  await over.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("link", { name: "Leaderboard" }).click();
  await expect(page.getByTestId("blast-leaderboard").locator("li").first()).toContainText(score);
  // The global board says so (this device never read a copy of it).
  await expect(page.getByTestId("lb-offline")).toHaveText(
    "The leaderboard is offline right now, and this device has no copy of this board yet.",
  );
  expectOnlyNetworkErrors(consoleErrors, /net::ERR_CONNECTION_REFUSED/);
});

/** The names and scores on `game`'s all-time board for the config a page's ranked session was opened with. */
async function boardOf(page: Page, game: string, config: unknown): Promise<string[]> {
  const query = encodeURIComponent(JSON.stringify(config));
  const reply = await page.request.get(`/api/leaderboards/${game}?config=${query}`);
  const board = (await reply.json()) as { entries?: { name: string; score: number }[] };
  return board.entries?.map((e) => `${e.name} ${e.score}`) ?? [];
}

test("Match-3: a classic game is a ranked server session, entered at its end under the name last used", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/games/match3");
  await page.evaluate(() => localStorage.setItem("blockarcade-player-name", JSON.stringify("Grace")));
  // The setup opens on Arcade: this plays a Classic game, from the typed line.
  await page.getByTestId("match3-mode-classic").click();
  await page.getByTestId("match3-type-line").click();
  const input = page.getByLabel("Please enter field size (width and height) and up to 5 bricks set:");
  await input.fill("5 8 H^^* V*@^");
  const created = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/games"));
  await input.press("Enter");
  const { config } = JSON.parse((await created).postData() ?? "{}") as { config: unknown };
  await expect(page.getByTestId("ranked-line").first()).toHaveText("Ranked game");
  await page.keyboard.press("D");
  await page.keyboard.press("Enter");
  await page.keyboard.press("D");
  await page.keyboard.press("Enter");
  const over = page.getByTestId("match3-over");
  await expect(over).toContainText("No bricks left.");
  await expect(over.getByTestId("ranked-line")).toHaveAttribute("data-kind", "ranked");
  await expect(over.getByTestId("post-score")).toHaveCount(0);
  await expect.poll(() => boardOf(page, "match3", config)).toEqual([expect.stringMatching(/^Grace \d+$/)]);
  await shot(page, "leaderboard-match3-phone");
});

test("Block Puzzle: a chosen seed is unranked, Play again is a ranked session entered on the 10 x 6 board", async ({
  page,
}) => {
  interface PuzzleStored extends Stored {
    config: { rows: number; cols: number };
  }
  const stored = () => readSaved<PuzzleStored>(page, "blockarcade-puzzle-game");
  const playToEndPuzzle = async () => {
    for (let turn = 0; turn < 200; turn++) {
      const s = await stored();
      if (s.over) return;
      const m = placements(s.board, s.tray)[0];
      if (!m) throw new Error("nothing fits, yet the game goes on");
      const shape = s.tray[m.piece]?.shape ?? [];
      const r = m.row + Math.floor((shape.length - 1) / 2);
      const c = m.col + Math.floor(((shape[0]?.length ?? 1) - 1) / 2);
      await page.keyboard.press(String(m.piece + 1));
      await page.locator(`[data-cell="${r},${c}"]`).click();
      await expect.poll(async () => (await stored()).score).toBeGreaterThan(s.score);
    }
    throw new Error("the game did not end");
  };
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/games/puzzle?seed=7&rows=10&cols=6");
  await expect(page.locator(".puzzle-cell")).toHaveCount(60);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("blockarcade-puzzle-game")))
    .not.toBeNull();
  await expect(page.getByTestId("ranked-line").first()).toContainText("Not ranked: a chosen seed.");
  await playToEndPuzzle();
  const dialog = page.getByTestId("puzzle-over");
  await expect(dialog.getByTestId("ranked-line")).toHaveAttribute("data-kind", "unranked");

  // Play again: a ranked server session of the same size, entered at its end under the name last used.
  await page.evaluate(() => localStorage.setItem("blockarcade-player-name", JSON.stringify("Émilie")));
  const created = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/games"));
  await dialog.getByRole("button", { name: "Play again" }).click();
  const { config } = JSON.parse((await created).postData() ?? "{}") as { config: unknown };
  expect(config).toEqual({ rows: 10, cols: 6 });
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("ranked-line").first()).toHaveText("Ranked game");
  // The new game is saved over the finished one before its moves are read (else it reads as over).
  await expect.poll(async () => (await stored()).over).toBe(false);
  await playToEndPuzzle();
  const score = (await stored()).score;
  await expect(dialog.getByTestId("ranked-line")).toHaveAttribute("data-kind", "ranked");
  await shot(page, "leaderboard-puzzle-phone");
  await expect.poll(() => boardOf(page, "puzzle", config)).toEqual([`Émilie ${score}`]);
});
