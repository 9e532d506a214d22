// Lighthouse (12.2.3, the last that runs on Node 20) on the built arcade: starts the built server
// on a free port with the built web app and a throwaway data folder, runs Lighthouse's default
// (mobile, simulated slow 4G and 4x CPU) performance, accessibility and best-practices audits on
// the home page and Block Blast's page in Debian's Chromium, and prints the scores with the main
// timings. Lighthouse 12 has no PWA category any more: the installability checks are Chromium's
// own (DevTools protocol Page.getInstallabilityErrors and Page.getAppManifest) with the service
// worker's registration read from the page. Builds nothing: run `npm run build` first.
// Usage: npm run lighthouse [-- --json file]   (WEB_DIR picks another build folder; docs/performance.md)
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
// chrome-launcher comes with lighthouse (its README's way to run it from a script).
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBuiltServer } from "./built-server.mjs";

const PAGES = ["/", "/games/blast"];
const CATEGORIES = ["performance", "accessibility", "best-practices"];
const TIMINGS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const jsonAt = process.argv.indexOf("--json");
const jsonFile = jsonAt > 0 ? process.argv[jsonAt + 1] : undefined;

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** Chromium's own verdict on installing the app, read on a page with its worker running. */
async function installability(port, url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: "load" });
    const worker = await page.evaluate(async () => {
      const registration = await Promise.race([
        navigator.serviceWorker.ready,
        new Promise((r) => setTimeout(() => r(null), 15_000)),
      ]);
      return registration?.active ? registration.active.scriptURL : null;
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const { url: manifestUrl, errors, data } = await cdp.send("Page.getAppManifest");
    const manifest = data ? JSON.parse(data) : {};
    return {
      serviceWorker: worker ? new URL(worker).pathname : null,
      manifest: manifestUrl ? new URL(manifestUrl).pathname : null,
      manifestErrors: errors.map((e) => e.message),
      installabilityErrors: installabilityErrors.map((e) => e.errorId),
      display: manifest.display,
      icons: (manifest.icons ?? []).map(
        (i) => `${i.sizes}${i.purpose && i.purpose !== "any" ? ` ${i.purpose}` : ""}`,
      ),
    };
  } finally {
    await page.close();
    // Leaves Chromium running (chrome-launcher owns it): only this connection closes.
    await browser.close();
  }
}

let server;
try {
  server = await startBuiltServer();
} catch (err) {
  fail(err.message);
}
const base = server.base;
let chrome;
try {
  chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  const results = [];
  for (const path of PAGES) {
    const url = `${base}${path}`;
    const run = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    if (!run) throw new Error(`Lighthouse gave no result for ${path}`);
    const { lhr } = run;
    if (lhr.runtimeError) {
      throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [
        c,
        lhr.categories[c]?.score === null ? null : Math.round(lhr.categories[c].score * 100),
      ]),
    );
    const timings = Object.fromEntries(TIMINGS.map((a) => [a, lhr.audits[a]?.displayValue ?? null]));
    // Audits that cost points, so a lower score says why.
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative")
      .map((a) => `${a.id} (${a.score})`);
    const install = await installability(chrome.port, url);
    const result = {
      page: path,
      lighthouse: lhr.lighthouseVersion,
      chromium: lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0],
      formFactor: lhr.configSettings.formFactor,
      scores,
      timings,
      failing,
      install,
    };
    results.push(result);
    console.log(JSON.stringify(result));
  }
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  if (chrome) await chrome.kill();
  await server.stop();
}
