/** Keyboard bindings and the stored best scores. */
import { describe, expect, it } from "vitest";
import { parseBestScores } from "./best";
import { keyIntent } from "./keyboard";

describe("stacker keyboard", () => {
  it("maps the spec's keys, the arrows and the extras to actions", () => {
    const action = (key: string) => {
      const intent = keyIntent(key);
      return intent?.kind === "action" ? intent.action : intent?.kind;
    };
    expect(["a", "A", "ArrowLeft"].map(action)).toEqual(["left", "left", "left"]);
    expect(["d", "ArrowRight"].map(action)).toEqual(["right", "right"]);
    expect(["s", "ArrowDown"].map(action)).toEqual(["soft_drop", "soft_drop"]);
    expect(["q", "Q", "x", "ArrowUp"].map(action)).toEqual([
      "rotate_cw",
      "rotate_cw",
      "rotate_cw",
      "rotate_cw",
    ]);
    expect(["e", "z"].map(action)).toEqual(["rotate_ccw", "rotate_ccw"]);
    expect(action(" ")).toBe("hard_drop");
    expect(action("c")).toBe("hold");
    expect(["Escape", "p", "P"].map(action)).toEqual(["pause", "pause", "pause"]);
    expect(["Enter", "r"].map(action)).toEqual(["restart", "restart"]);
    for (const key of ["Shift", "w", "Tab", "1"]) expect(keyIntent(key)).toBeNull();
  });
});

describe("stacker best scores", () => {
  it("keeps the valid entries of a stored value and drops the rest", () => {
    expect(parseBestScores({ "20": 1200, "10": 5 })).toEqual({ "20": 1200, "10": 5 });
    expect(
      parseBestScores({ "20": "lots", "9": 5, "31": 5, "12": -1, "13": 1.5, x: 3, "15": 40, "016": 7 }),
    ).toEqual({ "15": 40 });
    for (const junk of [null, 3, "20", [], [1, 2], undefined]) expect(parseBestScores(junk)).toEqual({});
  });
});
