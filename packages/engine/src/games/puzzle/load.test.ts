import { describe, expect, it } from "vitest";
import { handleCommand } from "../../core/protocol.js";
import { seedRng } from "../../core/rng.js";
import { deeplyNested } from "../../testing/contract.js";
import { MAX_SIDE, MIN_SIDE } from "./constants.js";
import { puzzleGame } from "./index.js";
import { load, parseCommand, parseConfig, parseTrayEntry } from "./load.js";
import { newGame } from "./rules.js";
import type { PuzzleState } from "./types.js";

const base = newGame({ rows: 8, cols: 8 }, 1);

function refusal(raw: Record<string, unknown>): string {
  const r = load(raw, base);
  if (r.ok) throw new Error(`load accepted ${JSON.stringify(raw).slice(0, 200)}`);
  expect(r.error.code).toBe("BAD_STATE");
  return r.error.message;
}

describe("puzzle config reading", () => {
  it("refuses unknown keys, null sides and sides outside 5 to 20, naming the range", () => {
    for (const bad of [
      { rows: null },
      { cols: null },
      { size: 8 },
      { rows: MIN_SIDE - 1 },
      { cols: MAX_SIDE + 1 },
      null,
    ]) {
      const r = parseConfig(bad);
      expect(r.ok, JSON.stringify(bad)).toBe(false);
      if (!r.ok) expect(r.error.code).toBe("BAD_CONFIG");
    }
    const r = parseConfig({ rows: 30 });
    expect(!r.ok && r.error.message).toBe("rows must be an integer from 5 to 20, not 30");
    expect(parseConfig({})).toEqual({ ok: true, value: { rows: 8, cols: 8 } });
  });

  it("reads place commands, refusing a piece outside the tray and non-integer cells", () => {
    expect(parseCommand({ cmd: "place", piece: 2, row: 0, col: 7 })).toEqual({
      ok: true,
      value: { cmd: "place", piece: 2, row: 0, col: 7 },
    });
    for (const bad of [
      { piece: 3 },
      { piece: -1 },
      { piece: 0, row: 0.5, col: 0 },
      { piece: 0, row: "1", col: 0 },
    ]) {
      const r = parseCommand({ cmd: "place", row: 0, col: 0, ...bad });
      expect(!r.ok && r.error.code).toBe("BAD_ARGUMENT");
    }
  });
});

describe("puzzle load ranges", () => {
  it("refuses round 0, negative lines and numbers beyond exact integers", () => {
    expect(refusal({ round: 0 })).toMatch(/^round must be an integer from 1 to/);
    expect(refusal({ lines: -1 })).toMatch(/^lines must be an integer from 0 to/);
    for (const key of ["score", "round", "lines"]) {
      refusal({ [key]: 1e308 });
      refusal({ [key]: null });
      refusal({ [key]: "3" });
    }
    const ok = load({ round: 1, lines: 0, score: 1e15 }, base);
    expect(ok.ok && ok.value.score).toBe(1e15);
  });

  it("refuses unknown fields at every level, and a null where a value belongs", () => {
    expect(refusal({ combo: 2 })).toMatch(/unknown field "combo"/);
    expect(refusal({ config: { rows: 8, cols: 8, depth: 1 } })).toMatch(/unknown field "depth"/);
    expect(refusal({ tray: [{ shape: ["##"], hue: "#0000FF" }, null, null] })).toMatch(
      /tray\[0\] has an unknown field "hue"/,
    );
    refusal({ config: null });
    refusal({ board: null });
    refusal({ tray: null });
    refusal({ over: "yes" });
    refusal({ tray: [{ shape: ["##"], colour: null }, null, null] });
    refusal({ tray: [{ shape: ["##"], color: null }, null, null] });
    refusal({ tray: [{ shape: ["##"], id: null }, null, null] });
  });

  it("derives over from the position, whatever a loaded `over` says", () => {
    const r = load({ over: true, tray: [{ shape: ["##"] }, null, null] }, base);
    expect(r.ok && r.value.over).toBe(false);
  });

  it("never quotes a long or deep value in a message, and never overflows on one", () => {
    const deep = deeplyNested(100_000);
    const rng = seedRng(1);
    for (const entry of [
      deep,
      { shape: deep },
      { shape: ["##"], id: deep },
      { shape: ["##"], colour: deep },
      { shape: ["##"], color: deep },
    ]) {
      const r = parseTrayEntry(entry, 0, rng);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message.length).toBeLessThan(200);
    }
    const long = "#".repeat(100_000);
    for (const raw of [
      { tray: [{ shape: [long] }, null, null] },
      { tray: [{ shape: ["##"], id: long }, null, null] },
      { board: Array(8).fill(long) },
      { [long]: 1 },
      { board: deep },
      { tray: deep },
      { config: deep },
    ]) {
      expect(refusal(raw).length).toBeLessThan(200);
    }
  });
});

/**
 * A real position as the engine wrote it before Puzzle spelled `colour` like the protocol (a tray
 * block's `color`): saved games and stored sessions hold such states (docs/games/puzzle.md "Colour
 * spelling").
 */
const LEGACY_STATE =
  '{"game":"puzzle","seed":2026,"score":16,"over":false,"board":[".PP.OOOO","PP..G...","....G...","...GG...","B.......","B.......","BB......","........"],"rng":{"s":[359489542,403443395,482253009,25]},"config":{"rows":8,"cols":8},"tray":[{"id":"L6","baseShape":"L","color":"#800080","shape":["#..","###"]},null,{"id":"hook2","baseShape":"hook","color":"#00FFFF","shape":["##",".#"]}],"round":2,"lines":0}';

describe("a state saved with the old spelling `color`", () => {
  it("loads, answers `colour`, and plays on as the old game would have", () => {
    const legacy = JSON.parse(LEGACY_STATE);
    const loaded = handleCommand(puzzleGame, base, { cmd: "load", state: legacy });
    expect(loaded.reply.ok).toBe(true);
    const state = loaded.state as PuzzleState;
    expect(JSON.stringify(state)).not.toContain('"color"');
    expect(state.tray.map((b) => b?.colour ?? null)).toEqual(["#800080", null, "#00FFFF"]);
    // Everything else as saved: the same random source, so the same deals from here on.
    const { tray: _t, ...rest } = state;
    const { tray: _l, ...legacyRest } = legacy;
    expect(rest).toEqual(legacyRest);
    // The move the old engine answered with placed{color} and 4 points, now with `colour`.
    const placed = handleCommand(puzzleGame, state, { cmd: "place", piece: 0, row: 1, col: 5 });
    expect(placed.reply.ok && placed.reply.events).toEqual([
      {
        type: "placed",
        piece: 0,
        id: "L6",
        colour: "#800080",
        row: 1,
        col: 5,
        cells: [
          [1, 5],
          [2, 5],
          [2, 6],
          [2, 7],
        ],
      },
      { type: "scored", points: 4, block: 4, lines: 0, doubled: false, fullClear: 0 },
    ]);
    expect((placed.state as PuzzleState).board[2]).toBe("....GPPP");
  });

  it("refuses a block that gives both spellings, and a bad old-spelled colour by its own name", () => {
    expect(refusal({ tray: [{ shape: ["##"], colour: "#0000FF", color: "#0000FF" }, null, null] })).toMatch(
      /tray\[0\] has both "colour" and "color"/,
    );
    expect(refusal({ tray: [{ shape: ["##"], color: "#123456" }, null, null] })).toMatch(
      /^tray\[0\]\.color must be one of #0000FF/,
    );
  });
});
