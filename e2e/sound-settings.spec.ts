/**
 * The sound settings (issue 24 item 4): the effects and music volumes in the settings panel are
 * reached by keyboard and by touch, stored, kept across a reload and offline; and the music (made in
 * the browser, shell/music.ts) is downloaded and starts only after a gesture with music on, and
 * stops while the game is paused.
 *
 * The browser's AudioContext is wrapped (a stand-in around the platform API, nothing of ours) to
 * count the notes made; with effects muted every note counted is the music's.
 */
import type { Page } from "@playwright/test";
import { dropOfflineLoads, expect, shot, test, waitForServiceWorker } from "./fixtures";

interface Stored {
  effects: number;
  effectsMuted: boolean;
  music: number;
  musicMuted: boolean;
}

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("blockarcade-sound") ?? "null") as Stored | null);

/** Counts the oscillators every AudioContext of the page makes, and keeps the contexts. */
async function countNotes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __audio: { contexts: AudioContext[]; notes: number } };
    w.__audio = { contexts: [], notes: 0 };
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        w.__audio.contexts.push(this);
      }
      override createOscillator(): OscillatorNode {
        w.__audio.notes++;
        return super.createOscillator();
      }
    };
  });
}

const audio = (page: Page) =>
  page.evaluate(() => {
    const a = (window as unknown as { __audio: { contexts: AudioContext[]; notes: number } }).__audio;
    return { states: a.contexts.map((c) => c.state), notes: a.notes };
  });

/** Music on, effects muted: every note made is the music's. */
async function musicOnly(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (localStorage.getItem("blockarcade-sound") === null)
      localStorage.setItem(
        "blockarcade-sound",
        JSON.stringify({ effects: 100, effectsMuted: true, music: 40, musicMuted: false }),
      );
  });
}

async function openSettings(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByTestId("settings-sound")).toBeVisible();
}

test("the volume sliders are reached by keyboard, change the stored setting and survive a reload", async ({
  page,
}) => {
  await page.goto("/");
  await openSettings(page);
  const effects = page.getByRole("slider", { name: "Effects" });
  const music = page.getByRole("slider", { name: "Music" });
  await expect(effects).toHaveValue("100");
  await expect(music).toHaveValue("40");
  await expect(page.getByRole("button", { name: "Mute music" })).toHaveAttribute("aria-pressed", "true");
  // Tab from the top of the panel until the effects slider has the focus.
  for (let i = 0; i < 30 && !(await effects.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(effects).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(effects).toHaveValue("90");
  expect(await stored(page)).toMatchObject({ effects: 90, effectsMuted: false });
  // On to the music's mute and its slider: moving the slider turns the music on.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Mute music" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(music).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(music).toHaveValue("45");
  expect(await stored(page)).toEqual({ effects: 90, effectsMuted: false, music: 45, musicMuted: false });
  await expect(page.getByRole("button", { name: "Mute music" })).toHaveAttribute("aria-pressed", "false");
  await shot(page, "settings-sound");
  // A mute keeps the volume to come back to.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Space");
  expect(await stored(page)).toEqual({ effects: 90, effectsMuted: false, music: 45, musicMuted: true });
  await page.reload();
  await openSettings(page);
  await expect(page.getByRole("slider", { name: "Effects" })).toHaveValue("90");
  await expect(page.getByRole("slider", { name: "Music" })).toHaveValue("45");
  await expect(page.getByRole("button", { name: "Mute music" })).toHaveAttribute("aria-pressed", "true");
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 360, height: 640 } });

  test("a tap on a slider's track sets it and a tap on its speaker mutes it", async ({ page }) => {
    await page.goto("/");
    await openSettings(page);
    const effects = page.getByRole("slider", { name: "Effects" });
    await effects.scrollIntoViewIfNeeded();
    const box = await effects.boundingBox();
    if (!box) throw new Error("no slider box");
    // A finger-sized target.
    expect(box.height).toBeGreaterThanOrEqual(44);
    await page.touchscreen.tap(box.x + box.width * 0.25, box.y + box.height / 2);
    const value = Number(await effects.inputValue());
    expect(value).toBeGreaterThanOrEqual(15);
    expect(value).toBeLessThanOrEqual(35);
    expect((await stored(page))?.effects).toBe(value);
    await page.getByRole("button", { name: "Mute effects" }).tap();
    await expect(page.getByRole("button", { name: "Mute effects" })).toHaveAttribute("aria-pressed", "true");
    expect(await stored(page)).toMatchObject({ effects: value, effectsMuted: true });
    await shot(page, "settings-sound-phone");
  });
});

test("the music is downloaded and starts only after a gesture, and stops while the game is paused", async ({
  page,
}) => {
  const musicLoads: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/music-[^/]*\.js$/.test(new URL(r.url()).pathname)) musicLoads.push(r.url());
  });
  await countNotes(page);
  await musicOnly(page);
  // Blast is in play as soon as its page opens: nothing has been touched yet.
  await page.goto("/games/blast/play?seed=4");
  await expect(page.getByTestId("blast-board")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(musicLoads).toEqual([]);
  expect((await audio(page)).notes).toBe(0);
  // The first gesture (a click on the score, not a move).
  await page.getByTestId("blast-score").click();
  await expect.poll(() => musicLoads.length).toBe(1);
  await expect.poll(async () => (await audio(page)).states).toEqual(["running"]);
  await expect.poll(async () => (await audio(page)).notes).toBeGreaterThan(12);

  // Stacker: paused, no new notes; playing again, more.
  await page.goto("/games/stacker?seed=7");
  await page.getByRole("button", { name: "Start" }).click();
  await expect.poll(async () => (await audio(page)).notes).toBeGreaterThan(12);
  await page.keyboard.press("p");
  await expect(page.getByTestId("stacker-paused")).toBeVisible();
  const paused = (await audio(page)).notes;
  // Notes already handed to the audio clock (0.3 s ahead) are counted by then; none come after.
  await page.waitForTimeout(1500);
  expect((await audio(page)).notes).toBe(paused);
  await page.keyboard.press("p");
  await expect(page.getByTestId("stacker-paused")).toBeHidden();
  await expect.poll(async () => (await audio(page)).notes).toBeGreaterThan(paused);
});

test.describe("offline", () => {
  test.use({ serviceWorkers: "allow" });

  test("the settings and the music work with the network off after one visit", async ({
    page,
    context,
    consoleErrors,
  }) => {
    await countNotes(page);
    await musicOnly(page);
    await page.goto("/");
    await waitForServiceWorker(page, /\/assets\/music-[^/]*\.js$/);
    await context.setOffline(true);
    await page.goto("/games/stacker?seed=3");
    await openSettings(page);
    const music = page.getByRole("slider", { name: "Music" });
    await music.focus();
    await page.keyboard.press("End");
    expect(await stored(page)).toMatchObject({ music: 100, musicMuted: false });
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByRole("button", { name: "Start" }).click();
    await expect.poll(async () => (await audio(page)).notes).toBeGreaterThan(12);
    await page.reload();
    await openSettings(page);
    await expect(page.getByRole("slider", { name: "Music" })).toHaveValue("100");
    dropOfflineLoads(consoleErrors);
  });
});
