/**
 * Arcade mode (docs/games/match3.md "Arcade mode"): one test per rule, with small field pictures
 * worked out by hand from the rules.
 */
import { describe, expect, it } from "vitest";
import { handleCommand, replay } from "../../core/protocol.js";
import { cloneRng, pick, seedRng } from "../../core/rng.js";
import { createRunner, manualClock } from "../../core/runner.js";
import {
  ARCADE_DEFAULTS,
  ARCADE_PREVIEW,
  arcadeFallInterval,
  BRICK_SETS,
  BRICKS_PER_LEVEL,
  type BrickSetName,
  createArcadeTicks,
  drawBrick,
  fieldText,
  isBrickOfSet,
  levelFor,
  lockPoints,
  MAX_LEVEL,
  type Match3Command,
  type Match3State,
  match3Game,
} from "./index.js";
import { runFrame } from "./moves.js";
import { ARCADE, play, tick } from "./test-helpers.js";

function arcade(config: Record<string, unknown> = ARCADE, seed = 1): Match3State {
  const parsed = match3Game.parseConfig(config);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return match3Game.newGame(parsed.value, seed);
}

/** The falling brick of the examples unless one is given: V*@^ at the spawn of a 5-wide field. */
const EXAMPLE_ACTIVE = {
  cells: [
    [0, 2, "*"],
    [1, 2, "@"],
    [2, 2, "^"],
  ],
};

/** An Arcade position set up through `load`, the way a client would. */
function at(fields: Record<string, unknown>, config: Record<string, unknown> = ARCADE): Match3State {
  const example = { active: EXAMPLE_ACTIVE, queue: ["H~~*", "V^^*", "H*@~"] };
  const loaded = match3Game.load({ config, ...example, ...fields }, arcade(config));
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

const move = (m: "L" | "R" | "D"): Match3Command => ({ cmd: "move", move: m });
const cells = (...rows: [number, number, string][]) => ({ cells: rows });

describe("Arcade config", () => {
  it('{"mode":"arcade"} is the defaults; every field is kept filled in', () => {
    expect(match3Game.parseConfig({ mode: "arcade" })).toEqual({ ok: true, value: ARCADE_DEFAULTS });
    expect(ARCADE_DEFAULTS).toEqual({ mode: "arcade", width: 7, height: 14, bricks: "classic", level: 1 });
    expect(match3Game.parseConfig({ mode: "arcade", height: 20, bricks: "easy", level: 3 })).toEqual({
      ok: true,
      value: { mode: "arcade", width: 7, height: 20, bricks: "easy", level: 3 },
    });
  });

  it("the classic config keeps its meaning; mode classic says the same thing", () => {
    expect(match3Game.parseConfig({ input: "5 8 H^^*" })).toEqual({ ok: true, value: { input: "5 8 H^^*" } });
    expect(match3Game.parseConfig({ mode: "classic", input: "5 8 H^^*" })).toEqual({
      ok: true,
      value: { input: "5 8 H^^*" },
    });
    expect(match3Game.newGame({ mode: "classic", input: "5 8" }, 1).config).toEqual({ input: "5 8" });
  });

  it("refuses out-of-range sizes and levels, unknown sets and keys, null and wrong types", () => {
    const bad: Record<string, unknown>[] = [
      { mode: "arcade", width: 3 },
      { mode: "arcade", width: 17 },
      { mode: "arcade", height: 5 },
      { mode: "arcade", height: 31 },
      { mode: "arcade", width: 6.5 },
      { mode: "arcade", width: "6" },
      { mode: "arcade", level: 0 },
      { mode: "arcade", level: MAX_LEVEL + 1 },
      { mode: "arcade", bricks: "hard" },
      { mode: "arcade", bricks: null },
      { mode: "arcade", width: null },
      { mode: "arcade", input: "5 8" },
      { mode: "arcade", speed: 2 },
      { mode: "ARCADE" },
      { mode: null, input: "5 8" },
      { mode: "classic", width: 5 },
    ];
    for (const config of bad) {
      const parsed = match3Game.parseConfig(config);
      expect(parsed.ok, JSON.stringify(config)).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error.code).toBe("BAD_CONFIG");
        expect(parsed.error.message.length).toBeLessThan(200);
      }
    }
  });
});

describe("Arcade stream", () => {
  it("starts with the first brick of the stream at the spawn and ARCADE_PREVIEW more in the queue", () => {
    const s = arcade();
    expect(s.queue).toHaveLength(ARCADE_PREVIEW);
    expect(s.level).toBe(1);
    expect(s.cells).toBe(0);
    expect(s.combo).toBe(0);
    // The stream is drawn from the state's own random source, seeded by the game's seed.
    const rng = seedRng(1);
    const stream = Array.from({ length: ARCADE_PREVIEW + 1 }, () => drawBrick(rng, "classic"));
    expect(s.queue).toEqual(stream.slice(1));
    expect(s.rng).toEqual(rng);
    expect(s.active?.cells.map(([, , symbol]) => symbol).join("")).toBe((stream[0] as string).slice(1));
  });

  it("draws every brick from the set: orientations and symbols as listed, each one possible", () => {
    for (const set of Object.keys(BRICK_SETS) as BrickSetName[]) {
      const rng = seedRng(5);
      const seen = new Set<string>();
      for (let i = 0; i < 400; i++) {
        const brick = drawBrick(rng, set);
        expect(isBrickOfSet(brick, set), `${set}: ${brick}`).toBe(true);
        for (const ch of brick) seen.add(ch);
      }
      const { orientations, symbols } = BRICK_SETS[set];
      expect([...seen].sort()).toEqual([...orientations, ...symbols].sort());
    }
    expect(isBrickOfSet("H^^~", "easy")).toBe(false);
    expect(isBrickOfSet("V^^*", "flat")).toBe(false);
    expect(isBrickOfSet("H^^*", "tall")).toBe(false);
  });

  it("is the same for the same seed and differs between seeds; each spawn draws one more brick", () => {
    const a = arcade(ARCADE, 9);
    expect(arcade(ARCADE, 9)).toEqual(a);
    expect(arcade(ARCADE, 10).queue).not.toEqual(a.queue);
    const { state, events } = play(a, move("D"), tick);
    const spawned = events.find((e) => e.type === "spawned");
    expect(spawned?.type === "spawned" && spawned.brick).toBe(a.queue[0]);
    const rng = cloneRng(a.rng);
    expect(state.queue).toEqual([...a.queue.slice(1), drawBrick(rng, "classic")]);
    expect(state.rng).toEqual(rng);
  });
});

describe("Arcade moves and ticks", () => {
  it("a move is a classic command on its own: L and R one column, D down as far as it goes without locking", () => {
    const s = at({ board: [".....", ".....", ".....", ".....", ".....", "^^.*@"] });
    const { state, events } = play(s, move("L"), move("D"));
    expect(fieldText(state)).toEqual([
      ".....",
      ".....",
      ".*...  <",
      ".@...  <",
      ".^...  <",
      "^^.*@",
      "-=---",
    ]);
    expect(events).toEqual([
      { type: "moved", command: "L" },
      { type: "moved", command: "D", rows: 2 },
    ]);
    // Resting on the ^ below, it still moves: only a tick locks it.
    expect(play(state, move("R")).state.active?.cells.map(([r, c]) => [r, c])).toEqual([
      [2, 2],
      [3, 2],
      [4, 2],
    ]);
  });

  it("a move the wall or a brick blocks is refused and changes nothing", () => {
    const s = at({ board: [".....", ".....", ".....", ".....", ".....", "....."] });
    const moved = play(s, move("L"), move("L")).state;
    const step = handleCommand(match3Game, moved, { cmd: "move", move: "L" });
    expect(step.reply.ok).toBe(false);
    if (!step.reply.ok) expect(step.reply.error.code).toBe("ILLEGAL_MOVE");
    expect(step.state).toBe(moved);
    expect(match3Game.legal(moved)).toEqual([{ cmd: "tick" }, move("R"), move("D")]);
  });

  it("a tick is the frame's automatic drop: one row down while the brick can fall", () => {
    const s = arcade();
    const { state, events } = play(s, tick);
    expect(events).toEqual([{ type: "fell" }]);
    expect(state.active?.cells.map(([r]) => r)).toEqual(s.active?.cells.map(([r]) => r + 1));
    expect(state.rng).toEqual(s.rng);
  });

  // Changed with gravity (issue 24): a lock is Arcade's own now, so only the moves and the ticks
  // before the lock play as classic frames; the loop stops at the first lock.
  it("moves and the ticks before a lock play exactly as classic frames of the same moves (the same code)", () => {
    const rng = seedRng(77);
    for (let game = 0; game < 30; game++) {
      let s = arcade({ mode: "arcade", width: 6, height: 8 }, game);
      for (let step = 0; step < 60 && !s.over; step++) {
        const moves = Array.from({ length: pick(rng, [0, 1, 2]) }, () => pick(rng, ["L", "R", "D"] as const));
        const classic = runFrame(s, moves);
        let next = s;
        for (const m of moves) {
          const r = match3Game.apply(next, move(m));
          if (r.ok) next = r.state;
        }
        const ticked = play(next, tick);
        if (ticked.events.some((e) => e.type === "locked")) break;
        next = ticked.state;
        expect(next.board).toEqual(classic.state.board);
        expect(next.over).toBe(classic.state.over);
        expect(next.active).toEqual(classic.state.active);
        s = next;
      }
    }
  });

  // Changed with gravity (issue 24): the * and @ above the removed ^ now fall into its gap.
  it("a lock removes the runs, the symbols above fall into the gaps; the next brick spawns", () => {
    const s = at({ board: EXAMPLE_BOARD, queue: ["H~~*", "V^^*", "H*@~"] });
    const { state, events } = play(s, move("D"), tick);
    // V*@^ drops to rows 3-5 of column 2: row 5 reads ^^^*@, the three ^ go, the * and @ fall.
    expect(fieldText(state)).toEqual([".~~*.  <", ".....", ".....", ".....", "..*..", "..@*@", "-===-"]);
    expect(events).toEqual([
      { type: "moved", command: "D", rows: 3 },
      {
        type: "locked",
        cells: [
          [3, 2, "*"],
          [4, 2, "@"],
          [5, 2, "^"],
        ],
      },
      {
        type: "removed",
        cells: [
          [5, 0, "^"],
          [5, 1, "^"],
          [5, 2, "^"],
        ],
        chain: 1,
      },
      {
        type: "dropped",
        cells: [
          [3, 2, 4, "*"],
          [4, 2, 5, "@"],
        ],
        chain: 1,
      },
      { type: "scored", points: 30, cells: 3, combo: 1, chain: 1 },
      {
        type: "spawned",
        brick: "H~~*",
        cells: [
          [0, 1, "~"],
          [0, 2, "~"],
          [0, 3, "*"],
        ],
      },
    ]);
  });
});

/** The worked example's field: V*@^ dropped into column 2 completes ^^^ in the bottom row. */
const EXAMPLE_BOARD = [".....", ".....", ".....", ".....", ".....", "^^.*@"];

describe("Arcade score and levels", () => {
  it("a lock scores 10 a cell plus 20 per earlier lock of its combo, times the level", () => {
    expect(lockPoints(3, 1, 1)).toBe(30);
    expect(lockPoints(3, 2, 1)).toBe(50);
    expect(lockPoints(5, 3, 2)).toBe(2 * (50 + 40));
    expect(lockPoints(0, 0, 7)).toBe(0);
    const s = at({ board: EXAMPLE_BOARD, combo: 2, level: 3, cells: 0 }, { ...ARCADE, level: 3 });
    const { state, events } = play(s, move("D"), tick);
    expect(events).toContainEqual({ type: "scored", points: 3 * (30 + 40), cells: 3, combo: 3, chain: 1 });
    expect(state.score).toBe(210);
    expect(state.combo).toBe(3);
  });

  it("a lock that removes nothing ends the combo and scores nothing", () => {
    const s = at({ board: [".....", ".....", ".....", ".....", ".....", "^~.*@"], combo: 4 });
    const { state, events } = play(s, move("D"), tick);
    expect(events.some((e) => e.type === "scored" || e.type === "removed")).toBe(false);
    expect(state.combo).toBe(0);
    expect(state.score).toBe(0);
  });

  // Changed with gravity (issue 24): an H brick over a gap falls apart, so the run of three by
  // itself is shown on the floor; the event says the link of the chain.
  it("a brick that lands as a run of three by itself vanishes and scores like any run", () => {
    const s = at({
      board: [".....", ".....", ".....", ".....", ".....", "....."],
      active: cells([0, 1, "~"], [0, 2, "~"], [0, 3, "~"]),
    });
    const { state, events } = play(s, move("D"), tick);
    expect(events).toContainEqual({
      type: "removed",
      cells: [
        [5, 1, "~"],
        [5, 2, "~"],
        [5, 3, "~"],
      ],
      chain: 1,
    });
    expect(events).toContainEqual({ type: "scored", points: 30, cells: 3, combo: 1, chain: 1 });
    expect(state.board).toEqual([".....", ".....", ".....", ".....", ".....", "....."]);
  });

  // Changed (issue 24): the stage follows the bricks placed, not the cells removed, and each stage
  // raises the floor a row of stone, so a game that clears well still ends.
  it(`goes up a level and raises the floor every ${BRICKS_PER_LEVEL} bricks, from the starting level, up to ${MAX_LEVEL}`, () => {
    expect(levelFor(1, 0)).toBe(1);
    expect(levelFor(1, BRICKS_PER_LEVEL - 1)).toBe(1);
    expect(levelFor(1, BRICKS_PER_LEVEL)).toBe(2);
    expect(levelFor(4, 3 * BRICKS_PER_LEVEL)).toBe(7);
    expect(levelFor(1, 10_000)).toBe(MAX_LEVEL);
    const s = at({ board: EXAMPLE_BOARD, placed: BRICKS_PER_LEVEL - 1, cells: 14, level: 1 });
    const { state, events } = play(s, move("D"), tick);
    expect(events.map((e) => e.type)).toEqual([
      "moved",
      "locked",
      "removed",
      "dropped",
      "scored",
      "level_up",
      "risen",
      "spawned",
    ]);
    expect(events).toContainEqual({ type: "level_up", level: 2 });
    expect(events).toContainEqual({ type: "risen", stones: 1 });
    // The lock itself scores at the level it was made in.
    expect(events).toContainEqual({ type: "scored", points: 30, cells: 3, combo: 1, chain: 1 });
    expect(state.level).toBe(2);
    expect(state.placed).toBe(BRICKS_PER_LEVEL);
    expect(state.cells).toBe(17);
    // Everything rose a row; the bottom row is stone.
    expect(fieldText(state)).toEqual([".~~*.  <", ".....", ".....", "..*..", "..@*@", "#####", "-===-"]);
  });

  it("the fall interval is 800 ms at level 1, 15% shorter a level, never under 100 ms", () => {
    expect(arcadeFallInterval(1)).toBe(800);
    expect(arcadeFallInterval(2)).toBe(680);
    expect(arcadeFallInterval(5)).toBe(418);
    expect(arcadeFallInterval(13)).toBe(114);
    expect(arcadeFallInterval(14)).toBe(100);
    expect(arcadeFallInterval(MAX_LEVEL)).toBe(100);
    for (let level = 2; level <= MAX_LEVEL; level++) {
      expect(arcadeFallInterval(level)).toBeLessThanOrEqual(arcadeFallInterval(level - 1));
    }
    // Outside the range it answers for the nearest level.
    expect(arcadeFallInterval(0)).toBe(800);
    expect(arcadeFallInterval(99)).toBe(100);
  });
});

describe("Arcade game over", () => {
  // Changed with gravity (issue 24): a loaded field has no symbol over a gap, so the stack the
  // brick lands on reaches the floor.
  it("ends when the next brick cannot spawn; the brick stays first in the queue", () => {
    const s = at({
      board: [".....", ".~*@.", ".@^~.", ".*~^.", ".^@*.", ".^*@."],
      active: cells([0, 1, "^"], [0, 2, "@"], [0, 3, "^"]),
      queue: ["V^*@", "H^^*", "H*@~"],
      combo: 2,
    });
    const { state, events } = play(s, tick);
    expect(events).toEqual([
      {
        type: "locked",
        cells: [
          [0, 1, "^"],
          [0, 2, "@"],
          [0, 3, "^"],
        ],
      },
      { type: "game_over", reason: "spawn-blocked" },
    ]);
    expect(state.over).toBe(true);
    expect(state.active).toBeNull();
    expect(state.reason).toBe("spawn-blocked");
    expect(state.queue).toEqual(["V^*@", "H^^*", "H*@~"]);
    expect(state.combo).toBe(0);
    expect(match3Game.legal(state)).toEqual([]);
    for (const command of [tick, move("L")]) {
      const r = match3Game.apply(state, command);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe("GAME_OVER");
    }
    const h = match3Game.hint(state);
    expect(h.ok || h.error.code).toBe("GAME_OVER");
  });
});

describe("Arcade and classic commands", () => {
  it("Arcade refuses the classic frame; the classic game refuses move and tick", () => {
    const frame = match3Game.apply(arcade(), { cmd: "frame", commands: "L" });
    expect(frame.ok || frame.error.code).toBe("ILLEGAL_MOVE");
    const classic = match3Game.newGame({ input: "5 8 H^^*" }, 1);
    for (const command of [tick, move("L")]) {
      const r = match3Game.apply(classic, command);
      expect(r.ok || r.error.code).toBe("ILLEGAL_MOVE");
    }
  });

  it("reads move and tick from outside: move must be exactly L, R or D", () => {
    expect(match3Game.parseCommand({ cmd: "move", move: "R" })).toEqual({ ok: true, value: move("R") });
    expect(match3Game.parseCommand({ cmd: "tick", extra: 1 })).toEqual({ ok: true, value: tick });
    for (const bad of [undefined, null, "l", "LR", 1, ["L"]]) {
      const parsed = match3Game.parseCommand({ cmd: "move", move: bad });
      expect(parsed.ok || parsed.error.code).toBe("BAD_ARGUMENT");
    }
  });
});

describe("Arcade load and text", () => {
  // Changed (issue 24): the level follows from the bricks placed, which also set the stone rows.
  it("loads an Arcade position: the level follows from the bricks placed and the starting level", () => {
    const stones = [".....", ".....", ".....", ".....", "#####", "#####"];
    const s = at({ placed: 2 * BRICKS_PER_LEVEL + 3, cells: 31, board: stones }, { ...ARCADE, level: 2 });
    expect(s.level).toBe(4);
    const bad: Record<string, unknown>[] = [
      { level: 3 },
      { placed: -1 },
      { placed: 3 * BRICKS_PER_LEVEL },
      { board: [".....", ".....", ".....", ".....", ".....", "#####"] },
      { board: [".....", ".....", ".....", "..#..", "#####", "#####"] },
      // A symbol over a gap (gravity would have let it fall), and a diagonal run.
      { board: [".....", ".....", "..*..", ".....", "#####", "#####"] },
      { board: [".....", ".....", "^....", "*^...", "@*^..", "#####"], placed: BRICKS_PER_LEVEL },
      { queue: ["H^^*", "V^^*"] },
      { queue: ["H^^*", "V^^*", "H^^*", "H^^*"] },
      { queue: ["H^^*", "V^^*", "Hxx*"] },
      { cells: -1 },
      { combo: 1.5 },
      { combo: null },
    ];
    for (const fields of bad) {
      const loaded = match3Game.load(fields, s);
      expect(loaded.ok, JSON.stringify(fields)).toBe(false);
      if (!loaded.ok) expect(loaded.error.code).toBe("BAD_STATE");
    }
    // A set's bricks only: a tall game's queue holds V bricks.
    const tall = arcade({ ...ARCADE, bricks: "tall" });
    expect(match3Game.load({ queue: ["V^^*", "H^^*", "V^^*"] }, tall).ok).toBe(false);
  });

  it("refuses Arcade's fields in a classic state, and a classic queue in an Arcade one", () => {
    const classic = match3Game.newGame({ input: "5 8 H^^*" }, 1);
    for (const key of ["level", "cells", "combo", "placed"]) {
      const loaded = match3Game.load({ [key]: 1 }, classic);
      expect(loaded.ok || loaded.error.code, key).toBe("BAD_STATE");
    }
    const toArcade = match3Game.load({ config: ARCADE }, classic);
    expect(toArcade.ok && toArcade.value.queue.length).toBe(ARCADE_PREVIEW);
  });

  it("shows the field, the preview, the score and the counters as text", () => {
    const s = at({ board: EXAMPLE_BOARD, queue: ["H~~*", "V^^*", "H*@~"], score: 120, cells: 9, combo: 1 });
    expect(match3Game.toText(s)).toBe(
      [
        "..*..  <",
        "..@..  <",
        "..^..  <",
        ".....",
        ".....",
        "^^.*@",
        "--=--",
        "next: H~~* V^^* H*@~",
        "score: 120",
        "level: 1  cells removed: 9  combo: 1  bricks: 0",
      ].join("\n"),
    );
  });
});

describe("Arcade's clock (the runner's tick policy)", () => {
  function run(state: Match3State) {
    const clock = manualClock();
    const runner = createRunner(
      match3Game,
      state,
      { render: () => undefined },
      { clock, ticks: createArcadeTicks() },
    );
    return { clock, runner };
  }
  const top = (s: Match3State) => s.active?.cells[0][0];

  it("ticks once a fall interval of the level; moves never hold the brick in the air", () => {
    const { clock, runner } = run(arcade({ mode: "arcade", width: 7, height: 14 }));
    clock.advance(799);
    expect(top(runner.state)).toBe(0);
    clock.advance(1);
    expect(top(runner.state)).toBe(1);
    clock.advance(400);
    expect(runner.dispatch({ cmd: "move", move: "L" }).ok).toBe(true);
    clock.advance(400);
    expect(top(runner.state)).toBe(2);
    runner.dispose();
  });

  it("falls faster at a higher level and stops at game over", () => {
    const { clock, runner } = run(arcade({ mode: "arcade", width: 4, height: 6, level: 10 }));
    clock.advance(arcadeFallInterval(10));
    expect(top(runner.state)).toBe(1);
    clock.advance(60_000);
    expect(runner.state.over).toBe(true);
    expect(clock.pending()).toBe(0);
  });
});

describe("Arcade's computer player", () => {
  it("hints the moves and ticks that bring the brick to its best landing, ending with the lock", () => {
    const s = at({ board: [".....", ".....", ".....", ".....", ".....", ".^^*@"] });
    const h = match3Game.hint(s);
    if (!h.ok) throw new Error(h.error.message);
    // V*@^ in column 0 completes ^^^ in the bottom row.
    expect(h.value.reason).toMatch(/removes 3 cells/);
    expect(h.value.commands.at(-1)).toEqual(tick);
    // Nothing but moves and ticks: the commands a player or a clock sends.
    expect(h.value.commands.every((c) => c.cmd === "move" || c.cmd === "tick")).toBe(true);
    const { state, events } = play(s, ...h.value.commands);
    expect(events.filter((e) => e.type === "locked")).toHaveLength(1);
    expect(events).toContainEqual({
      type: "removed",
      cells: [
        [5, 0, "^"],
        [5, 1, "^"],
        [5, 2, "^"],
      ],
      chain: 1,
    });
    expect(state.score).toBe(30);
  });

  it("ai plays whole bricks and a game to its end; the replay of seed and commands gives the same", () => {
    const config = { mode: "arcade", width: 5, height: 8, bricks: "easy" };
    const log: unknown[] = [];
    let s = arcade(config, 3);
    for (let i = 0; i < 500 && !s.over; i++) {
      const step = handleCommand(match3Game, s, { cmd: "ai" });
      if (!step.reply.ok) throw new Error(step.reply.error.message);
      log.push({ cmd: "ai" });
      s = step.state as Match3State;
    }
    expect(s.over).toBe(true);
    expect(s.cells).toBeGreaterThan(0);
    const again = replay(match3Game, 3, config, log);
    expect(again.ok && JSON.stringify(again.value.state)).toBe(JSON.stringify(s));
  });
});
