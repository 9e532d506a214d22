import { describe, expect, it } from "vitest";
import { handleCommand } from "../../core/protocol.js";
import { cloneRng, nextInt, seedRng } from "../../core/rng.js";
import { MAX_PENALTY } from "./constants.js";
import {
  type Action,
  actOn,
  type Block,
  type BlockyCommand,
  type BlockyConfig,
  type BlockyState,
  blockAt,
  blockyGame,
  boardSize,
  flatten,
  type Goal,
  goalScore,
  MAX_DIFFICULTY,
  MAX_TURNS,
  type PlayerKind,
  parseTree,
  smartPlayerMove,
  toText,
  validMoves,
} from "./index.js";
import { replaceAt } from "./tree.js";

const REFERENCE: Block = [["B", "R", "R", "Y"], "G", "R", "Y"];

function start(config: Partial<BlockyConfig> = {}, seed = 1): BlockyState {
  const parsed = blockyGame.parseConfig({ maxDepth: 3, turns: 3, ...config });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return blockyGame.newGame(parsed.value, seed);
}

interface Seat {
  kind: PlayerKind;
  goal: Goal;
  difficulty?: number;
  penalty?: number;
}

/** A position from a tree and players, as `load` builds it. */
function position(
  tree: Block,
  maxDepth: number,
  players: Seat[],
  extra: Record<string, unknown> = {},
): BlockyState {
  const loaded = blockyGame.load({ tree, maxDepth, players, turns: 3, ...extra }, start());
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

function apply(state: BlockyState, command: BlockyCommand) {
  const result = blockyGame.apply(state, command);
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

const move = (action: Action, path: number[] = []): BlockyCommand => ({ cmd: "move", action, path });

const human = (colour: Goal["colour"], type: Goal["type"] = "blob"): Seat => ({
  kind: "human",
  goal: { type, colour },
});

describe("new game", () => {
  it("starts from the seed with the flattened board, goals and scores", () => {
    const state = start({ maxDepth: 3, players: [{ kind: "human" }, { kind: "random" }] }, 9);
    expect(state.board).toHaveLength(8);
    expect(state.board.every((row) => /^[BRGY]{8}$/.test(row))).toBe(true);
    expect(Array.isArray(state.tree)).toBe(true);
    expect(state.players.map((p) => p.goal.type)[0]).toBe(state.players[1]?.goal.type);
    expect(state.players[0]?.goal.colour).not.toBe(state.players[1]?.goal.colour);
    for (const p of state.players) {
      expect(p.score).toBe(goalScore(flatten(state.tree, 3), 8, p.goal));
      expect(p.penalty).toBe(0);
    }
    expect(state.score).toBe(state.players[0]?.score);
    expect({ turn: state.turn, current: state.current, over: state.over, winner: state.winner }).toEqual({
      turn: 0,
      current: 0,
      over: false,
      winner: null,
    });
  });

  it("refuses configs outside the rules", () => {
    const bad: unknown[] = [
      { maxDepth: 1 },
      { maxDepth: 7 },
      { maxDepth: 2.5 },
      { turns: 0 },
      { players: [] },
      {
        players: [
          { kind: "human" },
          { kind: "human" },
          { kind: "human" },
          { kind: "human" },
          { kind: "human" },
        ],
      },
      { players: [{ kind: "robot" }] },
      { players: [{ kind: "smart", difficulty: 0 }] },
      { players: [{ kind: "human", goal: { type: "blob", colour: "P" } }] },
      "deep",
    ];
    for (const config of bad)
      expect(blockyGame.parseConfig(config)).toMatchObject({ ok: false, error: { code: "BAD_CONFIG" } });
  });

  it("keeps a smart player's difficulty and gives a default when none is set", () => {
    const state = start({
      players: [{ kind: "smart", difficulty: 7 }, { kind: "smart" }, { kind: "random", difficulty: 4 }],
    });
    expect(state.players.map((p) => p.difficulty)).toEqual([7, 3, undefined]);
  });
});

describe("moves, turns and penalties", () => {
  const two = () => position(REFERENCE, 2, [human("R"), human("Y")]);

  it("applies an action to the block at the path and passes the turn", () => {
    const { state, events } = apply(two(), move("rotate_cw", [0]));
    expect(state.board).toEqual(["GGRR", "GGYB", "RRYY", "RRYY"]);
    expect(state.current).toBe(1);
    expect(state.turn).toBe(0);
    expect(events).toEqual([{ type: "moved", player: 0, action: "rotate_cw", path: [0] }]);
  });

  it("rescores every player after each move", () => {
    // Rotating the upper-right block takes its yellow cell away from the lower-right yellow.
    const { state } = apply(two(), move("rotate_ccw", [0]));
    expect(state.board).toEqual(["GGBY", "GGRR", "RRYY", "RRYY"]);
    expect(state.players.map((p) => p.score)).toEqual([4, 4]);
  });

  it("charges smash 3, paint 1, combine 1 and nothing for rotate, swap and pass", () => {
    const costs: [BlockyCommand, number][] = [
      [move("smash", [1]), 3],
      [move("paint", [0, 0]), 1],
      [move("combine", [0]), 1],
      [move("rotate_cw", []), 0],
      [move("rotate_ccw", []), 0],
      [move("swap_h", []), 0],
      [move("swap_v", [0]), 0],
      [move("pass"), 0],
    ];
    for (const [command, cost] of costs) {
      const { state } = apply(two(), command);
      const mover = state.players[0];
      expect(mover?.penalty).toBe(cost);
      const goal = goalScore(flatten(state.tree, 2), 4, mover?.goal as Goal);
      expect(mover?.score).toBe(goal - cost);
      expect(state.players[1]?.penalty).toBe(0);
    }
  });

  it("paints in the mover's target colour and combines to the majority colour", () => {
    const painted = apply(two(), move("paint", [0, 0])).state;
    expect(painted.board[0]).toBe("GGRR");
    // Red blobs: 3 cells top right, 4 lower left; minus the paint.
    expect(painted.players[0]?.score).toBe(4 - 1);
    const combined = apply(two(), move("combine", [0])).state;
    expect(combined.tree).toEqual(["R", "G", "R", "Y"]);
    expect(combined.board.slice(0, 2)).toEqual(["GGRR", "GGRR"]);
  });

  it("refuses an invalid move at no cost and without using the turn", () => {
    const state = two();
    const refusals: [BlockyCommand, string][] = [
      [move("rotate_cw", [1]), "cannot rotate a block that is not split"],
      [move("smash", [0, 1]), "cannot smash a unit cell"],
      [move("paint", [0, 1]), "the cell already has the target colour"],
      [move("paint", [1]), "only a unit cell can be painted"],
      [move("combine", []), "only a block whose children are unit cells can be combined"],
      [move("swap_h", [1, 0]), "there is no block at path [1,0]: the path goes below a leaf"],
    ];
    for (const [command, message] of refusals) {
      const before = JSON.stringify(state);
      expect(blockyGame.apply(state, command)).toEqual({
        ok: false,
        error: { code: "ILLEGAL_MOVE", message },
      });
      expect(JSON.stringify(state)).toBe(before);
    }
  });

  it("gives every player one move per turn and ends after the last turn with the winner", () => {
    let state = position(REFERENCE, 2, [human("R"), human("Y")], { turns: 2 });
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      order.push(state.current);
      expect(state.turn).toBe(Math.floor(i / 2));
      const result = apply(state, move("pass"));
      state = result.state;
      if (i < 3) expect(result.events.some((e) => e.type === "game_over")).toBe(false);
      else expect(result.events.at(-1)).toEqual({ type: "game_over", winner: 1, scores: [4, 5] });
    }
    expect(order).toEqual([0, 1, 0, 1]);
    expect(state).toMatchObject({ over: true, turn: 2, current: 0, winner: 1 });
    expect(blockyGame.apply(state, move("pass"))).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
    expect(blockyGame.legal(state)).toEqual([]);
  });

  it("counts penalties in the final score: a smash can lose the game", () => {
    // Green 4 against red 4: the tie goes to player 1 ...
    const tied = position(REFERENCE, 2, [human("G"), human("R")], { turns: 1 });
    const end = apply(apply(tied, move("pass")).state, move("pass")).state;
    expect(end.winner).toBe(0);
    // ... but after player 1 pays for a smash that leaves green alone, player 2 wins.
    const smashed = apply(tied, move("smash", [3])).state;
    expect(smashed.players[0]?.penalty).toBe(3);
    const over = apply(smashed, move("pass")).state;
    expect(over.over).toBe(true);
    expect(over.winner).toBe(1);
  });

  it("breaks a tie in favour of the lowest player number", () => {
    const state = position(REFERENCE, 2, [human("B"), human("G"), human("R")], { turns: 1, turn: 1 });
    expect(state.players.map((p) => p.score)).toEqual([1, 4, 4]);
    expect(state.over).toBe(true);
    expect(state.winner).toBe(1);
  });
});

describe("score command", () => {
  it("replies with the value on the current board and changes nothing", () => {
    const state = position(REFERENCE, 2, [human("R")]);
    const before = JSON.stringify(state);
    const expected: [Goal["type"], Goal["colour"], number][] = [
      ["blob", "B", 1],
      ["blob", "R", 4],
      ["blob", "G", 4],
      ["blob", "Y", 5],
      ["perimeter", "B", 2],
      ["perimeter", "R", 5],
      ["perimeter", "G", 4],
      ["perimeter", "Y", 5],
    ];
    for (const [goal, colour, value] of expected) {
      const step = handleCommand(blockyGame, state, { cmd: "score", goal, colour });
      expect(step.reply).toMatchObject({ ok: true, value });
      expect(step.state).toBe(state);
    }
    expect(JSON.stringify(state)).toBe(before);
    expect(handleCommand(blockyGame, state, { cmd: "score", goal: "area", colour: "B" }).reply).toMatchObject(
      {
        ok: false,
        error: { code: "BAD_ARGUMENT" },
      },
    );
  });
});

describe("random player", () => {
  it("never passes while a valid move exists, and always makes a valid one", () => {
    for (let seed = 0; seed < 40; seed++) {
      let state = start({ maxDepth: 2, turns: 5, players: [{ kind: "random" }, { kind: "random" }] }, seed);
      while (!state.over) {
        const result = apply(state, { cmd: "ai" });
        const moved = result.events[0];
        expect(moved?.type === "moved" && moved.action).not.toBe("pass");
        state = result.state;
      }
    }
  });

  it("passes when it has no valid move", () => {
    // Depth 0: the top-level block is a unit cell already in the target colour.
    const state = position("B", 0, [{ kind: "random", goal: { type: "blob", colour: "B" } }]);
    expect(apply(state, { cmd: "ai" }).events[0]).toEqual({
      type: "moved",
      player: 0,
      action: "pass",
      path: [],
    });
  });

  it("paints in its own target colour", () => {
    const state = position("R", 0, [{ kind: "random", goal: { type: "blob", colour: "Y" } }]);
    expect(apply(state, { cmd: "ai" }).state.tree).toBe("Y");
  });
});

/** The smart player written the slow, obvious way: the reference the fast one must agree with. */
function naiveSmart(state: BlockyState): { action: string; path: number[]; tree: Block } {
  const player = state.players[state.current];
  if (!player) throw new Error("no player");
  const rng = cloneRng(state.rng);
  const n = boardSize(state.maxDepth);
  const current = goalScore(flatten(state.tree, state.maxDepth), n, player.goal);
  const moves = validMoves(state.tree, state.maxDepth, player.goal.colour);
  let best: { action: string; path: number[]; tree: Block; score: number } | null = null;
  for (let k = 0; k < (player.difficulty ?? 1); k++) {
    const m = moves[nextInt(rng, moves.length)];
    if (!m) throw new Error("no move");
    const out = actOn(
      blockAt(state.tree, m.path) as Block,
      m.path.length,
      m.action,
      state.maxDepth,
      player.goal.colour,
      rng,
    );
    if (!out.ok) throw new Error(out.reason);
    const tree = replaceAt(state.tree, m.path, out.block);
    const score = goalScore(flatten(tree, state.maxDepth), n, player.goal);
    if (!best || score > best.score) best = { action: m.action, path: m.path, tree, score };
  }
  if (!best || best.score <= current) return { action: "pass", path: [], tree: state.tree };
  return best;
}

describe("smart player", () => {
  it("plays the best of its sampled moves, scored by its goal alone", () => {
    let improved = 0;
    for (let seed = 0; seed < 30; seed++) {
      const difficulty = 1 + (seed % 6) * 10;
      const state = start(
        { maxDepth: 4, players: [{ kind: "smart", difficulty }, { kind: "random" }] },
        seed,
      );
      const expected = naiveSmart(state);
      const result = apply(state, { cmd: "ai" });
      expect(result.events[0]).toMatchObject({ type: "moved", action: expected.action, path: expected.path });
      expect(result.state.tree).toEqual(expected.tree);
      if (expected.action !== "pass") {
        improved++;
        const goal = state.players[0]?.goal as Goal;
        expect(goalScore(flatten(result.state.tree, 4), 16, goal)).toBeGreaterThan(
          state.players[0]?.score as number,
        );
      }
    }
    expect(improved).toBeGreaterThan(10);
  });

  it("passes when no sampled move beats its current goal score", () => {
    // A board all in its colour: its blob already covers everything.
    const state = position(["B", "B", "B", "B"], 1, [
      { kind: "smart", difficulty: 50, goal: { type: "blob", colour: "B" } },
    ]);
    expect(apply(state, { cmd: "ai" }).events[0]).toEqual({
      type: "moved",
      player: 0,
      action: "pass",
      path: [],
    });
  });

  it("ignores penalties when it compares (a smash that helps the goal is taken)", () => {
    // Only smash (3 points) can improve this perimeter: the goal alone decides.
    const tree: Block = ["R", "R", "R", "R"];
    const state = position(tree, 2, [
      { kind: "smart", difficulty: 200, goal: { type: "perimeter", colour: "B" } },
    ]);
    const move = smartPlayerMove(
      { tree, maxDepth: 2, goal: { type: "perimeter", colour: "B" } },
      200,
      cloneRng(state.rng),
    );
    expect(move.action).toBe("smash");
    expect(move.score).toBeGreaterThan(0);
  });

  it("plays the same move from the same state (its rng is in the state)", () => {
    const state = start({ maxDepth: 5, players: [{ kind: "smart", difficulty: 20 }] }, 4);
    expect(JSON.stringify(apply(state, { cmd: "ai" }))).toBe(JSON.stringify(apply(state, { cmd: "ai" })));
    expect(apply(state, { cmd: "ai" }).state.rng).not.toEqual(state.rng);
  });

  it("plays the expert's move (the hint) for a human seat", () => {
    const state = position(REFERENCE, 2, [human("R")]);
    const hint = blockyGame.hint?.(state);
    if (!hint?.ok) throw new Error("no hint");
    expect(apply(state, { cmd: "ai" }).state).toEqual(
      apply(state, hint.value.commands[0] as BlockyCommand).state,
    );
  });
});

describe("legal", () => {
  it("lists every valid move and one pass, and not ai", () => {
    const state = position(REFERENCE, 2, [
      human("B"),
      { kind: "random", goal: { type: "blob", colour: "R" } },
    ]);
    const legal = blockyGame.legal(state);
    expect(legal).toHaveLength(16);
    expect(legal).not.toContainEqual({ cmd: "ai" });
    expect(legal.every((c) => c.cmd === "move")).toBe(true);
    expect(legal.at(-1)).toEqual({ cmd: "move", action: "pass", path: [] });
    const next = apply(state, move("pass")).state;
    const computer = blockyGame.legal(next);
    expect(computer.every((c) => c.cmd === "move")).toBe(true);
    // Red paints the blue and yellow cells of the upper-right block.
    expect(
      computer.filter((c) => c.cmd === "move" && c.action === "paint").map((c) => c.cmd === "move" && c.path),
    ).toEqual([
      [0, 0],
      [0, 3],
    ]);
    for (const command of legal) expect(blockyGame.apply(state, command).ok).toBe(true);
    for (const command of computer) expect(blockyGame.apply(next, command).ok).toBe(true);
  });

  it("counts every move on a complete depth-6 board (perft)", () => {
    // Every block split down to 4096 unit cells; each bottom block is B, B, R, G.
    const full = (level: number): Block =>
      level === 5
        ? ["B", "B", "R", "G"]
        : [full(level + 1), full(level + 1), full(level + 1), full(level + 1)];
    const state = position(full(0), 6, [human("B")]);
    const legal = blockyGame.legal(state);
    const count = (action: string) => legal.filter((c) => c.cmd === "move" && c.action === action).length;
    // 1365 split blocks x 4 rotations/swaps, 1024 combines (blue majority), 2048 non-blue cells to paint.
    expect([
      count("rotate_cw"),
      count("swap_v"),
      count("combine"),
      count("paint"),
      count("smash"),
      count("pass"),
    ]).toEqual([1365, 1365, 1024, 2048, 0, 1]);
    // The moves and one pass, nothing else.
    expect(legal).toHaveLength(5460 + 1024 + 2048 + 1);
    const sample = [legal[0], legal[Math.floor(legal.length / 2)], legal.at(-2)];
    for (const command of sample) expect(blockyGame.apply(state, command as BlockyCommand).ok).toBe(true);
  });
});

describe("load", () => {
  const current = () => start();

  it("builds a position and recomputes scores", () => {
    const loaded = blockyGame.load(
      {
        tree: REFERENCE,
        maxDepth: 2,
        players: [{ kind: "human", goal: { type: "perimeter", colour: "R" }, penalty: 2, score: 99 }],
        turns: 4,
        turn: 1,
        current: 0,
      },
      current(),
    );
    expect(loaded.ok && loaded.value.players[0]).toEqual({
      kind: "human",
      goal: { type: "perimeter", colour: "R" },
      penalty: 2,
      score: 3,
    });
    expect(loaded.ok && loaded.value.board).toEqual(["GGRB", "GGRY", "RRYY", "RRYY"]);
  });

  it("refuses invalid trees and fields", () => {
    const bad: Record<string, unknown>[] = [
      { tree: [["B", "R", "R", "Y"], "G", "R", "Y"], maxDepth: 1 },
      { tree: ["B", "R", "R", "P"], maxDepth: 2 },
      { tree: ["B", "R", "R"], maxDepth: 2 },
      { tree: ["B", "R", "R", "Y", "G"], maxDepth: 2 },
      { tree: "b", maxDepth: 2 },
      { tree: 3, maxDepth: 2 },
      { tree: "B", maxDepth: 9 },
      { tree: "B", maxDepth: -1 },
      { turns: 2, turn: 3 },
      { current: 5 },
      { players: [{ kind: "human", goal: { type: "blob", colour: "X" } }] },
      { players: [{ kind: "human" }, { kind: "human" }, { kind: "human" }] },
      { players: [{ kind: "human", penalty: -1 }] },
    ];
    const state = current();
    for (const raw of bad) {
      expect(blockyGame.load(raw, state)).toMatchObject({ ok: false, error: { code: "BAD_STATE" } });
    }
  });

  it("accepts maxDepth 0 to 8 and the positions it emits", () => {
    expect(blockyGame.load({ tree: "B", maxDepth: 0 }, current()).ok).toBe(true);
    expect(blockyGame.load({ tree: "Y", maxDepth: 8 }, current()).ok).toBe(true);
    const state = apply(start({}, 5), move("rotate_cw")).state;
    // Without its seed field (a seed reseeds the source), the rng travels as it is.
    const { seed: _seed, ...emitted } = JSON.parse(JSON.stringify(state));
    const again = blockyGame.load(emitted, start({}, 9));
    expect(again.ok && JSON.stringify({ ...again.value, seed: 5 })).toBe(JSON.stringify(state));
  });
});

describe("bounded work", () => {
  it("keeps a smart player's work within what the largest config makes, however deep the loaded board", () => {
    const smart = (difficulty: number) => ({ players: [{ kind: "smart", difficulty }] });
    // Depth 6 (the largest config): the config's whole range.
    expect(blockyGame.load({ tree: "Y", maxDepth: 6, ...smart(MAX_DIFFICULTY) }, start()).ok).toBe(true);
    // Depth 7 has 4 times the cells: a quarter of the difficulty; depth 8 a sixteenth.
    expect(blockyGame.load({ tree: "Y", maxDepth: 7, ...smart(MAX_DIFFICULTY / 4) }, start()).ok).toBe(true);
    const seven = blockyGame.load({ tree: "Y", maxDepth: 7, ...smart(MAX_DIFFICULTY / 4 + 1) }, start());
    expect(seven).toMatchObject({ ok: false, error: { code: "BAD_STATE" } });
    expect(blockyGame.load({ tree: "Y", maxDepth: 8, ...smart(62) }, start()).ok).toBe(true);
    const eight = blockyGame.load({ tree: "Y", maxDepth: 8, ...smart(63) }, start());
    expect(!eight.ok && eight.error.message).toMatch(/at most 62/);
    // Human and random players cost nothing to choose for.
    expect(blockyGame.load({ tree: "Y", maxDepth: 8, players: [{ kind: "random" }] }, start()).ok).toBe(true);
  });
});

describe("outside input: ranges, unknown keys, null, deep values", () => {
  it("refuses penalties, scores and difficulties outside the ranges the game keeps exact", () => {
    const state = start();
    const bad: Record<string, unknown>[] = [
      { players: [{ kind: "human", penalty: 1e21 }] },
      { players: [{ kind: "human", penalty: MAX_PENALTY + 1 }] },
      { players: [{ kind: "human", score: 1e21 }] },
      { players: [{ kind: "smart", difficulty: MAX_DIFFICULTY + 1 }] },
      { players: [{ kind: "smart", difficulty: 0 }] },
      { score: -1e308 },
      { turns: MAX_TURNS + 1 },
      { turn: 1.5 },
      { current: null },
      { tree: null },
      { players: null },
      { players: [{ kind: "human", goal: null }] },
      { players: [{ kind: "human", zzz: 1 }] },
      { players: [{ kind: "human", goal: { type: "blob", colour: "B", extra: 1 } }] },
      { zzz: 1 },
      { config: { maxDepth: 3, zzz: 1 } },
      { winner: 1 },
      { over: true },
    ];
    for (const raw of bad) {
      const loaded = blockyGame.load(raw, state);
      expect(loaded.ok, JSON.stringify(raw)).toBe(false);
      if (!loaded.ok) expect(loaded.error.code).toBe("BAD_STATE");
    }
    const most = blockyGame.load({ players: [{ kind: "human", penalty: MAX_PENALTY }] }, state);
    expect(most.ok && most.value.players[0]?.penalty).toBe(MAX_PENALTY);
  });

  it("refuses config keys it does not know and null fields, at every level", () => {
    const bad: unknown[] = [
      { zzz: 1 },
      { maxDepth: null },
      { turns: null },
      { players: null },
      { players: [{ kind: "human", zzz: 1 }] },
      { players: [{ kind: "smart", difficulty: null }] },
      { players: [{ kind: "human", goal: { type: "blob", colour: "B", zzz: 1 } }] },
      { players: [{ kind: "human", goal: { type: "blob" } }] },
      { players: [{}] },
    ];
    for (const raw of bad) {
      const parsed = blockyGame.parseConfig(raw);
      expect(parsed.ok, JSON.stringify(raw)).toBe(false);
      if (!parsed.ok) expect(parsed.error.code).toBe("BAD_CONFIG");
    }
  });

  it("refuses a tree nested 100,000 deep without overflowing the stack or quoting it", () => {
    let deep: unknown = "B";
    for (let i = 0; i < 100_000; i++) deep = [deep, "B", "B", "B"];
    const loaded = blockyGame.load({ tree: deep, maxDepth: 8 }, start());
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error.message.length).toBeLessThan(200);
    let single: unknown = "B";
    for (let i = 0; i < 100_000; i++) single = [single];
    const refused = parseTree(single, 8);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toBe("a split block has exactly 4 children, not 1");
    const object = parseTree({ a: { b: 1 } }, 8);
    expect(!object.ok && object.error.message).toMatch(/not an object$/);
  });
});

describe("text", () => {
  it("renders the board with each player's goal and score", () => {
    const state = position(REFERENCE, 2, [
      human("R"),
      { kind: "smart", difficulty: 5, goal: { type: "blob", colour: "Y" } },
    ]);
    expect(toText(state)).toBe(
      [
        "GGRB",
        "GGRY",
        "RRYY",
        "RRYY",
        "",
        "> Player 1 (human): 4 points (penalty 0); goal: largest red blob",
        "  Player 2 (smart 5): 5 points (penalty 0); goal: largest yellow blob",
        "Turn 1 of 3; Player 1 to move.",
      ].join("\n"),
    );
  });
});

// The rng travels inside the state: a fresh seed on load gives a new, replayable source.
it("reseeds on load with a seed field", () => {
  const loaded = blockyGame.load({ seed: 77 }, start());
  expect(loaded.ok && loaded.value.rng).toEqual(seedRng(77));
});
