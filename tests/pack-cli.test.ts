/**
 * The terminal game anyone can install (README "Install the terminal game"): `npm run pack:cli`
 * packs one tarball that installs with `npm install -g` into an empty prefix with no network, no
 * compiler on PATH and no install script, and the installed `blockarcade` plays at once.
 * The script runs with --no-build: npm test builds before Vitest, as every CLI test assumes.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { GAME_IDS } from "@blockarcade/engine/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "ba-pack-"));
const out = join(work, "out");
const prefix = join(work, "prefix");
/** The only folder on PATH: node itself, nothing else (no gcc, cc, make, python, sh). */
const pathDir = join(work, "path");
/** npm runs every lifecycle script through this shell: it records the call and fails the install. */
const scriptShell = join(work, "script-shell");
const scriptsRan = join(work, "scripts-ran");
const version: string = JSON.parse(readFileSync(join(root, "apps/cli/package.json"), "utf8")).version;
const cliTarball = join(out, `blockarcade-${version}.tgz`);
const engineTarball = join(out, `blockarcade-engine-${version}.tgz`);
const clientTarball = join(out, `blockarcade-client-${version}.tgz`);

/** npm's own entry point beside this Node, run with this Node (no `npm` on the limited PATH). */
function npmCli(): string {
  const candidates = [
    process.env.npm_execpath,
    join(dirname(process.execPath), "../lib/node_modules/npm/bin/npm-cli.js"),
    join(dirname(process.execPath), "node_modules/npm/bin/npm-cli.js"),
  ];
  const found = candidates.find((c) => c?.endsWith("npm-cli.js") && existsSync(c));
  if (!found) throw new Error(`npm-cli.js not found beside ${process.execPath}`);
  return found;
}

/** A clean environment: no CC/CXX, no npm settings from the caller, PATH with node alone. */
const cleanEnv = (): NodeJS.ProcessEnv => ({
  HOME: work,
  PATH: pathDir,
  XDG_CONFIG_HOME: join(work, "config"),
  npm_config_cache: join(work, "npm-cache"),
  npm_config_userconfig: join(work, "npmrc"),
  npm_config_script_shell: scriptShell,
  npm_config_update_notifier: "false",
  npm_config_audit: "false",
  npm_config_fund: "false",
});

const installed = join(prefix, "bin", "blockarcade");
let install: { status: number | null; stdout: string; stderr: string; scripts: string };

beforeAll(() => {
  mkdirSync(pathDir);
  symlinkSync(process.execPath, join(pathDir, "node"));
  writeFileSync(scriptShell, `#!/bin/sh\necho "$@" >> '${scriptsRan}'\nexit 1\n`, { mode: 0o755 });
  const pack = spawnSync(process.execPath, ["scripts/pack-cli.mjs", "--no-build", "--out", out], {
    cwd: root,
    encoding: "utf8",
  });
  expect(pack.status, pack.stderr).toBe(0);
  const r = spawnSync(
    process.execPath,
    [npmCli(), "install", "-g", "--prefix", prefix, "--offline", cliTarball],
    { cwd: work, encoding: "utf8", env: cleanEnv() },
  );
  // Read now: the guard's own check below makes the script shell write its record later.
  const scripts = existsSync(scriptsRan) ? readFileSync(scriptsRan, "utf8") : "";
  install = { status: r.status, stdout: r.stdout, stderr: r.stderr, scripts };
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The installed binary with `input` written to a stdin that stays open; resolves when it exits. */
function playOpen(args: string[], input: string) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(installed, args, { env: cleanEnv() });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("close", (status) => done({ status, stdout, stderr }));
    child.stdin.write(input);
  });
}

describe("npm run pack:cli", () => {
  it("packs the CLI (engine and client bundled), the engine and the client, with no server, source, test or native file", () => {
    expect(readdirSync(out).sort()).toEqual([
      `blockarcade-${version}.tgz`,
      `blockarcade-client-${version}.tgz`,
      `blockarcade-engine-${version}.tgz`,
    ]);
    const list = (tgz: string) =>
      spawnSync("tar", ["tzf", tgz], { encoding: "utf8" }).stdout.trim().split("\n");
    const cli = list(cliTarball);
    expect(cli).toContain("package/bin/blockarcade.js");
    expect(cli).toContain("package/dist/src/main.js");
    expect(cli).toContain("package/node_modules/@blockarcade/engine/dist/core/index.js");
    expect(cli).toContain("package/node_modules/@blockarcade/client/dist/index.js");
    expect(cli).toContain("package/node_modules/@blockarcade/client/dist/session.js");
    expect(cli).toContain("package/LICENSE");
    for (const file of [...cli, ...list(engineTarball), ...list(clientTarball)]) {
      // TypeScript declarations only (the engine's, for programs importing it), never its source.
      expect(file).not.toMatch(
        /(?<!\.d)\.ts$|\.test\.|\.map$|\.node$|binding\.gyp|sqlite|apps\/server|\/test\//,
      );
    }
    const pkg = JSON.parse(
      spawnSync("tar", ["xzOf", cliTarball, "package/package.json"], { encoding: "utf8" }).stdout,
    );
    expect(pkg.name).toBe("blockarcade");
    expect(pkg.private).toBeUndefined();
    expect(pkg.scripts).toBeUndefined();
    expect(pkg.bundleDependencies).toEqual(["@blockarcade/client", "@blockarcade/engine"]);
    expect(Object.keys(pkg.dependencies)).toEqual(["@blockarcade/client", "@blockarcade/engine"]);
  });

  it("is small: the CLI tarball with the engine inside is under 300 kB", () => {
    const size = Number(spawnSync("wc", ["-c", cliTarball], { encoding: "utf8" }).stdout.split(" ")[0]);
    console.log(`blockarcade-${version}.tgz: ${(size / 1000).toFixed(1)} kB`);
    expect(size).toBeGreaterThan(50_000);
    expect(size).toBeLessThan(300_000);
  });
});

describe("npm install -g ./blockarcade-<version>.tgz", () => {
  it("no compiler can be found on the PATH the install gets", () => {
    for (const tool of ["gcc", "cc", "c++", "g++", "make", "python3", "sh"]) {
      const r = spawnSync(tool, ["--version"], { env: cleanEnv() });
      expect(r.error?.message, tool).toMatch(/ENOENT/);
    }
  });

  it("installs offline from an empty cache into an empty prefix, running no script", () => {
    expect(install.status, install.stderr).toBe(0);
    expect(existsSync(scriptsRan), existsSync(scriptsRan) ? readFileSync(scriptsRan, "utf8") : "").toBe(
      false,
    );
    const modules = join(prefix, "lib", "node_modules", "blockarcade", "node_modules");
    expect(readdirSync(modules)).toEqual(["@blockarcade"]);
    expect(readdirSync(join(modules, "@blockarcade")).sort()).toEqual(["client", "engine"]);
  });

  it("the guard holds: a package with an install script is caught by the script shell and fails", () => {
    const control = join(work, "control");
    mkdirSync(control);
    writeFileSync(
      join(control, "package.json"),
      JSON.stringify({ name: "control", version: "1.0.0", scripts: { install: "node-gyp rebuild" } }),
    );
    const r = spawnSync(
      process.execPath,
      [npmCli(), "install", "-g", "--prefix", join(work, "control-prefix"), "--offline", control],
      {
        cwd: work,
        encoding: "utf8",
        env: cleanEnv(),
      },
    );
    expect(r.status).not.toBe(0);
    expect(readFileSync(scriptsRan, "utf8")).toContain("node-gyp rebuild");
  });

  it("plays at once: --version, and Blast with stdin left open until quit", async () => {
    expect(spawnSync(installed, ["--version"], { env: cleanEnv(), encoding: "utf8" }).stdout).toBe(
      `blockarcade ${version}\n`,
    );
    const r = await playOpen(["blast", "--seed", "1"], "quit\n");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("[0]");
    expect(r.stdout).toMatch(/Final score: 0\. Thanks for playing!\r?\n$/);
  });

  it("every game's terminal version and computer player load from the installed copy", () => {
    for (const id of GAME_IDS) {
      const help = spawnSync(installed, [id, "--help"], { env: cleanEnv(), encoding: "utf8" });
      expect(help.status, `${id}: ${help.stderr}`).toBe(0);
      const r = spawnSync(installed, [id, "--json", "--seed", "1"], {
        env: cleanEnv(),
        encoding: "utf8",
        input: '{"cmd":"hint"}\n{"cmd":"ai"}\n',
      });
      expect(r.status, `${id}: ${r.stderr}`).toBe(0);
      const replies = r.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(
        replies.map((reply) => reply.ok),
        id,
      ).toEqual([true, true, true]);
    }
  });

  it("reaches a game server through the bundled client: no server is a network failure said plainly", () => {
    const r = spawnSync(installed, ["leaderboard", "blast", "--server", "http://127.0.0.1:9"], {
      env: cleanEnv(),
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    // Port 9 is one fetch refuses to ask ("bad port"): no answer, whatever the reason, is said as such.
    expect(r.stderr).toMatch(/^blockarcade: cannot reach http:\/\/127\.0\.0\.1:9: \S[^\n]*\n$/);
  });

  it("plays Blocky to game over against the computer with stdin left open", async () => {
    const args = ["blocky", "--depth", "2", "--turns", "1", "--players", "human,smart:3", "--seed", "4"];
    const r = await playOpen(args, "cw -\n");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Player [12] wins\.\r?\nFinal score: Player 1 \(you\) \d+, Player 2 \d+\./);
  });

  it("plays a whole Blast game over the JSON-lines protocol, a legal move at a time, to game over", async () => {
    const child = spawn(installed, ["blast", "--json", "--seed", "1"], { env: cleanEnv() });
    const replies: { ok: boolean; state: { over: boolean; score: number }; legal?: unknown[] }[] = [];
    let buffer = "";
    let moves = 0;
    const over = await new Promise<boolean>((done) => {
      child.on("close", () => done(false));
      child.stdout.on("data", (d) => {
        buffer += d;
        for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
          const reply = JSON.parse(buffer.slice(0, nl));
          buffer = buffer.slice(nl + 1);
          replies.push(reply);
          if (reply.state?.over) return done(true);
          if (moves > 2000) return done(false);
          // Ask for the legal moves, then send the first of them.
          if (reply.legal) {
            moves++;
            child.stdin.write(`${JSON.stringify(reply.legal[0])}\n`);
          } else child.stdin.write(`${JSON.stringify({ cmd: "legal" })}\n`);
        }
      });
    });
    child.stdin.end();
    await new Promise((done) => (child.exitCode === null ? child.on("close", done) : done(null)));
    expect(over).toBe(true);
    expect(moves).toBeGreaterThan(3);
    expect(replies.every((r) => r.ok)).toBe(true);
    expect(child.exitCode).toBe(0);
  });
});

describe("npm install ./blockarcade-engine-<version>.tgz", () => {
  it("installs offline into an empty project, and every export it declares imports with Node", () => {
    const project = join(work, "engine-user");
    mkdirSync(project);
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "engine-user", private: true, type: "module" }),
    );
    const r = spawnSync(process.execPath, [npmCli(), "install", "--offline", engineTarball], {
      cwd: project,
      encoding: "utf8",
      env: cleanEnv(),
    });
    expect(r.status, r.stderr).toBe(0);
    const specifiers = [
      "@blockarcade/engine",
      "@blockarcade/engine/core",
      ...GAME_IDS.map((id) => `@blockarcade/engine/games/${id}`),
    ];
    const script = `for (const s of ${JSON.stringify(specifiers)}) { const m = await import(s); if (Object.keys(m).length === 0) throw new Error(s); }
const { GAME_IDS, startGame } = await import("@blockarcade/engine/core");
const { GAMES } = await import("@blockarcade/engine");
console.log(GAME_IDS.map((id) => startGame(GAMES[id], 1).value.game).join(","));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: project,
      encoding: "utf8",
      env: cleanEnv(),
    });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe(GAME_IDS.join(","));
  });
});

describe("npm install ./blockarcade-client-<version>.tgz", () => {
  it("installs offline alone (the engine is an optional peer) and its routes import with Node", () => {
    const project = join(work, "client-user");
    mkdirSync(project);
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "client-user", private: true, type: "module" }),
    );
    const r = spawnSync(process.execPath, [npmCli(), "install", "--offline", clientTarball], {
      cwd: project,
      encoding: "utf8",
      env: cleanEnv(),
    });
    expect(r.status, r.stderr).toBe(0);
    const script = `const c = await import("@blockarcade/client");
const answer = await c.getHealth({ base: "http://127.0.0.1:9" });
console.log(answer.kind, c.boardPath("blast", { period: "week", aroundMe: true }));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: project,
      encoding: "utf8",
      env: cleanEnv(),
    });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("network /api/leaderboards/blast?period=week&around=me");
  });
});
