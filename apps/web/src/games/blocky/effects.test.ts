import { createRunner, manualClock } from "@blockarcade/engine/core";
import {
  type Action,
  type BlockyEvent,
  type BlockyState,
  blockyGame,
} from "@blockarcade/engine/games/blocky";
import { describe, expect, it } from "vitest";
import { createWatcher, WATCH_SPEEDS } from "../../shell/computer";
import { setLanguageSetting } from "../../shell/i18n";
import {
  computerNarration,
  computerTiming,
  computerTurn,
  effectsOf,
  hintOutcome,
  hintView,
  nextLog,
  REFUSED_BUZZ,
  refusalEffects,
  refusalReason,
} from "./effects";

/** A position with player 1 aiming for red and player 2 for yellow. */
function position(): BlockyState {
  const loaded = blockyGame.load(
    {
      tree: [["B", "R", "R", "Y"], "G", "R", "Y"],
      maxDepth: 2,
      players: [
        { kind: "human", goal: { type: "blob", colour: "R" } },
        { kind: "smart", difficulty: 3, goal: { type: "blob", colour: "Y" } },
      ],
      turns: 2,
    },
    blockyGame.newGame(blockyGame.defaultConfig, 1),
  );
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

const moved = (player: number, action: Action, path: number[]) =>
  ({ type: "moved", player, action, path }) as BlockyEvent;

describe("effects", () => {
  it("words a move with its penalty, logs it, outlines its block and plays a tone", () => {
    const fx = effectsOf(position(), [moved(1, "paint", [0, 0])]);
    expect(fx.message).toBe("Player 2 painted a cell yellow (-1).");
    expect(fx.log).toEqual(["Player 2 painted a cell yellow (-1)."]);
    expect(fx.flash).toEqual([0, 0]);
    expect(fx.tones).toHaveLength(1);
    expect(fx.buzz).toBe("place");
    const smash = effectsOf(position(), [moved(0, "smash", [1])]);
    expect(smash.message).toBe("Player 1 smashed a block (-3).");
    expect(smash.buzz).toBe("clear");
    expect(effectsOf(position(), [moved(0, "rotate_cw", [])]).message).toBe(
      "Player 1 rotated a block clockwise.",
    );
  });

  it("outlines nothing for a pass, and plays a fanfare at the game's end", () => {
    const pass = effectsOf(position(), [moved(0, "pass", [])]);
    expect(pass.message).toBe("Player 1 passed.");
    expect(pass.flash).toBeNull();
    expect(pass.buzz).toBeNull();
    const over = effectsOf(position(), [
      moved(1, "swap_h", [0]),
      { type: "game_over", winner: 1, scores: [4, 5] },
    ]);
    expect(over.tones.length).toBe(4);
    expect(over.buzz).toBe("over");
    expect(over.message).toBe("Player 2 swapped a block horizontally.");
  });

  it("shows nothing for the protocol's own events", () => {
    const fx = effectsOf(position(), [{ type: "new_game" } as unknown as BlockyEvent]);
    expect(fx).toEqual({ message: null, log: [], flash: null, tones: [], buzz: null });
  });

  it("narrates a computer's move before it is shown, with the block it chose", () => {
    expect(computerNarration(position(), [moved(1, "rotate_cw", [0])])).toEqual({
      text: "Player 2 is rotating a block clockwise",
      path: [0],
    });
    expect(computerNarration(position(), [moved(1, "paint", [0, 1])])?.text).toBe(
      "Player 2 is painting a cell yellow",
    );
    expect(computerNarration(position(), [])).toBeNull();
  });

  it("explains a refused move and that it cost nothing", () => {
    const refused = refusalEffects("smash", "cannot smash a unit cell");
    expect(refused.message).toBe(
      "Can't smash: cannot smash a unit cell. Nothing was spent; it is still your move.",
    );
    expect(refused.tones).toHaveLength(1);
    expect(refused.buzz).toEqual(REFUSED_BUZZ);
  });

  it("words every refusal the engine gives an action in the player's language", async () => {
    // Each way an action on a block is refused (blocky/actions.ts), played on the engine.
    const mixed = blockyGame.load({ tree: [["B", "R", "G", "Y"], "G", "R", "Y"] }, position());
    if (!mixed.ok) throw new Error(mixed.error.message);
    const tries: [BlockyState, Action, number[]][] = [
      [position(), "rotate_cw", [1]],
      [position(), "swap_h", [1]],
      [position(), "smash", [0]],
      [position(), "smash", [0, 0]],
      [position(), "paint", [1]],
      [position(), "paint", [0, 1]],
      [position(), "combine", []],
      [mixed.value, "combine", [0]],
    ];
    const messages = tries.map(([state, action, path]) => {
      const reply = blockyGame.apply(state, { cmd: "move", action, path });
      if (reply.ok || reply.error.code !== "ILLEGAL_MOVE") throw new Error(`${action} was not refused`);
      return reply.error.message;
    });
    expect(new Set(messages).size).toBe(tries.length);
    // English shows the engine's own sentence; French has each in its catalogue.
    for (const m of messages) expect(refusalReason(m)).toBe(m);
    await setLanguageSetting("fr");
    try {
      const french = messages.map(refusalReason);
      for (const [i, f] of french.entries()) expect(f).not.toBe(messages[i]);
      expect(new Set(french).size).toBe(tries.length);
      expect(refusalEffects("smash", messages[3] as string).message).toMatch(
        /^Impossible de casser\u00a0: on ne peut pas casser une case unité\. /,
      );
      // A refusal the map does not know is shown as the engine says it.
      expect(refusalReason("there is no block at path [9]")).toBe("there is no block at path [9]");
    } finally {
      await setLanguageSetting("auto");
    }
  });

  it("keeps the last four moves, latest first, and shortens pauses under reduced motion", () => {
    expect(nextLog(["c", "b", "a"], ["d", "e"])).toEqual(["e", "d", "c", "b"]);
    const reduced = computerTiming(true);
    const full = computerTiming(false);
    expect(reduced.think).toBeLessThan(full.think);
    expect(reduced.show).toBeLessThan(full.show);
  });
});

describe("hintView", () => {
  it("names the action on the outlined block at its level, then what playing it does", () => {
    const state = position();
    const hint = blockyGame.hint(state);
    if (!hint?.ok) throw new Error("no hint");
    const view = hintView(state, hint.value);
    const command = hint.value.commands[0];
    if (command?.cmd !== "move" || command.action === "pass") throw new Error("expected a move");
    expect(view?.path).toEqual(command.path);
    expect(view?.action).toBe(command.action);
    expect(view?.text).toContain(`(level ${command.path.length}): ${hintOutcome(state, command)}.`);
  });

  it("says what the move does to the scores, played on the position, and its cost", async () => {
    const state = position();
    const paint = hintView(state, { commands: [{ cmd: "move", action: "paint", path: [0, 0] }] });
    const painted = blockyGame.apply(state, { cmd: "move", action: "paint", path: [0, 0] });
    if (!painted.ok) throw new Error(painted.error.message);
    // The score after counts the paint's penalty: the blob the paint joins, less 1.
    const [before, after] = [state.players[0]?.score, painted.state.players[0]?.score];
    expect(painted.state.players[0]?.penalty).toBe(1);
    expect(paint).toEqual({
      path: [0, 0],
      action: "paint",
      text: `Hint: paint the outlined cell red (level 2): your score goes from ${before} to ${after}, costs 1.`,
    });
    const swap = hintView(state, { commands: [{ cmd: "move", action: "swap_v", path: [] }] });
    expect(swap?.text).toMatch(/^Hint: swap the outlined 4x4 block vertically \(level 0\): .*, free\.$/);
    // A smash's new blocks are chance: its cost alone.
    const smash = hintView(state, { commands: [{ cmd: "move", action: "smash", path: [1] }] });
    expect(smash?.text).toBe("Hint: smash the outlined 2x2 block (level 1): costs 3.");
    const pass = hintView(state, { commands: [{ cmd: "move", action: "pass", path: [] }] });
    expect(pass).toEqual({ path: null, action: "pass", text: `Hint: pass (your score stays ${before}).` });
    await setLanguageSetting("fr");
    try {
      expect(hintView(state, { commands: [{ cmd: "move", action: "pass", path: [] }] })?.text).toBe(
        `Indice\u00a0: passer (votre score reste à ${before}).`,
      );
    } finally {
      await setLanguageSetting("auto");
    }
  });
});

describe("computer turns (the shell's watcher plays them)", () => {
  const seated = (kinds: string[]) => {
    const parsed = blockyGame.parseConfig({
      maxDepth: 2,
      turns: 2,
      players: kinds.map((kind) => ({ kind })),
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    return blockyGame.newGame(parsed.value, 3);
  };
  const timing = computerTiming(false);

  it("a computer seat plays `ai` after its thinking time, watched or not; a human seat only while watching", () => {
    const ai = { cmd: "ai" };
    const computerFirst = seated(["random", "human"]);
    expect(computerTurn(computerFirst, { watching: false, speed: "slow" }, timing)).toEqual({
      after: timing.think,
      command: ai,
    });
    expect(computerTurn(computerFirst, { watching: true, speed: "slow" }, timing)?.after).toBe(timing.think);
    const humanFirst = seated(["human", "random"]);
    expect(computerTurn(humanFirst, { watching: false, speed: "fast" }, timing)).toBeNull();
    expect(computerTurn(humanFirst, { watching: true, speed: "fast" }, timing)).toEqual({
      after: WATCH_SPEEDS.fast,
      command: ai,
    });
    expect(
      computerTurn({ ...computerFirst, over: true }, { watching: true, speed: "fast" }, timing),
    ).toBeNull();
  });

  it("paced by the watcher: the human moves, the computer seat thinks, moves, and holds for its second beat", () => {
    const clock = manualClock();
    const runner = createRunner(blockyGame, seated(["human", "random"]), { render: () => undefined });
    const heard: number[] = [];
    const watcher = createWatcher(runner, {
      clock,
      next: (s, view) => computerTurn(s, view, timing),
      played: (before) => {
        heard.push(before.current);
        return timing.show;
      },
    });
    watcher.update();
    expect(clock.pending()).toBe(0);
    expect(runner.dispatch({ cmd: "move", action: "pass", path: [] }).ok).toBe(true);
    watcher.update();
    clock.advance(timing.think - 1);
    expect(runner.state.current).toBe(1);
    clock.advance(1);
    expect(heard).toEqual([1]);
    expect(runner.state.current).toBe(0);
    // The hold, then the human's turn: nothing more until the player moves or watches.
    clock.advance(timing.show);
    expect(clock.pending()).toBe(0);
    watcher.start();
    clock.advance(WATCH_SPEEDS.normal + timing.show + timing.think);
    expect(heard).toEqual([1, 0, 1]);
    expect(runner.state.over).toBe(true);
    clock.advance(timing.show);
    expect(watcher.watching).toBe(false);
    expect(clock.pending()).toBe(0);
  });
});
