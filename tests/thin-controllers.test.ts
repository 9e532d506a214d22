/**
 * The web's game controllers stay wiring only (docs/architecture.md "Front ends"): every
 * `play.tsx` (and Match-3's `arcade-play.tsx`) is under 250 lines, schedules no timer of its own
 * (the shell's effects timeline does), keeps no hand-rolled "ref mirror" (the shell's `useLatest`
 * does) and adds no window key listener (the shell's `useGameKeys` does). The rules are proven on
 * small examples first, so a pass means something.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { GAME_IDS } from "@blockarcade/engine/core";
import { describe, expect, it } from "vitest";

const MAX_LINES = 250;
const games = fileURLToPath(new URL("../apps/web/src/games/", import.meta.url));

/** What keeps a controller from being wiring only, one line each. */
function controllerFindings(source: string): string[] {
  const found: string[] = [];
  const lines = source.replace(/\n$/, "").split("\n");
  if (lines.length > MAX_LINES) found.push(`${lines.length} lines (at most ${MAX_LINES})`);
  lines.forEach((line, i) => {
    const at = `line ${i + 1}`;
    if (/\b(?:set|clear)(?:Timeout|Interval)\s*\(/.test(line)) found.push(`${at}: a timer of its own`);
    const mirror = /\b(\w+)Ref\.current\s*=\s*(\w+)\s*;/.exec(line);
    if (mirror && mirror[1] === mirror[2]) found.push(`${at}: a ref mirror (${mirror[1]}Ref)`);
    if (/addEventListener\(\s*["']key(?:down|up)["']/.test(line))
      found.push(`${at}: a key listener of its own`);
  });
  return found;
}

describe("the thin-controller check", () => {
  it("names each thing that is not wiring", () => {
    expect(
      controllerFindings(
        [
          "const t = window.setTimeout(() => setFlash([]), 120);",
          "pickRef.current = pick;",
          'window.addEventListener("keydown", down);',
          "swipe.current = null;",
          "const latest = useLatest(pick);",
        ].join("\n"),
      ),
    ).toEqual([
      "line 1: a timer of its own",
      "line 2: a ref mirror (pickRef)",
      "line 3: a key listener of its own",
    ]);
    expect(controllerFindings("x\n".repeat(MAX_LINES))).toEqual([]);
    expect(controllerFindings("x\n".repeat(MAX_LINES + 1))).toEqual([
      `${MAX_LINES + 1} lines (at most ${MAX_LINES})`,
    ]);
  });

  const controllers = readdirSync(games, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(games, dir.name))
        .filter((file) => /(^|-)play\.tsx$/.test(file))
        .map((file) => `${dir.name}/${file}`),
    );

  it("finds a controller for every game", () => {
    for (const game of GAME_IDS) {
      expect(controllers).toContain(`${game}/play.tsx`);
    }
    expect(controllers).toContain("match3/arcade-play.tsx");
  });

  it.each(controllers)("%s is wiring only", (file) => {
    expect(controllerFindings(readFileSync(join(games, file), "utf8"))).toEqual([]);
  });
});
