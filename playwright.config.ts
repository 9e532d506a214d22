import { defineConfig, devices } from "@playwright/test";
import { FIRST_PORT, serverURL, WORKERS } from "./e2e/servers";

export default defineConfig({
  testDir: "e2e",
  // Files in parallel when E2E_WORKERS > 1, each file's tests in order in one worker; each worker its own server
  // (e2e/servers.ts), so what one test enters on a board no other worker's test sees.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // Sized for a shared machine under load (a CI runner with other jobs): a timeout only catches a
  // hang, so a generous one costs nothing when the tests pass (docs/testing.md).
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? "line" : "list",
  use: {
    // Each worker's own server: the `baseURL` fixture of e2e/fixtures.ts.
    baseURL: serverURL(0),
    trace: "off",
    // The app's service worker would answer requests that page.route() then never sees, and would
    // install (precache every game) on each test's first page: only e2e/offline.spec.ts allows it.
    serviceWorkers: "block",
    // The arcade follows the system's theme (apps/web/src/shell/look.ts): the suite and its
    // screenshots see the dark theme, as before there was a choice; e2e/look.spec.ts tests the light.
    colorScheme: "dark",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: Array.from({ length: WORKERS }, (_, i) => ({
    // The built server, as `npm start` runs it, with a throwaway data folder.
    command: `node scripts/e2e-server.mjs`,
    url: `${serverURL(i)}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Every game page draws a ranked seed from the server: a fast run of many pages from one
    // address would meet the per-client write limits, which apps/server/test/security.test.ts covers.
    // The same holds for the CPU share of the computer player and replays (one address for every
    // test: hints, Watch and replay curves add up over the suite); apps/server/test covers the share.
    env: {
      PORT: String(FIRST_PORT + i),
      LOG_LEVEL: "warn",
      RATE_LIMIT: "off",
      CPU_MS_PER_MINUTE: "1000000000",
      CPU_BURST_MS: "1000000000",
    },
  })),
});
