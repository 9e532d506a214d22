import type { Page } from "@playwright/test";
import { expect, shot, test } from "./fixtures";
import { fits, placements, readSaved, touchDrag } from "./helpers";

/** The game as the screen saved it (the runner saves after every accepted command). */
interface Stored {
  board: string[];
  tray: ({ shape: string[]; colour: string } | null)[];
  score: number;
  over: boolean;
  config: { rows: number; cols: number };
  [key: string]: unknown;
}

const GAME_KEY = "blockarcade-puzzle-game";
/** apps/web/src/games/tray/drag-feel.ts TOUCH_LIFT_PX: a touched block rides this far above the finger. */
const TOUCH_LIFT = 40;

const stored = (page: Page) => readSaved<Stored>(page, GAME_KEY);

/** Every fitting placement, in row-major order per block. */
const moves = (s: Stored) => placements(s.board, s.tray);

async function centre(page: Page, selector: string): Promise<{ x: number; y: number; w: number; h: number }> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not visible`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, w: box.width, h: box.height };
}

/** The centre of a tray block's top-left cell: grabbing there puts that cell under the pointer. */
async function grabPoint(page: Page, piece: number, shape: string[]) {
  const box = await page.locator(`[data-piece="${piece}"] .puzzle-mini`).boundingBox();
  if (!box) throw new Error("tray block not visible");
  const cw = box.width / (shape[0]?.length ?? 1);
  const ch = box.height / shape.length;
  return { x: box.x + cw / 2, y: box.y + ch / 2 };
}

/** Drags a tray block with the mouse so its top-left cell is over (row, col); optionally holds. */
async function mouseDrag(
  page: Page,
  piece: number,
  shape: string[],
  row: number,
  col: number,
  release = true,
) {
  const to = await centre(page, `[data-cell="${row},${col}"]`);
  await mouseDragTo(page, piece, shape, to, release);
}

/** Drags a tray block with the mouse, grabbed by its top-left cell, to a point; optionally holds. */
async function mouseDragTo(
  page: Page,
  piece: number,
  shape: string[],
  to: { x: number; y: number },
  release = true,
) {
  const from = await grabPoint(page, piece, shape);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y - 10, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  if (release) await page.mouse.up();
}

/** Counts the tones the page makes (WebAudio oscillators), to check the mute setting. */
async function countOscillators(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { oscillators: number };
    w.oscillators = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.oscillators++;
      return original.call(this);
    };
  });
}

test.describe("Block Puzzle", () => {
  test("8 x 8 seeded game: drag to place, clear highlight, line clear and snap-back", async ({ page }) => {
    await countOscillators(page);
    await page.goto("/games/puzzle?seed=1");
    await expect(page.locator(".puzzle-cell")).toHaveCount(64);
    await expect(page.locator(".puzzle-slot[data-piece]")).toHaveCount(3);
    // The seed is dropped from the URL so a reload resumes instead of restarting.
    await expect(page).toHaveURL(/\/games\/puzzle$/);
    await shot(page, "puzzle-start");

    // Place the first block by dragging it with the mouse.
    let s = await stored(page);
    const first = moves(s).find((m) => m.piece === 0);
    if (!first) throw new Error("no move for block 1");
    const shape0 = s.tray[0]?.shape ?? [];
    // The snap animation: record every board cell that starts snapping into place after the drop.
    await page.evaluate(() => {
      const w = window as unknown as { snapped: string[] };
      w.snapped = [];
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target as HTMLElement;
          if (el.classList?.contains("is-snap")) w.snapped.push(el.dataset.cell ?? "");
        }
        for (const r of records) {
          for (const n of r.addedNodes) {
            const el = n as HTMLElement;
            if (el.classList?.contains("is-snap")) w.snapped.push(el.dataset.cell ?? "");
          }
        }
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["class"],
      });
    });
    await mouseDrag(page, 0, shape0, first.row, first.col);
    await expect(page.locator('[data-piece="0"]')).toHaveCount(0);
    const snapped = await page.evaluate(() => (window as unknown as { snapped: string[] }).snapped);
    expect(snapped).toContain(`${first.row},${first.col + shape0[0]!.indexOf("#")}`);
    s = await stored(page);
    // Sound is on by default: pickup and place tones were made in code.
    expect(
      await page.evaluate(() => (window as unknown as { oscillators: number }).oscillators),
    ).toBeGreaterThanOrEqual(2);
    const cells = shape0.join("").split("#").length - 1;
    expect(s.score).toBe(cells);
    await expect(page.getByTestId("puzzle-score")).toHaveText(String(cells));
    expect(s.board[first.row]?.[first.col + shape0[0]!.indexOf("#")]).not.toBe(".");

    // Snap-back: a block let go where its centre is off the board goes back at once, changing nothing.
    const blockShape = s.tray[1]?.shape ?? [];
    const before = JSON.stringify(s);
    const boardBox = await page.locator(".puzzle-board").boundingBox();
    if (!boardBox) throw new Error("no board");
    await mouseDragTo(
      page,
      1,
      blockShape,
      { x: boardBox.x + boardBox.width / 2, y: boardBox.y - 120 },
      false,
    );
    await expect(page.locator(".puzzle-ghost")).toHaveCount(0);
    await expect(page.locator(".puzzle-floating")).toBeVisible();
    await page.mouse.up();
    await expect(page.locator(".puzzle-floating")).toHaveCount(0);
    await expect(page.locator('[data-piece="1"] .puzzle-mini')).toBeVisible();
    expect(JSON.stringify(await stored(page))).toBe(before);

    // A position one move from a clear, set up through the saved game the screen resumes from.
    const setup: Stored = {
      ...s,
      board: ["........", "........", "..R.....", "........", "........", "........", "BBBBBBB.", "BBBBBB.."],
      tray: [{ shape: ["##"], colour: "#FF0000" }, { shape: ["###", "###", "###"], colour: "#00FF00" }, null],
      score: 50,
      over: false,
    };
    // The engine's load re-validates this on resume; ids and base shapes come from the shape.
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      GAME_KEY,
      JSON.stringify(setup),
    ] as const);
    await page.reload();
    await expect(page.getByTestId("puzzle-score")).toHaveText("50");
    // Keyboard preview: 1 chooses the domino, arrows take it to the bottom-right corner.
    await page.keyboard.press("1");
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowRight");
    }
    await expect(page.locator(".puzzle-hl")).toHaveCount(8);
    await expect(page.locator('[data-cell="7,7"] .puzzle-ghost')).toHaveCSS("opacity", "0.5");
    await shot(page, "puzzle-keyboard-preview");
    await page.keyboard.press("Escape");
    await expect(page.locator(".puzzle-hl")).toHaveCount(0);

    // A refused drop over filled cells: the 3x3 over (5, 0) overlaps row 6, and so does every spot
    // within one cell of it, so the ghost is red where it is, and letting go puts it back (with a
    // shake: e2e/puzzle-feedback.spec.ts), changing nothing.
    const setupState = JSON.stringify(await stored(page));
    for (const dr of [-1, 0, 1]) {
      for (const dc of [-1, 0, 1]) expect(fits(setup.board, ["###", "###", "###"], 5 + dr, dc)).toBe(false);
    }
    expect(fits(setup.board, ["##"], 7, 6)).toBe(true);
    expect(fits(setup.board, ["##"], 6, 5)).toBe(false);
    await mouseDrag(page, 1, ["###", "###", "###"], 5, 0, false);
    await expect(page.locator(".puzzle-floating")).toBeVisible();
    await expect(page.locator(".puzzle-ghost.is-blocked")).toHaveCount(9);
    await expect(page.locator(".puzzle-ghost:not(.is-blocked)")).toHaveCount(0);
    await expect(page.locator(".puzzle-hl")).toHaveCount(0);
    await shot(page, "puzzle-invalid-drag");
    await page.mouse.up();
    await expect(page.locator(".puzzle-floating")).toHaveCount(0);
    await expect(page.locator('[data-piece="1"] .puzzle-mini')).toBeVisible();
    expect(JSON.stringify(await stored(page))).toBe(setupState);

    // A forgiving drop: held one cell off (over 7,5, which is filled), the domino snaps to the only
    // fitting spot within one cell, (7, 6), and the preview shows it there before the release.
    await mouseDrag(page, 0, ["##"], 7, 5, false);
    await expect(page.locator('[data-cell="7,5"] .puzzle-ghost')).toHaveCount(0);
    await expect(page.locator('[data-cell="7,7"] .puzzle-ghost')).toHaveCount(1);
    // Preview: 2 cells at 50%; the whole bottom row highlighted in the block's colour, framed.
    await expect(page.locator(".puzzle-ghost:not(.is-blocked)")).toHaveCount(2);
    await expect(page.locator(".puzzle-hl")).toHaveCount(8);
    await expect(page.locator(".puzzle-line.is-row")).toHaveCount(1);
    const hl = page.locator('[data-cell="7,0"] .puzzle-hl');
    await expect(hl).toHaveCSS("opacity", "0.55");
    await expect(hl).toHaveCSS("background-color", "rgb(255, 0, 0)");
    await expect(page.locator('[data-cell="7,6"] .puzzle-ghost')).toHaveCSS("opacity", "0.5");
    // Grid lines stay visible: the highlight sits inside the cell, the 1 px gaps keep #CCCCCC.
    await expect(page.locator(".puzzle-board")).toHaveCSS("background-color", "rgb(204, 204, 204)");
    await expect(page.locator(".puzzle-board")).toHaveCSS("gap", "1px");
    await shot(page, "puzzle-clear-highlight");
    await page.mouse.up();
    await expect(page.getByTestId("puzzle-score")).toHaveText(String(50 + 2 + 12));
    await expect(page.locator('[data-cell="7,0"]')).not.toHaveAttribute("data-filled", "1");
    await shot(page, "puzzle-after-clear");
    s = await stored(page);
    expect(s.board[7]).toBe("........");
  });

  test("10 x 6 seeded game played to the end with keyboard, touch and taps", async ({ page }) => {
    await page.goto("/games/puzzle?seed=7&rows=10&cols=6");
    await expect(page.locator(".puzzle-cell")).toHaveCount(60);
    const board = await page.locator(".puzzle-board").boundingBox();
    expect(board && board.height / board.width).toBeCloseTo(10 / 6, 1);

    // Keyboard: 1 chooses block 1, its preview appears; Escape puts it back; Enter places it.
    await page.keyboard.press("1");
    await expect(page.locator(".puzzle-ghost")).not.toHaveCount(0);
    await expect(page.locator('[data-piece="0"]')).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Escape");
    await expect(page.locator(".puzzle-ghost")).toHaveCount(0);
    await page.keyboard.press("1");
    await page.keyboard.press("Tab");
    await expect(page.locator('[data-piece="1"]')).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowUp");
    await shot(page, "puzzle-10x6-keyboard");
    let s = await stored(page);
    const ghostCells = await page.locator(".puzzle-ghost").count();
    expect(ghostCells).toBe((s.tray[1]?.shape.join("") ?? "").split("#").length - 1);
    await page.keyboard.press("Enter");
    await expect(page.locator('[data-piece="1"]')).toHaveCount(0);
    expect((await stored(page)).score).toBeGreaterThan(0);

    // Touch: a real touch drag (Chromium turns touch into pointer events of type "touch").
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
    s = await stored(page);
    const touchMove = moves(s).find((m) => m.piece !== 1);
    if (!touchMove) throw new Error("no move for touch");
    const tShape = s.tray[touchMove.piece]?.shape ?? [];
    const from = await grabPoint(page, touchMove.piece, tShape);
    const to = await centre(page, `[data-cell="${touchMove.row},${touchMove.col}"]`);
    // The block rides TOUCH_LIFT above the finger: the finger goes that far below the target cell.
    await touchDrag(cdp, from, { x: to.x, y: to.y + TOUCH_LIFT }, 8, async () => {
      await expect(page.locator(".puzzle-ghost")).not.toHaveCount(0);
    });
    await expect(page.locator(`[data-piece="${touchMove.piece}"]`)).toHaveCount(0);
    const afterTouch = await stored(page);
    expect(afterTouch.board[touchMove.row]).not.toBe(s.board[touchMove.row]);
    await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: false });

    // Then play on to the end: choose a block with its number key, tap where its centre goes.
    for (let turn = 0; turn < 200; turn++) {
      s = await stored(page);
      if (s.over) break;
      const m = moves(s)[0];
      if (!m) throw new Error("the screen says the game goes on but nothing fits");
      const shape = s.tray[m.piece]?.shape ?? [];
      const r = m.row + Math.floor((shape.length - 1) / 2);
      const c = m.col + Math.floor(((shape[0]?.length ?? 1) - 1) / 2);
      await page.keyboard.press(String(m.piece + 1));
      await page.locator(`[data-cell="${r},${c}"]`).click();
      await expect.poll(async () => (await stored(page)).score).toBeGreaterThan(s.score);
    }
    s = await stored(page);
    expect(s.over).toBe(true);
    const dialog = page.getByRole("dialog", { name: "Game over" });
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("puzzle-final")).toHaveText(String(s.score));
    await expect(dialog.getByRole("button", { name: "Play again" })).toBeFocused();
    await shot(page, "puzzle-game-over");
    const best = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("blockarcade-puzzle-best") ?? "{}"),
    );
    expect(best["10x6"]).toBe(s.score);

    await dialog.getByRole("button", { name: "Play again" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("puzzle-score")).toHaveText("0");
    await expect(page.locator(".puzzle-cell")).toHaveCount(60);
    await expect(page.getByTestId("puzzle-best")).toHaveText(String(s.score));
  });

  test("new-game screen picks rows and columns; corrupt storage is ignored", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => {
      localStorage.setItem("blockarcade-puzzle-game", '{"game":"puzzle","board":[1,2');
      localStorage.setItem("blockarcade-puzzle-best", '{"12x7": 345, "8x8": "lots", "99x1": 5}');
    });
    await page.goto("/games/puzzle");
    await expect(page.getByRole("heading", { name: "New game" })).toBeVisible();
    await page.getByLabel("Rows").selectOption("12");
    await page.getByLabel("Columns").selectOption("7");
    await expect(page.getByText("Best on 12 x 7: 345")).toBeVisible();
    await page.getByLabel("Columns").selectOption("8");
    await expect(page.getByText("No best score on 12 x 8 yet")).toBeVisible();
    await page.getByLabel("Columns").selectOption("7");
    await shot(page, "puzzle-new-game");
    await page.getByRole("button", { name: "Start 12 x 7" }).click();
    await expect(page.locator(".puzzle-cell")).toHaveCount(84);
    await expect(page.getByTestId("puzzle-best")).toHaveText("345");
    // Every control has an accessible name.
    for (const i of [0, 1, 2]) {
      await expect(page.locator(`[data-piece="${i}"]`)).toHaveAccessibleName(/^Block \d: \w+ .+, \d cells/);
    }
    await expect(page.getByRole("img", { name: /Board, 12 rows by 7 columns/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "New game" })).toBeVisible();
  });

  test("a grid size the URL asks for outside 5 to 20, or garbage, is refused out loud", async ({ page }) => {
    await page.goto("/games/puzzle?rows=30");
    await expect(page).toHaveURL(/\/games\/puzzle\/new$/);
    await expect(page.getByRole("heading", { name: "New game" })).toBeVisible();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(
      "That grid size was refused: rows must be an integer from 5 to 20, not 30",
    );
    await expect(page.locator(".puzzle-cell")).toHaveCount(0);
    await shot(page, "puzzle-refused-size");
    await page.goto("/games/puzzle?seed=2&rows=8&cols=abc");
    await expect(page.getByRole("alert")).toContainText('cols must be an integer from 5 to 20, not "abc"');
    await expect(page.locator(".puzzle-cell")).toHaveCount(0);
    // Choosing a size and starting clears the message and plays.
    await page.getByLabel("Rows").selectOption("6");
    await page.getByRole("button", { name: "Start 6 x 8" }).click();
    await expect(page.locator(".puzzle-cell")).toHaveCount(48);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("fits a 360 x 640 phone, also a 20 x 20 grid, and honours reduced motion", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto("/");
    await page.evaluate(() =>
      localStorage.setItem("blockarcade-settings", JSON.stringify({ sound: false, reducedMotion: true })),
    );
    await countOscillators(page);
    await page.goto("/games/puzzle?seed=3");
    await expect(page.locator(".puzzle-cell")).toHaveCount(64);
    // Muted: choosing and placing a block makes no sound at all.
    await page.keyboard.press("1");
    await page.keyboard.press("Enter");
    await expect(page.locator('[data-piece="0"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { oscillators: number }).oscillators)).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    const tray = await page.locator(".puzzle-tray").boundingBox();
    expect(tray && tray.y + tray.height).toBeLessThanOrEqual(640);
    await expect(page.locator(".puzzle")).toHaveClass(/is-still/);
    await expect(page.locator(".puzzle-slot.is-new")).toHaveCount(0);
    await shot(page, "puzzle-phone");
    await page.goto("/games/puzzle?seed=3&rows=20&cols=20");
    await expect(page.locator(".puzzle-cell")).toHaveCount(400);
    await shot(page, "puzzle-phone-20x20");
    await page.setViewportSize({ width: 640, height: 360 });
    await shot(page, "puzzle-phone-landscape");
    const landscapeOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(landscapeOverflow).toBe(false);
  });
});

test.describe("Block Puzzle computer player", () => {
  /** The board cells the hint's preview covers, sorted. */
  const hintCells = (page: Page) =>
    page
      .locator(".puzzle-cell:has(.puzzle-ghost.is-hint)")
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.cell ?? "").sort());

  /** The hint covers one block's cells at a place where that block fits. */
  function expectFittingHint(s: Stored, cells: string[]) {
    const match = moves(s).find((m) => {
      const shape = s.tray[m.piece]?.shape ?? [];
      const covered: string[] = [];
      shape.forEach((line, r) => {
        [...line].forEach((ch, c) => {
          if (ch === "#") covered.push(`${m.row + r},${m.col + c}`);
        });
      });
      return covered.sort().join(" ") === cells.join(" ");
    });
    expect(match, `hint cells ${cells.join(" ")}`).toBeTruthy();
    return match;
  }

  test("Hint by mouse and by the H key shows the move on the board without playing it", async ({ page }) => {
    await page.goto("/games/puzzle?seed=1");
    await expect(page.locator(".puzzle-cell")).toHaveCount(64);
    const before = await stored(page);
    await page.getByTestId("hint").click();
    await expect(page.locator(".puzzle-ghost.is-hint").first()).toBeVisible();
    const cells = await hintCells(page);
    expect(cells.length).toBeGreaterThan(1);
    const hinted = expectFittingHint(before, cells);
    await expect(page.locator(".tray-sr-only")).toContainText(/^Hint: block \d at row \d+, column \d+, /);
    // Shown, not played: nothing changed in the game.
    expect(await stored(page)).toEqual(before);
    await expect(page.locator(".puzzle-slot[data-piece]")).toHaveCount(3);
    await shot(page, "puzzle-hint");

    // Enter plays the suggestion; the hint goes with the position it was for.
    await page.keyboard.press("Enter");
    await expect(page.locator(`[data-piece="${hinted?.piece}"]`)).toHaveCount(0);
    await expect(page.locator(".puzzle-ghost.is-hint")).toHaveCount(0);

    // The H key: a hint for the new position, again only shown.
    const next = await stored(page);
    await page.keyboard.press("h");
    await expect(page.locator(".puzzle-ghost.is-hint").first()).toBeVisible();
    expectFittingHint(next, await hintCells(page));
    expect(await stored(page)).toEqual(next);
    // Moving the preview makes it the player's own: no longer marked as the hint.
    await page.keyboard.press("Escape");
    await expect(page.locator(".puzzle-ghost")).toHaveCount(0);
  });

  test("Watch plays moves at the chosen pace until the player takes over", async ({ page }) => {
    await page.goto("/games/puzzle?seed=2");
    await expect(page.locator(".puzzle-cell")).toHaveCount(64);
    await page.getByTestId("watch-speed").selectOption("fast");
    await page.getByTestId("watch").click();
    await expect(page.getByTestId("watch")).toHaveText("Take over");
    await expect(page.getByTestId("hint")).toBeDisabled();
    // A whole tray and more: the computer keeps playing, round after round.
    await expect
      .poll(async () => (await stored(page)).round as number, { timeout: 30_000 })
      .toBeGreaterThan(2);
    await shot(page, "puzzle-watching");
    // Any key of the player's own takes over.
    await page.keyboard.press("1");
    await expect(page.getByTestId("watch")).toHaveText("Watch");
    const taken = await stored(page);
    await page.waitForTimeout(600);
    expect(await stored(page)).toEqual(taken);
    // V starts watching again, V stops it.
    await page.keyboard.press("v");
    await expect(page.getByTestId("watch")).toHaveText("Take over");
    await expect
      .poll(async () => JSON.stringify(await stored(page)), { timeout: 30_000 })
      .not.toBe(JSON.stringify(taken));
    await page.keyboard.press("v");
    await expect(page.getByTestId("watch")).toHaveText("Watch");
  });

  test("Hint by touch on a phone", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 640 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto("/games/puzzle?seed=4");
    await expect(page.locator(".puzzle-cell")).toHaveCount(64);
    const before = await stored(page);
    // Everything fits the phone's screen without scrolling, the computer's controls included.
    const controls = await page.locator(".puzzle-computer").boundingBox();
    expect(controls && controls.y + controls.height).toBeLessThanOrEqual(640);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByTestId("hint").tap();
    await expect(page.locator(".puzzle-ghost.is-hint").first()).toBeVisible();
    expectFittingHint(before, await hintCells(page));
    expect(await stored(page)).toEqual(before);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await shot(page, "puzzle-phone-hint");
    // Turned to landscape, the controls stand beside the tray, still on screen.
    await page.setViewportSize({ width: 640, height: 360 });
    for (const id of ["hint", "watch", "watch-speed"]) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.y + box.height, id).toBeLessThanOrEqual(360);
      expect(box && box.x + box.width, id).toBeLessThanOrEqual(640);
    }
    await shot(page, "puzzle-phone-landscape-hint");
    await context.close();
  });
});
