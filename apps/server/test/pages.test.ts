/**
 * The web app's pages answer 200 and anything else 404, both with the app's index.html (so the
 * browser shows the app's not-found page with a way home); files and the API keep their own answers.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { isWebPage } from "../src/web-pages.js";

const INDEX = "<!doctype html><title>Block Arcade</title><div id=app></div>";
const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()?.close();
});

async function webApp() {
  const root = mkdtempSync(join(tmpdir(), "ba-pages-"));
  const webDir = join(root, "web");
  mkdirSync(webDir);
  writeFileSync(join(webDir, "index.html"), INDEX);
  const app = await buildApp({ dataDir: join(root, "data"), webDir });
  apps.push(app);
  return app;
}

const PAGES = [
  "/",
  "/games/blast",
  "/games/blast/",
  "/games/blast/play",
  "/games/blast/how-to-play",
  "/games/blast/leaderboard?x=1",
  "/games/puzzle",
  "/games/puzzle/new",
  "/games/stacker?size=10&seed=3",
  "/games/match3",
  "/games/blocky",
];
const UNKNOWN = [
  "/games/nope",
  "/games/nope/whatever",
  "/games/blast/settings",
  "/games/stacker/play",
  "/games/BLAST",
  "/games",
  "/games/",
  "/no/such/page",
  "/index",
  "//games/blast",
];

describe("web pages and unknown URLs", () => {
  it("answers the app's pages with index.html and 200", async () => {
    const app = await webApp();
    for (const url of PAGES) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.body, url).toBe(INDEX);
    }
  });

  it("answers every other page with 404 and the same index.html, so the app shows its not-found page", async () => {
    const app = await webApp();
    for (const url of UNKNOWN) {
      for (const method of ["GET", "HEAD"] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers["content-type"], url).toContain("text/html");
        if (method === "GET") expect(res.body, url).toBe(INDEX);
      }
    }
  });

  it("keeps the JSON 404 for the API, missing files and other methods", async () => {
    const app = await webApp();
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["GET", "/missing.js"],
      ["POST", "/games/blast"],
      ["DELETE", "/no/such/page"],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
  });
});

describe("isWebPage", () => {
  it("knows the home page, each game's pages and nothing else", () => {
    expect(isWebPage("/")).toBe(true);
    expect(isWebPage("/games/match3/")).toBe(true);
    expect(isWebPage("/games/puzzle/new//")).toBe(true);
    expect(isWebPage("/games/puzzle/play")).toBe(false);
    expect(isWebPage("/games/constructor")).toBe(false);
    expect(isWebPage("/games/toString")).toBe(false);
    expect(isWebPage("")).toBe(false);
  });
});
