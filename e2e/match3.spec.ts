import type { Page } from "@playwright/test";
import { expect, shot, test } from "./fixtures";

/** The field as drawn: one string per row, active cells in brackets-free form plus their keys. */
async function field(page: Page): Promise<{ rows: string[]; active: string[] }> {
  return page.locator('[data-testid="match3-field"]').evaluate((el) => {
    const cols = Number((el as HTMLElement).style.getPropertyValue("--cols"));
    const cells = [...el.querySelectorAll<HTMLElement>(".match3-cell")];
    const rows: string[] = [];
    const active: string[] = [];
    cells.forEach((cell, i) => {
      const r = Math.floor(i / cols);
      const c = i % cols;
      rows[r] = (rows[r] ?? "") + (cell.dataset.symbol ?? "?");
      if (cell.classList.contains("is-active")) active.push(`${r},${c}`);
    });
    return { rows, active };
  });
}

const EMPTY = ".....";

test("init line: the spec's prompt, a clear error, then the spec's example on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/games/match3");
  // The setup opens on Arcade; the spec's prompt is Classic's typed line.
  await page.getByTestId("match3-mode-classic").click();
  await page.getByTestId("match3-type-line").click();
  const input = page.getByLabel("Please enter field size (width and height) and up to 5 bricks set:");
  await expect(input).toBeVisible();
  await input.fill("5 8 H^^");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    'Invalid input: brick 1 "H^^" is not valid: a brick is H or V followed by exactly 3 of ^ * @ ~ (e.g. H^^*).',
  );
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await shot(page, "match3-setup-error");
  await input.fill("5 8 H^^* V*@^");
  await input.press("Enter");
  const f = await field(page);
  expect(f.rows).toEqual([".^^*.", ...Array(7).fill(EMPTY)]);
  expect(f.active).toEqual(["0,1", "0,2", "0,3"]);
  await expect(page.getByTestId("match3-next")).toContainText("V*@^");
  await shot(page, "match3-phone");
  // The whole field and the command pad fit a 360 x 640 screen without scrolling sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("keyboard: the spec's example played with L, D and Enter, to the end and back", async ({ page }) => {
  await page.goto("/games/match3?input=5%208%20H%5E%5E*%20V*%40%5E");
  await expect(page.getByTestId("match3-field")).toBeVisible();
  await page.keyboard.press("l");
  await expect(page.getByTestId("match3-pending")).toContainText("L (1 of 2)");
  expect((await field(page)).active).toEqual(["0,0", "0,1", "0,2"]);
  await page.keyboard.press("ArrowRight"); // second command: the frame runs (L R, then the drop)
  await expect(page.getByTestId("match3-frame")).toHaveText("2");
  expect((await field(page)).active).toEqual(["1,1", "1,2", "1,3"]);
  await page.keyboard.press("d");
  await page.keyboard.press("Enter"); // one command is enough with Enter
  let f = await field(page);
  expect(f.rows[7]).toBe(".^^*.");
  expect(f.active).toEqual(["0,2", "1,2", "2,2"]);
  await page.keyboard.press("Enter"); // no command: the automatic drop only
  expect((await field(page)).active).toEqual(["1,2", "2,2", "3,2"]);
  await page.keyboard.press("D");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("match3-over")).toContainText("No bricks left.");
  await expect(page.getByTestId("match3-over")).toContainText("Enter S to start over or Q to quit");
  f = await field(page);
  expect(f.rows).toEqual([EMPTY, EMPTY, EMPTY, EMPTY, "..*..", "..@..", "..^..", ".^^*."]);
  expect(f.active).toEqual([]);
  await shot(page, "match3-over");
  await page.keyboard.press("s");
  await expect(page.getByLabel(/Please enter field size/)).toHaveValue("5 8 H^^* V*@^");
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("button", { name: "Quit Match-3" }).click();
  // The goodbye line shows once (it used to show twice).
  await expect(page.getByText("Thank you for playing Match-3!")).toHaveCount(1);
  await expect(page.getByText("Thank you for playing Match-3!")).toBeVisible();
  await page.getByRole("link", { name: "Back to the arcade" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("touch: the on-screen pad moves and drops", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  // 5 x 4: L then D (two taps run the frame): the brick lands at the bottom left, the next spawns.
  await page.goto("/games/match3?input=5%204%20H%5E*%40%20H~~%40");
  await page.getByRole("button", { name: "Left (L)" }).tap();
  await expect(page.getByTestId("match3-pending")).toContainText("L (1 of 2)");
  await page.getByRole("button", { name: "Drop (D)" }).tap();
  let f = await field(page);
  expect(f.rows[3]).toBe("^*@..");
  expect(f.active).toEqual(["0,1", "0,2", "0,3"]);
  await page.getByRole("button", { name: /Next frame/ }).tap();
  f = await field(page);
  expect(f.active).toEqual(["1,1", "1,2", "1,3"]);
  await expect(page.getByTestId("match3-frame")).toHaveText("3");
  await shot(page, "match3-touch");
  expect(errors).toEqual([]);
  await context.close();
});

test("a lock that lines up three removes them, with no gravity; desktop layout", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // V^^^ lands as a vertical run of three and vanishes at once.
  await page.goto("/games/match3?input=3%203%20V%5E%5E%5E%20H**~");
  await page.getByRole("button", { name: /Next frame/ }).click();
  await expect(page.getByTestId("match3-score")).toHaveText("3");
  await expect(page.getByTestId("match3-live")).toContainText("Matched and removed 3 cells.");
  const f = await field(page);
  expect(f.rows).toEqual(["**~", "...", "..."]);
  await page.goto("/games/match3?input=7%2012%20H%5E*%40%20V~%40~%20H*%5E*%20V%40%40~%20H~~%5E");
  // The screen is loaded on demand: wait for it before pressing keys.
  await expect(page.getByTestId("match3-field")).toBeVisible();
  // D then Enter in the same tick, faster than any render: both must count.
  await page.evaluate(() => {
    for (const key of ["D", "Enter"]) window.dispatchEvent(new KeyboardEvent("keydown", { key }));
  });
  expect((await field(page)).rows[11]).toBe("..^*@..");
  await page.keyboard.press("l");
  await page.keyboard.press("l");
  await shot(page, "match3-desktop");
  // Every button on the screen has an accessible name.
  const names = await page
    .getByRole("button")
    .evaluateAll((els) => els.map((el) => (el.getAttribute("aria-label") ?? el.textContent ?? "").trim()));
  expect(names.length).toBeGreaterThan(5);
  expect(names.every((n) => n.length > 0)).toBe(true);
});

const SAVE_KEY = "blockarcade-match3-game";
// 5 x 8: H^^* lands bottom left, V~** lands on its * and the three * vanish (score 3), then more.
const RESUME_INPUT = "5 8 H^^* V~** H@~@ V^@^ H*~*";

/** Everything the screen shows of a game: field, brick, next brick, frame, score, pending commands. */
async function snapshot(page: Page) {
  return {
    ...(await field(page)),
    next: await page.getByTestId("match3-next").textContent(),
    frame: await page.getByTestId("match3-frame").textContent(),
    score: await page.getByTestId("match3-score").textContent(),
    // Gone once the game is over: then the snapshot says so instead of waiting for it.
    pending: (await page.getByTestId("match3-pending").count())
      ? await page.getByTestId("match3-pending").textContent()
      : "over",
  };
}

async function pressAll(page: Page, keys: string[]): Promise<void> {
  for (const key of keys) await page.keyboard.press(key);
}

const BEFORE_RELOAD = ["l", "d", "d", "Enter", "r", "r", "l"];
const AFTER_RELOAD = ["Enter", "r", "d", "l"];

test("a reload in the middle of a game resumes it exactly, and it plays on", async ({ page, browser }) => {
  await page.goto(`/games/match3?seed=4&input=${encodeURIComponent(RESUME_INPUT)}`);
  await expect(page.getByTestId("match3-field")).toBeVisible();
  // The field started; `input` leaves the address so that a reload does not start it again.
  await expect(page).toHaveURL(/\/games\/match3\?seed=4$/);
  await pressAll(page, BEFORE_RELOAD);
  await expect(page.getByTestId("match3-frame")).toHaveText("4");
  await expect(page.getByTestId("match3-score")).toHaveText("3");
  await expect(page.getByTestId("match3-pending")).toContainText("L (1 of 2)");
  const before = await snapshot(page);
  expect(before.active).toHaveLength(3);

  await page.reload();
  await expect(page.getByTestId("match3-field")).toBeVisible();
  expect(await snapshot(page)).toEqual(before);
  await expect(page.getByTestId("match3-live")).toHaveText("Game resumed at frame 4.");
  await shot(page, "match3-resumed");

  await pressAll(page, AFTER_RELOAD);
  await expect(page.getByTestId("match3-frame")).toHaveText("6");
  await expect(page.getByTestId("match3-pending")).toContainText("L (1 of 2)");
  const resumed = await snapshot(page);

  // The same keys without a reload, in a fresh browser: the very same position.
  const context = await browser.newContext();
  const reference = await context.newPage();
  await reference.goto(`/games/match3?seed=4&input=${encodeURIComponent(RESUME_INPUT)}`);
  await expect(reference.getByTestId("match3-field")).toBeVisible();
  await pressAll(reference, [...BEFORE_RELOAD, ...AFTER_RELOAD]);
  await expect(reference.getByTestId("match3-frame")).toHaveText(resumed.frame ?? "");
  expect(await snapshot(reference)).toEqual(resumed);
  await context.close();
});

test("a finished game shows its end panel after a reload; S or Q clears it", async ({ page }) => {
  await page.goto("/games/match3?input=3%203%20V%5E%5E%5E%20H**~");
  await expect(page.getByTestId("match3-field")).toBeVisible();
  for (let i = 0; i < 6 && !(await page.getByTestId("match3-over").isVisible()); i++) {
    await page.keyboard.press("Enter");
  }
  await expect(page.getByTestId("match3-over")).toContainText("Cells removed: 3.");
  const end = await field(page);
  await page.reload();
  await expect(page.getByTestId("match3-over")).toContainText("Enter S to start over or Q to quit");
  await expect(page.getByTestId("match3-over")).toContainText("Cells removed: 3.");
  expect(await field(page)).toEqual(end);
  await page.keyboard.press("s");
  await page.reload();
  // Start over cleared the save: the setup screen, with the last line ready.
  await expect(page.getByLabel(/Please enter field size/)).toHaveValue("3 3 V^^^ H**~");
});

test("a corrupt, foreign or tampered save is ignored: the setup screen, no error", async ({ page }) => {
  await page.goto("/games/match3?input=5%208%20H%5E%5E*%20V*%40%5E");
  await expect(page.getByTestId("match3-field")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("match3-frame")).toHaveText("2");
  const good = await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  if (good === null) throw new Error("nothing saved");
  const saved = JSON.parse(good);
  const runOfThree = {
    ...saved,
    state: { ...saved.state, board: [...saved.state.board.slice(0, 7), "^^^.."] },
  };
  const brokenBrick = {
    ...saved,
    state: { ...saved.state, active: { cells: saved.state.active.cells.slice(0, 2) } },
  };
  const bad = [
    good.slice(0, -9),
    "not json at all",
    JSON.stringify({ ...saved, game: "blast" }),
    JSON.stringify(runOfThree),
    JSON.stringify(brokenBrick),
  ];
  for (const text of bad) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SAVE_KEY, text] as const);
    await page.reload();
    await expect(page.getByLabel(/Please enter field size/)).toHaveValue("5 8 H^^* V*@^");
    await expect(page.getByTestId("match3-field")).toHaveCount(0);
  }
  // The untouched save still resumes: the refusals above were the tampering, not the reload.
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SAVE_KEY, good] as const);
  await page.reload();
  await expect(page.getByTestId("match3-frame")).toHaveText("2");
  // ... and plays on with the mouse: D then Next frame lands the brick on the bottom row.
  await page.getByRole("button", { name: "Drop (D)" }).click();
  await page.getByRole("button", { name: /Next frame/ }).click();
  await expect(page.getByTestId("match3-frame")).toHaveText("3");
  expect((await field(page)).rows[7]).toBe(".^^*.");
});

test("Restart starts the same field again through the engine, and the save follows", async ({ page }) => {
  await page.goto("/games/match3?input=5%208%20H%5E%5E*%20V*%40%5E");
  await expect(page.getByTestId("match3-field")).toBeVisible();
  await pressAll(page, ["d", "Enter", "l"]);
  await expect(page.getByTestId("match3-frame")).toHaveText("2");
  expect((await field(page)).rows[7]).toBe(".^^*.");
  await page.getByRole("button", { name: "Restart" }).click();
  await expect(page.getByTestId("match3-frame")).toHaveText("1");
  await expect(page.getByTestId("match3-pending")).toContainText("(0 of 2)");
  await expect(page.getByTestId("match3-live")).toHaveText("Game started.");
  const fresh = await field(page);
  expect(fresh.rows).toEqual([".^^*.", ...Array(7).fill(EMPTY)]);
  await page.reload();
  await expect(page.getByTestId("match3-frame")).toHaveText("1");
  expect(await field(page)).toEqual(fresh);
});

/** Cells the hint outlines, as `row,col` keys. */
async function hinted(page: Page): Promise<string[]> {
  return page.locator('[data-testid="match3-field"]').evaluate((el) => {
    const cols = Number((el as HTMLElement).style.getPropertyValue("--cols"));
    return [...el.querySelectorAll<HTMLElement>(".match3-cell")]
      .map((cell, i) => (cell.classList.contains("is-hint") ? `${Math.floor(i / cols)},${i % cols}` : ""))
      .filter((k) => k !== "");
  });
}

test("hint by mouse and by keyboard: the brick's place outlined, the commands and the reason; nothing played", async ({
  page,
}) => {
  await page.goto(`/games/match3?input=${encodeURIComponent("5 8 H^^* V*@^ H@@^ V~~^ H~@~")}`);
  await expect(page.getByTestId("match3-field")).toBeVisible();
  await page.getByTestId("hint").click();
  await expect(page.getByTestId("match3-hint")).toContainText("Hint:");
  await expect(page.getByTestId("match3-live")).toContainText("Hint:");
  expect(await hinted(page)).toHaveLength(3);
  await expect(page.getByTestId("match3-frame")).toHaveText("1");
  expect((await field(page)).active).toEqual(["0,1", "0,2", "0,3"]);
  await shot(page, "match3-hint");
  // A command of the player's own hides it; H shows it again for the new position.
  await page.keyboard.press("l");
  await expect(page.getByTestId("match3-hint")).toHaveCount(0);
  expect(await hinted(page)).toEqual([]);
  await page.getByRole("button", { name: "Clear commands" }).click();
  await page.keyboard.press("h");
  await expect(page.getByTestId("match3-hint")).toBeVisible();
  expect(await hinted(page)).toHaveLength(3);
  // Following a one-command hint puts the brick on the outline (two would run the frame).
  await page.getByRole("button", { name: "Right (R)" }).click();
  await page.getByRole("button", { name: "Drop (D)" }).click(); // frame 2: ..^^* on the floor
  await page.keyboard.press("h");
  await expect(page.getByTestId("match3-hint")).toBeVisible();
  expect(await hinted(page)).toHaveLength(3);
});

test("hint by touch on a phone: the tapped Hint outlines the one landing that removes cells", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto(`/games/match3?input=${encodeURIComponent("5 6 H^^@ V**^")}`);
  await expect(page.getByTestId("match3-field")).toBeVisible();
  // Frame 1: the H brick drops to the floor one column right (R D): ..^^@ on the floor.
  await page.getByRole("button", { name: "Right (R)" }).tap();
  await page.getByRole("button", { name: "Drop (D)" }).tap();
  expect((await field(page)).rows[5]).toBe("..^^@");
  await page.getByTestId("hint").tap();
  await expect(page.getByTestId("match3-hint")).toContainText("L D");
  await expect(page.getByTestId("match3-hint")).toContainText("removes 3 cells");
  expect(await hinted(page)).toEqual(["3,1", "4,1", "5,1"]);
  await shot(page, "match3-hint-phone");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test("watch: the computer plays frames at the chosen pace; a key of the player's takes over", async ({
  page,
}) => {
  await page.goto(`/games/match3?input=${encodeURIComponent("8 12 H^^* V*@^ H@@^ V~~^ H~@~")}`);
  await expect(page.getByTestId("match3-field")).toBeVisible();
  await page.getByTestId("watch-speed").selectOption("fast");
  await page.keyboard.press("v");
  await expect(page.getByTestId("watch")).toHaveText("Take over");
  await expect(page.getByTestId("match3-frame")).not.toHaveText("1");
  await shot(page, "match3-watching");
  await page.keyboard.press("l");
  await expect(page.getByTestId("watch")).toHaveText("Watch");
  const frame = await page.getByTestId("match3-frame").textContent();
  await page.waitForTimeout(600);
  await expect(page.getByTestId("match3-frame")).toHaveText(frame ?? "");
  await expect(page.getByTestId("match3-pending")).toContainText("L (1 of 2)");
  // Watching to the end: the computer plays the field out and the end panel shows.
  await page.getByTestId("watch").click();
  await expect(page.getByText("Enter S to start over or Q to quit")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("match3-score")).not.toHaveText("0");
});
