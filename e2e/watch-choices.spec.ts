/**
 * Watch plays moves, never choices (issue 24): when the computer player reaches a point where the
 * player decides (Block Blast's "No moves left", with its revive), watching stops, the Watch button
 * shows it, and the dialog stays until the player acts, however long the page's clock runs.
 */
import { GAME_KEY, stored } from "./blast-support";
import { expect, test } from "./fixtures";

/** Every other cell filled: only the monomino fits, and after it nothing does. */
const CHECKER = Array.from({ length: 8 }, (_, r) =>
  Array.from({ length: 8 }, (_, c) => ((r + c) % 2 ? "." : "ABCDEFGHIJ"[(r * 3 + c) % 10])).join(""),
);

const lastMoveGame = JSON.stringify({
  game: "blast",
  seed: 11,
  score: 0,
  over: false,
  board: CHECKER,
  rng: { s: [11, 22, 33, 44] },
  config: {},
  tray: [{ shape: ["#"], colour: 0 }, { shape: ["###", "###", "###"], colour: 1 }, null],
  streak: 0,
  movesSinceLastClear: 0,
  revivesLeft: 3,
});

test("Block Blast: Watch reaching 'No moves left' stops and leaves the revive to the player", async ({
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 900 });
  // The page's timers run on a clock the test moves: "several seconds" without waiting for them.
  await page.clock.install();
  await page.goto("/games/blast");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [GAME_KEY, lastMoveGame]);
  await page.goto("/games/blast/play");
  await expect(page.getByTestId("blast-board")).toBeVisible();
  const watch = page.getByTestId("watch");
  await page.getByTestId("watch-speed").selectOption("fast");
  await watch.click();

  // The computer plays the monomino; then no move is left, and the revive is the player's.
  const dialog = page.getByRole("dialog", { name: "No moves left" });
  await expect(dialog).toBeVisible();
  await expect(watch).toHaveAttribute("aria-pressed", "false");
  await expect(watch).toHaveText("Watch");
  await page.clock.runFor(10_000);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Revive (3 left)" })).toBeVisible();
  expect((await stored(page)).revivesLeft).toBe(3);
  expect((await stored(page)).over).toBe(true);

  // The player's own revive goes on with the game; Watch can play again.
  await dialog.getByRole("button", { name: "Revive (3 left)" }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await stored(page)).revivesLeft).toBe(2);
  await watch.click();
  await expect(watch).toHaveAttribute("aria-pressed", "true");
});
