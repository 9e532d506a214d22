/**
 * The browser tests run against the build (the e2e server is apps/server/dist with apps/web/dist),
 * so `npm run e2e` builds first, or it would test the previous build; `npm test` builds once and
 * runs Playwright itself, so it must not go through `npm run e2e` and build twice.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const scripts: Record<string, string> = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
).scripts;

/** The steps of a script's command line, in order. */
const steps = (name: string): string[] => scripts[name].split("&&").map((step) => step.trim());

describe("package.json scripts", () => {
  it("npm run e2e builds, then runs Playwright", () => {
    const e2e = steps("e2e");
    expect(e2e.indexOf("npm run build")).toBeGreaterThanOrEqual(0);
    expect(e2e.indexOf("npm run build")).toBeLessThan(e2e.indexOf("playwright test"));
  });

  it("npm test builds exactly once, before Vitest and Playwright", () => {
    const test = steps("test");
    const builds = test.filter((step) => /^npm run (build|e2e|start)\b|^tsc\b/.test(step));
    expect(builds).toEqual(["npm run build"]);
    expect(test.indexOf("npm run build")).toBeLessThan(test.indexOf("vitest run"));
    expect(test.indexOf("npm run build")).toBeLessThan(test.indexOf("playwright test"));
  });
});
