import { describe, expect, it } from "vitest";
import { handleCommand } from "../../core/protocol.js";
import { seedRng } from "../../core/rng.js";
import { expertOf } from "./computer.js";
import { PENALTY } from "./constants.js";
import { candidates, EXPERT_WORK, expertMove, replyOutcomes } from "./expert.js";
import {
  type Block,
  type BlockyCommand,
  type BlockyConfig,
  type BlockyState,
  blockyGame,
  boardSize,
  flatten,
  goalScore,
  treeFromRows,
} from "./index.js";
import { generateBoard, replaceAt } from "./tree.js";

function start(config: Partial<BlockyConfig>, seed: number): BlockyState {
  const parsed = blockyGame.parseConfig({ maxDepth: 3, turns: 3, ...config });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return blockyGame.newGame(parsed.value, seed);
}

function load(raw: Record<string, unknown>): BlockyState {
  const loaded = blockyGame.load(raw, start({}, 1));
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

function play(state: BlockyState, command: BlockyCommand): BlockyState {
  const result = blockyGame.apply(state, command);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

/** Positions met while computer players play a few seeded games to the end. */
function positions(): BlockyState[] {
  const out: BlockyState[] = [];
  const setups: Partial<BlockyConfig>[] = [
    { maxDepth: 3, turns: 3, players: [{ kind: "expert" }, { kind: "smart", difficulty: 30 }] },
    { maxDepth: 4, turns: 2, players: [{ kind: "random" }, { kind: "expert" }, { kind: "smart" }] },
    { maxDepth: 2, turns: 3, players: [{ kind: "expert" }] },
  ];
  for (const [i, setup] of setups.entries()) {
    let state = start(setup, 20 + i);
    while (!state.over) {
      out.push(state);
      state = play(state, { cmd: "ai" });
    }
  }
  return out;
}

/** Every `move` that leaves the mover strictly ahead of everyone on the last move of the game. */
function winningMoves(state: BlockyState): BlockyCommand[] {
  return blockyGame.legal(state).filter((command) => {
    if (command.cmd !== "move") return false;
    const after = blockyGame.apply(state, command);
    if (!after.ok) return false;
    const scores = after.state.players.map((p) => p.score);
    const mine = scores[state.current] as number;
    return scores.every((s, i) => i === state.current || s < mine);
  });
}

describe("expert player", () => {
  it("plays only valid moves, charged as the rules say, and ai on its seat plays exactly that move", () => {
    for (const state of positions()) {
      const move = expertOf(state);
      const command: BlockyCommand = { cmd: "move", action: move.action, path: move.path };
      const moved = blockyGame.apply(state, command);
      expect(moved.ok).toBe(true);
      if (!moved.ok) continue;
      const mover = state.current;
      const before = state.players[mover];
      const after = moved.state.players[mover];
      expect(after?.penalty).toBe((before?.penalty ?? 0) + PENALTY[move.action]);
      // The score it reports is the goal on the new board, and the charge is the action's.
      const grid = flatten(moved.state.tree, state.maxDepth);
      const goal = goalScore(grid, boardSize(state.maxDepth), before?.goal ?? { type: "blob", colour: "B" });
      expect(move.after[mover]).toBe(goal);
      expect(after?.score).toBe(goal - (after?.penalty ?? 0));
      expect(move.cost).toBe(PENALTY[move.action]);
      if (before?.kind === "expert" || before?.kind === "human") {
        expect(JSON.stringify(play(state, { cmd: "ai" }))).toBe(JSON.stringify(moved.state));
      }
    }
  });

  it("scores every candidate as a full recount of the new board would, for every player", () => {
    const goals = [
      { type: "blob", colour: "B" },
      { type: "blob", colour: "R" },
      { type: "perimeter", colour: "G" },
      { type: "perimeter", colour: "Y" },
    ] as const;
    for (const [seed, depth] of [
      [1, 3],
      [2, 4],
      [3, 5],
    ] as const) {
      const tree = generateBoard(seedRng(seed), depth);
      const players = goals.map((goal) => ({ goal, penalty: 0 }));
      const input = { tree, maxDepth: depth, players, mover: 0, movesLeft: 1, rng: seedRng(9) };
      const { list, complete } = candidates(input, EXPERT_WORK);
      expect(complete).toBe(true);
      expect(list.length).toBeGreaterThan(20);
      for (const candidate of list) {
        const board = flatten(replaceAt(tree, candidate.path, candidate.block), depth);
        const expected = goals.map((goal) => goalScore(board, boardSize(depth), goal));
        expect(candidate.goals, `${candidate.action} [${candidate.path}]`).toEqual(expected);
      }
    }
  });

  it("finds the one winning move on the last move of the game", () => {
    // Found by search and checked here by trying every legal move: exactly one wins in each.
    const cases: { rows: string[]; goals: [string, string] }[] = [
      // Player 2 (red) paints player 1's only blue cell red, joining two reds: 2 - 1 against 0.
      { rows: ["GGGG", "GGGG", "BGGG", "RYGG"], goals: ["B", "R"] },
      // Player 2 (red) combines the lower-right block into red: 3 - 1 against 2.
      { rows: ["GGRG", "YRGY", "GBBG", "YBRR"], goals: ["B", "R"] },
    ];
    for (const { rows, goals } of cases) {
      const { tree, maxDepth } = treeFromRows(rows);
      const state = load({
        tree,
        maxDepth,
        turns: 1,
        current: 1,
        players: goals.map((colour) => ({ kind: "human", goal: { type: "blob", colour } })),
      });
      const wins = winningMoves(state);
      expect(wins).toHaveLength(1);
      const hint = blockyGame.hint?.(state);
      expect(hint?.ok && hint.value.commands).toEqual(wins);
    }
  });

  it("passes when no move beats the current score, and says so", () => {
    // A solid blue board: any smash breaks the blue blob of 16 and costs 3.
    const state = load({
      tree: "B",
      maxDepth: 2,
      players: [{ kind: "human", goal: { type: "blob", colour: "B" } }],
    });
    const hint = blockyGame.hint?.(state);
    expect(hint).toEqual({
      ok: true,
      value: {
        commands: [{ cmd: "move", action: "pass", path: [] }],
        reason: "nothing beats your 16 points: pass",
      },
    });
  });

  it("counts the penalty: a paint that gains 1 is not worth its cost, one that joins blobs is", () => {
    const flat = treeFromRows(["RBRB", "RRBR", "RRRR", "RRRR"]);
    const seat = { kind: "human", goal: { type: "blob", colour: "B" } };
    // Painting (0,2) blue joins three lone blue cells into a blob of 4: +3 for a cost of 1 (a free
    // rotation joins only two).
    const joined = load({ tree: flat.tree, maxDepth: flat.maxDepth, players: [seat] });
    expect(blockyGame.hint?.(joined)).toMatchObject({
      ok: true,
      value: {
        commands: [{ cmd: "move", action: "paint", path: [0, 1] }],
        reason: "raises your blue blob from 1 to 4, costs 1",
      },
    });
    // A lone blue corner: a paint makes 2 for a cost of 1, no better than passing.
    const lone = treeFromRows(["BRRR", "RRRR", "RRRR", "RRRR"]);
    const alone = load({ tree: lone.tree, maxDepth: lone.maxDepth, players: [seat] });
    const hint = blockyGame.hint?.(alone);
    expect(hint?.ok && hint.value.commands[0]).toMatchObject({ action: "pass" });
  });

  it("hints change nothing, repeat, and are what ai plays for a human seat", () => {
    for (const state of positions().slice(0, 12)) {
      const before = JSON.stringify(state);
      const step = handleCommand(blockyGame, state, { cmd: "hint" });
      expect(JSON.stringify(state)).toBe(before);
      expect(step.state).toBe(state);
      expect(step.reply.ok).toBe(true);
      expect(JSON.stringify(handleCommand(blockyGame, state, { cmd: "hint" }).reply)).toBe(
        JSON.stringify(step.reply),
      );
      const hint = step.reply.ok ? (step.reply.hint as { commands: BlockyCommand[]; reason: string }) : null;
      expect(hint?.reason.length).toBeLessThanOrEqual(200);
      // The expert expects each seat's reply by its kind, so the human seats' hint is asked anew.
      const human = { ...state, players: state.players.map((p) => ({ ...p, kind: "human" as const })) };
      const humanHint = handleCommand(blockyGame, human, { cmd: "hint" }).reply;
      const humanMove = humanHint.ok ? (humanHint.hint as { commands: BlockyCommand[] }).commands[0] : null;
      const viaHint = play(human, humanMove as BlockyCommand);
      expect(JSON.stringify(play(human, { cmd: "ai" }))).toBe(JSON.stringify(viaHint));
    }
  });

  it("ai's reply says what was played and why: the hint on a human seat, the move on a smart one", () => {
    const state = start({ maxDepth: 3, players: [{ kind: "human" }, { kind: "smart", difficulty: 7 }] }, 8);
    const human = blockyGame.apply(state, { cmd: "ai" });
    const hint = blockyGame.hint?.(state);
    expect(human.ok && hint?.ok && human.reply?.hint).toEqual(hint?.ok && hint.value);
    if (!human.ok) return;
    const smart = blockyGame.apply(human.state, { cmd: "ai" });
    if (!smart.ok) throw new Error(smart.error.message);
    const moved = smart.events[0];
    expect(smart.reply?.hint).toEqual({
      commands: [
        {
          cmd: "move",
          action: moved?.type === "moved" && moved.action,
          path: moved?.type === "moved" && moved.path,
        },
      ],
      reason: "the best of 7 random moves for its goal",
    });
  });

  it("refuses a hint once the game is over", () => {
    let state = start({ maxDepth: 2, turns: 1, players: [{ kind: "expert" }] }, 3);
    state = play(state, { cmd: "ai" });
    expect(blockyGame.hint?.(state)).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
  });

  it("keeps its work bounded on the largest board load accepts", () => {
    // Every block split down to 65,536 unit cells: the work budget stops the search, the move is valid.
    const full = (level: number): Block =>
      level === 7
        ? ["B", "R", "G", "Y"]
        : [full(level + 1), full(level + 1), full(level + 1), full(level + 1)];
    const state = load({
      tree: full(0),
      maxDepth: 8,
      players: [
        { kind: "human", goal: { type: "blob", colour: "B" } },
        { kind: "expert", goal: { type: "blob", colour: "R" } },
      ],
    });
    const move = expertMove({
      tree: state.tree,
      maxDepth: 8,
      players: state.players,
      mover: 0,
      movesLeft: 6,
      rng: state.rng,
    });
    expect(blockyGame.apply(state, { cmd: "move", action: move.action, path: move.path }).ok).toBe(true);
  });

  it("expects a smart seat's reply from its sampling: the probabilities sum to 1, the best moves likeliest", () => {
    for (const state of positions().slice(0, 8)) {
      const input = {
        tree: state.tree,
        maxDepth: state.maxDepth,
        players: state.players,
        mover: state.current,
        movesLeft: 2,
        rng: state.rng,
      };
      const list = candidates(input, EXPERT_WORK).list;
      const own = (c: (typeof list)[number]) => c.goals[state.current] as number;
      const smart = replyOutcomes(
        list,
        { ...state.players[state.current]!, kind: "smart", difficulty: 150 },
        state.current,
      );
      expect(smart.reduce((sum, o) => sum + o.p, 0)).toBeCloseTo(1, 9);
      const best = Math.max(...list.map(own));
      const current = own(list[0]!);
      // Every move of the best score is likelier than any move of a lower score that beats the pass.
      const top = smart.filter((o) => own(o.c) === best && best > current);
      for (const o of smart)
        if (own(o.c) < best && o.c !== list[0]) for (const t of top) expect(t.p).toBeGreaterThan(o.p);
      // Difficulty 1 draws one move uniformly: each move that beats the pass has 1 / (moves).
      const one = replyOutcomes(
        list,
        { ...state.players[state.current]!, kind: "smart", difficulty: 1 },
        state.current,
      );
      for (const o of one) if (o.c !== list[0]) expect(o.p).toBeCloseTo(1 / (list.length - 1), 9);
      const human = replyOutcomes(list, { ...state.players[state.current]!, kind: "human" }, state.current);
      expect(human).toHaveLength(1);
      expect(human[0]?.p).toBe(1);
      expect(own(human[0]!.c) - PENALTY[human[0]!.c.action]).toBe(
        Math.max(...list.map((c) => own(c) - PENALTY[c.action])),
      );
    }
  });
});
