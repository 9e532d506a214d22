import { createRunner } from "@blockarcade/engine/core";
import {
  ARCADE_DEFAULTS,
  type Match3Command,
  type Match3Event,
  type Match3State,
  match3Game,
} from "@blockarcade/engine/games/match3";
import { describe, expect, it } from "vitest";
import { askHint } from "../../shell/computer";
import { setLanguageSetting } from "../../shell/i18n";
import {
  arcadeEffects,
  arcadeHintWords,
  BANNER_MS,
  bringsBrick,
  buzzFor,
  fieldName,
  flashMs,
  hintOutcome,
  hintWords,
  narrate,
  POPUP_MS,
  removedCells,
  soundFor,
} from "./effects";

/** A classic game from its init line with this field and falling brick (loaded as a client would). */
function classicAt(input: string, board: string[], cells: [number, number, string][]): Match3State {
  const config = match3Game.parseConfig({ input });
  if (!config.ok) throw new Error(config.error.message);
  const loaded = match3Game.load({ board, active: { cells } }, match3Game.newGame(config.value, 1));
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

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

  it("words a hint with its commands and what they lead to", () => {
    expect(hintWords(["L", "D"], "removes 3 cells")).toBe("Hint: L D — removes 3 cells");
    expect(hintWords([], "removes no cells")).toBe("Hint: no commands — removes no cells");
  });

  it("plays a classic hint on the position: the landing's removed cells, this frame or after the computer's next ones", async () => {
    // The engine's own positions (match3/computer.test.ts): LD lands a run now; L heads for one.
    const now = classicAt(
      "5 6 V**^ H^^@",
      [".....", ".....", ".....", ".....", ".....", "..^^."],
      [
        [0, 2, "*"],
        [1, 2, "*"],
        [2, 2, "^"],
      ],
    );
    expect(hintOutcome(now, [{ cmd: "frame", commands: "LD" }])).toBe("removes 3 cells");
    const later = classicAt(
      "11 6 H~@* H@@~",
      [...Array(5).fill("..........."), "~~........."],
      [
        [0, 4, "~"],
        [0, 5, "@"],
        [0, 6, "*"],
      ],
    );
    expect(hintOutcome(later, [{ cmd: "frame", commands: "L" }])).toBe(
      "heads for a landing that removes 3 cells",
    );
    expect(hintOutcome(now, [{ cmd: "frame", commands: "RD" }])).toBe("removes no cells");
    await setLanguageSetting("fr");
    try {
      expect(hintWords(["L"], hintOutcome(later, [{ cmd: "frame", commands: "L" }]))).toBe(
        "Indice\u00a0: L — vise un atterrissage qui retire 3 cases",
      );
      expect(hintOutcome(now, [{ cmd: "frame", commands: "RD" }])).toBe("ne retire aucune case");
    } finally {
      await setLanguageSetting("auto");
    }
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
    { type: "scored", points: 50, cells: 3, combo: 2, chain: 1 },
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

describe("Arcade page words and timings", () => {
  it("a hint names its moves, then the fall, and what the landing does", () => {
    const commands = [{ cmd: "move", move: "L" }, { cmd: "move", move: "L" }, { cmd: "tick" }];
    expect(arcadeHintWords(commands, "a match of 3")).toBe("Hint: L L, then let it fall; a match of 3.");
    expect(arcadeHintWords([{ cmd: "tick" }], "nothing better")).toBe("Hint: let it fall; nothing better.");
  });

  it("a real game's hint reads the same way", () => {
    const runner = createRunner(match3Game, match3Game.newGame(ARCADE_DEFAULTS, 5), {
      render: () => undefined,
    });
    const asked = askHint(runner);
    if ("error" in asked) throw new Error(asked.error);
    const outcome = hintOutcome(runner.state, asked.hint.commands as Match3Command[]);
    expect(outcome).toMatch(/^removes (no cells|\d+ cells?)$/);
    expect(arcadeHintWords(asked.hint.commands, outcome)).toMatch(
      /^Hint: (let it fall|[LRD]( [LRD])*, then let it fall); removes .+\.$/,
    );
  });

  it("a new brick comes with a spawn, a new game or a load, not with a move or a fall", () => {
    expect(bringsBrick([{ type: "locked" }, { type: "spawned" }])).toBe(true);
    expect(bringsBrick([{ type: "new_game" }])).toBe(true);
    expect(bringsBrick([{ type: "loaded" }])).toBe(true);
    expect(bringsBrick([{ type: "moved" }, { type: "fell" }])).toBe(false);
    expect(bringsBrick([])).toBe(false);
  });

  it("names the three fields and a custom size", () => {
    expect(fieldName(5, 10)).toBe("small 5 × 10");
    expect(fieldName(7, 14)).toBe("medium 7 × 14");
    expect(fieldName(9, 18)).toBe("large 9 × 18");
    expect(fieldName(6, 12)).toBe("6 × 12");
  });

  it("a popup stays 0.9 s and the level banner 1.4 s", () => {
    expect(POPUP_MS).toBe(900);
    expect(BANNER_MS).toBe(1400);
  });
});
