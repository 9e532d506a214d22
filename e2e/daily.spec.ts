/**
 * The daily challenge in the browser (issue 23 items 1 and 4), every game, on a phone (360 x 640,
 * touch) and a desktop: the Daily link on the game's first screen opens the day's page, its Play
 * starts the day's ranked game, the game ends (turn-based games through the server's API with the
 * engine's first legal move, real-time ones by hard drops in the page: no Hint or Watch, so the game
 * stays on the unaided day's board), and back on the page (a real-time game's game-over dialog links
 * to it: "Today's board") the player's rank is on the day's board
 * and the attempt is done; a second Play is practice, and the page and the game both say so. The
 * second player (desktop) races the first: the "race the best" line shows while they play.
 */
import AxeBuilder from "@axe-core/playwright";
import { GAME_IDS } from "@blockarcade/engine/core";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, shot, test } from "./fixtures";

const GAMES = GAME_IDS;
type Game = (typeof GAMES)[number];
const REAL_TIME: readonly Game[] = ["stacker", "match3"];
const today = () => new Date().toISOString().slice(0, 10);

interface Session {
  id: string;
  auth: string;
}

/** The day's session the page opened, and the player's header, from what the page keeps. */
async function pageSession(page: Page, game: Game): Promise<Session> {
  const kept = await page.evaluate(
    (g) => [
      localStorage.getItem(`blockarcade-daily-session-${g}`),
      localStorage.getItem("blockarcade-player"),
    ],
    game,
  );
  const session = JSON.parse(kept[0] ?? "null") as { id: string } | null;
  const player = JSON.parse(kept[1] ?? "null") as { player: string; secret: string } | null;
  if (!session || !player) throw new Error(`no daily session kept for ${game}`);
  return { id: session.id, auth: `Bearer ${player.player}.${player.secret}` };
}

async function serverState(request: APIRequestContext, s: Session): Promise<Record<string, unknown>> {
  const res = await request.get(`/api/games/${s.id}`, { headers: { authorization: s.auth } });
  expect(res.status()).toBe(200);
  return (await res.json()).state;
}

/** Plays a turn-based game to its end through the API: a computer seat's own `ai`, else the first legal move. */
async function endByApi(request: APIRequestContext, s: Session, all = false): Promise<void> {
  const send = async (command: unknown) => {
    const res = await request.post(`/api/games/${s.id}/commands`, {
      headers: { authorization: s.auth },
      data: command,
    });
    expect(res.status(), JSON.stringify(command)).toBe(200);
    return (await res.json()) as { state: Record<string, unknown>; legal?: unknown[] };
  };
  let state = await serverState(request, s);
  // `all`: on until nothing is left to play (Block Blast's revives used too).
  for (let i = 0; i < 2000 && (all || state.over !== true); i++) {
    const players = state.players as { kind: string }[] | undefined;
    const seat = players?.[(state.current as number | undefined) ?? 0];
    if (seat && seat.kind !== "human") {
      state = (await send({ cmd: "ai" })).state;
      continue;
    }
    const legal = (await send({ cmd: "legal" })).legal ?? [];
    if (legal.length === 0) break;
    state = (await send(legal[0])).state;
  }
  expect(state.over).toBe(true);
}

/**
 * Drops pieces in the page with Down (Stacker's soft drop, which locks a landed piece; Match-3's
 * drop) until its game-over dialog shows, then waits for the server to say the game is over. Not
 * Space: a Space landing just as the dialog opens would press its Play again.
 */
async function endByDrops(page: Page, s: Session): Promise<void> {
  const over = page.getByRole("dialog");
  // Until the dialog shows: a press while the next piece is on its way does nothing, so the count is
  // only a guard (400 ran out before Match-3's end, which then waited for gravity: 10 s a game).
  for (let i = 0; i < 3000 && !(await over.isVisible()); i++) await page.keyboard.press("ArrowDown");
  await expect(over).toBeVisible();
  await expect(async () => expect((await serverState(page.request, s)).over).toBe(true)).toPass();
}

async function press(touch: boolean, target: Locator) {
  if (touch) await target.tap();
  else await target.click();
}

for (const device of [
  { name: "phone", viewport: { width: 360, height: 640 }, touch: true, player: "Phone Ana" },
  { name: "desktop", viewport: { width: 1280, height: 800 }, touch: false, player: "Desk Bo" },
]) {
  test(`daily challenge, ${device.name}: every game's Daily link, the ranked attempt, the day's rank, then practice`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: device.viewport,
      hasTouch: device.touch,
      isMobile: device.touch,
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("response", (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto("/");
    await page.evaluate(
      (name) => localStorage.setItem("blockarcade-player-name", JSON.stringify(name)),
      device.player,
    );

    for (const game of GAMES) {
      await page.goto(`/games/${game}`);
      const daily = page.getByTestId("competition-daily");
      const box = await daily.boundingBox();
      expect(box?.height ?? 0, `${game}: Daily is a 44 px target`).toBeGreaterThanOrEqual(44);
      await press(device.touch, daily);
      await expect(page).toHaveURL(new RegExp(`/games/${game}/daily$`));
      await expect(page.getByTestId("daily-date")).toHaveAttribute("data-date", today());
      await expect(page.getByTestId("daily-attempt")).toHaveAttribute("data-attempt", "none");
      await expect(page.getByTestId("daily-next")).toContainText(/Next challenge in \d+:\d\d:\d\d/);
      const play = page.getByTestId("daily-play");
      await expect(play).toHaveText("Play today's challenge");
      if (device.name === "desktop") {
        // The day's #1 (the phone's player) cannot be watched before this player's attempt ends (the
        // server's daily lock): the page says why instead of a link the server would refuse.
        await expect(page.getByTestId("daily-leader")).toContainText("#1 today: Phone Ana");
        await expect(page.getByTestId("daily-watch-locked")).toHaveText(
          "Play today's challenge first to watch it.",
        );
        await expect(page.getByTestId("daily-watch-leader")).toHaveCount(0);
      }

      await press(device.touch, play);
      // The game's own line (a game-over dialog may show a copy of it).
      const line = page.getByTestId("ranked-line").first();
      await expect(line).toHaveAttribute("data-kind", "ranked");
      await expect(line).toHaveAttribute("data-daily", today());
      await expect(line).toContainText("Daily challenge · your ranked attempt");
      const session = await pageSession(page, game);
      if (game === "blast" && device.name === "desktop") {
        // Back on the day's page mid-game: the attempt is under way, and Play goes on with it.
        await page.goto(`/games/${game}/daily`);
        await expect(page.getByTestId("daily-attempt")).toHaveAttribute("data-attempt", "playing");
        await expect(play).toHaveText("Continue today's challenge");
        await press(device.touch, play);
        await expect(line).toHaveAttribute("data-kind", "ranked");
        expect((await pageSession(page, game)).id).toBe(session.id);
      }

      if (REAL_TIME.includes(game)) {
        // The second player races the first (its curve: GET /api/replays/:id/scores) from their first move.
        if (device.name === "desktop") {
          await page.keyboard.press("Space");
          await expect(page.getByTestId("race-line")).toContainText(/^You [\d,]+ · #1 Phone Ana [\d,]+ at /);
          await page.screenshot({ path: test.info().outputPath(`race-${game}.png`) });
          if (game === "stacker") {
            await expect(page.getByTestId("race-line")).toContainText(/ at move 1$/);
            // A reload goes on in the day's session, and the race counts on from the moves made before it.
            await page.reload();
            await expect(line).toHaveAttribute("data-kind", "ranked");
            expect((await pageSession(page, game)).id).toBe(session.id);
            await page.keyboard.press("Space");
            await expect(page.getByTestId("race-line")).toContainText(/ at move 2$/);
          }
        }
        await endByDrops(page, session);
        // The page heard its entry: the line says the rank and links to the day's board.
        await expect(line).toContainText(/entered #\d+ today/);
        const back = page.getByRole("dialog").getByTestId("daily-board-link");
        await expect(back).toHaveAttribute("href", `/games/${game}/daily`);
        await press(device.touch, back);
        await expect(page).toHaveURL(new RegExp(`/games/${game}/daily$`));
      } else if (game === "puzzle" && device.name === "desktop") {
        // Played to its end in the page: after the day's game, Play again is the day's practice, as
        // the game-over dialog's line says (the same in every game).
        const over = page.getByTestId("puzzle-over");
        // One key at a time, each move's call to the server answered before the next key: an Enter
        // once the dialog is open would press its Play again.
        let calls = 0;
        const sent = (r: { url(): string }) => r.url().includes("/commands") && calls++;
        const answered = (r: { url(): string }) => r.url().includes("/commands") && calls--;
        page.on("request", sent);
        page.on("requestfinished", answered);
        page.on("requestfailed", answered);
        const keys = ["1", "Enter", "2", "Enter", "3", "Enter"];
        for (let i = 0; i < 1800 && !(await over.isVisible()); i++) {
          await page.keyboard.press(keys[i % 6] ?? "1");
          await expect.poll(() => calls).toBe(0);
        }
        page.off("request", sent);
        page.off("requestfinished", answered);
        page.off("requestfailed", answered);
        await expect(over).toBeVisible();
        await expect(over.getByTestId("ranked-line")).toContainText(
          /entered #\d+ today · Play again is practice/,
        );
        await over.getByRole("button", { name: "Play again" }).click();
        await expect(line).toHaveAttribute("data-kind", "practice");
        await expect(line).toContainText("Daily practice");
        await page.goto(`/games/${game}/daily`);
      } else {
        await endByApi(page.request, session);
        await page.goto(`/games/${game}/daily`);
      }
      const final = await serverState(page.request, session);

      await expect(page.getByTestId("daily-attempt")).toHaveAttribute("data-attempt", "done");
      const mine = page.getByTestId("daily-my-line");
      await expect(mine).toContainText(device.player);
      await expect(mine).toContainText(Number(final.score).toLocaleString("en-GB"));
      const rank = (await mine.locator(".daily-rank").textContent())?.replace("#", "");
      await expect(page.getByTestId("daily-attempt")).toContainText(`#${rank} today`);
      await expect(page.getByTestId("daily-streak")).toHaveAttribute("data-streak", "1");
      if (device.name === "desktop") await shot(page, `daily-${game}`);
      if (game === "blast") {
        const axe = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
          .analyze();
        expect(
          axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        ).toEqual([]);
      }

      if (game === "blast") {
        // Over with a revive left, the attempt can still go on: the daily lock holds, and the page says why.
        await expect(page.getByTestId("daily-watch-locked")).toContainText("a revive is left");
        await expect(page.getByTestId("daily-watch-leader")).toHaveCount(0);
        await endByApi(page.request, session, true);
        await page.reload();
      }
      // The day's #1 can be watched now that this player's attempt is over: to the leader's score.
      const day = await page.request.get(`/api/daily/${game}`, { headers: { authorization: session.auth } });
      const leader = ((await day.json()) as { leader: { score: number; replay: number } }).leader;
      await expect(page.getByTestId("daily-watch-locked")).toHaveCount(0);
      const watchLeader = page.getByTestId("daily-watch-leader");
      await expect(watchLeader).toHaveAttribute("href", `/replay/${leader.replay}`);
      await press(device.touch, watchLeader);
      const viewer = page.getByTestId("replay-viewer");
      await expect(viewer).toHaveAttribute("data-step", "0");
      await press(device.touch, page.getByRole("button", { name: "Last position" }));
      await expect(viewer).toHaveAttribute("data-over", "true");
      await expect(viewer).toHaveAttribute("data-score", String(leader.score));
      await page.goBack();
      await expect(page.getByTestId("daily-attempt")).toHaveAttribute("data-attempt", "done");

      // A second game the same day is practice: said before it starts, and by the game itself.
      await expect(page.getByTestId("daily-play-note")).toContainText("Play practice");
      await expect(play).toHaveText("Play practice");
      await press(device.touch, play);
      await expect(line).toHaveAttribute("data-kind", "practice");
      await expect(line).toContainText("Daily practice");
      if (game === "stacker" && device.name === "phone") {
        // The day's leader is this player: they race their own best.
        await page.keyboard.press("Space");
        await expect(page.getByTestId("race-line")).toContainText(
          /^You [\d,]+ · your best [\d,]+ at move 1$/,
        );
        await page.screenshot({ path: test.info().outputPath("race-own-best-phone.png") });
      }
    }
    expect(errors).toEqual([]);

    // Offline, the page shows its last copy and says when it was fetched.
    await context.route("**/api/**", (route) => route.abort());
    await page.goto("/games/blocky/daily");
    await expect(page.getByTestId("daily-offline")).toContainText(/^Offline: last updated \d\d:\d\d$/);
    await expect(page.getByTestId("daily-my-line")).toContainText(device.player);
    await context.close();
  });
}
