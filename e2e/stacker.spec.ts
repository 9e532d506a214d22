/**
 * Block Stacker in the browser: seeded games (?seed=N) played with the keyboard and with the touch
 * controls (buttons and swipes); lines clear, the game ends, the best score is kept. A small bot
 * built on the engine picks where each piece goes, reading the position the page shows.
 */
import type { Page } from "@playwright/test";
import {
  hint,
  hintTarget,
  type StackerKey,
  type StackerState,
  stackerGame,
} from "../packages/engine/src/games/stacker/index.js";
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
  await expect(page.getByTestId("stacker-size-value")).toHaveText("12");
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
  await page.getByTestId("stacker-paused").getByRole("button", { name: "Resume" }).click();
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
  // The new game is the saved one now: the reload resumes it, paused; "New game" leads to the
  // start screen, which shows the best score.
  await page.goto("/games/stacker");
  await expect(page.getByTestId("stacker-restored")).toBeVisible();
  await page.getByRole("button", { name: "New game / size" }).click();
  await expect(page.locator(".stacker-best-line")).toContainText(String(best));
});

/** The engine's position after these keys from a new seeded game (no ticks: they only lower the piece). */
function engineAfter(seed: number, size: number, keys: StackerKey[]): StackerState {
  let st = stackerGame.newGame({ size }, seed);
  for (const key of keys) {
    const r = stackerGame.apply(st, { cmd: "key", key });
    if (!r.ok) throw new Error(`${key}: ${r.error.message}`);
    st = r.state;
  }
  return st;
}

const PAGE_KEYS: Record<string, string> = { A: "a", D: "d", Q: "q", C: "c", Space: "Space" };

test("an unfinished game survives a reload: same position, paused, and the bag goes on", async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.goto("/games/stacker?seed=5");
  await chooseSize(page, 20);
  await page.getByRole("button", { name: "Start" }).click();
  await expect
    .poll(async () => (await shown(page)).active?.type)
    .toBe(stackerGame.newGame({ size: 20 }, 5).active?.type);
  const keys: StackerKey[] = ["A", "A", "A", "Space", "Q", "D", "D", "D", "Space", "C", "D"];
  for (const key of keys) await page.keyboard.press(PAGE_KEYS[key] as string);
  const expected = engineAfter(5, 20, keys);
  await expect.poll(async () => (await shown(page)).hold).toBe(expected.hold);
  const before = await shown(page);
  expect(before.board).toEqual(expected.board);
  expect(before.next).toEqual(expected.next);
  expect(before.score).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByTestId("stacker-paused")).toBeVisible();
  await expect(page.getByTestId("stacker-restored")).toContainText("unfinished game is back");
  const after = await shown(page);
  expect(after.board).toEqual(before.board);
  expect(after.next).toEqual(before.next);
  expect(after.hold).toBe(before.hold);
  expect(after.score).toBe(before.score);
  expect(after.active?.type).toBe(before.active?.type);
  expect(after.active?.rotation).toBe(before.active?.rotation);
  expect(cols(after)).toEqual(cols(before));
  // A gravity step may fall between reading the page and the reload, never more.
  const row = (s: Shown) => Math.min(...(s.active?.cells ?? []).map(([r]) => r));
  expect(row(after) - row(before)).toBeGreaterThanOrEqual(0);
  expect(row(after) - row(before)).toBeLessThanOrEqual(1);
  await expect(page.getByTestId("stacker-score")).toHaveText(String(before.score));
  await shot(page, "stacker-resumed");
  // Paused for real: nothing falls.
  await page.waitForTimeout(1200);
  expect((await shown(page)).active).toEqual(after.active);

  // Resume and play on: the pieces that come are the ones the seeded game deals, past the next bag.
  await page.keyboard.press("p");
  await expect(page.getByTestId("stacker-paused")).toBeHidden();
  const more: StackerKey[] = ["Space", "A", "A", "A", "A", "Space", "D", "D", "D", "D", "Space"];
  more.push(
    "A",
    "A",
    "Space",
    "D",
    "D",
    "Space",
    "Space",
    "A",
    "A",
    "A",
    "A",
    "A",
    "Space",
    "D",
    "D",
    "D",
    "Space",
  );
  const all = [...keys];
  for (const key of more) {
    await page.keyboard.press(PAGE_KEYS[key] as string);
    all.push(key);
    if (key !== "Space") continue;
    const want = engineAfter(5, 20, all);
    await expect.poll(async () => (await shown(page)).next).toEqual(want.next);
    expect((await shown(page)).board).toEqual(want.board);
  }
  expect((await shown(page)).score).toBeGreaterThan(before.score);

  // Another seed in the URL starts that game and replaces the save.
  await page.goto("/games/stacker?seed=6&size=12");
  await expect.poll(async () => (await shown(page)).board.length).toBe(12);
  await expect(page.getByTestId("stacker-paused")).toBeHidden();
  await page.keyboard.press("Space");
  await expect.poll(async () => (await shown(page)).board.join("")).toMatch(/[A-Z]/);
  await page.goto("/games/stacker");
  await expect(page.getByTestId("stacker-restored")).toBeVisible();
  expect((await shown(page)).board).toEqual(engineAfter(6, 12, ["Space"]).board);
});

test("a corrupt, foreign or tampered saved game is ignored", async ({ page }) => {
  const good = engineAfter(3, 10, ["Space", "A", "Space"]);
  const fullRow = { ...good, board: [...good.board.slice(0, 9), "IIIIIIIIII"] };
  // One cell of the falling piece moved a column: no piece has that shape.
  const bent = (good.active?.cells ?? []).map(([r, c], i) => (i === 0 ? [r, c - 1] : [r, c]));
  const saves = [
    "{not json",
    JSON.stringify({ game: "blast", seed: 3 }),
    JSON.stringify(fullRow),
    JSON.stringify({ ...good, active: { ...good.active, cells: bent } }),
    JSON.stringify({ ...good, rng: { s: [1, 2, 3] } }),
  ];
  await page.goto("/");
  for (const save of saves) {
    await page.evaluate((text) => localStorage.setItem("blockarcade-stacker-game", text), save);
    await page.goto("/games/stacker");
    await expect(page.getByRole("heading", { name: "Block Stacker" }), save).toBeVisible();
    await expect(page.getByRole("button", { name: "Start" })).toBeVisible();
  }
  // The same save untouched is restored: the refusals above were the damage, not the format.
  await page.evaluate((text) => localStorage.setItem("blockarcade-stacker-game", text), JSON.stringify(good));
  await page.goto("/games/stacker");
  await expect(page.getByTestId("stacker-restored")).toBeVisible();
  expect((await shown(page)).board).toEqual(good.board);
  // Starting a game over the ignored save works as usual.
  await page.getByRole("button", { name: "New game / size" }).click();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByTestId("stacker-paused")).toBeHidden();
});

test("a corrupt best score in storage is ignored", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("blockarcade-stacker-best", '{"12":"lots","x":5}'));
  await page.goto("/games/stacker");
  await expect(page.locator(".stacker-best-line")).toContainText("Best on 12 x 12: 0");
  // The web's default 12 x 12 board on a desktop screen.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Start" }).click();
  await expect.poll(async () => (await shown(page)).board.length).toBe(12);
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

/** The computer player's target as the board draws it (null when none is shown). */
async function shownHint(page: Page): Promise<number[][] | null> {
  const text = await page.getByTestId("stacker-board").getAttribute("data-state");
  return text ? ((JSON.parse(text) as { hint: number[][] | null }).hint ?? null) : null;
}

/** Cells of locked pieces on the shown board. */
const lockedCells = (s: Shown) => s.board.join("").replace(/\./g, "").length;
/** Pieces locked so far: four cells each, less a board's width for every cleared line. */
const piecesLocked = (s: Shown) => (lockedCells(s) + s.board.length * s.lines) / 4;

/** The engine's hint for a new seeded game's first piece: where it goes. */
function firstTarget(seed: number, size: number): number[][] {
  const start = stackerGame.newGame({ size }, seed);
  const h = hint(start);
  if (!h.ok) throw new Error(h.error.message);
  return hintTarget(start, h.value.commands)?.cells ?? [];
}

test.describe("computer player", () => {
  test("Hint by mouse and by H shows the engine's target and keys, not played; Watch plays and a key takes over", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/games/stacker?seed=21");
    await page.getByRole("button", { name: "Start" }).click();
    await expect.poll(async () => (await shown(page)).board.length).toBe(12);
    const first = await shown(page);
    expect(await shownHint(page)).toBeNull();

    await page.getByTestId("hint").click();
    await expect.poll(() => shownHint(page)).toEqual(firstTarget(21, 12));
    await expect(page.getByTestId("stacker-live")).toContainText(`Hint for the ${first.active?.type}:`);
    await expect(page.getByTestId("stacker-live")).toContainText("drop (");
    // Shown, not played: nothing locked, the same piece still falling.
    expect(lockedCells(await shown(page))).toBe(0);
    expect((await shown(page)).active?.type).toBe(first.active?.type);
    await shot(page, "stacker-hint");

    // It follows the piece while it moves; the hard drop locks the piece and the hint goes.
    await page.keyboard.press("a");
    await expect.poll(() => shownHint(page)).not.toBeNull();
    await page.keyboard.press("Space");
    await expect.poll(async () => lockedCells(await shown(page))).toBe(4);
    await expect.poll(() => shownHint(page)).toBeNull();

    // H asks again, for the new piece.
    await page.keyboard.press("h");
    await expect.poll(async () => (await shownHint(page))?.length).toBe(4);
    await expect(page.getByTestId("stacker-live")).toContainText("Hint for the");

    // Watch (V): the computer plays pieces by itself, the gravity clock running.
    await page.getByTestId("watch-speed").selectOption("fast");
    await page.keyboard.press("v");
    await expect(page.getByTestId("watch")).toHaveText("Take over");
    await expect(page.getByTestId("hint")).toBeDisabled();
    await expect
      .poll(async () => lockedCells(await shown(page)), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(16);
    await expect(page.getByTestId("stacker-live")).toContainText("Computer");
    expect(await shownHint(page)).not.toBeNull();
    await shot(page, "stacker-watching");

    // A key of the player's own takes over: the computer stops, the key is played.
    await page.keyboard.press("d");
    await expect(page.getByTestId("watch")).toHaveText("Watch");
    const after = piecesLocked(await shown(page));
    // At the fast pace the computer locks a piece about every second; gravity alone needs far longer.
    await page.waitForTimeout(2000);
    expect(piecesLocked(await shown(page))).toBe(after);
    expect(await shownHint(page)).toBeNull();

    // The Watch button starts it again, and V stops it.
    await page.getByTestId("watch").click();
    await expect(page.getByTestId("watch")).toHaveText("Take over");
    await expect
      .poll(async () => piecesLocked(await shown(page)), { timeout: 30_000 })
      .toBeGreaterThan(after);
    await page.keyboard.press("v");
    await expect(page.getByTestId("watch")).toHaveText("Watch");
  });
});

test.describe("computer player on a phone", () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test("a tap on Hint shows the target; Watch plays; a tap on a control takes over", async ({ page }) => {
    await page.goto("/games/stacker?seed=22");
    await chooseSize(page, 10);
    await page.getByRole("button", { name: "Start" }).tap();
    await expect.poll(async () => (await shown(page)).board.length).toBe(10);
    await page.getByTestId("hint").tap();
    await expect.poll(() => shownHint(page)).toEqual(firstTarget(22, 10));
    await expect(page.getByTestId("stacker-live")).toContainText("Hint for the");
    expect(lockedCells(await shown(page))).toBe(0);
    // Everything fits on the phone's screen: the board, the computer's controls and the thumb controls.
    for (const id of ["stacker-board", "hint", "watch", "watch-speed"]) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.y + box.height <= 640 && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    }
    await shot(page, "stacker-phone-hint");

    await page.getByTestId("watch-speed").selectOption("fast");
    await page.getByTestId("watch").tap();
    await expect(page.getByTestId("watch")).toHaveText("Take over");
    await expect
      .poll(async () => lockedCells(await shown(page)), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(12);
    await shot(page, "stacker-phone-watching");
    await page.getByRole("button", { name: "Move left", exact: true }).tap();
    await expect(page.getByTestId("watch")).toHaveText("Watch");
  });
});
