/**
 * No runtime import loop in the house (docs/architecture.md "No runtime import loop"): every
 * TypeScript source of packages/* and apps/* is walked along its relative runtime imports. The
 * walker is proven on small examples first, in memory and on disk, so a pass means something.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { findCycles, importGraph, readSources, runtimeImports } from "./import-cycles.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const cyclesOf = (files: Record<string, string>) => findCycles(importGraph(new Map(Object.entries(files))));

describe("the import-loop check", () => {
  it("finds a two-module loop and names it", () => {
    expect(
      cyclesOf({
        "g/rules.ts": 'import { tick } from "./arcade.js";\nexport const rules = 1;\n',
        "g/arcade.ts": 'import { rules } from "./rules.js";\nexport const tick = rules;\n',
        "g/index.ts": 'import { rules } from "./rules.js";\n',
      }),
    ).toEqual([["g/arcade.ts", "g/rules.ts", "g/arcade.ts"]]);
  });

  it("finds loops through re-exports, side-effect imports, .tsx and extensionless paths", () => {
    expect(
      cyclesOf({
        "d/a.ts": 'export * from "./b.js";\n',
        "d/b.ts": 'import "./e/c";\n',
        "d/e/c.tsx": 'export { a } from "../../d/a.js";\n',
      }),
    ).toEqual([["d/a.ts", "d/b.ts", "d/e/c.tsx", "d/a.ts"]]);
    expect(cyclesOf({ "self.ts": 'import { me } from "./self.js";\nexport const me = 1;\n' })).toEqual([
      ["self.ts", "self.ts"],
    ]);
  });

  it("ignores imports that compile away: import type, type-only specifiers, export type, dynamic import()", () => {
    const typeOnly = {
      "a.ts": 'import type { B } from "./b.js";\nexport type A = B;\nexport const a = 1;\n',
      "b.ts":
        'import { type A } from "./a.js";\nexport type { A as C } from "./a.js";\nexport type B = A;\nexport const load = () => import("./a.js");\n',
    };
    expect(cyclesOf(typeOnly)).toEqual([]);
    expect(runtimeImports(typeOnly["b.ts"], "b.ts")).toEqual([]);
    // One value specifier beside a type one is a runtime import.
    expect(runtimeImports('import { type A, a } from "./a.js";\n', "b.ts")).toEqual(["./a.js"]);
    expect(runtimeImports('import { x } from "node:fs";\nimport y from "@scope/pkg";\n', "b.ts")).toEqual([]);
  });

  const dir = mkdtempSync(join(tmpdir(), "blockarcade-cycles-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("walks a directory on disk", () => {
    mkdirSync(join(dir, "pkg/src/game"), { recursive: true });
    mkdirSync(join(dir, "pkg/dist"), { recursive: true });
    writeFileSync(
      join(dir, "pkg/src/game/rules.ts"),
      'import { m } from "./moves.js";\nexport const r = m;\n',
    );
    writeFileSync(
      join(dir, "pkg/src/game/moves.ts"),
      'import { r } from "./rules.js";\nexport const m = r;\n',
    );
    writeFileSync(join(dir, "pkg/src/game/types.d.ts"), 'import "./rules.js";\n');
    // Builds are not sources: a loop there is not ours to report.
    writeFileSync(join(dir, "pkg/dist/a.ts"), 'import "./a.js";\n');
    const files = readSources(dir, readdirSync(dir));
    expect([...files.keys()].sort()).toEqual(["pkg/src/game/moves.ts", "pkg/src/game/rules.ts"]);
    expect(findCycles(importGraph(files))).toEqual([
      ["pkg/src/game/moves.ts", "pkg/src/game/rules.ts", "pkg/src/game/moves.ts"],
    ]);
  });
});

describe("the house", () => {
  const dirs = ["packages", "apps"].flatMap((top) =>
    readdirSync(join(root, top), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${top}/${d.name}`),
  );
  const files = readSources(root, dirs);
  const graph = importGraph(files);

  it("reads every package and app, and sees their imports", () => {
    for (const dir of ["packages/engine", "apps/cli", "apps/server", "apps/web"]) {
      expect([...files.keys()].filter((f) => f.startsWith(`${dir}/`)).length, dir).toBeGreaterThan(10);
    }
    // Edges the walker must see: .js written for .ts, and the web's extensionless .tsx imports.
    expect(graph.get("packages/engine/src/games/match3/rules.ts")).toContain(
      "packages/engine/src/games/match3/arcade.ts",
    );
    expect(graph.get("packages/engine/src/games/match3/arcade.ts")).toContain(
      "packages/engine/src/games/match3/moves.ts",
    );
    const webEdges = [...graph].filter(([f]) => f.startsWith("apps/web/")).flatMap(([, to]) => to);
    expect(webEdges.some((to) => to.endsWith(".tsx"))).toBe(true);
  });

  it("has no runtime import loop", () => {
    expect(findCycles(graph).map((loop) => loop.join(" -> "))).toEqual([]);
  });
});
