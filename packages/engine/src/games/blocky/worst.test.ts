/**
 * The computer players' bounded work (docs/games/blocky.md "Computer player", "Bounded work"): on the
 * costliest positions the search found (worst-positions.ts) and with budgets cut short, the work
 * counted stays within the bound, the move repeats, and it is legal.
 */
import { describe, expect, it } from "vitest";
import { nextInt, seedRng } from "../../core/rng.js";
import { validMoves } from "./actions.js";
import { MoveCounts, SMART_MAX_WORK, smartPlayerMove } from "./bots.js";
import { expertOf } from "./computer.js";
import { COLOURS, MAX_SMART_WORK } from "./constants.js";
import { candidates, EXPERT_MAX_WORK, EXPERT_SEARCH_WORK, expertMove } from "./expert.js";
import { blockyGame } from "./index.js";
import type { BlockyCommand, BlockyState, Colour, PlayerKind } from "./types.js";
import { decodeTree, WORST_POSITIONS, type WorstPosition } from "./worst-positions.js";

const base = blockyGame.newGame(
  { maxDepth: 4, turns: 5, players: [{ kind: "human" }, { kind: "smart", difficulty: 3 }] },
  1,
);

/** The fixture with every seat of one kind (a smart seat at the most difficulty the depth allows). */
function loadAs(p: WorstPosition, kind: PlayerKind): BlockyState {
  const count = p.goals.length;
  const difficulty = Math.min(1000, Math.floor(MAX_SMART_WORK / 4 ** p.maxDepth));
  const turns = 1000;
  const r = blockyGame.load(
    {
      maxDepth: p.maxDepth,
      tree: decodeTree(p.tree),
      turns,
      turn: turns - Math.ceil(p.movesLeft / count),
      current: (count - (p.movesLeft % count)) % count,
      players: p.goals.map((goal) => ({
        kind,
        goal,
        penalty: 0,
        ...(kind === "smart" ? { difficulty } : {}),
      })),
    },
    base,
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** One step past the bound at most: a search's setup (a few boards) and one move, on this board. */
const slack = (state: BlockyState) => 16 * 4 ** state.maxDepth;

function played(state: BlockyState): { command: BlockyCommand; board: string[] } {
  const r = blockyGame.apply(state, { cmd: "ai" });
  if (!r.ok) throw new Error(r.error.message);
  const hint = (r.reply as { hint: { commands: BlockyCommand[] } }).hint;
  return { command: hint.commands[0] as BlockyCommand, board: r.state.board };
}

/** The move is legal (the engine accepts it as a `move`) and playing it gives the same board. */
function expectLegal(state: BlockyState, command: BlockyCommand, board?: string[]) {
  expect(command.cmd).toBe("move");
  const r = blockyGame.apply(state, command);
  expect(r.ok).toBe(true);
  if (r.ok && board !== undefined) expect(r.state.board).toEqual(board);
}

describe("bounded computer-player work", () => {
  // One test a fixture: each plays a few depth-8 decisions, so a busy machine stays far from the timeout.
  for (const [i, worst] of WORST_POSITIONS.entries()) {
    it(`keeps the expert within its bound on worst position ${i + 1}: the same legal move twice`, () => {
      const state = loadAs(worst, "expert");
      const move = expertOf(state);
      // Past the bound the decision stops there; under it, it does the fixture's `work` (found unbounded).
      if (worst.work > EXPERT_MAX_WORK) expect(move.work).toBeGreaterThanOrEqual(EXPERT_MAX_WORK);
      else expect(move.work).toBe(worst.work);
      expect(move.work).toBeLessThanOrEqual(EXPERT_MAX_WORK + slack(state));
      const hint = blockyGame.hint(state);
      expect(blockyGame.hint(state)).toEqual(hint);
      const ai = played(state);
      expect(played(state)).toEqual(ai);
      expect(hint.ok && hint.value.commands[0]).toEqual(ai.command);
      expectLegal(state, ai.command, ai.board);
      // A human seat's ai plays the same move.
      expect(played(loadAs(worst, "human"))).toEqual(ai);
    });

    it(`keeps the smart and random players within their bound on worst position ${i + 1}`, () => {
      const state = loadAs(worst, "smart");
      const player = state.players[state.current];
      if (!player) throw new Error("no player");
      const input = { tree: state.tree, maxDepth: state.maxDepth, goal: player.goal };
      const move = smartPlayerMove(input, player.difficulty ?? 3, seedRng(1));
      expect(move.work).toBeLessThanOrEqual(SMART_MAX_WORK + slack(state));
      const ai = played(state);
      expect(played(state)).toEqual(ai);
      expectLegal(state, ai.command, ai.board);
      const random = loadAs(worst, "random");
      const r = played(random);
      expect(played(random)).toEqual(r);
      expectLegal(random, r.command, r.board);
    });
  }

  it("answers a legal, repeatable move when the bound cuts the search short", () => {
    const worst = WORST_POSITIONS[0] as WorstPosition;
    const state = loadAs(worst, "expert");
    const input = {
      tree: state.tree,
      maxDepth: state.maxDepth,
      players: state.players,
      mover: state.current,
      movesLeft: worst.movesLeft,
      rng: state.rng,
    };
    for (const maxWork of [0, 50_000, 400_000]) {
      const move = expertMove(input, { maxWork });
      expect(move.work).toBeLessThanOrEqual(maxWork + slack(state));
      const again = expertMove(input, { maxWork });
      expect({ action: again.action, path: again.path }).toEqual({ action: move.action, path: move.path });
      expectLegal(state, { cmd: "move", action: move.action, path: move.path });
    }
  });

  it("searches the larger blocks first when cut, and ties go to the validMoves order", () => {
    const tree = decodeTree((WORST_POSITIONS[0] as WorstPosition).tree);
    const state = loadAs(WORST_POSITIONS[0] as WorstPosition, "expert");
    const input = {
      tree,
      maxDepth: state.maxDepth,
      players: state.players,
      mover: 0,
      movesLeft: 1,
      rng: seedRng(2),
    };
    const cut = candidates(input, EXPERT_SEARCH_WORK, { work: 0, limit: 1_000_000 });
    expect(cut.complete).toBe(false);
    const levels = cut.list.slice(1).map((c) => c.path.length);
    // Level by level: a deeper block's moves never come before a shallower one's.
    for (let i = 1; i < levels.length; i++) expect(levels[i]).toBeGreaterThanOrEqual(levels[i - 1] as number);
    // On a board searched whole, the order keys sort the moves exactly as validMoves lists them.
    for (const seed of [1, 2, 3]) {
      const small = loadAs(
        { ...(WORST_POSITIONS[0] as WorstPosition), maxDepth: 4, tree: randomCode(seed, 4) },
        "expert",
      );
      const all = candidates({ ...input, tree: small.tree, maxDepth: 4 }, EXPERT_SEARCH_WORK);
      expect(all.complete).toBe(true);
      const byOrder = all.list
        .slice(1)
        .sort((a, b) => a.order - b.order)
        .map((c) => `${c.action}@${c.path.join("")}`);
      const colour = (state.players[0]?.goal.colour ?? "B") as Colour;
      expect(byOrder).toEqual(validMoves(small.tree, 4, colour).map((m) => `${m.action}@${m.path.join("")}`));
    }
  });

  it("draws the k-th valid move from per-block counts exactly as validMoves lists it", () => {
    const rng = seedRng(5);
    for (let trial = 0; trial < 40; trial++) {
      const depth = nextInt(rng, 6);
      const tree = decodeTree(randomCode(trial + 10, depth));
      const colour = COLOURS[nextInt(rng, 4)] as Colour;
      const listed = validMoves(tree, depth, colour);
      const counts = new MoveCounts(tree, depth, colour);
      expect(counts.total).toBe(listed.length);
      for (let k = 0; k < listed.length; k++) expect(counts.at(k)).toEqual(listed[k]);
    }
  });
});

/** A random tree of at most `depth` levels in the fixtures' code. */
function randomCode(seed: number, depth: number): string {
  const rng = seedRng(seed);
  const make = (level: number): string =>
    level < depth && nextInt(rng, 4) !== 0
      ? `[${make(level + 1)}${make(level + 1)}${make(level + 1)}${make(level + 1)}`
      : (COLOURS[nextInt(rng, 4)] as string);
  return make(0);
}
