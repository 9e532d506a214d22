/**
 * Every command in README.md and docs/ runs here, is checked, or is marked as an illustration
 * (docs/testing.md "Docs that are checked"):
 *
 * - `blockarcade` (and `npx blockarcade`) runs for real, the built binary, with the stdin its
 *   pipeline gives it; real-time terminal play runs on a pseudo-terminal and quits on Ctrl-C; a
 *   form (`blockarcade puzzle [--rows M]`) has every option it names in the game's `--help`; the
 *   ones that talk to a game server (`--server`, `blockarcade player`) run in the docs' order
 *   against the built server, with a throwaway config folder;
 * - `curl` runs against the built server on a free port with a throwaway data folder;
 * - heavy commands are checked, not run: `npm test`, `npm run <script>` (the script exists, in the
 *   workspace `-w` names), `node <file>` (the file or its TypeScript source exists), `npx tsc -b`
 *   and `npx vitest run` (the paths exist), `npm install`, `npm ci`;
 * - anything else fails until it is marked `<!-- illustration -->`.
 *
 * Where a doc shows the output (Match-3's worked example, README's API table) it is compared.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOpenStdin } from "../apps/cli/test/helpers.js";
import { sourceFiles } from "./docs-citations.js";
import {
  docCommands,
  dropComment,
  isCommand,
  isSynopsis,
  type Step,
  shellWords,
  steps,
} from "./docs-commands.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(root, "apps/cli/bin/blockarcade.js");
const SERVER = join(root, "apps/server/dist/src/server.js");
const read = (path: string) => readFileSync(join(root, path), "utf8");

/** Runs a command line with `sh` from the root, stdin `input`, without blocking other tests. */
function sh(
  line: string,
  input = "",
  env: NodeJS.ProcessEnv = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", line], { cwd: root, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

const docs = sourceFiles(root, ["README.md", "docs"]).filter((file) => file.endsWith(".md"));
const commands = docs.flatMap((file) => docCommands(read(file), file));

describe("the docs' command finder", () => {
  it("finds commands in shell fences, indented blocks and inline spans, and reads the marker", () => {
    const text = [
      "Run `npx blockarcade --help` or `npm run weight`<!-- illustration -->; `node:fs` is a module.",
      "",
      "```sh",
      "npm install && npm test     # all of it",
      "curl -s localhost:8080/api/games \\",
      '  -d \'{"game":"blast"}\'',
      "# a comment line",
      "```",
      "",
      "<!-- illustration -->",
      "```sh",
      "docker compose up --build",
      "```",
      "",
      "```json",
      '{"cmd":"npm x"}',
      "```",
      "",
      "    BENCH_RUNS=1 npm run bench -- blast   # an indented block",
      "    not a command",
      "",
      "- a list item",
      "",
      "    npm run inside-a-list-item-is-text",
    ].join("\n");
    expect(
      docCommands(text, "x.md").map(({ line, text, illustration }) => [line, text, illustration]),
    ).toEqual([
      [1, "npx blockarcade --help", false],
      [1, "npm run weight", true],
      [4, "npm install && npm test", false],
      [5, 'curl -s localhost:8080/api/games -d \'{"game":"blast"}\'', false],
      [12, "docker compose up --build", true],
      [19, "BENCH_RUNS=1 npm run bench -- blast", false],
    ]);
  });

  it("splits steps and words as a shell does, and tells a form from a call", () => {
    expect(
      steps(`A=1 B=x npm run bench -- blast && echo '{"a": 1}' | npx blockarcade puzzle --json &`),
    ).toEqual([
      { env: { A: "1", B: "x" }, words: ["npm", "run", "bench", "--", "blast"] },
      { env: {}, words: ["echo", '{"a": 1}'] },
      { env: {}, words: ["npx", "blockarcade", "puzzle", "--json"] },
    ]);
    expect(shellWords(`printf '5 8\\n' "a b"`)).toEqual(["printf", "5 8\\n", "a b"]);
    expect(dropComment(`echo '# not' # yes`)).toBe(`echo '# not'`);
    expect(isCommand("PORT=1 node x.js")).toBe(true);
    expect(isCommand("nodes x")).toBe(false);
    expect(isCommand("node")).toBe(false);
    expect(isCommand("npx blockarcade")).toBe(false);
    expect(isSynopsis("blockarcade blast [--seed N] [--ai]")).toBe(true);
    expect(isSynopsis("blockarcade <game> --help")).toBe(true);
    expect(plan("docker compose up")).toEqual({
      kind: "unknown",
      why: "cannot run or check `docker compose up`",
    });
    expect(plan("npm run nope && node no/such.js")).toEqual({
      kind: "checked",
      problems: ['blockarcade has no script "nope"', "no such path: no/such.js"],
    });
    expect(plan("npm run bench -- blast.ai puzzle.nothing-like-this")).toEqual({
      kind: "checked",
      problems: [
        'no bench entry is named like "puzzle.nothing-like-this"',
        "npm run bench reads one name, not 2: blast.ai puzzle.nothing-like-this",
      ],
    });
    expect(isSynopsis(`echo '{"cmd":"legal"}' | npx blockarcade puzzle --json --config '{"rows":10}'`)).toBe(
      false,
    );
  });
});

// ---- what each command is ----

type Plan =
  | { kind: "illustration" }
  | { kind: "checked"; problems: string[] }
  | { kind: "cli"; shell: string; json: boolean; args: string[]; pty: boolean; server: boolean }
  | { kind: "form"; game: string | null; options: string[] }
  | { kind: "http"; shell: string }
  | { kind: "unknown"; why: string };

interface Manifest {
  name: string;
  scripts?: Record<string, string>;
}
const rootManifest: Manifest = JSON.parse(read("package.json"));
const workspaces: Manifest[] = (JSON.parse(read("package.json")).workspaces as string[]).map((dir) =>
  JSON.parse(read(`${dir}/package.json`)),
);

/** A path a doc names exists, or (for a build output) its TypeScript source does. */
function pathExists(path: string): boolean {
  if (existsSync(join(root, path))) return true;
  const source = path
    .replace(/\/dist(-bench)?\//, "/")
    .replace(/\/src\/(bench\/)/, "/$1")
    .replace(/\.js$/, ".ts");
  return existsSync(join(root, source));
}

/** Every string literal in the bench sources: a bench's filter picks entries by a part of their name. */
const benchLiterals = ["packages/engine/bench", "apps/server/bench"].flatMap((dir) =>
  sourceFiles(root, [dir]).flatMap((file) => [...read(file).matchAll(/"([^"\n]*)"/g)].map((m) => m[1] ?? "")),
);

/** `npm run bench -- <name>`: one name (each bench reads only its first argument), and a real one. */
function checkBench(script: string, words: string[]): string[] {
  const dashes = words.indexOf("--");
  const names = words.slice(dashes < 0 ? 3 : dashes + 1).filter((w) => !w.startsWith("-"));
  const problems = names
    .filter((name) => !benchLiterals.some((literal) => literal.includes(name)))
    .map((name) => `no bench entry is named like "${name}"`);
  if (names.length > 1)
    problems.push(`npm run ${script} reads one name, not ${names.length}: ${names.join(" ")}`);
  return problems;
}

function checkNpm(words: string[]): string[] {
  const workspaceAt = words.findIndex((w) => w === "-w" || w === "--workspace");
  const manifest =
    workspaceAt < 0 ? rootManifest : (workspaces.find((m) => m.name === words[workspaceAt + 1]) ?? null);
  if (manifest === null) return [`no workspace ${words[workspaceAt + 1]}`];
  const sub = words[1];
  if (sub === "install" || sub === "ci") return [];
  const script = sub === "run" ? words[2] : sub;
  if (script === undefined) return ["no script named"];
  if (manifest.scripts?.[script] === undefined) return [`${manifest.name} has no script "${script}"`];
  return script.startsWith("bench") && !isSynopsis(words.join(" ")) ? checkBench(script, words) : [];
}

function checkPaths(paths: string[]): string[] {
  return paths.filter((p) => !pathExists(p)).map((p) => `no such path: ${p}`);
}

const REAL_TIME = (args: string[]) =>
  !args.includes("--json") && (args[0] === "stacker" || args.includes("--arcade") || args.includes("--ai"));

function plan(text: string): Plan {
  const all = steps(text);
  const cli = all.find(
    (s) => s.words[0] === "blockarcade" || (s.words[0] === "npx" && s.words[1] === "blockarcade"),
  );
  if (cli !== undefined) {
    const args = cli.words.slice(cli.words[0] === "npx" ? 2 : 1);
    if (isSynopsis(text)) {
      const game = args[0] !== undefined && /^[a-z0-9]+$/.test(args[0]) ? args[0] : null;
      return {
        kind: "form",
        game,
        options: [...text.matchAll(/(?<![\w-])--?[a-z][a-z-]*/g)].map((m) => m[0]),
      };
    }
    const shell = text.replace(/(npx )?blockarcade(?= |$)/, `"${process.execPath}" "${BIN}"`);
    // A game server's commands (a player, a session on the server) run against the built server.
    const server = args.includes("--server") || args[0] === "player";
    return { kind: "cli", shell, json: args.includes("--json"), args, pty: REAL_TIME(args), server };
  }
  if (all.some((s) => s.words[0] === "curl")) return { kind: "http", shell: text };
  const problems: string[] = [];
  for (const step of all) {
    const found = checkStep(step);
    if (found === null) return { kind: "unknown", why: `cannot run or check \`${step.words.join(" ")}\`` };
    problems.push(...found);
  }
  return { kind: "checked", problems };
}

/** The problems with a heavy step, or null when it is not one the test knows. */
function checkStep({ words }: Step): string[] | null {
  const [first, second] = words;
  if (first === "npm") return checkNpm(words);
  if (first === "tsc") return checkPaths(words.slice(1).filter((w) => !w.startsWith("-")));
  if (first === "npx" && second === "tsc")
    return checkPaths(words.slice(2).filter((w) => !w.startsWith("-")));
  if (first === "npx" && second === "vitest" && words[2] === "run") {
    const paths = words.slice(3).filter((w, i, a) => !w.startsWith("-") && a[i - 1] !== "-t");
    return checkPaths(paths);
  }
  if (first === "node" && second !== undefined && /\.(m?js)$/.test(second)) return checkPaths([second]);
  return null;
}

/** What is wrong with a run of a `blockarcade` command (empty when it ran as a doc promises). */
async function runProblems(p: Plan, env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  if (p.kind !== "cli") return [`not run: ${p.kind}`];
  if (p.pty) {
    // Real-time play: on a terminal, Ctrl-C once it has drawn (a wait for output, not for time).
    const run = await runOpenStdin(p.args, "\u0003", { pty: true });
    return [
      ...(run.status === 0 ? [] : [`exit status ${run.status}`]),
      ...(run.stdout === "" ? ["no output"] : []),
    ];
  }
  const run = await sh(p.shell, "", env);
  const problems = [
    ...(run.status === 0 ? [] : [`exit status ${run.status}`]),
    ...(run.stderr === "" ? [] : [`stderr: ${run.stderr.slice(0, 200)}`]),
    ...(run.stdout === "" ? ["no output"] : []),
  ];
  if (p.json && run.status === 0) {
    for (const line of run.stdout.trim().split("\n")) {
      const reply = JSON.parse(line) as { ok?: boolean };
      if (reply.ok !== true) problems.push(`refused: ${line.slice(0, 200)}`);
    }
  }
  return problems;
}

describe("the commands in README.md and docs/", () => {
  it("are found (README's and every doc's blocks and inline commands)", () => {
    const files = new Set(commands.map((c) => c.file));
    for (const file of ["README.md", "docs/testing.md", "docs/service.md", "docs/games/match3.md"]) {
      expect(files).toContain(file);
    }
    expect(commands.length).toBeGreaterThan(100);
  });

  it("each one is runnable, checked, or marked as an illustration", () => {
    const unknown = commands
      .filter((c) => !c.illustration)
      .map((c) => ({ c, p: plan(c.text) }))
      .filter(({ p }) => p.kind === "unknown")
      .map(({ c, p }) => `${c.file}:${c.line}: ${c.text}: ${p.kind === "unknown" ? p.why : ""}`);
    expect(unknown).toEqual([]);
  });

  it("the heavy ones name scripts and files that exist", () => {
    const problems = commands
      .filter((c) => !c.illustration)
      .flatMap((c) => {
        const p = plan(c.text);
        return p.kind === "checked" ? p.problems.map((problem) => `${c.file}:${c.line}: ${problem}`) : [];
      });
    expect(problems).toEqual([]);
  });

  it("a form names only options its game's --help lists", async () => {
    const forms = commands
      .filter((c) => !c.illustration)
      .map((c) => ({ c, p: plan(c.text) }))
      .flatMap(({ c, p }) => (p.kind === "form" ? [{ c, p }] : []));
    const games = [...new Set(forms.map(({ p }) => p.game ?? ""))];
    const helps = new Map(
      await Promise.all(
        games.map(async (game) => [game, await sh(`"${process.execPath}" "${BIN}" ${game} --help`)] as const),
      ),
    );
    const problems: string[] = [];
    for (const { c, p } of forms) {
      const help = helps.get(p.game ?? "") ?? { status: null, stdout: "" };
      if (help.status !== 0)
        problems.push(`${c.file}:${c.line}: blockarcade ${p.game} --help exits ${help.status}`);
      for (const option of p.options) {
        if (!help.stdout.includes(option))
          problems.push(`${c.file}:${c.line}: ${option} is not in its --help`);
      }
    }
    expect(problems).toEqual([]);
  });

  const runnable = [
    ...new Map(
      commands
        .filter((c) => !c.illustration)
        .map((c) => [c.text, { c, p: plan(c.text) }] as const)
        .filter(([, { p }]) => p.kind === "cli" && !p.server),
    ).values(),
  ];

  it.concurrent.each(runnable.map(({ c, p }) => [`${c.file}:${c.line}: ${c.text}`, p]))(
    "runs %s",
    async (_name, p) => {
      expect(await runProblems(p)).toEqual([]);
    },
  );

  it.concurrent("the runner fails a command that fails, and a refused --json reply", async () => {
    expect(await runProblems(plan("npx blockarcade blast --bogus"))).toEqual([
      "exit status 2",
      expect.stringContaining("unknown option '--bogus'"),
      "no output",
    ]);
    expect(await runProblems(plan(`echo '{"cmd":"nope"}' | npx blockarcade blast --json --seed 1`))).toEqual([
      expect.stringContaining("UNKNOWN_COMMAND"),
    ]);
  });

  it.concurrent("Match-3's piped game prints the frames of docs/games/match3.md's worked example", async () => {
    const doc = read("docs/games/match3.md");
    const piped = commands.find((c) => c.file === "docs/games/match3.md" && c.text.startsWith("printf"));
    expect(piped).toBeDefined();
    const p = plan(piped?.text ?? "");
    if (p.kind !== "cli") throw new Error("the piped game is not run");
    const out = (await sh(p.shell)).stdout;
    // The side-by-side frames under "The worked example", one column of 14 characters each.
    const block = /The worked example[\s\S]*?```\n([\s\S]*?)```/.exec(doc)?.[1] ?? "";
    const rows = block.trimEnd().split("\n");
    const columns = Math.ceil(Math.max(...rows.map((r) => r.length)) / 14);
    const shown = Array.from({ length: columns }, (_, k) =>
      rows.map((r) => r.slice(14 * k, 14 * k + 14).trimEnd()),
    );
    expect(shown).toHaveLength(7);
    const printed = out
      .split(/^Enter up to .*$/m)
      .map((chunk) => chunk.split("\n").filter((l) => /^[-=.^*@~]+( {2}<)?$/.test(l)))
      .filter((frame) => frame.length > 0);
    expect(printed.slice(0, 7)).toEqual(shown);
    const ending = /\(`(Game over: [^`]*)`\)/.exec(doc)?.[1];
    expect(ending).toBe("Game over: no bricks left. Cells removed: 3.");
    expect(out).toContain(ending);
  });
});

describe("the HTTP examples, against the built server", () => {
  let base = "";
  let stop = async () => {};

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "blockarcade-docs-"));
    const server = spawn(process.execPath, [SERVER], {
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" },
    });
    stop = async () => {
      if (server.exitCode === null) {
        server.kill("SIGTERM");
        await new Promise((resolve) => server.once("exit", resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    };
    // Wait for the line that says where it listens (a condition, not a time).
    base = await new Promise<string>((resolve, reject) => {
      let out = "";
      server.stdout.on("data", (chunk) => {
        out += chunk;
        const at = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (at?.[1]) resolve(at[1]);
      });
      server.once("exit", (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
    });
  });
  afterAll(() => stop());

  const curls = commands.filter((c) => !c.illustration && plan(c.text).kind === "http");

  it("README's API table names every route the OpenAPI document has, and no other", async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((route) => route !== "GET /api/openapi.json")
      .sort();
    const listed = [...read("README.md").matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) (\/api\S*)`/gm)]
      .map(([, method, path]) => `${method} ${(path ?? "").replace(/:(\w+)/g, "{$1}")}`)
      .sort();
    expect(listed).toEqual(served);
    // The document itself is named above the table.
    expect(read("README.md")).toContain("`GET /api/openapi.json`");
  });

  it("runs the terminal's game-server commands in the docs' order, as one user with one config folder", async () => {
    const config = mkdtempSync(join(tmpdir(), "blockarcade-docs-config-"));
    try {
      const served = commands
        .filter((c) => !c.illustration)
        .map((c) => ({ c, p: plan(c.text) }))
        .flatMap(({ c, p }) => (p.kind === "cli" && p.server ? [{ c, p }] : []));
      expect(served.map(({ c }) => c.file)).toContain("README.md");
      const problems: string[] = [];
      for (const { c, p } of served) {
        const shell = p.shell.replace(/(https?:\/\/)?localhost:8080/g, base);
        const found = await runProblems({ ...p, shell }, { XDG_CONFIG_HOME: config });
        problems.push(...found.map((problem) => `${c.file}:${c.line}: ${problem}`));
      }
      expect(problems).toEqual([]);
    } finally {
      rmSync(config, { recursive: true, force: true });
    }
  });

  it("README has one", () => {
    expect(curls.map((c) => c.file)).toContain("README.md");
  });

  it.each(curls.map((c) => [`${c.file}:${c.line}`, c.text]))(
    "%s answers as README's API table says",
    async (_where, text) => {
      const shell = `${text.replace(/(https?:\/\/)?localhost:8080/g, base)} -w '\\n%{http_code}'`;
      const run = await sh(shell);
      expect(run.status).toBe(0);
      const [body = "", status = ""] = run.stdout.split(/\n(?=\d{3}$)/);
      const method = /-d\b|--data\b|-X POST/.test(text) ? "POST" : "GET";
      const path = new URL(/\S*localhost:8080(\S*)/.exec(text)?.[1] ?? "/", "http://x").pathname;
      // The table row for this route: `METHOD path` ... | `status {"key",...}` ...
      const row = read("README.md")
        .split("\n")
        .find((line) => line.startsWith(`| \`${method} ${path}\``));
      expect(row).toBeDefined();
      const answer = /\| `(\d{3}) (\{[^`]*\})`/.exec(row ?? "");
      expect(status).toBe(answer?.[1]);
      const keys = [...(answer?.[2] ?? "").matchAll(/"(\w+)"/g)].map((m) => m[1]);
      const reply = JSON.parse(body);
      expect(Object.keys(reply).sort()).toEqual([...new Set(keys)].sort());
      for (const [, key, value] of (answer?.[2] ?? "").matchAll(/"(\w+)":(\w+)/g)) {
        expect(JSON.stringify(reply[key ?? ""])).toBe(value);
      }
    },
  );
});
