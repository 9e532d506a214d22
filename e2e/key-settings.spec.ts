/**
 * The settings screen's Keys (app/key-settings.tsx, shell/key-bindings.ts): a key remapped by the
 * keyboard alone plays in the game, a key of another action is refused with its message, the remap
 * survives a reload; Stacker's DAS and ARR set the held-key repeat, counted on the page's own clock.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, shot, test } from "./fixtures";

interface Shown {
  active: { cells: [number, number][] } | null;
}

async function leftCol(page: Page): Promise<number> {
  const text = await page.getByTestId("stacker-board").getAttribute("data-state");
  if (!text) throw new Error("the board has not been drawn");
  const s = JSON.parse(text) as Shown;
  return Math.min(...(s.active?.cells ?? []).map(([, c]) => c));
}

/** Presses Tab until `target` has the focus: the way a keyboard player gets there. */
async function tabTo(page: Page, target: Locator, most = 120): Promise<void> {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

async function openKeys(page: Page): Promise<Locator> {
  await tabTo(page, page.getByRole("button", { name: "Settings" }));
  await page.keyboard.press("Enter");
  const keys = page.getByTestId("settings-keys");
  await expect(keys).toBeVisible();
  const stacker = page.getByTestId("keys-stacker");
  await tabTo(page, stacker.locator("summary"));
  await page.keyboard.press("Enter");
  await expect(stacker).toHaveAttribute("open", "");
  return stacker;
}

test("a key remapped by keyboard alone plays, a taken key is refused, and the remap survives a reload", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.goto("/");
  const stacker = await openKeys(page);
  const note = page.getByTestId("keys-note");

  // D is Move right's: refused, with a message naming it, and Move left keeps A.
  await tabTo(page, stacker.getByRole("button", { name: "Move left: A" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move left: press the new key" })).toBeFocused();
  await page.keyboard.press("d");
  await expect(note).toHaveText("D is already bound to Move right. Change that one first.");
  await expect(stacker.getByRole("button", { name: "Move left: A" })).toBeFocused();
  // The dialog is still open: the key went to the capture, not to the dialog or the page.
  await expect(page.getByTestId("settings-keys")).toBeVisible();

  // Escape cancels a capture without closing the screen.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("settings-keys")).toBeVisible();
  await expect(stacker.getByRole("button", { name: "Move left: A" })).toBeVisible();

  await page.keyboard.press("Enter");
  await page.keyboard.press("j");
  await expect(note).toHaveText("Block Stacker: Move left is now J.");
  await expect(stacker.getByRole("button", { name: "Move left: J" })).toBeVisible();
  await expect(stacker.getByRole("button", { name: "Move left: ←" })).toBeVisible();
  await shot(page, "settings-keys");
  // axe on the Keys section, open, at a phone's width too.
  for (const width of [1100, 360]) {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 640 });
    const { violations } = await new AxeBuilder({ page }).include("[data-testid=settings-keys]").analyze();
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1100, height: 800 });

  // After a reload the settings screen still shows J.
  await page.reload();
  const again = await openKeys(page);
  await expect(again.getByRole("button", { name: "Move left: J" })).toBeVisible();
  await page.keyboard.press("Escape");

  // In the game J moves left and A does nothing; the controls name J.
  await page.goto("/games/stacker?seed=7");
  await page.getByText("Controls").click();
  await expect(page.locator(".stacker-help")).toContainText("J ← or");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByTestId("stacker-board")).toHaveAttribute("data-state", /cells/);
  const start = await leftCol(page);
  await page.keyboard.press("a");
  await page.keyboard.press("j");
  await expect.poll(() => leftCol(page)).toBe(start - 1);
  await page.keyboard.press("a");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => leftCol(page)).toBe(start);
});

/** Sets DAS and ARR on the settings screen, then starts Stacker with the page's clock paused. */
async function stackerWithRepeat(page: Page, das: string, arr: string): Promise<number> {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.clock.install();
  await page.goto("/");
  await page.getByRole("button", { name: "Settings" }).click();
  await page.getByTestId("keys-stacker").locator("summary").click();
  const dasField = page.getByTestId("key-repeat-das");
  const arrField = page.getByTestId("key-repeat-arr");
  await expect(dasField).toHaveValue("170");
  await expect(arrField).toHaveValue("50");
  // Out of range is kept in range, with a message.
  await dasField.fill("9000");
  await dasField.press("Tab");
  await expect(dasField).toHaveValue("500");
  await expect(page.getByTestId("keys-note")).toContainText("between 50 and 500 ms");
  await dasField.fill(das);
  await dasField.press("Tab");
  await arrField.fill(arr);
  await arrField.press("Tab");
  await expect(dasField).toHaveValue(das);
  await expect(arrField).toHaveValue(arr);
  await page.keyboard.press("Escape");

  await page.goto("/games/stacker?seed=7");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByTestId("stacker-board")).toHaveAttribute("data-state", /cells/);
  // From here the page's time moves only as the test runs it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await page.clock.runFor(200);
  const start = await leftCol(page);
  expect(start).toBeGreaterThanOrEqual(4);
  return start;
}

test("Stacker's DAS and ARR from the settings set the held-key repeat, on the page's clock", async ({
  page,
}) => {
  const start = await stackerWithRepeat(page, "300", "100");
  await page.keyboard.down("ArrowLeft");
  await page.clock.runFor(40);
  expect(await leftCol(page)).toBe(start - 1); // the press itself
  await page.clock.runFor(240); // 280 ms held: DAS 300 not reached (170 ms would have made 4 moves)
  expect(await leftCol(page)).toBe(start - 1);
  await page.clock.runFor(60); // 340 ms: the first repeat at 300
  expect(await leftCol(page)).toBe(start - 2);
  await page.clock.runFor(40); // 380 ms: ARR 100, next at 400
  expect(await leftCol(page)).toBe(start - 2);
  await page.clock.runFor(60); // 440 ms
  expect(await leftCol(page)).toBe(start - 3);
  await page.keyboard.up("ArrowLeft");
  await page.clock.runFor(500);
  expect(await leftCol(page)).toBe(start - 3);
});

test("ARR 0 is instant: one DAS, then straight to the wall", async ({ page }) => {
  const start = await stackerWithRepeat(page, "300", "0");
  await page.keyboard.down("ArrowLeft");
  await page.clock.runFor(280);
  expect(await leftCol(page)).toBe(start - 1);
  await page.clock.runFor(60);
  expect(await leftCol(page)).toBe(0);
  await page.keyboard.up("ArrowLeft");
});
