import { expect, type Page, shot, test } from "./fixtures";

/** Sets up a small game on the setup screen: depth 2, `turns` turns, player 1 human, player 2 smart. */
async function setUp(page: Page, seed: number, turns: number, screenshot = false) {
  await page.goto(`/games/blocky?seed=${seed}`);
  await expect(page.getByRole("heading", { name: "Blocky", exact: true })).toBeVisible();
  await page.getByLabel("Maximum depth").selectOption("2");
  await page.getByLabel("Number of turns").fill(String(turns));
  await page.getByLabel("Players", { exact: true }).selectOption("2");
  await page.getByLabel("Player 1 kind").selectOption("human");
  await page.getByLabel("Player 2 kind").selectOption("smart");
  await page.getByLabel("Player 2 difficulty (moves tried)").fill("5");
  if (screenshot) await shot(page, "blocky-setup");
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page.getByRole("heading", { name: "Your goals" })).toBeVisible();
  const cards = page.locator(".blocky-goal-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText("Player 1 (human)");
  await expect(cards.nth(1)).toContainText("Player 2 (smart computer, 5)");
  if (screenshot) await shot(page, "blocky-goals");
  await page.getByRole("button", { name: "Start playing" }).click();
  await expect(page.locator(".blocky-status")).toContainText("Turn 1 of");
}

const status = (page: Page) => page.locator(".blocky-status");
const message = (page: Page) => page.locator(".blocky-message");

/** Waits for the smart player's move and the turn to come back to player 1 (or the game to end). */
async function waitForComputer(page: Page, nextTurn: number | "over") {
  await expect(message(page)).toContainText(/Player 2 (is|passed|rotated|swapped|smashed|painted|combined)/);
  if (nextTurn === "over") await expect(page.getByRole("heading", { name: "Game over" })).toBeVisible();
  else await expect(status(page)).toContainText(`Turn ${nextTurn} of 2 · Player 1`);
}

/** Reads the board's unit cells back from the SVG (colour of each leaf rect, by position). */
async function boardColours(page: Page): Promise<string> {
  return page
    .locator(".blocky-leaf")
    .evaluateAll((rects) =>
      rects
        .map(
          (r) =>
            `${r.getAttribute("x")},${r.getAttribute("y")},${r.getAttribute("width")}:${r.getAttribute("fill")}`,
        )
        .join(" "),
    );
}

test("plays human against smart with the mouse to the game-over screen", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await setUp(page, 11, 2, true);
  const board = page.getByRole("application", { name: /Blocky board/ });
  await expect(board).toBeVisible();
  await expect(status(page)).toContainText("Turn 1 of 2 · Player 1 (human) · Score");

  // Level 2 is the unit cells: rotating one is refused, costs nothing and keeps the turn.
  await page.getByRole("button", { name: /^Smaller \(S\)/ }).click();
  await expect(page.getByText("Level 2 of 2")).toBeVisible();
  const box = await board.boundingBox();
  if (!box) throw new Error("no board");
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.1);
  await expect(board).toHaveAccessibleName(/Selected: .* at level [12]/);
  await shot(page, "blocky-play");
  await page.getByRole("button", { name: /^Rotate CW \(D\)/ }).click();
  await expect(message(page)).toContainText("Can't rotate clockwise");
  await expect(message(page)).toContainText("Nothing was spent");
  await expect(status(page)).toContainText("Turn 1 of 2 · Player 1");
  await shot(page, "blocky-invalid");

  // The wheel goes up to the top-level block, which is always split: rotating it is a move.
  const before = await boardColours(page);
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await page.mouse.wheel(0, -100);
  await page.mouse.wheel(0, -100);
  await expect(page.getByText("Level 0 of 2")).toBeVisible();
  await page.getByRole("button", { name: /^Rotate CW \(D\)/ }).click();
  await expect(message(page)).toContainText("Player 1 rotated a block clockwise");
  expect(await boardColours(page)).not.toBe(before);

  // The smart player moves by itself with a line saying what it does.
  await expect(message(page)).toContainText(/Player 2 is|Player 2 passed|Player 2 \w+ed/);
  await shot(page, "blocky-computer");
  await waitForComputer(page, 2);

  // Turn 2: click a cell at level 2 and paint it (or pass when it already has the target colour).
  await page.getByRole("button", { name: /^Smaller \(S\)/ }).click();
  await page.getByRole("button", { name: /^Smaller \(S\)/ }).click();
  await page.mouse.click(box.x + box.width * 0.9, box.y + box.height * 0.9);
  await page.getByRole("button", { name: /^Pass \(P\)/ }).click();
  await waitForComputer(page, "over");

  const over = page.locator(".blocky-over");
  await expect(over.getByRole("row")).toHaveCount(3);
  await expect(over).toContainText(/Player [12] wins with -?\d+ points!/);
  // Each final score is goal - penalty.
  for (const row of await over.locator("tbody tr").all()) {
    const [goal, penalty, score] = (await row.locator("td").allTextContents()).map(Number);
    expect(score).toBe((goal as number) + (penalty as number));
  }
  await shot(page, "blocky-over");
  await page.getByRole("button", { name: "Play again" }).click();
  await expect(page.getByRole("heading", { name: "Your goals" })).toBeVisible();
});

test("a ranked game against a computer player stays unaided: the computer's own turns are no help", async ({
  page,
}) => {
  // No ?seed=: a ranked server session (the e2e server has the API).
  await page.goto("/games/blocky");
  await expect(page.getByRole("heading", { name: "Blocky", exact: true })).toBeVisible();
  await page.getByLabel("Maximum depth").selectOption("2");
  await page.getByLabel("Number of turns").fill("2");
  await page.getByLabel("Players", { exact: true }).selectOption("2");
  await page.getByLabel("Player 1 kind").selectOption("human");
  await page.getByLabel("Player 2 kind").selectOption("smart");
  await page.getByRole("button", { name: "Start game" }).click();
  const line = page.getByTestId("ranked-line").first();
  await expect(line).toHaveAttribute("data-kind", "ranked");
  await page.getByRole("button", { name: "Start playing" }).click();
  // The narration is on screen for a moment only: watched at every frame from before the move.
  const narrated = page.waitForFunction(
    () => /Player 2 is \w+/.test(document.querySelector(".blocky-message")?.textContent ?? ""),
    null,
    { polling: "raf" },
  );
  await page.getByRole("button", { name: /^Pass \(P\)/ }).click();
  // The server deals the computer seat's move: it is still narrated, marked, then shown and logged.
  await narrated;
  await expect(page.locator(".blocky-log li").first()).toHaveText(
    /^Player 2 (passed|rotated|swapped|smashed|painted|combined)/,
  );
  await expect(status(page)).toContainText("Turn 2 of 2 · Player 1");
  // The computer seat played its turn (an `ai` command): the game had no help, here or on the server.
  await expect(line).toHaveText("Ranked game");
  await expect(line).toHaveAttribute("data-assisted", "false");
  await page.getByRole("button", { name: /^Pass \(P\)/ }).click();
  await expect(page.getByRole("heading", { name: "Game over" })).toBeVisible();
  const end = page.locator(".blocky-over").getByTestId("ranked-line");
  await expect(end).toHaveAttribute("data-kind", "ranked");
  await expect(end).toHaveAttribute("data-assisted", "false");
  await expect(end).not.toContainText("with help");
});

test("a smash in a ranked game is dealt by the server: shown when it comes, then the computer seat plays", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto("/games/blocky");
  // Depth 4: some block above the unit cells is solid on any board (each of levels 1-3 splits by chance).
  await page.getByLabel("Maximum depth").selectOption("4");
  await page.getByLabel("Number of turns").fill("1");
  await page.getByLabel("Players", { exact: true }).selectOption("2");
  await page.getByLabel("Player 1 kind").selectOption("human");
  await page.getByLabel("Player 2 kind").selectOption("smart");
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page.getByTestId("ranked-line").first()).toHaveAttribute("data-kind", "ranked");
  await page.getByRole("button", { name: "Start playing" }).click();
  const board = page.getByRole("application", { name: /Blocky board/ });
  const box = await board.boundingBox();
  if (!box) throw new Error("no board");
  // At the unit cells' level a cell picks the solid block holding it: the first one above a unit cell is smashed.
  for (let i = 0; i < 3; i++) await page.getByRole("button", { name: /^Smaller \(S\)/ }).click();
  await expect(page.getByText("Level 4 of 4")).toBeVisible();
  let smashed = false;
  for (let cell = 0; cell < 256 && !smashed; cell++) {
    const [row, col] = [Math.floor(cell / 16), cell % 16];
    await page.mouse.click(box.x + ((col + 0.5) * box.width) / 16, box.y + ((row + 0.5) * box.height) / 16);
    if (/at level 4/.test((await board.getAttribute("aria-label")) ?? "")) continue;
    await page.getByRole("button", { name: /^Smash \(Space\)/ }).click();
    smashed = true;
  }
  expect(smashed).toBe(true);
  // The server deals the smash's children: the move is then shown, and the computer seat's turn comes.
  await expect(page.locator(".blocky-log li").last()).toHaveText(/^Player 1 smashed a block/);
  await waitForComputer(page, "over");
  await expect(page.locator(".blocky-log li").first()).toHaveText(/^Player 2 /);
});

test("plays human against smart with the keyboard only (reduced motion)", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await setUp(page, 12, 2);
  const board = page.getByRole("application", { name: /Blocky board/ });
  await board.focus();
  await expect(board).toBeFocused();
  await expect(page.getByText("Level 1 of 2")).toBeVisible();

  // Arrows move the selection at the current level: from the upper-left to the upper-right block.
  await expect(board).toHaveAccessibleName(/at level \d, rows 1-2, columns 1-2/);
  await page.keyboard.press("ArrowRight");
  await expect(board).toHaveAccessibleName(/at level \d, rows 1-2, columns 3-4/);
  await page.keyboard.press("ArrowDown");
  await expect(board).toHaveAccessibleName(/rows 3-4, columns 3-4/);
  await shot(page, "blocky-keyboard");
  // W goes up to the top level; D rotates it clockwise.
  await page.keyboard.press("w");
  await expect(page.getByText("Level 0 of 2")).toBeVisible();
  await expect(board).toHaveAccessibleName(/split block at level 0/);
  await page.keyboard.press("d");
  await expect(message(page)).toContainText("Player 1 rotated a block clockwise");
  // The computer's block is marked without the pulsing animation.
  await expect(page.locator(".blocky-mark.is-pending")).toHaveCSS("animation-name", "none");
  await waitForComputer(page, 2);

  // S twice reaches the unit cells; Space (smash) on a unit cell is refused and costs nothing.
  await board.focus();
  await page.keyboard.press("s");
  await page.keyboard.press("s");
  await expect(page.getByText("Level 2 of 2")).toBeVisible();
  await page.keyboard.press(" ");
  await expect(message(page)).toContainText("Can't smash");
  await expect(status(page)).toContainText("Turn 2 of 2 · Player 1");
  // P passes (Tab only moves the focus).
  await page.keyboard.press("p");
  await expect(message(page)).toContainText(/Player 1 passed|Player 2/);
  await waitForComputer(page, "over");
  await expect(page.getByRole("button", { name: "Play again" })).toBeFocused();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test("fits a 360 x 640 phone and plays by touch", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/games/blocky?seed=5");
    await page.getByLabel("Maximum depth").selectOption("4");
    await page.getByLabel("Player 2 kind").selectOption("random");
    await shot(page, "blocky-setup-phone");
    await page.getByRole("button", { name: "Start game" }).tap();
    await page.getByRole("button", { name: "Start playing" }).tap();
    const board = page.getByRole("application", { name: /Blocky board/ });
    const box = await board.boundingBox();
    if (!box) throw new Error("no board");
    expect(box.width).toBeGreaterThan(250);
    await page.touchscreen.tap(box.x + box.width * 0.8, box.y + box.height * 0.2);
    await expect(board).toHaveAccessibleName(/at level 1, rows 1-8, columns 9-16/);
    await page.getByRole("button", { name: /^Bigger \(W\)/ }).tap();
    await page.getByRole("button", { name: /^Swap V \(E\)/ }).tap();
    const log = page.getByRole("list", { name: /Recent moves/ });
    await expect(log).toContainText("Player 1 swapped a block vertically");
    await expect(log.getByRole("listitem").first()).toContainText(/Player 2/);
    await expect(status(page)).toContainText("Turn 2 of 5 · Player 1");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await shot(page, "blocky-phone");
  });
});

test("draws a depth-6 board crisply on a wide screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/games/blocky?seed=3");
  await page.getByLabel("Maximum depth").selectOption("6");
  await page.getByRole("button", { name: "Start game" }).click();
  await page.getByRole("button", { name: "Start playing" }).click();
  await page.getByRole("button", { name: /^Smaller \(S\)/ }).click();
  await page.getByRole("button", { name: /^Smaller \(S\)/ }).click();
  const board = page.getByRole("application", { name: /Blocky board/ });
  const box = await board.boundingBox();
  if (!box) throw new Error("no board");
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6);
  await expect(board).toHaveAccessibleName(/Selected/);
  await shot(page, "blocky-desktop-depth6");
});

test("a reload lands in the saved game; Setup offers it again; a corrupt save is ignored", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await setUp(page, 21, 2);
  const board = page.getByRole("application", { name: /Blocky board/ });
  await board.focus();
  await page.keyboard.press("w");
  await page.keyboard.press("a");
  await waitForComputer(page, 2);
  const before = await boardColours(page);
  const scores = await page.locator(".blocky-player-score").allTextContents();
  await page.reload();
  // Straight back into the game, no setup page in between.
  await expect(status(page)).toContainText("Turn 2 of 2 · Player 1");
  await expect(page.getByRole("button", { name: "Start game" })).toHaveCount(0);
  expect(await boardColours(page)).toBe(before);
  expect(await page.locator(".blocky-player-score").allTextContents()).toEqual(scores);
  // The setup page is one tap away and offers the game again.
  await page.getByRole("button", { name: "Setup", exact: true }).click();
  await page.getByRole("button", { name: "Resume saved game" }).click();
  await expect(status(page)).toContainText("Turn 2 of 2 · Player 1");
  expect(await boardColours(page)).toBe(before);

  await page.evaluate(() =>
    localStorage.setItem("blockarcade-blocky-game", '{"game":"blocky","tree":["B"]}'),
  );
  await page.reload();
  await expect(page.getByRole("button", { name: "Start game" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume saved game" })).toHaveCount(0);
});

/** The toolbar button for an engine action, as the hint names it. */
const ACTION_BUTTONS: Record<string, RegExp> = {
  rotate_cw: /^Rotate CW \(D\)/,
  rotate_ccw: /^Rotate CCW \(A\)/,
  swap_h: /^Swap H \(Q\)/,
  swap_v: /^Swap V \(E\)/,
  smash: /^Smash \(Space\)/,
  paint: /^Paint \(R\)/,
  combine: /^Combine \(C\)/,
};

test("Hint outlines the expert's move at its level without playing it; the named action plays it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await setUp(page, 11, 2);
  const before = await boardColours(page);
  await page.getByTestId("hint").click();
  const hint = page.getByTestId("blocky-hint");
  await expect(hint).toBeVisible();
  await expect(message(page)).toContainText(/Hint: \w+ the outlined .* \(level \d\): .+\./);
  const action = (await hint.getAttribute("data-action")) as string;
  const level = await hint.getAttribute("data-level");
  // Shown, not played: same board, still player 1's move; the selection went to the hinted level.
  expect(await boardColours(page)).toBe(before);
  await expect(status(page)).toContainText("Turn 1 of 2 · Player 1");
  await expect(page.getByText(`Level ${level} of 2`)).toBeVisible();
  await shot(page, "blocky-hint");
  // The selection is the hinted block, so the named action's button plays the hint; the outline goes.
  await page.getByRole("button", { name: ACTION_BUTTONS[action] as RegExp }).click();
  await expect(message(page)).toContainText(/Player 1 \w+ed/);
  await expect(hint).toHaveCount(0);
  expect(await boardColours(page)).not.toBe(before);
});

test("H asks for a hint from the keyboard; the outline goes when the position changes", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await setUp(page, 12, 2);
  const board = page.getByRole("application", { name: /Blocky board/ });
  await board.focus();
  await page.keyboard.press("h");
  await expect(page.getByTestId("blocky-hint")).toBeVisible();
  await expect(message(page)).toContainText("Hint: ");
  // A pass (P) is a new position: the hint is gone.
  await page.keyboard.press("p");
  await expect(page.getByTestId("blocky-hint")).toHaveCount(0);
  await waitForComputer(page, 2);
  await expect(page.getByTestId("blocky-hint")).toHaveCount(0);
});

test("Watch plays the human seat too, at the chosen pace, until the player takes over", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/games/blocky?seed=14");
  await page.getByLabel("Maximum depth").selectOption("3");
  await page.getByLabel("Number of turns").fill("6");
  await page.getByLabel("Player 2 kind").selectOption("expert");
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page.locator(".blocky-goal-card").nth(1)).toContainText("Player 2 (expert computer)");
  await page.getByRole("button", { name: "Start playing" }).click();
  await page.getByTestId("watch-speed").selectOption("fast");
  await page.getByTestId("watch").click();
  await expect(page.getByTestId("watch")).toHaveText("Take over");
  const log = page.getByRole("list", { name: /Recent moves/ });
  // The computer plays player 1's moves as well as player 2's.
  await expect(log).toContainText(/Player 1 \w+ed/);
  await expect(status(page)).toContainText(/Turn [3-6] of 6/, { timeout: 30_000 });
  await shot(page, "blocky-watching");
  // A move of the player's own (a level key) takes over: watching stops on player 1's turn.
  await page.getByRole("application", { name: /Blocky board/ }).focus();
  await page.keyboard.press("w");
  await expect(page.getByTestId("watch")).toHaveText("Watch");
  // A move already under way finishes, the computer seat answers, then the controls are the player's.
  await expect(page.getByRole("button", { name: /^Pass \(P\)/ })).toBeEnabled({ timeout: 30_000 });
  await expect(status(page)).toContainText(/Player 1 \(human\)/);
  const turn = await status(page).textContent();
  await page.waitForTimeout(1200);
  await expect(status(page)).toHaveText(turn as string);
});

test.describe("hint on a phone", () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test("a tap on Hint outlines the move; the controls fit the screen", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/games/blocky?seed=5");
    await page.getByLabel("Maximum depth").selectOption("3");
    await page.getByRole("button", { name: "Start game" }).tap();
    await page.getByRole("button", { name: "Start playing" }).tap();
    await page.getByTestId("hint").tap();
    await expect(page.getByTestId("blocky-hint")).toBeVisible();
    await expect(message(page)).toContainText("Hint: ");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await shot(page, "blocky-hint-phone");
  });
});
