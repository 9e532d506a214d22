/**
 * Blocky: how long a smart player of difficulty 150 takes to choose a move on a depth-6 board
 * (4096 unit cells). Ours repaints only the changed block's region of a flattened copy of the board
 * for each candidate (games/blocky/bots.ts); the baseline is the obvious implementation that
 * rebuilds the tree and re-flattens the whole board for every candidate. Both draw the same
 * candidates from the same seed and must choose the same move. The random player's time is
 * reported too, as the floor (one enumeration of valid moves, no scoring).
 *
 * The expert player: its win rate against smart 150 in seeded 2-player games of each goal type
 * (BENCH_GAMES per type, default 40; the figure is BENCH_GAMES=200) on depth-4 and depth-6
 * boards, moving first and second, ties apart, and the CPU time of each of its moves in those games
 * (BENCH_BLOCKY_DEPTH plays one depth only, BENCH_BLOCKY_TURNS sets the game length, default 5
 * turns, BENCH_BLOCKY_SEED the first game's seed, default 1000: another checks on fresh games).
 * `blocky.worst`: every kind of seat on the worst loaded positions found (bounded work,
 * docs/games/blocky.md "Computer player").
 */
import { cloneRng, nextInt, type RngState, seedRng } from "../src/core/rng.js";
import { actOn, validMoves } from "../src/games/blocky/actions.js";
import { randomPlayerMove, smartPlayerMove } from "../src/games/blocky/bots.js";
import { expertOf } from "../src/games/blocky/computer.js";
import {
  COLOURS,
  DEFAULT_DEPTH,
  DEFAULT_TURNS,
  GOAL_TYPES,
  MAX_CONFIG_DEPTH,
  MAX_SMART_WORK,
} from "../src/games/blocky/constants.js";
import { EXPERT_MAX_WORK, expertMove } from "../src/games/blocky/expert.js";
import { blockyGame } from "../src/games/blocky/index.js";
import { goalScore } from "../src/games/blocky/scoring.js";
import { blockAt, boardSize, flatten, generateBoard, replaceAt } from "../src/games/blocky/tree.js";
import type {
  Block,
  Colour,
  Goal,
  GoalType,
  Player,
  PlayerConfig,
  PlayerKind,
} from "../src/games/blocky/types.js";
import { decodeTree, WORST_POSITIONS } from "../src/games/blocky/worst-positions.js";
import { type Benchmark, cpuRuns, duration, type Figure, medianMs } from "./harness.js";

const DEPTH = 6;
const DIFFICULTY = 150;

function naiveSmartMove(tree: Block, goal: Goal, rng: RngState): { action: string; path: number[] } {
  const n = boardSize(DEPTH);
  const current = goalScore(flatten(tree, DEPTH), n, goal);
  const moves = validMoves(tree, DEPTH, goal.colour);
  let best: { action: string; path: number[]; score: number } | null = null;
  for (let k = 0; k < DIFFICULTY; k++) {
    const move = moves[nextInt(rng, moves.length)] as (typeof moves)[number];
    const out = actOn(
      blockAt(tree, move.path) as Block,
      move.path.length,
      move.action,
      DEPTH,
      goal.colour,
      rng,
    );
    if (!out.ok) throw new Error(out.reason);
    const score = goalScore(flatten(replaceAt(tree, move.path, out.block), DEPTH), n, goal);
    if (!best || score > best.score) best = { action: move.action, path: move.path, score };
  }
  return !best || best.score <= current ? { action: "pass", path: [] } : best;
}

/** Every block split down to unit cells: the densest depth-6 board, 4096 leaves. */
function denseBoard(rng: RngState, level = 0): Block {
  if (level === DEPTH) return (["B", "R", "G", "Y"] as const)[nextInt(rng, 4)] as Block;
  return [
    denseBoard(rng, level + 1),
    denseBoard(rng, level + 1),
    denseBoard(rng, level + 1),
    denseBoard(rng, level + 1),
  ];
}

function figures(label: string, tree: Block): Figure[] {
  const out: Figure[] = [];
  for (const goal of [
    { type: "blob", colour: "B" },
    { type: "perimeter", colour: "R" },
  ] as Goal[]) {
    const seed = seedRng(11);
    const ours = smartPlayerMove({ tree, maxDepth: DEPTH, goal }, DIFFICULTY, cloneRng(seed));
    const theirs = naiveSmartMove(tree, goal, cloneRng(seed));
    if (ours.action !== theirs.action || ours.path.join() !== theirs.path.join()) {
      throw new Error(`smart player and baseline disagree on ${label}/${goal.type}`);
    }
    const smartMs = medianMs(() =>
      smartPlayerMove({ tree, maxDepth: DEPTH, goal }, DIFFICULTY, cloneRng(seed)),
    );
    const naiveMs = medianMs(() => naiveSmartMove(tree, goal, cloneRng(seed)));
    const name = `blocky.smart${DIFFICULTY}.depth${DEPTH}.${label}.${goal.type}`;
    out.push(duration(name, smartMs, "ms/move", "naive re-flatten per candidate", naiveMs));
  }
  // The floor: the random player enumerates the valid moves once and scores nothing.
  const randomMs = medianMs(
    () => randomPlayerMove({ tree, maxDepth: DEPTH, goal: { type: "blob", colour: "B" } }, seedRng(11)),
    15,
  );
  out.push({
    name: `blocky.random.depth${DEPTH}.${label}`,
    value: Math.round(randomMs * 1000) / 1000,
    unit: "ms/move",
  });
  return out;
}

/** CPU ms of `fn`, median of 5 after a warm-up. */
const cpuMs = (fn: () => void): number => cpuRuns(fn, 5)[2] as number;

/**
 * The worst positions found for the expert (src/games/blocky/worst-positions.ts, found by
 * blocky-worst.ts), every seat of one kind: the slowest `hint` and `ai` of each kind in CPU ms (the
 * aim: under 50 ms) and the most work an expert decision did there (bound EXPERT_MAX_WORK).
 */
function worstPositions(): Figure[] {
  const base = blockyGame.newGame(
    { maxDepth: 4, turns: 5, players: [{ kind: "human" }, { kind: "smart", difficulty: 3 }] },
    1,
  );
  const slowest: Record<string, number> = { hint: 0, expert: 0, smart: 0, random: 0 };
  let work = 0;
  for (const p of WORST_POSITIONS) {
    const count = p.goals.length;
    const load = (kind: PlayerKind) => {
      const difficulty = Math.min(1000, Math.floor(MAX_SMART_WORK / 4 ** p.maxDepth));
      const r = blockyGame.load(
        {
          maxDepth: p.maxDepth,
          tree: decodeTree(p.tree),
          turns: 1000,
          turn: 1000 - Math.ceil(p.movesLeft / count),
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
    };
    const expert = load("expert");
    const smart = load("smart");
    const random = load("random");
    work = Math.max(work, expertOf(expert).work);
    const timed: [string, () => void][] = [
      ["hint", () => blockyGame.hint(expert)],
      ["expert", () => blockyGame.apply(expert, { cmd: "ai" })],
      ["smart", () => blockyGame.apply(smart, { cmd: "ai" })],
      ["random", () => blockyGame.apply(random, { cmd: "ai" })],
    ];
    for (const [name, fn] of timed) slowest[name] = Math.max(slowest[name] as number, cpuMs(fn));
  }
  const ms = (t: number) => Math.round(t * 100) / 100;
  return [
    {
      name: "blocky.worst-positions.hint.cpu",
      value: ms(slowest.hint as number),
      unit: "ms, slowest of the worst found",
    },
    { name: "blocky.worst-positions.expert-ai.cpu", value: ms(slowest.expert as number), unit: "ms" },
    {
      name: "blocky.worst-positions.smart-ai.cpu",
      value: ms(slowest.smart as number),
      unit: "ms",
    },
    {
      name: "blocky.worst-positions.random-ai.cpu",
      value: ms(slowest.random as number),
      unit: "ms",
    },
    { name: "blocky.worst-positions.expert.work", value: work, unit: `units, bound ${EXPERT_MAX_WORK}` },
  ];
}

export const benchmarks: Benchmark[] = [
  {
    name: "blocky.worst",
    run: worstPositions,
  },
  {
    name: "blocky",
    run() {
      return [
        ...figures("random-board", generateBoard(seedRng(6), DEPTH)),
        ...figures("dense-board", denseBoard(seedRng(7))),
        ...expertFigures(),
      ];
    },
  },
];

// --- The expert player (docs/games/blocky.md "Computer player") ----------------------------------

/** Games per goal type; the full size is BENCH_GAMES=200. */
const GAMES = Math.max(2, Number(process.env.BENCH_GAMES ?? 40) || 40);
/** The boards of the matches: the config's default depth and the largest, unless one is set. */
const MATCH_DEPTHS = process.env.BENCH_BLOCKY_DEPTH
  ? [Number(process.env.BENCH_BLOCKY_DEPTH) || DEFAULT_DEPTH]
  : [DEFAULT_DEPTH, MAX_CONFIG_DEPTH];
const MATCH_TURNS = Number(process.env.BENCH_BLOCKY_TURNS ?? DEFAULT_TURNS) || DEFAULT_TURNS;

/** The first game's seed (game g plays seed FIRST_SEED + g): a different one checks on fresh games. */
const FIRST_SEED = Number(process.env.BENCH_BLOCKY_SEED ?? 1000) || 1000;

interface MatchResult {
  games: number;
  /** Strictly higher final score than the smart player's; a tie is counted apart, never as a win. */
  wins: number;
  ties: number;
  /** Wins in the games where the expert moved first, and where it moved second. */
  firstWins: number;
  firstGames: number;
  secondWins: number;
  /** CPU milliseconds of every expert `ai` move of the match (the decision and playing it). */
  times: number[];
}

/**
 * Expert against smart 150 over `GAMES` seeded 2-player games of one goal type, the expert moving
 * first in even games and second in odd ones.
 */
function match(type: GoalType, depth: number): MatchResult {
  const result: MatchResult = {
    games: GAMES,
    wins: 0,
    ties: 0,
    firstWins: 0,
    firstGames: 0,
    secondWins: 0,
    times: [],
  };
  // Game -1 warms the code up (the first expert move of a process takes 50-90 ms compiling it) and
  // is neither timed nor counted.
  for (let g = -1; g < GAMES; g++) {
    const expertFirst = g % 2 === 0;
    const goal = { type, colour: COLOURS[(g + 4) % 4] as Colour };
    const expert: PlayerConfig = { kind: "expert" };
    const smart: PlayerConfig = { kind: "smart", difficulty: DIFFICULTY };
    // The first seat's goal fixes the type; the other seat draws a different colour.
    const players = expertFirst ? [{ ...expert, goal }, smart] : [{ ...smart, goal }, expert];
    const config = blockyGame.parseConfig({ maxDepth: depth, turns: MATCH_TURNS, players });
    if (!config.ok) throw new Error(config.error.message);
    let state = blockyGame.newGame(config.value, FIRST_SEED + g);
    while (!state.over) {
      const timed = g >= 0 && state.players[state.current]?.kind === "expert";
      const used = process.cpuUsage();
      const step = blockyGame.apply(state, { cmd: "ai" });
      if (timed) {
        const spent = process.cpuUsage(used);
        result.times.push((spent.user + spent.system) / 1000);
      }
      if (!step.ok) throw new Error(step.error.message);
      state = step.state;
    }
    if (g < 0) continue;
    const mine = state.players[expertFirst ? 0 : 1] as Player;
    const theirs = state.players[expertFirst ? 1 : 0] as Player;
    const won = mine.score > theirs.score;
    if (won) result.wins++;
    else if (mine.score === theirs.score) result.ties++;
    if (expertFirst) {
      result.firstGames++;
      if (won) result.firstWins++;
    } else if (won) result.secondWins++;
  }
  return result;
}

function expertFigures(): Figure[] {
  const out: Figure[] = [];
  const percent = (k: number, of: number) => Math.round((1000 * k) / of) / 10;
  const ms = (t: number) => Math.round(t * 100) / 100;
  for (const depth of MATCH_DEPTHS) {
    for (const type of GOAL_TYPES) {
      const m = match(type, depth);
      const name = `blocky.expert-vs-smart${DIFFICULTY}.depth${depth}.${type}`;
      const second = m.games - m.firstGames;
      out.push({ name: `${name}.wins`, value: percent(m.wins, m.games), unit: `% of ${m.games}` });
      out.push({ name: `${name}.ties`, value: percent(m.ties, m.games), unit: `% of ${m.games}` });
      out.push({
        name: `${name}.wins-moving-first`,
        value: percent(m.firstWins, m.firstGames),
        unit: `% of ${m.firstGames}`,
      });
      out.push({
        name: `${name}.wins-moving-second`,
        value: percent(m.secondWins, second),
        unit: `% of ${second}`,
      });
      const times = [...m.times].sort((a, b) => a - b);
      out.push({
        name: `blocky.expert.depth${depth}.${type}.cpu-median`,
        value: ms(times[Math.floor(times.length / 2)] as number),
        unit: "ms/decision",
      });
      out.push({
        name: `blocky.expert.depth${depth}.${type}.cpu-max`,
        value: ms(times.at(-1) as number),
        unit: `ms of ${times.length}`,
      });
    }
  }
  // The densest depth-6 board: every one of its 4096 cells a leaf.
  const dense = denseBoard(seedRng(7));
  const seat = { penalty: 0 };
  const denseMs = medianMs(
    () =>
      expertMove({
        tree: dense,
        maxDepth: DEPTH,
        players: [
          { ...seat, goal: { type: "blob", colour: "B" } },
          { ...seat, goal: { type: "blob", colour: "R" } },
        ],
        mover: 0,
        movesLeft: 2,
        rng: seedRng(3),
      }),
    3,
  );
  out.push({
    name: "blocky.expert.depth6.dense-board",
    value: Math.round(denseMs * 100) / 100,
    unit: "ms/decision",
  });
  return out;
}
