import { describe, expect, it } from "vitest";
import { handleCommand, replay, startGame } from "../../core/protocol.js";
import { nextInt, pick, seedRng } from "../../core/rng.js";
import {
  boardWithActive,
  type ClassicConfig,
  EXAMPLE_INPUT,
  FRAME_COMMANDS,
  type FrameCommand,
  type Match3Event,
  type Match3State,
  match3Game,
  parseFrameCommands,
  parseInitLine,
} from "./index.js";
import { naiveField, naiveFrame, naiveStart } from "./naive.js";
import { position, start } from "./test-helpers.js";

function frame(state: Match3State, commands: string): { state: Match3State; events: Match3Event[] } {
  const result = match3Game.apply(state, { cmd: "frame", commands });
  if (!result.ok) throw new Error(result.error.message);
  return { state: result.state, events: result.events };
}

const view = (state: Match3State): string[] => boardWithActive(state);

describe("init line (docs: Init line)", () => {
  it("reads the spec's example", () => {
    expect(parseInitLine("5 8 H^^* V*@^")).toEqual({
      ok: true,
      value: { width: 5, height: 8, bricks: ["H^^*", "V*@^"] },
    });
  });

  it("splits on runs of blanks, tabs included, and ignores leading and trailing blanks", () => {
    const parsed = parseInitLine("  5 \t 8   H^^*\tV*@^  ");
    expect(parsed.ok && parsed.value).toEqual({ width: 5, height: 8, bricks: ["H^^*", "V*@^"] });
  });

  it("accepts 0 to 5 bricks", () => {
    expect(parseInitLine("3 3").ok).toBe(true);
    expect(parseInitLine("9 9 H^^^ H*** H@@@ H~~~ V^*@").ok).toBe(true);
  });

  it.each([
    ["5abc 8", /width "5abc"/],
    ["5.5 8", /width "5.5"/],
    ["0 8", /width "0"/],
    ["-2 8", /width "-2"/],
    ["+5 8", /width "\+5"/],
    ["5 0", /height "0"/],
    ["5 x", /height "x"/],
    ["5", /height is missing/],
    ["", /empty/],
    ["   ", /empty/],
    ["5 8 H^^* V*@^ H^^* V*@^ H^^* V*@^", /6 bricks given: at most 5/],
    ["5 8 h^^*", /brick 1 "h\^\^\*"/],
    ["5 8 H^^* V*@", /brick 2 "V\*@"/],
    ["5 8 H^^*^", /brick 1/],
    ["5 8 HABC", /brick 1 "HABC"/],
    ["5 8 X^^*", /brick 1/],
    ["5 8 H^^#", /brick 1/],
    ["101 8", /too large/],
    ["5 99999999999999999999", /too large/],
  ])("refuses %j with a message naming the problem", (line, message) => {
    const parsed = parseInitLine(line);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe("BAD_CONFIG");
      expect(parsed.error.message).toMatch(message);
    }
  });

  it("is the config: a malformed input is BAD_CONFIG through the protocol", () => {
    const started = startGame(match3Game, 1, { input: "5 8 H^^* Q" });
    expect(started.ok).toBe(false);
    if (!started.ok) {
      expect(started.error.code).toBe("BAD_CONFIG");
      expect(started.error.message).toMatch(/brick 2 "Q"/);
    }
    expect(match3Game.parseConfig({ input: 5 }).ok).toBe(false);
    expect(match3Game.parseConfig("5 8").ok).toBe(false);
    expect(match3Game.parseConfig(undefined)).toEqual({ ok: true, value: { input: EXAMPLE_INPUT } });
  });
});

describe("spawn (docs: Spawn)", () => {
  it("spawns the spec's example H brick centred in row 0", () => {
    const s = start("5 8 H^^* V*@^");
    expect(s.active).toEqual({
      cells: [
        [0, 1, "^"],
        [0, 2, "^"],
        [0, 3, "*"],
      ],
    });
    expect(s.queue).toEqual(["V*@^"]);
    expect(s.board).toEqual(Array(8).fill("....."));
    expect(s.over).toBe(false);
    expect(s.reason).toBeUndefined();
  });

  it("centres on column floor((W - 1) / 2): even widths lean left", () => {
    expect(view(start("4 5 H^*@"))[0]).toBe("^*@.");
    expect(view(start("6 5 H^*@"))[0]).toBe(".^*@..");
    expect(view(start("3 5 H^*@"))[0]).toBe("^*@");
    expect(view(start("4 5 V^*@")).slice(0, 3)).toEqual([".^..", ".*..", ".@.."]);
  });

  it("stands a V brick in rows 0, 1, 2 with A on top", () => {
    const s = start("5 8 V*@^");
    expect(view(s).slice(0, 4)).toEqual(["..*..", "..@..", "..^..", "....."]);
  });

  it("ends the game when an H brick is wider than the field or a V brick taller", () => {
    for (const input of ["2 5 H^*@", "1 5 H^*@", "5 2 V^*@", "1 1 V^*@"]) {
      const s = start(input);
      expect(s.over).toBe(true);
      expect(s.reason).toBe("spawn-blocked");
      expect(s.active).toBeNull();
    }
    expect(start("1 3 V^*@").over).toBe(false);
  });

  it("ends the game at once with 0 bricks", () => {
    const s = start("5 8");
    expect(s.over).toBe(true);
    expect(s.reason).toBe("no-bricks");
    expect(s.active).toBeNull();
    expect(match3Game.legal(s)).toEqual([]);
  });

  it("spawns the next brick in the frame of the lock, and ends when a spawn cell is occupied", () => {
    const s = position("3 3 V^*@ H~~@", {
      board: ["...", ".^.", ".*."],
      active: {
        cells: [
          [0, 0, "@"],
          [1, 0, "~"],
          [2, 0, "@"],
        ],
      },
      queue: ["H~~@"],
    });
    // The lock fills column 0; H~~@ would need row 0, columns 0 to 2, and (0, 0) is taken.
    const { state, events } = frame(s, "");
    expect(events.map((e) => e.type)).toEqual(["locked", "game_over"]);
    expect(state.over).toBe(true);
    expect(state.reason).toBe("spawn-blocked");
    expect(state.queue).toEqual(["H~~@"]);
    expect(match3Game.apply(state, { cmd: "frame", commands: "" })).toMatchObject({
      ok: false,
      error: { code: "GAME_OVER" },
    });
  });
});

describe("command text (docs: A frame)", () => {
  it.each([
    ["LR", "LR"],
    ["L R", "LR"],
    ["L,R", "LR"],
    ["lr", ""],
    ["xLyRz", "LR"],
    ["LLL", "LL"],
    ["DRL", "DR"],
    ["", ""],
    ["  ", ""],
    ["QQD", "D"],
  ])("reads %j as %j", (text, used) => {
    expect(parseFrameCommands(text).join("")).toBe(used);
  });

  it("uses the first two valid commands even when they cannot move the brick", () => {
    // At the left wall, "LLR": two Ls are used (both blocked) and the R is dropped.
    const s = position("5 8 H^*@", {
      active: {
        cells: [
          [0, 0, "^"],
          [0, 1, "*"],
          [0, 2, "@"],
        ],
      },
    });
    const { state, events } = frame(s, "LLR");
    expect(events.slice(0, 2)).toEqual([
      { type: "blocked", command: "L" },
      { type: "blocked", command: "L" },
    ]);
    expect(view(state)[1]).toBe("^*@..");
  });

  it("refuses commands of the wrong type and treats a missing text as no commands", () => {
    const s = start(EXAMPLE_INPUT);
    expect(handleCommand(match3Game, s, { cmd: "frame", commands: 3 }).reply).toMatchObject({
      ok: false,
      error: { code: "BAD_ARGUMENT" },
    });
    const step = handleCommand(match3Game, s, { cmd: "frame" });
    expect(step.reply.ok).toBe(true);
    expect(view(step.state as Match3State)[1]).toBe(".^^*.");
  });
});

describe("moves L, R, D (docs: A frame)", () => {
  it("moves one column left or right within the field", () => {
    const s = start("5 8 H^^*");
    expect(view(frame(s, "L").state)[1]).toBe("^^*..");
    expect(view(frame(s, "R").state)[1]).toBe("..^^*");
    expect(view(frame(s, "RR").state)[1]).toBe("..^^*");
    expect(view(frame(s, "LL").state)[1]).toBe("^^*..");
    expect(view(frame(s, "LR").state)[1]).toBe(".^^*.");
  });

  it("ignores a move into a stationary cell", () => {
    const s = position("5 8 V^*@", {
      board: ["~....", "@....", "~....", "@....", ".....", ".....", ".....", "....."],
      active: {
        cells: [
          [0, 1, "^"],
          [1, 1, "*"],
          [2, 1, "@"],
        ],
      },
    });
    const { state, events } = frame(s, "L");
    expect(events).toEqual([{ type: "blocked", command: "L" }, { type: "fell" }]);
    expect(view(state).slice(0, 4)).toEqual(["~....", "@^...", "~*...", "@@..."]);
  });

  it("D drops to the bottom; the automatic drop then fails and locks", () => {
    const s = start("5 8 H^^* V*@^");
    const { state, events } = frame(s, "D");
    expect(events.slice(0, 2)).toEqual([
      { type: "moved", command: "D", rows: 7 },
      {
        type: "locked",
        cells: [
          [7, 1, "^"],
          [7, 2, "^"],
          [7, 3, "*"],
        ],
      },
    ]);
    expect(state.board[7]).toBe(".^^*.");
  });

  it("D stops on a stationary cell", () => {
    const s = position("4 6 H^*@", {
      board: ["....", "....", "....", "...~", "....", "...."],
      active: {
        cells: [
          [0, 1, "^"],
          [0, 2, "*"],
          [0, 3, "@"],
        ],
      },
    });
    const { state, events } = frame(s, "D");
    expect(events).toEqual([
      { type: "moved", command: "D", rows: 2 },
      {
        type: "locked",
        cells: [
          [2, 1, "^"],
          [2, 2, "*"],
          [2, 3, "@"],
        ],
      },
      { type: "game_over", reason: "no-bricks" },
    ]);
    expect(state.board[2]).toBe(".^*@");
  });

  it("D does not lock: a command after it still moves the brick, then it locks", () => {
    const s = position("4 5 H^*@ H~~^", {
      board: ["....", "....", "....", ".@~^", "^*@~"],
      active: {
        cells: [
          [0, 1, "^"],
          [0, 2, "*"],
          [0, 3, "@"],
        ],
      },
    });
    const { state, events } = frame(s, "DL");
    expect(events.map((e) => e.type)).toEqual(["moved", "moved", "locked", "spawned"]);
    expect(state.board).toEqual(["....", "....", "^*@.", ".@~^", "^*@~"]);
  });

  it("D then L off a ledge: the automatic drop moves the brick one row further", () => {
    const s = position("4 6 H^*@", {
      board: ["....", "....", "....", "...~", "....", "...."],
      active: {
        cells: [
          [0, 1, "^"],
          [0, 2, "*"],
          [0, 3, "@"],
        ],
      },
    });
    const { state, events } = frame(s, "DL");
    expect(events).toEqual([
      { type: "moved", command: "D", rows: 2 },
      { type: "moved", command: "L" },
      { type: "fell" },
    ]);
    expect(view(state)[3]).toBe("^*@~");
    expect(state.board[3]).toBe("...~");
    expect(view(frame(state, "").state)[4]).toBe("^*@.");
  });

  it("a brick moved off a ledge falls one row per frame, not all the way", () => {
    const s = position("5 6 H^*@ V~~~", {
      board: [".....", ".....", "....~", ".....", ".....", "....."],
      active: {
        cells: [
          [1, 2, "^"],
          [1, 3, "*"],
          [1, 4, "@"],
        ],
      },
    });
    const first = frame(s, "L");
    expect(first.events).toEqual([{ type: "moved", command: "L" }, { type: "fell" }]);
    expect(view(first.state)[2]).toBe(".^*@~");
    expect(view(frame(first.state, "").state)[3]).toBe(".^*@.");
  });
});

describe("automatic drop and lock (docs: A frame)", () => {
  it("moves the brick down exactly one row per frame", () => {
    let s = start("5 8 V*@^");
    for (let i = 1; i <= 5; i++) {
      const step = frame(s, "");
      expect(step.events).toEqual([{ type: "fell" }]);
      s = step.state;
      expect(s.active?.cells.map(([r]) => r)).toEqual([i, i + 1, i + 2]);
    }
    expect(s.board.every((r) => r === ".....")).toBe(true);
    const last = frame(s, "");
    expect(last.events[0]).toEqual({
      type: "locked",
      cells: [
        [5, 2, "*"],
        [6, 2, "@"],
        [7, 2, "^"],
      ],
    });
  });

  it("locks on a stationary brick, not only on the bottom", () => {
    const s = position("5 8 H^*@ V~@~", {
      board: [".....", ".....", ".....", ".....", ".....", ".....", "..~..", "..@.."],
      active: {
        cells: [
          [5, 1, "^"],
          [5, 2, "*"],
          [5, 3, "@"],
        ],
      },
    });
    const { state, events } = frame(s, "");
    expect(events[0]?.type).toBe("locked");
    expect(state.board[5]).toBe(".^*@.");
    expect(state.active?.cells[0]).toEqual([0, 2, "~"]);
  });

  it("plays the spec's example 5 8 H^^* V*@^ to its end", () => {
    let s = start("5 8 H^^* V*@^");
    const first = frame(s, "D");
    s = first.state;
    expect(first.events.at(-1)).toEqual({
      type: "spawned",
      brick: "V*@^",
      cells: [
        [0, 2, "*"],
        [1, 2, "@"],
        [2, 2, "^"],
      ],
    });
    expect(view(s)).toEqual(["..*..", "..@..", "..^..", ".....", ".....", ".....", ".....", ".^^*."]);
    s = frame(s, "").state;
    const last = frame(s, "D");
    expect(last.events).toEqual([
      { type: "moved", command: "D", rows: 3 },
      {
        type: "locked",
        cells: [
          [4, 2, "*"],
          [5, 2, "@"],
          [6, 2, "^"],
        ],
      },
      { type: "game_over", reason: "no-bricks" },
    ]);
    s = last.state;
    expect(s.board).toEqual([".....", ".....", ".....", ".....", "..*..", "..@..", "..^..", ".^^*."]);
    expect(s.over).toBe(true);
    expect(s.reason).toBe("no-bricks");
    expect(s.active).toBeNull();
    expect(s.score).toBe(0);
    expect(s.queue).toEqual([]);
  });
});

describe("match removal (docs: Matching)", () => {
  it("removes a horizontal run of 3 formed by the lock", () => {
    const s = position("5 4 H^*@", {
      board: [".....", ".....", ".....", "^^..."],
      active: {
        cells: [
          [3, 2, "^"],
          [3, 3, "*"],
          [3, 4, "@"],
        ],
      },
    });
    const { state, events } = frame(s, "");
    expect(events).toContainEqual({
      type: "removed",
      cells: [
        [3, 0, "^"],
        [3, 1, "^"],
        [3, 2, "^"],
      ],
    });
    expect(state.board).toEqual([".....", ".....", ".....", "...*@"]);
    expect(state.score).toBe(3);
  });

  it("removes a vertical run of 3", () => {
    const s = position("3 5 V~@*", {
      board: ["...", "...", "...", "*..", "*.."],
      active: {
        cells: [
          [0, 0, "~"],
          [1, 0, "@"],
          [2, 0, "*"],
        ],
      },
    });
    const { state } = frame(s, "");
    expect(state.board).toEqual(["~..", "@..", "...", "...", "..."]);
    expect(state.score).toBe(3);
  });

  it("removes runs of 4 and 5 whole", () => {
    const four = position("6 3 H^^~", {
      board: ["......", "......", "^^...."],
      active: {
        cells: [
          [2, 2, "^"],
          [2, 3, "^"],
          [2, 4, "~"],
        ],
      },
    });
    const a = frame(four, "").state;
    expect(a.board[2]).toBe("....~.");
    expect(a.score).toBe(4);
    const five = position("5 2 H@@@", {
      board: [".....", "@...@"],
      active: {
        cells: [
          [1, 1, "@"],
          [1, 2, "@"],
          [1, 3, "@"],
        ],
      },
    });
    const b = frame(five, "").state;
    expect(b.board).toEqual([".....", "....."]);
    expect(b.score).toBe(5);
  });

  it("removes a run made of the brick's middle cell and the field", () => {
    const s = position("5 5 H*^*", {
      board: [".....", ".....", "..^..", "..^..", "....."],
      active: {
        cells: [
          [0, 1, "*"],
          [0, 2, "^"],
          [0, 3, "*"],
        ],
      },
    });
    const { state } = frame(s, "");
    expect(view(state)[1]).toBe(".*^*.");
    const locked = frame(state, "").state;
    expect(locked.board).toEqual([".....", ".*.*.", ".....", ".....", "....."]);
    expect(locked.score).toBe(3);
  });

  it("removes a T and a cross at once, each cell once", () => {
    const t = position("5 4 H^^^", {
      board: [".....", ".....", ".^...", ".^..."],
      active: {
        cells: [
          [1, 0, "^"],
          [1, 1, "^"],
          [1, 2, "^"],
        ],
      },
    });
    const a = frame(t, "");
    expect(a.state.board).toEqual([".....", ".....", ".....", "....."]);
    expect(a.state.score).toBe(5);
    const cross = position("5 5 H~~~", {
      board: [".....", "..~..", ".....", "..~..", "....."],
      active: {
        cells: [
          [2, 1, "~"],
          [2, 2, "~"],
          [2, 3, "~"],
        ],
      },
    });
    const b = frame(cross, "").state;
    expect(b.board).toEqual([".....", ".....", ".....", ".....", "....."]);
    expect(b.score).toBe(5);
  });

  it("removes every run on the field at once: two rows by one lock", () => {
    const s = position("3 3 V~^*", {
      board: ["...", "^^.", "**."],
      active: {
        cells: [
          [0, 2, "~"],
          [1, 2, "^"],
          [2, 2, "*"],
        ],
      },
    });
    const { state, events } = frame(s, "");
    expect(events.find((e) => e.type === "removed")).toEqual({
      type: "removed",
      cells: [
        [1, 0, "^"],
        [1, 1, "^"],
        [1, 2, "^"],
        [2, 0, "*"],
        [2, 1, "*"],
        [2, 2, "*"],
      ],
    });
    expect(state.board).toEqual(["..~", "...", "..."]);
    expect(state.score).toBe(6);
  });

  it("removes a brick that lands as a run of three by itself", () => {
    const s = start("3 3 V^^^ H**~");
    const { state, events } = frame(s, "");
    expect(events.map((e) => e.type)).toEqual(["locked", "removed", "spawned"]);
    expect(state.board).toEqual(["...", "...", "..."]);
    expect(view(state)[0]).toBe("**~");
  });

  it("does not match diagonals", () => {
    const s = position("4 4 H@**", {
      board: ["....", "....", ".*..", "*..."],
      active: {
        cells: [
          [1, 1, "@"],
          [1, 2, "*"],
          [1, 3, "*"],
        ],
      },
    });
    const { state, events } = frame(s, "");
    expect(events.some((e) => e.type === "removed")).toBe(false);
    expect(state.board).toEqual(["....", ".@**", ".*..", "*..."]);
    expect(state.score).toBe(0);
  });

  it("applies no gravity: cells above a removed run stay where they are", () => {
    const s = position("4 4 H**@", {
      board: ["....", "@...", "~...", "*..."],
      active: {
        cells: [
          [3, 1, "*"],
          [3, 2, "*"],
          [3, 3, "@"],
        ],
      },
    });
    const { state } = frame(s, "");
    expect(state.board).toEqual(["....", "@...", "~...", "...@"]);
    expect(state.score).toBe(3);
  });

  it("never matches the active brick against the field", () => {
    const s = position("5 5 V@*^", {
      board: [".....", ".....", "^^...", ".....", "....."],
      active: {
        cells: [
          [0, 2, "@"],
          [1, 2, "*"],
          [2, 2, "^"],
        ],
      },
    });
    // The falling ^ completes ^^^ in row 2 on screen, but only a lock matches.
    expect(view(s)[2]).toBe("^^^..");
    const { state, events } = frame(s, "");
    expect(events).toEqual([{ type: "fell" }]);
    expect(state.board[2]).toBe("^^...");
    expect(state.score).toBe(0);
  });
});

describe("load", () => {
  const input = "4 4 H^*@";

  it("refuses cells other than . ^ * @ ~ and boards of the wrong size", () => {
    const current = start(input);
    for (const board of [
      ["....", "....", "....", "..#."],
      ["....", "....", "...."],
      ["....", "....", "....", "....."],
      "....",
      [1, 2, 3, 4],
    ]) {
      const loaded = match3Game.load({ board }, current);
      expect(loaded.ok).toBe(false);
      if (!loaded.ok) expect(loaded.error.code).toBe("BAD_STATE");
    }
  });

  it("refuses a field holding a run of three, a bad active brick and a bad queue", () => {
    const current = start(input);
    const bad: Record<string, unknown>[] = [
      { board: ["....", "....", "....", "^^^."] },
      { board: ["^...", "^...", "^...", "...."] },
      {
        active: {
          cells: [
            [0, 0, "^"],
            [0, 1, "^"],
            [0, 3, "^"],
          ],
        },
      },
      {
        active: {
          cells: [
            [0, 0, "^"],
            [1, 1, "^"],
            [2, 2, "^"],
          ],
        },
      },
      {
        active: {
          cells: [
            [0, 2, "^"],
            [0, 3, "^"],
            [0, 4, "^"],
          ],
        },
      },
      {
        active: {
          cells: [
            [0, 0, "#"],
            [0, 1, "^"],
            [0, 2, "^"],
          ],
        },
      },
      {
        active: {
          cells: [
            [3, 0, "^"],
            [3, 1, "^"],
            [3, 2, "^"],
          ],
        },
        board: ["....", "....", "....", "@..."],
      },
      { active: { cells: [] } },
      { queue: ["H^^"] },
      { queue: ["H^^*", "H^^*", "H^^*", "H^^*", "H^^*", "H^^*"] },
      { active: null, over: false },
      { active: null, queue: ["H^^*"] },
      { score: -1 },
      { config: { input: "0 0" } },
    ];
    for (const fields of bad) {
      const loaded = match3Game.load(fields, current);
      expect(loaded.ok, JSON.stringify(fields)).toBe(false);
    }
  });

  it("derives over and reason from the active brick and the queue", () => {
    const current = start(input);
    const ended = match3Game.load({ active: null, queue: [] }, current);
    expect(ended.ok && [ended.value.over, ended.value.reason]).toEqual([true, "no-bricks"]);
    const blocked = match3Game.load(
      { active: null, queue: ["H^*@"], board: ["~...", "....", "....", "...."] },
      current,
    );
    expect(blocked.ok && [blocked.value.over, blocked.value.reason]).toEqual([true, "spawn-blocked"]);
    const playing = match3Game.load(
      {
        active: {
          cells: [
            [1, 1, "~"],
            [2, 1, "~"],
            [3, 1, "@"],
          ],
        },
      },
      ended.ok ? ended.value : current,
    );
    expect(playing.ok && [playing.value.over, playing.value.reason]).toEqual([false, undefined]);
  });

  it("takes another config's size when the state carries it", () => {
    const loaded = match3Game.load({ config: { input: "3 2" }, board: ["~..", "..."] }, start(input));
    expect(loaded.ok && loaded.value.board).toEqual(["~..", "..."]);
  });
});

describe("protocol", () => {
  it("lists every distinct 0-2 command string while playing, nothing once over", () => {
    const s = start(EXAMPLE_INPUT);
    const legal = match3Game.legal(s).map((c) => (c as FrameCommand).commands);
    expect(legal).toEqual(FRAME_COMMANDS);
    expect(new Set(legal).size).toBe(13);
    expect(legal).toContain("");
    expect(legal).toContain("DL");
  });

  it("replays byte for byte, and `new` without config keeps the init line", () => {
    const commands = [
      { cmd: "frame", commands: "L" },
      { cmd: "frame", commands: "D" },
    ];
    const a = replay(match3Game, 3, { input: "6 9 H^*@ V~~^" }, commands);
    const b = replay(match3Game, 3, { input: "6 9 H^*@ V~~^" }, commands);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    if (!a.ok) throw new Error("replay failed");
    const again = handleCommand(match3Game, a.value.state, { cmd: "new" });
    expect(((again.state as Match3State).config as ClassicConfig).input).toBe("6 9 H^*@ V~~^");
    expect(again.state.board).toHaveLength(9);
  });
});

describe("against the literal implementation (naive.ts)", () => {
  it("plays 400 random games to the same fields, scores and ends", () => {
    const rng = seedRng(2024);
    const symbols = ["^", "*", "@", "~"];
    for (let g = 0; g < 400; g++) {
      const width = 1 + nextInt(rng, 7);
      const height = 1 + nextInt(rng, 9);
      const bricks = Array.from(
        { length: nextInt(rng, 6) },
        () =>
          pick(rng, ["H", "V"]) + [0, 1, 2].map(() => symbols[nextInt(rng, 2 + nextInt(rng, 3))]).join(""),
      );
      const input = [width, height, ...bricks].join(" ");
      let ours = start(input);
      let theirs = naiveStart(input);
      for (let f = 0; f < 200 && !ours.over; f++) {
        const text = pick(rng, [...FRAME_COMMANDS, "LRD", "xRy", "DD"]);
        ours = frame(ours, text).state;
        theirs = naiveFrame(theirs, text);
        expect(view(ours), `${input} frame ${f}`).toEqual(naiveField(theirs));
      }
      expect(ours.over).toBe(true);
      expect(ours.reason).toBe(theirs.reason);
      expect(ours.score).toBe(theirs.removed);
      expect(ours.queue).toEqual(theirs.queue);
    }
  });
});
