import { describe, expect, it } from "vitest";
import { seedRng } from "../../core/rng.js";
import { deeplyNested } from "../../testing/contract.js";
import { MAX_SIDE, MIN_SIDE } from "./constants.js";
import { load, parseCommand, parseConfig, parseTrayEntry } from "./load.js";
import { newGame } from "./rules.js";

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
    expect(refusal({ tray: [{ shape: ["##"], colour: "#0000FF" }, null, null] })).toMatch(
      /tray\[0\] has an unknown field "colour"/,
    );
    refusal({ config: null });
    refusal({ board: null });
    refusal({ tray: null });
    refusal({ over: "yes" });
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
