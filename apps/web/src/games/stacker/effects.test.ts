/** Events to sounds, flashes and words. */
import { type StackerEvent, stackerGame } from "@blockarcade/engine/games/stacker";
import { describe, expect, it } from "vitest";
import { effectsOf, hintAnnouncement, isUrgentSave, watchAnnouncement } from "./effects";

const state = stackerGame.newGame({ size: 10 }, 1);

describe("effectsOf", () => {
  it("a clear flashes its rows, plays a tone per line and names it, with a level up", () => {
    const events: StackerEvent[] = [
      { type: "locked", piece: "I", cells: [] },
      { type: "cleared", rows: [7, 8, 9] },
      { type: "scored", points: 500, reason: "lines" },
      { type: "level_up", level: 2 },
    ];
    const fx = effectsOf(events, state);
    expect(fx.flash).toEqual([7, 8, 9]);
    expect(fx.tones).toHaveLength(3);
    expect(fx.message).toBe("Triple Level 2!");
    expect(fx.locked).toBe(true);
    expect(fx.buzz).toBe("clear");
    expect(effectsOf([{ type: "cleared", rows: [1, 2, 3, 4] }], state).message).toBe("Four lines!");
  });

  it("game over says the score and keeps saying it; a lock thuds and buzzes; a turn only clicks; a move is silent", () => {
    const over = effectsOf([{ type: "game_over", piece: "T" }], { ...state, score: 321 });
    expect(over.message).toBe("Game over. Score 321.");
    expect(over.tones.length).toBeGreaterThan(0);
    expect(over.buzz).toBe("over");
    const lock = effectsOf([{ type: "locked", piece: "O", cells: [] }], state);
    expect(lock.flash).toEqual([]);
    expect(lock.message).toBeUndefined();
    expect(lock.locked).toBe(true);
    expect(lock.tones).toHaveLength(1);
    expect(lock.buzz).toBe("place");
    const turn = effectsOf(
      [{ type: "rotated", direction: "cw", from: 0, to: 1, kick: 0, offset: [0, 0] }],
      state,
    );
    expect(turn.tones).toHaveLength(1);
    expect(turn.tones[0]?.freq).not.toBe(lock.tones[0]?.freq);
    expect(turn.buzz).toBeNull();
    expect(effectsOf([{ type: "moved", direction: "left" }], state)).toEqual({
      tones: [],
      buzz: null,
      flash: [],
      locked: false,
    });
  });

  it("saves a new piece, a hold or a new position at once, and throttles a move or a tick", () => {
    expect(isUrgentSave([{ type: "spawned" }])).toBe(true);
    expect(isUrgentSave([{ type: "held" }])).toBe(true);
    expect(isUrgentSave([{ type: "new_game" }])).toBe(true);
    expect(isUrgentSave([])).toBe(true);
    expect(isUrgentSave([{ type: "fell" }])).toBe(false);
    expect(isUrgentSave([{ type: "moved" }])).toBe(false);
  });
});

describe("computer player words", () => {
  it("names the piece, the keys and the reason of a hint; one line per piece while watching", () => {
    expect(hintAnnouncement("T", "turn, left x3, drop", "clears 2 lines")).toBe(
      "Hint for the T: turn, left x3, drop (clears 2 lines).",
    );
    expect(watchAnnouncement("I", "fills a hole-free spot")).toBe("Computer, I: fills a hole-free spot.");
  });
});
