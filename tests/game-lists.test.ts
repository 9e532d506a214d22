/**
 * Every per-game list follows GAME_IDS (CONTRIBUTING.md "Add a game"). The TypeScript tables are
 * `Record<GameId, ...>`, so a missing entry is a compile error (the `game-lists.type-test.ts` files
 * prove it with @ts-expect-error under `tsc -b`); what the compiler cannot see is checked here: the
 * JSON lists, the folders and documents each game has, and that no file spells the id list out again.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { GAME_IDS } from "@blockarcade/engine/core";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const read = (path: string) => readFileSync(join(root, path), "utf8");
const sorted = (keys: Iterable<string>) => [...keys].sort();

describe("per-game lists", () => {
  it("scripts/page-budgets.json has the home page and exactly every game id", () => {
    const budgets = JSON.parse(read("scripts/page-budgets.json")) as Record<string, unknown>;
    expect(sorted(Object.keys(budgets))).toEqual(sorted(["home", ...GAME_IDS]));
    for (const [page, bytes] of Object.entries(budgets)) {
      expect(Number.isInteger(bytes) && (bytes as number) > 0, page).toBe(true);
    }
  });

  it("every game has its engine folder, web folder, CLI play module and document", () => {
    for (const id of GAME_IDS) {
      for (const path of [
        `packages/engine/src/games/${id}/index.ts`,
        `apps/web/src/games/${id}/screen.tsx`,
        `apps/cli/src/play/${id}.ts`,
        `docs/games/${id}.md`,
      ]) {
        expect(existsSync(join(root, path)), path).toBe(true);
      }
    }
  });

  it("the type-level tests cover the front ends' tables", () => {
    for (const path of [
      "apps/web/src/app/game-lists.type-test.ts",
      "apps/cli/test/game-lists.type-test.ts",
      "apps/server/test/game-lists.type-test.ts",
    ]) {
      expect(read(path), path).toMatch(/@ts-expect-error/);
    }
  });

  it("no source file spells the whole id list out again (it imports GAME_IDS)", () => {
    const quoted = GAME_IDS.map((id) => new RegExp(`["'\`]${id}["'\`]`));
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (
          ["node_modules", "dist", "dist-bench", "dist-pack", "dist-weight", ".types", "fixtures"].includes(
            name,
          )
        )
          continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx|mjs|js)$/.test(name)) {
          // An array literal naming every id (a list of foreign ids with other entries is not one).
          for (const [literal] of readFileSync(path, "utf8").matchAll(/\[[^[\]]*\]/g)) {
            const items = literal
              .slice(1, -1)
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean);
            if (items.length === GAME_IDS.length && quoted.every((q) => q.test(literal)))
              found.push(`${relative(root, path)}: ${literal}`);
          }
        }
      }
    };
    for (const dir of ["apps", "packages", "e2e", "tests", "scripts"]) walk(join(root, dir));
    expect(found.filter((f) => !f.startsWith("packages/engine/src/core/game.ts:"))).toEqual([]);
  });
});
