/** Events to sounds, flashes and words. */
import { createRunner } from "@blockarcade/engine/core";
import {
  type StackerCommand,
  type StackerEvent,
  type StackerState,
  stackerGame,
} from "@blockarcade/engine/games/stacker";
import { describe, expect, it } from "vitest";
import { askHint } from "../../shell/computer";
import { setLanguageSetting } from "../../shell/i18n";
import {
  effectsOf,
  followPlan,
  hintAnnouncement,
  hintOutcome,
  isUrgentSave,
  keysText,
  messageMs,
  planOf,
  type ShownPlan,
  watchAnnouncement,
} from "./effects";

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
  const drop: StackerCommand[] = [{ cmd: "key", key: "Space" }];
  const start = stackerGame.newGame({ size: 10 }, 7);
  /** The same position with the bottom row full but where the piece's straight drop lands. */
  const nearlyFull = (): StackerState => {
    const played = stackerGame.apply(start, { cmd: "key", key: "Space" });
    const locked = played.ok ? played.events.find((e) => e.type === "locked") : undefined;
    if (locked?.type !== "locked") throw new Error("the drop did not lock");
    const holes = new Set(locked.cells.filter(([r]) => r === 9).map(([, c]) => c));
    const bottom = Array.from({ length: 10 }, (_, c) => (holes.has(c) ? "." : "T")).join("");
    return { ...start, board: [...start.board.slice(0, 9), bottom] };
  };

  it("says what the keys do, played on the position: the lines, and the piece played after a hold", () => {
    expect(hintOutcome(start, drop)).toBe("clears no line");
    expect(hintOutcome(nearlyFull(), drop)).toBe("clears 1 line");
    expect(hintOutcome(start, [{ cmd: "key", key: "C" }, ...drop])).toBe(
      `holds, plays the ${start.next[0]}: clears no line`,
    );
  });

  it("names the piece, the keys and the outcome of a hint; one line per piece while watching", async () => {
    expect(hintAnnouncement("T", "turn, left x3, drop", "clears 2 lines")).toBe(
      "Hint for the T: turn, left x3, drop (clears 2 lines).",
    );
    expect(watchAnnouncement("I", "clears no line")).toBe("Computer, I: clears no line.");
    await setLanguageSetting("fr");
    try {
      expect(hintOutcome(nearlyFull(), drop)).toBe("efface 1 ligne");
      expect(hintAnnouncement("T", keysText(drop), hintOutcome(start, drop))).toBe(
        "Indice pour le T\u00a0: lâcher (n’efface aucune ligne).",
      );
    } finally {
      await setLanguageSetting("auto");
    }
  });
});

describe("messageMs", () => {
  it("a clear's words stay 2 s (the page's rule); the game-over line and no words stay", () => {
    expect(messageMs("Single")).toBe(2000);
    expect(messageMs("Four lines! Level 3!")).toBe(2000);
    expect(messageMs("Game over. Score 120.")).toBeNull();
    expect(messageMs("")).toBeNull();
  });
});

describe("the computer's plan on show", () => {
  const start = () => {
    const runner = createRunner(stackerGame, stackerGame.newGame({ size: 10 }, 7), {
      render: () => undefined,
    });
    const asked: ShownPlan["source"][] = [];
    const ask = (source: ShownPlan["source"]) => {
      asked.push(source);
      return planOf(runner.state, askHint(runner), source);
    };
    return { runner, asked, ask };
  };
  const shown = (plan: ShownPlan | { error: string }): ShownPlan => {
    if ("error" in plan) throw new Error(plan.error);
    return plan;
  };

  it("a hint names the piece and its keys and draws the piece's four target cells", () => {
    const { runner, ask } = start();
    const plan = shown(ask("hint"));
    expect(plan.state).toBe(runner.state);
    expect(plan.source).toBe("hint");
    expect(plan.text).toMatch(new RegExp(`^Hint for the ${runner.state.active?.type}: .+ \\(.+\\)\\.$`));
    expect(plan.target).toHaveLength(4);
    expect(planOf(runner.state, { error: "No move." }, "hint")).toEqual({ error: "No move." });
  });

  it("a hint follows its piece while it moves and goes once the piece locks", () => {
    const { runner, asked, ask } = start();
    const plan = shown(ask("hint"));
    expect(followPlan(plan, runner.state, false, ask)).toBe(plan);
    expect(asked).toEqual(["hint"]);
    expect(runner.dispatch({ cmd: "key", key: "Q" }).ok).toBe(true);
    const moved = followPlan(plan, runner.state, false, ask);
    expect(moved?.state).toBe(runner.state);
    expect(moved?.source).toBe("hint");
    expect(asked).toEqual(["hint", "hint"]);
    expect(runner.dispatch({ cmd: "key", key: "Space" }).ok).toBe(true);
    expect(followPlan(moved ?? null, runner.state, false, ask)).toBeNull();
    expect(asked).toEqual(["hint", "hint"]);
    expect(followPlan(null, runner.state, false, ask)).toBeNull();
  });

  it("while watching it is asked again after every key, and goes when watching stops", () => {
    const { runner, asked, ask } = start();
    const first = followPlan(null, runner.state, true, ask);
    expect(first?.source).toBe("watch");
    expect(first?.text).toMatch(new RegExp(`^Computer, ${runner.state.active?.type}: .+\\.$`));
    expect(followPlan(first, runner.state, true, ask)).toBe(first);
    expect(asked).toEqual(["watch"]);
    expect(runner.dispatch({ cmd: "key", key: "S" }).ok).toBe(true);
    const next = followPlan(first, runner.state, true, ask);
    expect(next?.state).toBe(runner.state);
    expect(asked).toEqual(["watch", "watch"]);
    // Watching stopped: the computer's plan goes with the next position.
    expect(runner.dispatch({ cmd: "key", key: "S" }).ok).toBe(true);
    expect(followPlan(next ?? null, runner.state, false, ask)).toBeNull();
  });
});
