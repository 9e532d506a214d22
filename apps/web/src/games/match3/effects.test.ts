import type { Match3Event } from "@blockarcade/engine/games/match3";
import { describe, expect, it } from "vitest";
import { flashMs, hintWords, narrate, removedCells, soundFor } from "./effects";

const frameWithMatch: Match3Event[] = [
  { type: "moved", command: "D", rows: 5 },
  { type: "blocked", command: "R" },
  {
    type: "locked",
    cells: [
      [7, 1, "^"],
      [7, 2, "^"],
      [7, 3, "*"],
    ],
  },
  {
    type: "removed",
    cells: [
      [7, 0, "^"],
      [7, 1, "^"],
      [7, 2, "^"],
    ],
  },
  {
    type: "spawned",
    brick: "V*@^",
    cells: [
      [0, 2, "*"],
      [1, 2, "@"],
      [2, 2, "^"],
    ],
  },
];

describe("match3 effects", () => {
  it("narrates a frame's events in order", () => {
    expect(narrate(frameWithMatch)).toBe(
      "Dropped 5 rows. Right blocked. Brick landed. Matched and removed 3 cells. New brick: vertical star, ring, triangle.",
    );
    expect(narrate([{ type: "moved", command: "L" }, { type: "fell" }])).toBe("Moved left. Fell one row.");
    expect(narrate([{ type: "game_over", reason: "no-bricks" }])).toBe("Game over: no bricks left.");
    expect(narrate([{ type: "game_over", reason: "spawn-blocked" }])).toBe(
      "Game over: no room for the next brick.",
    );
    expect(narrate([])).toBe("");
  });

  it("plays the end over a match over a landing, and nothing for a plain move", () => {
    const end = soundFor([...frameWithMatch, { type: "game_over", reason: "no-bricks" }]);
    const match = soundFor(frameWithMatch);
    const landed = soundFor([{ type: "locked", cells: [] }]);
    expect(end).toHaveLength(2);
    expect(end[0]?.slideTo).toBeDefined();
    expect(match).toHaveLength(2);
    expect(match).not.toEqual(end);
    expect(landed).toHaveLength(1);
    expect(soundFor([{ type: "moved", command: "L" }, { type: "fell" }])).toEqual([]);
  });

  it("flashes exactly the removed cells, not at all with reduced motion", () => {
    expect([...removedCells(frameWithMatch)]).toEqual(["7,0", "7,1", "7,2"]);
    expect(removedCells([{ type: "fell" }]).size).toBe(0);
    expect(flashMs(true)).toBe(0);
    expect(flashMs(false)).toBeGreaterThan(0);
  });

  it("words a hint with its commands and reason", () => {
    expect(hintWords(["L", "D"], "removes 3 cells")).toBe("Hint: L D, removes 3 cells.");
    expect(hintWords([], "keeps the field low and open")).toBe(
      "Hint: no commands, keeps the field low and open.",
    );
  });
});
