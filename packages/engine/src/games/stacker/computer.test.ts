/** Block Stacker's computer player: reachable targets, keys the engine accepts, a plan that holds. */
import { describe, expect, it } from "vitest";
import { handleCommand } from "../../core/protocol.js";
import { boardBits, evaluate, hint, hintKeysText, hintTarget, sameTurn } from "./computer.js";
import { stackerGame } from "./index.js";
import { apply, newGame } from "./rules.js";
import { reachablePlacements } from "./search.js";
import { board, play, position } from "./test-helpers.js";
import type { Cell, StackerCommand, StackerState } from "./types.js";

function hinted(state: StackerState) {
  const result = hint(state);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Plays the commands, returning the state and the cells of the piece that locked. */
function playHint(state: StackerState, commands: readonly StackerCommand[]) {
  let s = state;
  let locked: Cell[] | null = null;
  for (const command of commands) {
    const r = apply(s, command);
    if (!r.ok) throw new Error(`${JSON.stringify(command)} refused: ${r.error.message}`);
    for (const e of r.events) if (e.type === "locked") locked = e.cells;
    s = r.state;
  }
  return { state: s, locked };
}

/** Positions along a game the computer plays itself, on each size. */
function positions(size: number, seed: number, count: number): StackerState[] {
  let s = newGame({ size }, seed);
  const out: StackerState[] = [];
  while (!s.over && out.length < count) {
    out.push(s);
    s = playHint(s, hinted(s).commands).state;
  }
  return out;
}

describe("computer player", () => {
  it("hints keys the engine accepts, ending in the hard drop, that lock the piece where the hint said", () => {
    for (const size of [10, 20, 30]) {
      for (const s of positions(size, size + 1, 25)) {
        const before = JSON.stringify(s);
        const { commands, reason } = hinted(s);
        expect(JSON.stringify(s)).toBe(before);
        expect(commands.at(-1)).toEqual({ cmd: "key", key: "Space" });
        expect(commands.slice(0, -1)).not.toContainEqual({ cmd: "key", key: "Space" });
        expect(reason.length).toBeGreaterThan(0);
        expect(reason.length).toBeLessThanOrEqual(200);
        const target = hintTarget(s, commands);
        const { locked } = playHint(s, commands);
        expect(locked).toEqual(target?.cells);
      }
    }
  });

  it("never changes the state it is asked about, and answers the same position the same way", () => {
    for (const s of positions(10, 4, 15)) {
      const before = JSON.stringify(s);
      const first = hint(s);
      expect(JSON.stringify(hint(s))).toBe(JSON.stringify(first));
      expect(JSON.stringify(s)).toBe(before);
      const step = handleCommand(stackerGame, s, { cmd: "hint" });
      expect(step.state).toBe(s);
      expect(JSON.stringify(s)).toBe(before);
    }
  });

  it("puts an I into the one slot that clears lines", () => {
    const s = position(
      board(
        "..........",
        "..........",
        "..........",
        "..........",
        "....iiii..",
        "..........",
        "ZZZZZZ.ZZZ",
        "ZZZZZZ.ZZZ",
        "ZZZZZZ.ZZZ",
        "ZZZZZZ.ZZZ",
      ),
      { next: ["O", "O", "O"], canHold: false },
    );
    const { commands, reason } = hinted(s);
    const { state, locked } = playHint(s, commands);
    expect(locked).toEqual([
      [6, 6],
      [7, 6],
      [8, 6],
      [9, 6],
    ]);
    expect(state.lines).toBe(4);
    expect(reason).toBe("clears 4 lines");
  });

  it("finds a tuck under an overhang: down the open column, then sideways into the pocket", () => {
    // The pocket under the overhang can only be reached by keys: a drop from above never gets there.
    const s = position(
      board(
        "....oo....",
        "....oo....",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "ZZZZZZZZ..",
        "ZZZZZZ....",
        "ZZZZZZ....",
      ),
      { next: ["I", "I", "I"], canHold: false },
    );
    const { commands, reason } = hinted(s);
    const keys = commands.map((c) => (c.cmd === "key" ? c.key : "tick"));
    expect(keys.slice(0, 4)).toEqual(["D", "D", "D", "D"]);
    expect(keys.slice(-3)).toEqual(["A", "A", "Space"]);
    // Down the open column to rest on the floor of the pocket's mouth: rows 0-1 to rows 8-9.
    expect(keys.slice(4, -3)).toEqual(Array(8).fill("S"));
    expect(reason).toBe("fills a hole-free spot");
    expect(playHint(s, commands).locked).toEqual([
      [8, 6],
      [8, 7],
      [9, 6],
      [9, 7],
    ]);
  });

  it("only targets places the keys reach: never a pocket sealed off from above", () => {
    const s = position(
      board("....t.....", "...ttt....", "..........", "..........", "ZZZZZZZZZ.", "ZZZZ.ZZZZ."),
      { canHold: false },
    );
    const reach = reachablePlacements(s.board, 10, s.active as NonNullable<StackerState["active"]>);
    expect(reach.length).toBeGreaterThan(20);
    expect(reach.some((p) => p.cells.some(([r, c]) => r === 9 && c === 4))).toBe(false);
    // The open column on the right is reached (a T turned upright hangs its stem into it).
    expect(reach.some((p) => p.cells.some(([r, c]) => r === 8 && c === 9))).toBe(true);
  });

  it("holds when the held piece does better, and the hint after the hold continues the same plan", () => {
    // An S on a board with an I-slot: the I comes out of the queue by holding and clears 4 lines.
    const s = position(
      board(
        "....ss....",
        "...ss.....",
        "..........",
        "..........",
        "..........",
        "..........",
        "ZZZZZZZZZ.",
        "ZZZZZZZZZ.",
        "ZZZZZZZZZ.",
        "ZZZZZZZZZ.",
      ),
      { next: ["I", "O", "O"], hold: null },
    );
    const { commands, reason } = hinted(s);
    expect(commands[0]).toEqual({ cmd: "key", key: "C" });
    expect(reason).toBe("holds the S, plays the I: clears 4 lines");
    const after = play(s, "C").state;
    expect(hinted(after).commands).toEqual(commands.slice(1));
    expect(playHint(s, commands).state.lines).toBe(4);
  });

  it("keeps to its plan key by key (Watch's way: play the first key, ask again)", () => {
    for (const size of [10, 20]) {
      for (const start of positions(size, 9, 12)) {
        const plan = hinted(start);
        const target = hintTarget(start, plan.commands)?.cells;
        let s = start;
        let steps = 0;
        for (;;) {
          const h = hinted(s);
          expect(hintTarget(s, h.commands)?.cells).toEqual(target);
          const first = h.commands[0] as StackerCommand;
          if (first.cmd === "key" && first.key === "Space") break;
          s = play(s, first.cmd === "key" ? first.key : "tick").state;
          steps++;
        }
        expect(steps).toBe(plan.commands.length - 1);
      }
    }
  });

  it("keeps to its plan when gravity steps come between its keys, while the target stays below", () => {
    let kept = 0;
    for (const start of positions(20, 11, 20)) {
      const target = hintTarget(start, hinted(start).commands)?.cells;
      let s = start;
      for (let step = 0; step < 100; step++) {
        const h = hinted(s);
        const first = h.commands[0] as StackerCommand;
        if (first.cmd === "key" && first.key === "Space") break;
        s = play(s, first.cmd === "key" ? first.key : "tick").state;
        // The browser's clock: a tick after every other key, unless it would lock the piece.
        if (
          step % 2 === 1 &&
          s.active &&
          s.active.cells.every(([r]) => r + 1 < 20 && s.board[r + 1]?.[0] !== undefined)
        ) {
          const ticked = apply(s, { cmd: "tick" });
          if (ticked.ok && !ticked.events.some((e) => e.type === "locked")) s = ticked.state;
        }
      }
      const dropped = playHint(s, hinted(s).commands).locked;
      if (JSON.stringify(dropped) === JSON.stringify(target)) kept++;
    }
    // High on a 20 x 20 board, a gravity step or two never cuts a piece off its place.
    expect(kept).toBe(20);
  });

  it("refuses with GAME_OVER once the game has ended", () => {
    let s = newGame({ size: 10 }, 3);
    while (!s.over) s = playHint(s, [{ cmd: "key", key: "Space" }]).state;
    const r = hint(s);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("GAME_OVER");
  });

  it("names the keys in words", () => {
    const keys = ["C", "Q", "A", "A", "A", "S", "D", "Space"] as const;
    expect(hintKeysText(keys.map((key) => ({ cmd: "key", key })))).toBe(
      "hold, turn, left x3, down, right, drop",
    );
  });

  it("scores a board: a clear beats the same board without it, a hole costs", () => {
    const rows = boardBits(board("..........", "ZZZZZZZZZ.", "ZZZZZZZZZ."));
    const clearing = evaluate(rows, 10, [
      [6, 9],
      [7, 9],
      [8, 9],
      [9, 9],
    ]);
    expect(clearing.cleared).toBe(2);
    expect(clearing.holes).toBe(0);
    const covering = evaluate(rows, 10, [
      [7, 8],
      [7, 9],
      [6, 8],
      [6, 9],
    ]);
    expect(covering.holes).toBe(2);
    expect(clearing.score).toBeGreaterThan(covering.score);
  });
});

describe("sameTurn", () => {
  it("holds while the piece moves or falls, and ends when it locks or is held", () => {
    const s = newGame({ size: 10 }, 2);
    expect(sameTurn(s, play(s, "A").state)).toBe(true);
    expect(sameTurn(s, play(s, "tick", "Q").state)).toBe(true);
    expect(sameTurn(s, JSON.parse(JSON.stringify(s)))).toBe(true);
    expect(sameTurn(s, play(s, "Space").state)).toBe(false);
    expect(sameTurn(s, play(s, "C").state)).toBe(false);
  });
});
