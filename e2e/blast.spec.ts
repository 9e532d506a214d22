import type { CDPSession, Page } from "@playwright/test";
import { GAME_KEY, type Stored, settled, slotCentre, stored, target } from "./blast-support";
import { expect, shot, test } from "./fixtures";
import { type Placement, placements, touchDrag } from "./helpers";

type Move = Placement;

/** Lines a placement would complete (a greedy player likes them: the game shows its celebrations). */
function linesMade(board: string[], shape: string[], row: number, col: number): number {
  const b = board.map((l) => [...l]);
  shape.forEach((line, i) => {
    [...line].forEach((ch, j) => {
      if (ch === "#") (b[row + i] as string[])[col + j] = "#";
    });
  });
  let n = b.filter((l) => !l.includes(".")).length;
  for (let c = 0; c < 8; c++) if (b.every((l) => l[c] !== ".")) n++;
  return n;
}

function bestMove(s: Stored): Move {
  let best: Move | undefined;
  let bestLines = -1;
  for (const m of placements(s.board, s.tray)) {
    const lines = linesMade(s.board, s.tray[m.piece]?.shape ?? [], m.row, m.col);
    if (lines > bestLines) {
      best = m;
      bestLines = lines;
    }
  }
  if (!best) throw new Error("no legal move");
  return best;
}

async function mouseDrag(page: Page, s: Stored, m: Move, beforeRelease?: () => Promise<void>) {
  const shape = s.tray[m.piece]?.shape ?? [];
  await settled(page);
  const from = await slotCentre(page, m.piece);
  const to = await target(page, shape, m.row, m.col, false);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  if (beforeRelease) await beforeRelease();
  await page.mouse.up();
}

async function fingerDrag(page: Page, cdp: CDPSession, s: Stored, m: Move) {
  const shape = s.tray[m.piece]?.shape ?? [];
  const from = await slotCentre(page, m.piece);
  const to = await target(page, shape, m.row, m.col, true);
  await touchDrag(cdp, from, to, 6);
}

/** Applies a move to the stored picture, to predict the board (before any clear). */
function expectPlaced(before: Stored, after: Stored, m: Move) {
  expect(after.tray[m.piece] === null || after.tray.every((t) => t !== null)).toBe(true);
  const shape = before.tray[m.piece]?.shape ?? [];
  const lines = linesMade(before.board, shape, m.row, m.col);
  if (lines === 0) {
    shape.forEach((line, i) => {
      [...line].forEach((ch, j) => {
        if (ch === "#") expect(after.board[m.row + i]?.[m.col + j]).not.toBe(".");
      });
    });
    expect(after.score).toBe(before.score);
  } else {
    expect(after.score).toBeGreaterThan(before.score);
  }
}

/** A tray piece at least three cells long, placed two cells past the board's right (or bottom) edge. */
function overTheEdge(s: Stored): Move {
  for (const [piece, slot] of s.tray.entries()) {
    if (!slot) continue;
    const width = slot.shape[0]?.length ?? 1;
    const height = slot.shape.length;
    if (width >= 3) return { piece, row: 8 - height, col: 10 - width };
    if (height >= 3) return { piece, row: 10 - height, col: 8 - width };
  }
  throw new Error("no piece three cells long in the tray");
}

const CHECKER = [
  "A.A.A.A.",
  ".A.A.A.A",
  "A.A.A.A.",
  ".A.A.A.A",
  "A.A.A.A.",
  ".A.A.A.A",
  "A.A.A.A.",
  ".A.A.A.A",
];

/** A saved game for localStorage: any position the engine would accept on restore. */
function savedGame(fields: Partial<Stored>): string {
  return JSON.stringify({
    game: "blast",
    seed: 11,
    score: 0,
    over: false,
    board: CHECKER,
    rng: { s: [11, 22, 33, 44] },
    config: {},
    tray: [null, null, null],
    streak: 0,
    movesSinceLastClear: 0,
    revivesLeft: 3,
    ...fields,
  });
}

test("menu, how to play and leaderboard are real pages", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 780 });
  await page.goto("/games/blast");
  await expect(page.getByRole("heading", { name: "Block Blast" })).toBeVisible();
  await shot(page, "blast-menu");
  await page.getByRole("link", { name: "How to Play" }).click();
  await expect(page).toHaveURL(/\/games\/blast\/how-to-play$/);
  await expect(page.getByRole("heading", { name: "How to Play" })).toBeVisible();
  await shot(page, "blast-how-to-play");
  await page.getByRole("link", { name: "Back to Menu" }).click();
  await page.getByRole("link", { name: "Leaderboard" }).click();
  await expect(page).toHaveURL(/\/games\/blast\/leaderboard$/);
  await expect(page.getByText("No games finished yet")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/games\/blast$/);
  await page.getByRole("link", { name: "Play", exact: true }).click();
  await expect(page).toHaveURL(/\/games\/blast\/play$/);
  await expect(page.getByTestId("blast-board")).toBeVisible();
});

test("a seeded game played with the mouse, surviving a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto("/games/blast/play?seed=7");
  await expect(page.getByTestId("blast-board")).toBeVisible();
  await shot(page, "blast-game");
  let s = await stored(page);
  expect(s.seed).toBe(7);

  // A drop with no fitting spot within one cell goes back to the tray: a piece hanging two cells
  // over the board's right or bottom edge (a red ghost on the board, nothing placed).
  const first = bestMove(s);
  await mouseDrag(page, s, first);
  let after = await stored(page);
  expectPlaced(s, after, first);
  s = after;
  const blocked = overTheEdge(s);
  await mouseDrag(page, s, blocked, async () => {
    await expect(page.locator(".blast-ghost-invalid").first()).toBeVisible();
    await expect(page.locator(".blast-ghost-valid")).toHaveCount(0);
  });
  expect(await stored(page)).toEqual(s);
  await expect(page.locator(`.blast-slot[data-piece="${blocked.piece}"]`)).toBeEnabled();

  // Ten more placements by drag, preferring clears; the shown score follows the game.
  let sawClearPreview = false;
  let sawClear = false;
  for (let i = 0; i < 10; i++) {
    const m = bestMove(s);
    const lines = linesMade(s.board, s.tray[m.piece]?.shape ?? [], m.row, m.col);
    await mouseDrag(page, s, m, async () => {
      await expect(page.locator(".blast-ghost-valid").first()).toBeVisible();
      if (lines > 0) {
        await expect(page.locator(".blast-will-clear").first()).toBeVisible();
        if (!sawClearPreview) await shot(page, "blast-drag-clear-preview");
        sawClearPreview = true;
      }
    });
    after = await stored(page);
    expectPlaced(s, after, m);
    if (lines > 0) {
      await expect(page.locator(".blast-celebration")).toBeVisible();
      // Mid-animation on purpose (shot() would fast-forward the clear and the celebration away).
      if (!sawClear) await page.screenshot({ path: "docs/screenshots/blast-clear.png" });
      sawClear = true;
    }
    s = after;
    await expect(page.getByTestId("blast-score")).toHaveText(String(s.score));
  }
  expect(sawClearPreview).toBe(true);
  expect(s.score).toBeGreaterThan(0);

  // Reload: the same game, exactly where it was.
  const boardBefore = await page
    .locator("[data-filled]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-filled")));
  await page.reload();
  await expect(page.getByTestId("blast-board")).toBeVisible();
  expect(await stored(page)).toEqual(s);
  await expect(page.getByTestId("blast-score")).toHaveText(String(s.score));
  const boardAfter = await page
    .locator("[data-filled]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-filled")));
  expect(boardAfter).toEqual(boardBefore);
  // And it plays on from there.
  const m = bestMove(s);
  await mouseDrag(page, s, m);
  expectPlaced(s, await stored(page), m);
});

test("a drop one cell off a fitting spot lands on it, the ghost showing where", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto("/games/blast/play?seed=7");
  await expect(page.getByTestId("blast-board")).toBeVisible();
  const s = await stored(page);
  const piece = s.tray.findIndex((t) => t !== null && (t.shape[0]?.length ?? 1) < 8);
  const width = s.tray[piece]?.shape[0]?.length ?? 1;
  // Let go with the piece one cell past the right edge: the nearest fitting spot one cell away is
  // the same row, flush with the edge.
  const landing = { piece, row: 2, col: 8 - width };
  await mouseDrag(page, s, { piece, row: 2, col: 9 - width }, async () => {
    await expect(page.locator(`[data-row="2"][data-col="${8 - width}"]`)).toHaveClass(/blast-ghost-valid/);
    await expect(page.locator(".blast-ghost-invalid")).toHaveCount(0);
    await shot(page, "blast-snap-ghost");
  });
  const after = await stored(page);
  expect(after.tray[piece]).toBeNull();
  expectPlaced(s, after, landing);
});

test("the streak counter stays in view on a landscape phone", async ({ page }) => {
  await page.setViewportSize({ width: 844, height: 390 });
  await page.goto("/games/blast");
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [
      GAME_KEY,
      savedGame({
        board: [
          "AAAA....",
          "BB......",
          "........",
          "...CC...",
          "........",
          "........",
          "......D.",
          "......D.",
        ],
        score: 480,
        streak: 2,
        tray: [
          { shape: ["#"], colour: 0 },
          { shape: ["##"], colour: 4 },
          { shape: ["###"], colour: 6 },
        ],
      }),
    ],
  );
  await page.goto("/games/blast/play");
  await expect(page.getByTestId("blast-streak")).toHaveText("Streak x2");
  await expect(page.getByTestId("blast-streak")).toBeInViewport();
  await expect(page.getByTestId("blast-board")).toBeInViewport();
  await expect(page.locator('.blast-slot[data-piece="2"]')).toBeInViewport();
  await shot(page, "blast-phone-landscape-streak");
});

test.describe("touch", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 640 } });

  test("drags pieces with a finger on a 360x640 phone, piece floating above the finger", async ({ page }) => {
    await page.goto("/games/blast/play?seed=21");
    await expect(page.getByTestId("blast-board")).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    let s = await stored(page);
    for (let i = 0; i < 4; i++) {
      const m = bestMove(s);
      await fingerDrag(page, cdp, s, m);
      const after = await stored(page);
      expectPlaced(s, after, m);
      s = after;
    }
    // Three placed, a new tray dealt, one more placed.
    expect(s.tray.filter((t) => t === null)).toHaveLength(1);
    await shot(page, "blast-phone");
    await page.setViewportSize({ width: 640, height: 360 });
    await expect(page.getByTestId("blast-board")).toBeInViewport();
    await expect(page.locator('.blast-slot[data-piece="0"]')).toBeInViewport();
    await expect(page.getByTestId("hint")).toBeInViewport();
    await expect(page.getByTestId("watch")).toBeInViewport();
    await shot(page, "blast-phone-landscape");
  });
});

test("keyboard alone: pick, move, place, pause; then tap to pick and click to place", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 800 });
  await page.goto("/games/blast/play?seed=5");
  await expect(page.getByTestId("blast-board")).toBeVisible();
  const s = await stored(page);
  const piece = s.tray.findIndex((t) => t !== null);
  await page.keyboard.press(String(piece + 1));
  await expect(page.locator(`.blast-slot[data-piece="${piece}"]`)).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator(".blast-ghost-valid").first()).toBeVisible();
  // The ghost starts at the first fit (0,0 on an empty board); move it to (2,3).
  for (const key of ["ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight", "ArrowRight"])
    await page.keyboard.press(key);
  await expect(page.locator('[data-row="2"][data-col="3"]')).toHaveClass(/blast-ghost-valid/);
  await shot(page, "blast-keyboard-ghost");
  await page.keyboard.press("Enter");
  const after = await stored(page);
  expect(after.tray[piece]).toBeNull();
  expectPlaced(s, after, { piece, row: 2, col: 3 });
  // Tab moves through the pieces left, which picks them.
  await page.keyboard.press("Tab");
  await expect(page.locator(".blast-slot[aria-pressed='true']")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Paused" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume" })).toBeFocused();
  await shot(page, "blast-pause");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // A tap (press without moving) picks a piece too; a click on a cell then places it there.
  const now = await stored(page);
  const m = bestMove(now);
  await page.locator(`.blast-slot[data-piece="${m.piece}"]`).click();
  await expect(page.locator(`.blast-slot[data-piece="${m.piece}"]`)).toHaveAttribute("aria-pressed", "true");
  await page.locator(`[data-row="${m.row}"][data-col="${m.col}"]`).click();
  expectPlaced(now, await stored(page), m);
  // Every control has an accessible name.
  for (const name of ["Pause", /^Piece 1/, /^Piece 3/]) {
    await expect(page.getByRole("button", { name })).toHaveCount(1);
  }
  // Sound is the app bar's one switch (the game's own mute button gave way to it).
  await expect(page.getByTestId("sound-toggle")).toHaveAccessibleName("Sound");
});

test("revive, finish the game, and find the score on the leaderboard after a reload", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 800 });
  await page.goto("/games/blast");
  // A game already over (neither piece fits a checkerboard) with one revive left.
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [
      GAME_KEY,
      savedGame({
        score: 640,
        over: true,
        revivesLeft: 1,
        tray: [{ shape: ["###", "###", "###"], colour: 2 }, { shape: ["#####"], colour: 5 }, null],
      }),
    ],
  );
  await page.goto("/games/blast/play");
  const revive = page.getByRole("button", { name: "Revive (1 left)" });
  await expect(revive).toBeVisible();
  await shot(page, "blast-game-over-revive");
  await revive.click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const revived = await stored(page);
  expect(revived).toMatchObject({ score: 640, revivesLeft: 0, over: false, streak: 0 });
  expect(revived.board.join("").replaceAll(".", "")).toHaveLength(32 - 20);
  expect(revived.tray.every((t) => t !== null)).toBe(true);

  // One move from the end: the monomino fits, then the 3x3 square fits nowhere and no revive is left.
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [
      GAME_KEY,
      savedGame({
        score: 1230,
        revivesLeft: 0,
        tray: [{ shape: ["#"], colour: 0 }, { shape: ["###", "###", "###"], colour: 1 }, null],
      }),
    ],
  );
  await page.reload();
  const s = await stored(page);
  await mouseDrag(page, s, { piece: 0, row: 0, col: 1 });
  await expect(page.getByRole("heading", { name: "Game Over" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Revive/ })).toHaveCount(0);
  await expect(page.getByTestId("blast-final-score")).toHaveText("1230");
  await shot(page, "blast-game-over");
  // The final game over saved the score and dropped the unfinished game.
  expect(await page.evaluate((key) => localStorage.getItem(key), GAME_KEY)).toBeNull();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page).toHaveURL(/\/games\/blast$/);
  await page.getByRole("link", { name: "Leaderboard" }).click();
  await page.reload();
  // The kept list writes scores for the locale (the suite is en-US: "1,230").
  await expect(page.getByTestId("blast-leaderboard")).toContainText("1,230");
  const stored5 = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("blockblast-leaderboard") ?? "[]"),
  );
  expect(stored5).toEqual([{ score: 1230, date: expect.any(String) }]);
  await shot(page, "blast-leaderboard");
});

test("a corrupt save or leaderboard is ignored without a crash", async ({ page }) => {
  await page.goto("/games/blast");
  await page.evaluate(() => {
    localStorage.setItem("blockblast-game", '{"game":"blast","board":"nope"}');
    localStorage.setItem("blockblast-leaderboard", "{{{");
    localStorage.setItem("blockblast-highscore", "900");
  });
  await page.goto("/games/blast/play?seed=9");
  await expect(page.getByTestId("blast-board")).toBeVisible();
  expect((await stored(page)).seed).toBe(9);
  // The old high score was migrated into the leaderboard and shows as the best.
  await expect(page.getByTestId("blast-best")).toHaveText("900");
});

/** The hint the board shows, as `piece row col`, or undefined when none is shown. */
async function shownHint(page: Page): Promise<Move | undefined> {
  const text = await page.getByTestId("blast-board").getAttribute("data-hint");
  if (!text) return undefined;
  const [piece, row, col] = text.split(" ").map(Number) as [number, number, number];
  return { piece, row, col };
}

/** How many placements the saved game has seen: filled cells and placed slots change with each. */
const fingerprint = (s: Stored) =>
  `${s.board.join("")}|${s.tray.map((t) => (t ? "x" : "-")).join("")}|${s.score}`;

test("the computer: a hint by mouse and by key shows a legal placement without playing it; watch plays until the player takes over", async ({
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 900 });
  await page.goto("/games/blast/play?seed=7");
  await expect(page.getByTestId("blast-board")).toBeVisible();
  const s = await stored(page);
  await page.getByTestId("hint").click();
  const hint = await shownHint(page);
  expect(hint).toBeDefined();
  const m = hint as Move;
  // A legal placement of a piece in the tray, drawn on the board and marked in the tray, not played.
  expect(placements(s.board, s.tray)).toContainEqual(m);
  const cells = (s.tray[m.piece]?.shape.join("").match(/#/g) ?? []).length;
  await expect(page.locator(".blast-ghost-hint")).toHaveCount(cells);
  await expect(page.locator(`.blast-slot[data-piece="${m.piece}"]`)).toHaveClass(/blast-hinted/);
  await expect(page.getByTestId("blast-announcement")).toContainText(
    `Hint: piece ${m.piece + 1} at row ${m.row + 1}`,
  );
  expect(fingerprint(await stored(page))).toBe(fingerprint(s));
  await shot(page, "blast-hint");
  // The hinted piece is picked: a click on the hinted cell plays it; the hint goes with its position.
  await page.locator(`[data-row="${m.row}"][data-col="${m.col}"]`).click();
  const after = await stored(page);
  expectPlaced(s, after, m);
  await expect(page.locator(".blast-ghost-hint")).toHaveCount(0);
  expect(await shownHint(page)).toBeUndefined();

  // H asks again, for the new position, and Enter plays it.
  await page.keyboard.press("h");
  const second = (await shownHint(page)) as Move;
  expect(placements(after.board, after.tray)).toContainEqual(second);
  await page.keyboard.press("Enter");
  expectPlaced(after, await stored(page), second);
  await expect(page.locator(".blast-ghost-hint")).toHaveCount(0);

  // V: the computer plays, move after move, at the chosen pace.
  await page.getByTestId("watch-speed").selectOption("fast");
  await page.keyboard.press("v");
  await expect(page.getByTestId("watch")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("watch")).toHaveText("Take over");
  const seen = new Set<string>([fingerprint(after)]);
  await expect
    .poll(
      async () => {
        seen.add(fingerprint(await stored(page)));
        return seen.size;
      },
      { timeout: 30_000, intervals: [50] },
    )
    .toBeGreaterThanOrEqual(5);
  await shot(page, "blast-watching");
  // A key of the player's own takes over: the computer stops and nothing more is played.
  await page.keyboard.press("1");
  await expect(page.getByTestId("watch")).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("watch")).toHaveText("Watch");
  const taken = fingerprint(await stored(page));
  await page.waitForTimeout(600);
  expect(fingerprint(await stored(page))).toBe(taken);
});

test.describe("the computer on a touch phone", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 640 } });

  test("a tap on Hint shows the move; a tap on Watch plays; touching a piece takes over", async ({
    page,
  }) => {
    await page.goto("/games/blast/play?seed=21");
    await expect(page.getByTestId("blast-board")).toBeVisible();
    const s = await stored(page);
    await expect(page.getByTestId("hint")).toBeInViewport();
    await expect(page.getByTestId("watch-speed")).toBeInViewport({ ratio: 1 });
    await page.getByTestId("hint").tap();
    const m = await shownHint(page);
    expect(placements(s.board, s.tray)).toContainEqual(m);
    await expect(page.locator(".blast-ghost-hint").first()).toBeVisible();
    await shot(page, "blast-phone-hint");
    await page.getByTestId("watch-speed").selectOption("fast");
    await page.getByTestId("watch").tap();
    await expect
      .poll(async () => fingerprint(await stored(page)), { timeout: 30_000 })
      .not.toBe(fingerprint(s));
    await shot(page, "blast-phone-watching");
    // Slowly, so the piece touched is still in the tray when the finger comes down.
    await page.getByTestId("watch-speed").selectOption("slow");
    const piece = (await stored(page)).tray.findIndex((t) => t !== null);
    await page.locator(`.blast-slot[data-piece="${piece}"]`).tap();
    await expect(page.getByTestId("watch")).toHaveAttribute("aria-pressed", "false");
    const taken = fingerprint(await stored(page));
    await page.waitForTimeout(600);
    expect(fingerprint(await stored(page))).toBe(taken);
  });
});
