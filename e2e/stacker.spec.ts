/**
 * Block Stacker in the browser: seeded games (?seed=N) played with the keyboard and with the touch
 * controls (buttons and swipes); lines clear, the game ends, the best score is kept. A small bot
 * built on the engine picks where each piece goes, reading the position the page shows.
 */
import type { Page } from "@playwright/test";
import { type StackerState, stackerGame } from "../packages/engine/src/games/stacker/index.js";
import { expect, shot, test } from "./fixtures";

interface Shown {
  board: string[];
  active: StackerState["active"];
  next: string[];
  hold: string | null;
  score: number;
  lines: number;
  level: number;
  over: boolean;
}

async function shown(page: Page): Promise<Shown> {
  const board = page.getByTestId("stacker-board");
  await expect(board).toHaveAttribute("data-state", /board/);
  const text = await board.getAttribute("data-state");
  if (!text) throw new Error("the board has not been drawn");
  return JSON.parse(text) as Shown;
}

const cols = (s: Shown) => (s.active?.cells ?? []).map(([, c]) => c).sort((a, b) => a - b);

async function chooseSize(page: Page, size: number): Promise<void> {
  const current = Number(await page.getByTestId("stacker-size-value").textContent());
  const button = page.getByRole("button", { name: size < current ? "Smaller board" : "Bigger board" });
  for (let i = 0; i < Math.abs(size - current); i++) await button.click();
  await expect(page.getByTestId("stacker-size-value")).toHaveText(String(size));
}

/** Where to put the current piece: rotations (clockwise turns) and a sideways shift. */
function plan(s: Shown): { turns: number; shift: number } {
  const size = s.board.length;
  const start = stackerGame.newGame({ size }, 1);
  let best = { turns: 0, shift: 0, value: Number.NEGATIVE_INFINITY };
  for (let turns = 0; turns < 4; turns++) {
    for (let shift = -size; shift <= size; shift++) {
      const loaded = stackerGame.load({ board: s.board, active: s.active, next: ["O", "O", "O"] }, start);
      if (!loaded.ok) return { turns: 0, shift: 0 };
      let st = loaded.value;
      let valid = true;
      const keys = [
        ...Array(turns).fill("Q"),
        ...Array(Math.abs(shift)).fill(shift < 0 ? "A" : "D"),
        "Space",
      ];
      let lines = 0;
      for (const key of keys) {
        const r = stackerGame.apply(st, { cmd: "key", key });
        if (!r.ok) {
          valid = false;
          break;
        }
        st = r.state;
        for (const e of r.events) if (e.type === "cleared") lines += e.rows.length;
      }
      if (!valid) continue;
      // The usual heuristic: clear lines, keep the stack low, flat and without holes.
      const heights = Array.from({ length: size }, (_, c) => {
        const top = st.board.findIndex((row) => row[c] !== ".");
        return top < 0 ? 0 : size - top;
      });
      let holes = 0;
      for (let c = 0; c < size; c++) {
        let seen = false;
        for (let r = 0; r < size; r++) {
          if (st.board[r]?.[c] !== ".") seen = true;
          else if (seen) holes++;
        }
      }
      const bump = heights.slice(1).reduce((n, h, i) => n + Math.abs(h - (heights[i] as number)), 0);
      const value =
        0.76 * lines -
        0.51 * heights.reduce((a, b) => a + b, 0) -
        0.36 * holes -
        0.18 * bump -
        (st.over ? 100 : 0);
      if (value > best.value) best = { turns, shift, value };
    }
  }
  return best;
}

/** Plays pieces with the bot until `done`, sending its moves with `press`. */
async function playBot(
  page: Page,
  press: (key: "Q" | "A" | "D" | "Space") => Promise<void>,
  done: (s: Shown) => boolean,
  maxPieces: number,
) {
  for (let i = 0; i < maxPieces; i++) {
    const s = await shown(page);
    if (done(s) || s.over) return s;
    const { turns, shift } = plan(s);
    for (let t = 0; t < turns; t++) await press("Q");
    for (let k = 0; k < Math.abs(shift); k++) await press(shift < 0 ? "A" : "D");
    const before = (await shown(page)).board.join("/");
    await press("Space");
    await expect.poll(async () => (await shown(page)).board.join("/")).not.toBe(before);
  }
  return shown(page);
}

const KEYBOARD = { Q: "q", A: "a", D: "d", Space: "Space" } as const;

test("keyboard: a seeded game moves, rotates, holds, clears lines, pauses and ends", async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.goto("/games/stacker?seed=7");
  await expect(page.getByRole("heading", { name: "Block Stacker" })).toBeVisible();
  await expect(page.getByTestId("stacker-size-value")).toHaveText("20");
  await shot(page, "stacker-start");
  await chooseSize(page, 10);
  await page.getByRole("button", { name: "Start" }).click();

  const expected = stackerGame.newGame({ size: 10 }, 7);
  await expect.poll(async () => (await shown(page)).active?.type).toBe(expected.active?.type);
  expect((await shown(page)).next).toEqual(expected.next);
  const first = await shown(page);

  await page.keyboard.press("a");
  await expect.poll(async () => cols(await shown(page))).toEqual(cols(first).map((c) => c - 1));
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("d");
  await expect.poll(async () => cols(await shown(page))).toEqual(cols(first).map((c) => c + 1));
  await page.keyboard.press("q");
  await expect.poll(async () => (await shown(page)).active?.rotation).toBe(1);
  await page.keyboard.press("ArrowUp");
  await expect.poll(async () => (await shown(page)).active?.rotation).toBe(2);
  await page.keyboard.press("e");
  await expect.poll(async () => (await shown(page)).active?.rotation).toBe(1);
  // The on-screen buttons work with a mouse too, and leave the keyboard to the game.
  await page.getByRole("button", { name: "Rotate clockwise", exact: true }).click();
  await expect.poll(async () => (await shown(page)).active?.rotation).toBe(2);
  await page.getByRole("button", { name: "Rotate counter-clockwise", exact: true }).click();
  await expect.poll(async () => (await shown(page)).active?.rotation).toBe(1);
  await page.keyboard.press("c");
  await expect.poll(async () => (await shown(page)).hold).toBe(expected.active?.type);
  expect((await shown(page)).active?.type).toBe(expected.next[0]);
  await expect(page.getByTestId("stacker-hold")).toHaveAttribute("data-piece", expected.active?.type ?? "");

  // Lines: the bot plays on with the keyboard until a line clears.
  const cleared = await playBot(
    page,
    (k) => page.keyboard.press(KEYBOARD[k]),
    (s) => s.lines >= 2,
    40,
  );
  expect(cleared.lines).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId("stacker-lines")).toHaveText(String(cleared.lines));
  expect(Number(await page.getByTestId("stacker-score").textContent())).toBeGreaterThanOrEqual(200);
  await page.waitForTimeout(200); // past the line-clear flash
  await shot(page, "stacker-play");

  await page.keyboard.press("Escape");
  await expect(page.getByTestId("stacker-paused")).toBeVisible();
  const pausedAt = (await shown(page)).active;
  await page.waitForTimeout(1200);
  expect((await shown(page)).active).toEqual(pausedAt);
  await shot(page, "stacker-paused");
  await page.keyboard.press("p");
  await expect(page.getByTestId("stacker-paused")).toBeHidden();
  // Pause and resume with the mouse; then Space is a hard drop again, not the pause button.
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByTestId("stacker-paused")).toBeVisible();
  await page.getByRole("button", { name: "Resume" }).first().click();
  await expect(page.getByTestId("stacker-paused")).toBeHidden();
  const beforeDrop = (await shown(page)).board.join("/");
  await page.keyboard.press("Space");
  await expect.poll(async () => (await shown(page)).board.join("/")).not.toBe(beforeDrop);
  await expect(page.getByTestId("stacker-paused")).toBeHidden();

  // Game over: hard drop until a new piece has no room.
  for (let i = 0; i < 80 && !(await shown(page)).over; i++) await page.keyboard.press("Space");
  await expect(page.getByTestId("stacker-game-over")).toBeVisible();
  const final = await shown(page);
  expect(final.over).toBe(true);
  await shot(page, "stacker-game-over");

  // The best score is kept and shown on the start screen after a reload.
  const best = Number(await page.getByTestId("stacker-best").textContent());
  expect(best).toBeGreaterThanOrEqual(final.score);
  await page.getByRole("button", { name: "Play again" }).click();
  await expect.poll(async () => (await shown(page)).score).toBe(0);
  await page.goto("/games/stacker");
  await expect(page.locator(".stacker-best-line")).toContainText(String(best));
});

test("a corrupt best score in storage is ignored", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("blockarcade-stacker-best", '{"20":"lots","x":5}'));
  await page.goto("/games/stacker");
  await expect(page.locator(".stacker-best-line")).toContainText("Best on 20 x 20: 0");
  // The default 20 x 20 board on a desktop screen.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Start" }).click();
  await expect.poll(async () => (await shown(page)).board.length).toBe(20);
  for (const key of ["a", "a", "Space", "d", "d", "d", "Space", "q", "Space"]) await page.keyboard.press(key);
  await page.waitForTimeout(200);
  await shot(page, "stacker-desktop");
});

test.describe("touch", () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  async function tap(page: Page, name: string) {
    await page.getByRole("button", { name, exact: true }).tap();
  }

  async function swipe(page: Page, from: [number, number], to: [number, number], steps = 8) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchStart",
      touchPoints: [{ x: from[0], y: from[1] }],
    });
    for (let i = 1; i <= steps; i++) {
      const x = from[0] + ((to[0] - from[0]) * i) / steps;
      const y = from[1] + ((to[1] - from[1]) * i) / steps;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
  }

  test("buttons and swipes play a seeded game: lines clear and the game ends", async ({ page }) => {
    await page.goto("/games/stacker?seed=3");
    await shot(page, "stacker-start-phone");
    await chooseSize(page, 10);
    await page.getByRole("button", { name: "Start" }).tap();
    const expected = stackerGame.newGame({ size: 10 }, 3);
    await expect.poll(async () => (await shown(page)).active?.type).toBe(expected.active?.type);
    const first = await shown(page);

    await tap(page, "Move left");
    await expect.poll(async () => cols(await shown(page))).toEqual(cols(first).map((c) => c - 1));
    await tap(page, "Rotate clockwise");
    await expect.poll(async () => (await shown(page)).active?.rotation).toBe(1);
    await tap(page, "Rotate counter-clockwise");
    await expect.poll(async () => (await shown(page)).active?.rotation).toBe(0);

    // Swipes on the board: two cells right, a tap to rotate.
    const box = await page.getByTestId("stacker-board").boundingBox();
    if (!box) throw new Error("no board");
    const cell = box.width / 10;
    const mid: [number, number] = [box.x + box.width / 2, box.y + box.height / 2];
    await swipe(page, mid, [mid[0] + 2.5 * cell, mid[1]]);
    await expect.poll(async () => cols(await shown(page))).toEqual(cols(first).map((c) => c + 1));
    await page.touchscreen.tap(mid[0], mid[1]);
    await expect.poll(async () => (await shown(page)).active?.rotation).toBe(1);

    await tap(page, "Hold");
    await expect.poll(async () => (await shown(page)).hold).toBe(expected.active?.type);
    await shot(page, "stacker-phone");

    const names = { Q: "Rotate clockwise", A: "Move left", D: "Move right", Space: "Hard drop" } as const;
    const cleared = await playBot(
      page,
      (k) => tap(page, names[k]),
      (s) => s.lines >= 1,
      40,
    );
    expect(cleared.lines).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId("stacker-lines")).toHaveText(String(cleared.lines));
    await shot(page, "stacker-phone-lines");

    for (let i = 0; i < 80 && !(await shown(page)).over; i++) await tap(page, "Hard drop");
    await expect(page.getByTestId("stacker-game-over")).toBeVisible();
    await shot(page, "stacker-phone-game-over");
    await page.getByRole("button", { name: "Play again" }).tap();
    await expect(page.getByTestId("stacker-game-over")).toBeHidden();
    await expect.poll(async () => (await shown(page)).active?.type).toBe(expected.active?.type);
  });
});
