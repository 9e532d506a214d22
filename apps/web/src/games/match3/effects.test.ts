import type { Match3Event } from "@blockarcade/engine/games/match3";
import { describe, expect, it } from "vitest";
import { arcadeEffects, buzzFor, flashMs, hintWords, narrate, removedCells, soundFor } from "./effects";

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

describe("match3 Arcade effects", () => {
  const lockWithMatch: Match3Event[] = [
    {
      type: "locked",
      cells: [
        [9, 1, "^"],
        [9, 2, "^"],
        [9, 3, "*"],
      ],
    },
    {
      type: "removed",
      cells: [
        [9, 0, "^"],
        [9, 1, "^"],
        [9, 2, "^"],
      ],
    },
    { type: "scored", points: 50, cells: 3, combo: 2 },
    {
      type: "spawned",
      brick: "H*@~",
      cells: [
        [0, 1, "*"],
        [0, 2, "@"],
        [0, 3, "~"],
      ],
    },
  ];

  it("a scoring lock: words with the combo, a popup over the removed cells, the match's tones and buzz", () => {
    const fx = arcadeEffects(lockWithMatch);
    expect(fx.message).toBe("Removed 3 cells: 50 points. Combo 2.");
    expect(fx.popup).toEqual({ text: "+50 x2", row: 9, col: 1 });
    expect(fx.tones).toEqual(soundFor(lockWithMatch));
    expect(fx.buzz).toBe("clear");
    expect(fx.levelUp).toBeNull();
  });

  it("a level up is announced with its own rising tones; game over wins over everything", () => {
    const up = arcadeEffects([
      ...lockWithMatch.slice(0, 3),
      { type: "level_up", level: 3 },
      lockWithMatch[3]!,
    ]);
    expect(up.levelUp).toBe(3);
    expect(up.message).toContain("Level 3: the bricks fall faster.");
    expect(up.tones).toHaveLength(3);
    expect(up.tones.map((t) => t.freq)).toEqual([523, 659, 784]);
    const over = arcadeEffects([
      { type: "locked", cells: [] },
      { type: "game_over", reason: "spawn-blocked" },
    ]);
    expect(over.message).toBe("Game over: no room for the next brick.");
    expect(over.buzz).toBe("over");
    expect(over.tones[0]?.slideTo).toBeDefined();
  });

  it("moves and falls say nothing and buzz nothing; a plain landing taps", () => {
    const move = arcadeEffects([{ type: "moved", command: "L" }]);
    expect(move).toEqual({ message: undefined, tones: [], buzz: null, popup: null, levelUp: null });
    expect(arcadeEffects([{ type: "fell" }]).message).toBeUndefined();
    expect(buzzFor([{ type: "locked", cells: [] }])).toBe("place");
    expect(buzzFor([{ type: "moved", command: "D", rows: 3 }])).toBeNull();
  });
});
