/**
 * Vitest runs the engine from its TypeScript source (docs/architecture.md "Tests"): every subpath
 * of `@blockarcade/engine` must resolve to `packages/engine/src`, never to the build in `dist/`,
 * or a test would pass against an engine edit that is not built yet (or fail on one that is fixed).
 * A module loaded twice, once from `dist/` and once from `src/`, gives two different function
 * objects, so identity with the source module proves where this test's own imports came from; and
 * the config's resolver, asked for every subpath export in both of Vite's environments (the node
 * one every test runs in today, the web's too, and the client one a DOM environment would use),
 * must name a file in `packages/engine/src`. Node itself must still see the build: the server's
 * compute workers (threads started by the code under test) load the compiled worker and through it
 * `dist/`, and would fail on `.ts` files if the condition leaked into Node's `--conditions`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import * as clientRoot from "@blockarcade/client";
import * as clientSession from "@blockarcade/client/session";
import * as root from "@blockarcade/engine";
import * as core from "@blockarcade/engine/core";
import * as blast from "@blockarcade/engine/games/blast";
import * as stacker from "@blockarcade/engine/games/stacker";
import * as testing from "@blockarcade/engine/testing";
import * as toyGame from "@blockarcade/engine/testing/toy-game";
import { createServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as clientRootSource from "../packages/client/src/index.js";
import * as clientSessionSource from "../packages/client/src/session.js";
import * as coreSource from "../packages/engine/src/core/index.js";
import * as blastSource from "../packages/engine/src/games/blast/index.js";
import * as stackerSource from "../packages/engine/src/games/stacker/index.js";
import * as rootSource from "../packages/engine/src/index.js";
import * as testingSource from "../packages/engine/src/testing/contract.js";
import * as toyGameSource from "../packages/engine/src/testing/toy-game.js";

const CASES: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ["@blockarcade/engine", root, rootSource],
  ["@blockarcade/engine/core", core, coreSource],
  ["@blockarcade/engine/games/blast", blast, blastSource],
  ["@blockarcade/engine/games/stacker", stacker, stackerSource],
  ["@blockarcade/engine/testing", testing, testingSource],
  ["@blockarcade/engine/testing/toy-game", toyGame, toyGameSource],
];

describe("the engine's package imports resolve to its TypeScript source", () => {
  it.each(CASES)("%s is the module in packages/engine/src", (_name, fromPackage, fromSource) => {
    const names = Object.keys(fromSource);
    // Identity means something only for objects and functions (a number is equal from either copy).
    expect(
      names.some((name) => typeof fromSource[name] === "function" || typeof fromSource[name] === "object"),
    ).toBe(true);
    expect(Object.keys(fromPackage).sort()).toEqual([...names].sort());
    for (const name of names) expect(fromPackage[name], name).toBe(fromSource[name]);
  });
});

describe("the client's package imports resolve to its TypeScript source too", () => {
  it.each([
    ["@blockarcade/client", clientRoot, clientRootSource],
    ["@blockarcade/client/session", clientSession, clientSessionSource],
  ] as [string, Record<string, unknown>, Record<string, unknown>][])(
    "%s is the module in packages/client/src",
    (_name, fromPackage, fromSource) => {
      const names = Object.keys(fromSource).filter((name) => typeof fromSource[name] === "function");
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(fromPackage[name], name).toBe(fromSource[name]);
    },
  );
});

const repo = fileURLToPath(new URL("..", import.meta.url));
const engine = join(repo, "packages", "engine");
const exportsMap: Record<string, Record<string, string>> = JSON.parse(
  readFileSync(join(engine, "package.json"), "utf8"),
).exports;

/** Every import name the package offers: `./games/*` once per game folder. */
function specifiers(): string[] {
  const games = readdirSync(join(engine, "src", "games"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return Object.keys(exportsMap).flatMap((key) => {
    const name = `@blockarcade/engine${key.slice(1)}`;
    return key.includes("*") ? games.map((game) => name.replace("*", game)) : [name];
  });
}

describe("the test config resolves every subpath export to packages/engine/src", () => {
  let server: Awaited<ReturnType<typeof createServer>>;
  beforeAll(async () => {
    server = await createServer({
      configFile: join(repo, "vitest.config.ts"),
      root: repo,
      appType: "custom",
      logLevel: "silent",
      server: { middlewareMode: true, ws: false, watch: null },
    });
  });
  afterAll(() => server?.close());

  it("every export of packages/engine/package.json has a source condition", () => {
    for (const [key, conditions] of Object.entries(exportsMap)) {
      expect(conditions.source, key).toMatch(/^\.\/src\/.*\.ts$/);
    }
  });

  it.each(["ssr", "client"])("in the %s environment", async (environment) => {
    const names = specifiers();
    expect(names).toContain("@blockarcade/engine/games/blast");
    const importer = join(repo, "apps", "web", "src", "main.tsx");
    for (const name of names) {
      const resolved = await server.environments[environment].pluginContainer.resolveId(name, importer);
      expect(resolved?.id, name).toMatch(/\.ts$/);
      expect(resolved?.id.startsWith(join(engine, "src") + sep), `${name} -> ${resolved?.id}`).toBe(true);
    }
  });
});

describe("Node's own resolution, which threads and child processes inherit", () => {
  it("still finds the build: the source condition is Vitest's, not Node's", () => {
    expect(process.execArgv).not.toContain("source");
    const resolved = createRequire(import.meta.url).resolve("@blockarcade/engine/games/blast");
    expect(resolved).toBe(join(engine, "dist", "games", "blast", "index.js"));
  });
});
