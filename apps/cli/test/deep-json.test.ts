/**
 * Deeply nested JSON through the built binary: every field of every command of every game, nested
 * 1,000 to 100,000 levels, gets one refusal and the session goes on; so does `--config`.
 */
import { GAME_IDS, MAX_JSON_DEPTH, startGame } from "@blockarcade/engine/core";
import { describe, expect, it } from "vitest";
import { GAME_DEFINITIONS } from "./games.js";
import { runCli, runJson } from "./helpers.js";

function nested(depth: number, form: "array" | "object"): string {
  return form === "array"
    ? `${"[".repeat(depth)}]${"]".repeat(depth - 1)}`
    : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

/** `{"cmd":..., <field>: <deep>}` for every command and every field it or its state can have. */
function deepLines(id: (typeof GAME_IDS)[number]): string[] {
  const game = GAME_DEFINITIONS[id];
  const started = startGame(game, 1, undefined);
  if (!started.ok) throw new Error(started.error.message);
  const commandFields = new Map<string, Set<string>>();
  for (const cmd of ["state", "legal", "new", "load", ...game.commands])
    commandFields.set(cmd, new Set(["extra"]));
  for (const command of game.legal(started.value) as Record<string, unknown>[]) {
    for (const key of Object.keys(command))
      if (key !== "cmd") commandFields.get(String(command.cmd))?.add(key);
  }
  for (const key of ["seed", "config"]) commandFields.get("new")?.add(key);
  const lines: string[] = [];
  const depths = [1_000, 10_000, 100_000];
  let n = 0;
  for (const [cmd, fields] of commandFields) {
    for (const field of fields) {
      const depth = depths[n++ % depths.length] as number;
      lines.push(`{"cmd":"${cmd}","${field}":${nested(depth, n % 2 ? "array" : "object")}}`);
    }
  }
  // Inside a state to load, field by field, and inside a config of a new game.
  for (const field of Object.keys(started.value)) {
    lines.push(
      `{"cmd":"load","state":{"game":"${id}","${field}":${nested(depths[n++ % 3] as number, "array")}}}`,
    );
  }
  for (const depth of depths) lines.push(`{"cmd":"new","config":{"x":${nested(depth, "object")}}}`);
  // And bare, as the whole line.
  for (const depth of depths) lines.push(nested(depth, "array"), nested(depth, "object"));
  return lines;
}

describe("deeply nested JSON never crashes the JSON-lines mode", () => {
  for (const id of GAME_IDS) {
    it(`${id}: one refusal per line, the state untouched, the session goes on`, () => {
      const lines = deepLines(id);
      const r = runJson(id, ["--seed", "9"], [...lines, { cmd: "state" }]);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(r.replies).toHaveLength(lines.length + 2);
      const first = r.replies[0];
      for (const [i, reply] of r.replies.slice(1, -1).entries()) {
        expect(reply.ok, lines[i]?.slice(0, 60)).toBe(false);
        expect(reply.error.message).toContain(`at most ${MAX_JSON_DEPTH} levels`);
        expect(reply.state).toEqual(first.state);
      }
      expect(r.replies.at(-1)).toEqual({ ok: true, state: first.state, events: [] });
    });
  }

  it("--config nested 1,000 to 60,000 levels (near the longest argument Linux takes) is refused, exit 2", () => {
    for (const depth of [1_000, 10_000, 60_000]) {
      for (const form of ["array", "object"] as const) {
        const config =
          form === "array" ? nested(depth, form) : `{"rows":${nested(Math.floor(depth / 3), form)}}`;
        const r = runCli(["puzzle", "--json", "--config", config]);
        expect(r.status).toBe(2);
        expect(r.stdout).toBe("");
        expect(r.stderr).toContain(`at most ${MAX_JSON_DEPTH} levels`);
        expect(r.stderr.split("\n").length).toBeLessThan(4);
        expect(r.stderr).not.toMatch(/^\s+at /m);
      }
    }
  });
});
