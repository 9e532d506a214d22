#!/usr/bin/env node
/**
 * `npm run pack:cli [-- --out DIR] [-- --no-build]`: builds the engine, the client and the CLI and
 * packs them as three installable tarballs in dist-pack/ (gitignored):
 *
 *   blockarcade-engine-<version>.tgz  the engine alone (`@blockarcade/engine`), for other programs;
 *   blockarcade-client-<version>.tgz  the typed HTTP client (`@blockarcade/client`), for bots;
 *   blockarcade-<version>.tgz         the `blockarcade` command, with the engine and client bundled inside.
 *
 * The engine and the client travel inside the CLI's tarball (bundleDependencies) rather than as a `file:`
 * dependency: a `file:` path is resolved against wherever the user happens to install from, so the
 * second tarball would have to sit beside the first, and a published CLI would point at a path that
 * does not exist on the user's machine. Bundled, `npm install -g ./blockarcade-<version>.tgz` needs
 * one file, no network and no registry. No package has a third-party runtime dependency or an install
 * script, so no compiler is ever asked for (the server's better-sqlite3 stays in apps/server).
 *
 * Each package is staged from its workspace's build in a folder of its own with a package.json made
 * for users (no "private", no "source" export condition pointing at TypeScript that is not shipped,
 * no tests, no source maps), then packed with `npm pack`. Publishing (a maintainer, logged in):
 *   npm publish dist-pack/blockarcade-engine-<version>.tgz --access public
 *   npm publish dist-pack/blockarcade-client-<version>.tgz --access public
 *   npm publish dist-pack/blockarcade-<version>.tgz
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
const out = resolve(outIndex >= 0 ? (args[outIndex + 1] ?? "") : join(root, "dist-pack"));
const build = !args.includes("--no-build");

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
const rootPkg = readJson(join(root, "package.json"));
const enginePkg = readJson(join(root, "packages/engine/package.json"));
const clientPkg = readJson(join(root, "packages/client/package.json"));
const cliPkg = readJson(join(root, "apps/cli/package.json"));

function run(command, commandArgs, cwd) {
  const r = spawnSync(command, commandArgs, { cwd, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
  if (r.status !== 0) {
    process.stderr.write(r.stdout ?? "");
    throw new Error(`${command} ${commandArgs.join(" ")} failed with status ${r.status}`);
  }
  return r.stdout;
}

/**
 * Shipped files: compiled JavaScript and (for the engine, a library) its declarations. Not the
 * tests, and not worst-positions (the positions the bounded-work tests and the benches replay: no
 * shipped module imports them).
 */
const shipped = (withTypes) => (src) =>
  !/\.test\.(js|d\.ts)$/.test(src) &&
  !/worst-positions\.(js|d\.ts)$/.test(src) &&
  !src.endsWith(".map") &&
  !src.endsWith(".tsbuildinfo") &&
  (withTypes || !src.endsWith(".d.ts"));

if (build)
  run(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-b", "packages/engine", "packages/client", "apps/cli"],
    root,
  );

rmSync(out, { recursive: true, force: true });
const stage = join(out, "stage");
const legal = { license: rootPkg.license, engines: rootPkg.engines };

// The engine: its exports without the "source" condition (the TypeScript is not shipped),
// without ./testing (a vitest contract suite, for this repository's own tests) and without
// ./schema (the server's, which needs TypeBox; the schemas are published as JSON in docs/schemas/).
const engineStage = join(stage, "engine");
mkdirSync(engineStage, { recursive: true });
cpSync(join(root, "packages/engine/dist"), join(engineStage, "dist"), {
  recursive: true,
  filter: (src) =>
    shipped(true)(src) && !src.includes(join("dist", "testing")) && !src.includes(join("dist", "schema")),
});
const engineExports = {};
for (const [key, { source: _source, ...conditions }] of Object.entries(enginePkg.exports)) {
  if (!key.startsWith("./testing") && !key.startsWith("./schema")) engineExports[key] = conditions;
}
writeJson(join(engineStage, "package.json"), {
  name: enginePkg.name,
  version: enginePkg.version,
  description: enginePkg.description,
  type: enginePkg.type,
  ...legal,
  exports: engineExports,
  sideEffects: enginePkg.sideEffects,
});

// The client: its exports without "source". The engine is a peer, needed by ./session only (the
// routes import its types alone): a bot that only calls the API installs nothing more.
const clientStage = join(stage, "client");
mkdirSync(clientStage, { recursive: true });
cpSync(join(root, "packages/client/dist"), join(clientStage, "dist"), {
  recursive: true,
  filter: shipped(true),
});
const clientExports = {};
for (const [key, { source: _source, ...conditions }] of Object.entries(clientPkg.exports)) {
  clientExports[key] = conditions;
}
writeJson(join(clientStage, "package.json"), {
  name: clientPkg.name,
  version: clientPkg.version,
  description: clientPkg.description,
  type: clientPkg.type,
  ...legal,
  exports: clientExports,
  peerDependencies: clientPkg.dependencies,
  peerDependenciesMeta: Object.fromEntries(
    Object.keys(clientPkg.dependencies).map((name) => [name, { optional: true }]),
  ),
  sideEffects: clientPkg.sideEffects,
});

// The CLI: bin/ and dist/src/ as in the repository (main.js reads ../../package.json for
// --version), the engine bundled in its node_modules.
const cliStage = join(stage, "cli");
mkdirSync(cliStage, { recursive: true });
cpSync(join(root, "apps/cli/bin"), join(cliStage, "bin"), { recursive: true });
cpSync(join(root, "apps/cli/dist/src"), join(cliStage, "dist/src"), {
  recursive: true,
  filter: shipped(false),
});
// Declarations are for programs that import the engine and the client; the command only runs them.
for (const [dir, pkg] of [
  [engineStage, enginePkg],
  [clientStage, clientPkg],
]) {
  cpSync(dir, join(cliStage, "node_modules", pkg.name), { recursive: true, filter: shipped(false) });
}
writeJson(join(cliStage, "package.json"), {
  name: "blockarcade",
  version: cliPkg.version,
  description: "Five block puzzle games in the terminal, and the Block Arcade JSON-lines protocol.",
  type: cliPkg.type,
  ...legal,
  bin: cliPkg.bin,
  dependencies: cliPkg.dependencies,
  bundleDependencies: Object.keys(cliPkg.dependencies),
});

for (const dir of [engineStage, clientStage, cliStage]) {
  cpSync(join(root, "LICENSE"), join(dir, "LICENSE"));
}
writeFileSync(join(engineStage, "README.md"), readme("engine"));
cpSync(join(root, "packages/client/README.md"), join(clientStage, "README.md"));
writeFileSync(join(cliStage, "README.md"), readme("cli"));

const tarballs = [];
for (const dir of [engineStage, clientStage, cliStage]) {
  const [packed] = JSON.parse(
    run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", out], dir),
  );
  tarballs.push({ file: join(out, packed.filename), size: packed.size, unpackedSize: packed.unpackedSize });
}
rmSync(stage, { recursive: true, force: true });
for (const t of tarballs) process.stdout.write(`${t.file}\t${(t.size / 1000).toFixed(1)} kB\n`);

function writeJson(path, value) {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

function readme(which) {
  return which === "cli"
    ? `# blockarcade\n\nFive block puzzle games in the terminal: Block Blast, Block Puzzle, Block Stacker, Match-3 and\nBlocky, on one deterministic engine, plus a JSON-lines protocol for bots.\n\n    npm install -g blockarcade      # or: npm install -g ./blockarcade-${cliPkg.version}.tgz\n    blockarcade blast --seed 1\n    blockarcade --help\n\nNo native code and no install script: it installs without a compiler. Node ${rootPkg.engines.node}.\n`
    : `# @blockarcade/engine\n\nEvery rule of every Block Arcade game: pure, deterministic TypeScript compiled to ES2022 modules,\nno runtime dependencies. \`import { GAME_IDS } from "@blockarcade/engine/core"\`.\n`;
}
