// Frame times while a piece is dragged (issue 15 item 3, docs/performance.md): Block Blast and
// Block Puzzle on a 360 x 640 touch screen with the CPU slowed 4x (DevTools protocol
// Emulation.setCPUThrottlingRate); a finger takes a tray piece and wanders over the whole board for
// a few seconds at 60 moves a second, then lets go. The page records requestAnimationFrame
// timestamps and long tasks (PerformanceObserver "longtask": main-thread tasks over 50 ms) while the
// finger is down. Prints p50 / p95 / max frame interval, the share of frames over 33 ms (a missed
// frame at 60 Hz) and the long tasks' count and total, per run and as the median of the runs.
// Builds nothing: run `npm run build` first. Usage: node scripts/frame-times.mjs [--runs 3] [--json file]
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { startBuiltServer } from "./built-server.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const RUNS = Number(arg("--runs", "3"));
const jsonFile = arg("--json", undefined);
const DRAG_MS = 4000;
const MOVE_EVERY_MS = 16;
const THROTTLE = 4;

/** Each game: its page, its board, its first tray piece and the drop preview a drag shows. */
const GAMES = [
  {
    game: "blast",
    path: "/games/blast/play?seed=5",
    board: ".blast-board",
    piece: ".blast-slot[data-piece]",
    ghost: ".blast-ghost-valid, .blast-ghost-invalid",
  },
  {
    game: "puzzle",
    path: "/games/puzzle?seed=7",
    board: ".puzzle-board",
    piece: "[data-piece]",
    ghost: ".puzzle-ghost",
  },
];

/** In the page before any of its scripts: a rAF loop and a long-task observer, read by the script. */
function recorder() {
  const rec = { on: false, since: 0, frames: [], longTasks: [] };
  window.__frames = rec;
  const loop = (t) => {
    if (rec.on) rec.frames.push(t);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (rec.on) rec.longTasks.push({ at: e.startTime - rec.since, ms: e.duration });
    }
  }).observe({ type: "longtask" });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round = (x) => (x === null ? null : Math.round(x * 10) / 10);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(browser, base, { game, path, board, piece, ghost }) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "block",
  });
  await context.addInitScript(recorder);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${base}${path}`);
  await page.locator(board).waitFor();
  await page.locator(piece).first().waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
  // Let the page settle under the slower CPU before measuring.
  await page.waitForTimeout(500);
  const from = await page.locator(piece).first().boundingBox();
  const area = await page.locator(board).boundingBox();
  if (!from || !area) throw new Error(`${game}: no piece or board on the page`);
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.evaluate(() => {
    window.__frames.on = true;
    window.__frames.since = performance.now();
  });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [start] });
  const began = Date.now();
  let moves = 0;
  let previews = 0;
  while (Date.now() - began < DRAG_MS) {
    // A Lissajous path: the finger crosses the whole board, rows and columns, again and again.
    const t = (Date.now() - began) / 1000;
    const x = area.x + area.width * (0.5 + 0.45 * Math.sin(t * 2.1));
    const y = area.y + area.height * (0.5 + 0.45 * Math.sin(t * 1.3 + 1));
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
    moves++;
    // Once a second: is the piece really being dragged (the board previews the drop)?
    if (moves % 60 === 30) previews += (await page.locator(ghost).count()) > 0 ? 1 : 0;
    const next = began + moves * MOVE_EVERY_MS;
    const wait = next - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await page.waitForTimeout(300);
  const { frames, longTasks } = await page.evaluate(() => {
    window.__frames.on = false;
    return { frames: window.__frames.frames, longTasks: window.__frames.longTasks };
  });
  await context.close();
  if (errors.length) throw new Error(`${game}: page errors: ${errors.join("; ")}`);
  if (previews === 0) throw new Error(`${game}: the drag never showed a drop preview (${ghost})`);
  const intervals = frames
    .slice(1)
    .map((t, i) => t - (frames[i] ?? t))
    .sort((a, b) => a - b);
  return {
    game,
    seconds: round((Date.now() - began) / 1000),
    moves,
    previews,
    frames: frames.length,
    p50: round(percentile(intervals, 50)),
    p95: round(percentile(intervals, 95)),
    max: round(intervals.at(-1) ?? null),
    over33: round((100 * intervals.filter((i) => i > 33.4).length) / Math.max(1, intervals.length)),
    longTasks: longTasks.length,
    longTaskMs: Math.round(longTasks.reduce((a, b) => a + b.ms, 0)),
    // When each long task began (ms after the finger went down) and how long it took.
    longTaskAt: longTasks.map((l) => `${Math.round(l.at)}:${Math.round(l.ms)}`),
  };
}

let server;
try {
  server = await startBuiltServer();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const results = [];
try {
  for (const spec of GAMES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await measure(browser, server.base, spec);
      runs.push(run);
      console.log(JSON.stringify({ run: i + 1, ...run }));
    }
    const summary = { game: spec.game, runs: RUNS, throttle: THROTTLE, viewport: "360x640" };
    for (const key of ["frames", "p50", "p95", "max", "over33", "longTasks", "longTaskMs"]) {
      summary[key] = median(runs.map((r) => r[key]));
    }
    console.log(JSON.stringify({ median: true, ...summary }));
    results.push({ summary, runs });
  }
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
