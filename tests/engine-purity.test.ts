/**
 * The engine is pure (docs/architecture.md "The engine is pure"): a Biome rule, not a grep, keeps
 * clocks, timers, the DOM, Node modules and Math.random out of packages/engine/src. This runs the
 * project's own Biome configuration on a copy of it with probe files, so the rule is proven to bite
 * in the engine and only there.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "blockarcade-purity-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PROBES: Record<string, string> = {
  "math-random": "export const a = Math.random();\n",
  clock: "export const a = Date.now();\n",
  timer: "setTimeout(() => undefined, 1);\n",
  dom: "export const a = document.title;\n",
  node: 'import { readFileSync } from "node:fs";\nexport const a = readFileSync;\n',
  process: "export const a = process.argv;\n",
  "module-let": "let count = 0;\nexport function next(): number {\n  return ++count;\n}\n",
  "module-export-let": "export let count = 0;\nexport function bump(): void {\n  count++;\n}\n",
};

/** Mutable state that is not module-level: locals in a function, an arrow body or a method. */
const LOCAL_STATE = `export function f(): number {
  let a = 0;
  for (let i = 0; i < 3; i++) a += i;
  return a;
}
export const g = (): number => {
  let b = 1;
  b++;
  return b;
};
export class Search {
  run(): number {
    let c = 2;
    c++;
    return c;
  }
}
`;

function lint(files: Record<string, string>): string {
  const config = JSON.parse(readFileSync(join(root, "biome.json"), "utf8"));
  config.vcs = { enabled: false };
  delete config.$schema;
  writeFileSync(join(dir, "biome.json"), JSON.stringify(config));
  cpSync(join(root, "biome-plugins"), join(dir, "biome-plugins"), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const biome = join(root, "node_modules/@biomejs/biome/bin/biome");
  const run = spawnSync(process.execPath, [biome, "lint", "--reporter=github", "."], {
    cwd: dir,
    encoding: "utf8",
  });
  return run.stdout + run.stderr;
}

describe("engine purity rule", () => {
  const files: Record<string, string> = {};
  for (const [name, text] of Object.entries(PROBES)) {
    files[`packages/engine/src/core/${name}.ts`] = text;
    files[`apps/web/src/${name}.ts`] = text;
  }
  files["packages/engine/src/core/local-state.ts"] = LOCAL_STATE;
  files["packages/engine/src/core/module-let.test.ts"] = PROBES["module-let"] as string;
  const output = lint(files);

  for (const name of Object.keys(PROBES)) {
    it(`refuses ${name} in the engine and allows it in a front end`, () => {
      expect(output).toMatch(new RegExp(`::error [^\\n]*file=[^,]*packages/engine/src/core/${name}\\.ts`));
      expect(output).not.toMatch(new RegExp(`file=[^,]*apps/web/src/${name}\\.ts`));
    });
  }

  it("allows mutable locals in the engine, and module-level lets in its tests", () => {
    expect(output).not.toMatch(/file=[^,]*packages\/engine\/src\/core\/local-state\.ts/);
    expect(output).not.toMatch(/file=[^,]*packages\/engine\/src\/core\/module-let\.test\.ts/);
  });

  for (const name of ["module-let", "module-export-let"]) {
    it(`refuses ${name} in the engine with the module-level state rule`, () => {
      expect(output).toMatch(
        new RegExp(
          `::error [^\\n]*file=[^,]*packages/engine/src/core/${name}\\.ts[^\\n]*No module-level mutable state`,
        ),
      );
    });
  }
});
