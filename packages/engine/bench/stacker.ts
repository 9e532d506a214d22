/**
 * Block Stacker: commands (mostly ticks, as in play) per second over seeded random games, the
 * engine (row strings in plain JSON state, a new state object per command, bitmask line clears)
 * against a naive 2-D array implementation (a grid of numbers copied on every command, the piece
 * as a box matrix turned by matrix rotation, full rows found by scanning every cell). Both play
 * the same piece sequence and commands; the run checks they finish on the same boards first.
 *
 * The computer player: seeded games on 10 x 10 and 20 x 20 boards, each played by `hint` alone (its
 * keys applied, no gravity) until game over or BENCH_PIECES pieces: mean lines per game, how many
 * games reached the cap, the mean stack height it kept, and the time per decision. BENCH_GAMES
 * games per size (3 by default, about 20 s; the docs' table uses BENCH_GAMES=20 BENCH_PIECES=1000);
 * BENCH_STACKER_VARIANTS=1 adds the player with a look-ahead at the first preview piece for its 6
 * best places, and without hold, for comparison. `stacker.ai.worst`: the hint on the worst loaded
 * positions found (bounded work, docs/games/stacker.md "Bounded work").
 */
import { nextInt, seedRng } from "../src/core/rng.js";
import { hint, type PlayerOptions, SEARCH_WORK } from "../src/games/stacker/computer.js";
import {
  type PieceType,
  type StackerCommand,
  type StackerState,
  stackerGame,
} from "../src/games/stacker/index.js";
import { KICKS_I, KICKS_JLSTZ } from "../src/games/stacker/pieces.js";
import { WORST_POSITIONS } from "../src/games/stacker/worst-positions.js";
import { type Benchmark, cpuRuns, type Figure, opsPerSecond, rate } from "./harness.js";

interface Script {
  size: number;
  seed: number;
  commands: StackerCommand[];
  pieces: PieceType[];
}

const KEYS = ["A", "D", "S", "Q", "E", "Space"] as const;

/** A random game to its end: about 5 ticks for every key, like a player who lets pieces fall. */
function script(size: number, seed: number): Script {
  const rng = seedRng(seed ^ 0xbe4c);
  let state = stackerGame.newGame({ size }, seed) as StackerState;
  const pieces: PieceType[] = [state.active?.type as PieceType];
  const commands: StackerCommand[] = [];
  while (!state.over && commands.length < 20_000) {
    const roll = nextInt(rng, 30);
    const command: StackerCommand =
      roll < 24 ? { cmd: "tick" } : { cmd: "key", key: KEYS[roll - 24] as (typeof KEYS)[number] };
    const r = stackerGame.apply(state, command);
    if (!r.ok) continue;
    commands.push(command);
    for (const e of r.events) if (e.type === "spawned" || e.type === "game_over") pieces.push(e.piece);
    state = r.state;
  }
  return { size, seed, commands, pieces };
}

function playOurs(s: Script): StackerState {
  let state = stackerGame.newGame({ size: s.size }, s.seed) as StackerState;
  for (const command of s.commands) {
    const r = stackerGame.apply(state, command);
    if (r.ok) state = r.state;
  }
  return state;
}

// ---- the naive baseline ----

const BOXES: Record<PieceType, number[][]> = {
  I: [
    [0, 0, 0, 0],
    [1, 1, 1, 1],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ],
  O: [
    [1, 1],
    [1, 1],
  ],
  T: [
    [0, 1, 0],
    [1, 1, 1],
    [0, 0, 0],
  ],
  S: [
    [0, 1, 1],
    [1, 1, 0],
    [0, 0, 0],
  ],
  Z: [
    [1, 1, 0],
    [0, 1, 1],
    [0, 0, 0],
  ],
  J: [
    [1, 0, 0],
    [1, 1, 1],
    [0, 0, 0],
  ],
  L: [
    [0, 0, 1],
    [1, 1, 1],
    [0, 0, 0],
  ],
};

interface Naive {
  grid: number[][];
  type: PieceType;
  box: number[][];
  rotation: number;
  row: number;
  col: number;
  index: number;
  over: boolean;
}

function turnCw(box: number[][]): number[][] {
  const n = box.length;
  return box.map((_, r) => box.map((_, c) => (box[n - 1 - c] as number[])[r] as number));
}

function collides(grid: number[][], box: number[][], row: number, col: number): boolean {
  const size = grid.length;
  for (let r = 0; r < box.length; r++) {
    for (let c = 0; c < box.length; c++) {
      if (!(box[r] as number[])[c]) continue;
      const y = row + r;
      const x = col + c;
      if (y < 0 || y >= size || x < 0 || x >= size || (grid[y] as number[])[x]) return true;
    }
  }
  return false;
}

function spawn(g: Naive, type: PieceType): Naive {
  const box = BOXES[type].map((r) => r.slice());
  const top = box.findIndex((r) => r.some((v) => v));
  const width = type === "I" ? 4 : type === "O" ? 2 : 3;
  const next = { ...g, type, box, rotation: 0, row: -top, col: Math.floor((g.grid.length - width) / 2) };
  if (collides(next.grid, box, next.row, next.col)) return { ...next, over: true };
  return next;
}

function lock(g: Naive, pieces: PieceType[]): Naive {
  const grid = g.grid.map((r) => r.slice());
  for (let r = 0; r < g.box.length; r++) {
    for (let c = 0; c < g.box.length; c++)
      if ((g.box[r] as number[])[c]) (grid[g.row + r] as number[])[g.col + c] = 1;
  }
  const kept = grid.filter((r) => r.some((v) => !v));
  while (kept.length < grid.length) kept.unshift(new Array(grid.length).fill(0));
  const index = g.index + 1;
  return spawn({ ...g, grid: kept, index }, pieces[index] as PieceType);
}

function naiveApply(g0: Naive, command: StackerCommand, pieces: PieceType[]): Naive {
  // Copy the grid on every command, as a straightforward immutable update would.
  const g = { ...g0, grid: g0.grid.map((r) => r.slice()) };
  if (g.over) return g;
  if (command.cmd === "tick") {
    if (!collides(g.grid, g.box, g.row + 1, g.col)) return { ...g, row: g.row + 1 };
    return lock(g, pieces);
  }
  switch (command.key) {
    case "A":
    case "D": {
      const col = g.col + (command.key === "A" ? -1 : 1);
      return collides(g.grid, g.box, g.row, col) ? g : { ...g, col };
    }
    case "S":
      // A blocked step down locks the piece, as the engine's tick does (docs/games/stacker.md "Locking").
      return collides(g.grid, g.box, g.row + 1, g.col) ? lock(g, pieces) : { ...g, row: g.row + 1 };
    case "Space": {
      let row = g.row;
      while (!collides(g.grid, g.box, row + 1, g.col)) row++;
      return lock({ ...g, row }, pieces);
    }
    case "Q":
    case "E": {
      const turns = command.key === "Q" ? 1 : 3;
      let box = g.box;
      for (let i = 0; i < turns; i++) box = turnCw(box);
      const to = (g.rotation + turns) % 4;
      const table = g.type === "I" ? KICKS_I : KICKS_JLSTZ;
      const tests = g.type === "O" ? [[0, 0] as const] : (table[`${g.rotation}>${to}`] ?? []);
      for (const [x, y] of tests) {
        if (!collides(g.grid, box, g.row - y, g.col + x)) {
          return { ...g, box, rotation: to, row: g.row - y, col: g.col + x };
        }
      }
      return g;
    }
    default:
      return g;
  }
}

function playNaive(s: Script): Naive {
  const empty: Naive = {
    grid: Array.from({ length: s.size }, () => new Array(s.size).fill(0)),
    type: "I",
    box: [],
    rotation: 0,
    row: 0,
    col: 0,
    index: 0,
    over: false,
  };
  let g = spawn(empty, s.pieces[0] as PieceType);
  for (const command of s.commands) g = naiveApply(g, command, s.pieces);
  return g;
}

function commandsPerSecond(size: number, games: number) {
  const all = Array.from({ length: games }, (_, i) => script(size, i + 1));
  for (const s of all) {
    const ours = playOurs(s)
      .board.map((r) => r.replace(/[^.]/g, "#"))
      .join("/");
    const naive = playNaive(s)
      .grid.map((r) => r.map((v) => (v ? "#" : ".")).join(""))
      .join("/");
    if (ours !== naive) throw new Error(`implementations disagree on size ${size} seed ${s.seed}`);
  }
  const count = all.reduce((n, s) => n + s.commands.length, 0);
  // Rounds taken in turn and the median of each kept, so a busy machine slows both alike.
  const oursRuns: number[] = [];
  const naiveRuns: number[] = [];
  for (let round = 0; round < 7; round++) {
    oursRuns.push(
      opsPerSecond(() => {
        for (const s of all) playOurs(s);
        return count;
      }, 200),
    );
    naiveRuns.push(
      opsPerSecond(() => {
        for (const s of all) playNaive(s);
        return count;
      }, 200),
    );
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const ours = median(oursRuns);
  const naive = median(naiveRuns);
  return rate(
    `stacker.commands.${size}x${size}`,
    ours,
    "commands/s",
    "naive 2-D array, grid copied per command",
    naive,
  );
}

const GAMES = Math.max(1, Number(process.env.BENCH_GAMES ?? 3) || 3);
const PIECES = Math.max(1, Number(process.env.BENCH_PIECES ?? 500) || 500);
const VARIANTS = process.env.BENCH_STACKER_VARIANTS === "1";

/** One game played by the computer player alone: its keys applied in order, no gravity. */
function aiGame(size: number, seed: number, options: PlayerOptions) {
  let state = stackerGame.newGame({ size }, seed) as StackerState;
  let pieces = 0;
  let height = 0;
  let ms = 0;
  while (!state.over && pieces < PIECES) {
    const start = performance.now();
    const h = hint(state, options);
    ms += performance.now() - start;
    if (!h.ok) throw new Error(`no hint in a running game: ${h.error.message}`);
    for (const command of h.value.commands) {
      const r = stackerGame.apply(state, command);
      if (!r.ok) throw new Error(`the hint's key was refused: ${r.error.message}`);
      state = r.state;
    }
    pieces++;
    const top = state.board.findIndex((row) => /[^.]/.test(row));
    height += top < 0 ? 0 : size - top;
  }
  return { lines: state.lines, pieces, capped: !state.over, height: height / pieces, ms: ms / pieces };
}

function computerPlayer(size: number, label: string, options: PlayerOptions): Figure[] {
  const games = Array.from({ length: GAMES }, (_, i) => aiGame(size, i + 1, options));
  const mean = (f: (g: (typeof games)[number]) => number) =>
    games.reduce((a, g) => a + f(g), 0) / games.length;
  const name = `stacker.ai${label}.${size}x${size}`;
  return [
    {
      name: `${name}.lines`,
      value: mean((g) => g.lines),
      unit: `lines/game (${GAMES} games, cap ${PIECES} pieces)`,
    },
    {
      name: `${name}.capped`,
      value: games.filter((g) => g.capped).length,
      unit: `games of ${GAMES} reaching the cap`,
    },
    { name: `${name}.height`, value: mean((g) => g.height), unit: "rows of stack, mean after each piece" },
    { name: `${name}.decision`, value: mean((g) => g.ms), unit: "ms/decision" },
  ];
}

/** CPU ms of one hint, median of 5 after a warm-up. */
const hintCpuMs = (state: StackerState): number => cpuRuns(() => hint(state), 5)[2] as number;

/**
 * The worst positions found for the hint (src/games/stacker/worst-positions.ts, found by
 * stacker-worst.ts): the slowest of their hints in CPU ms and the most work one did (the aim: under
 * 50 ms; the work is at most 2 x SEARCH_WORK).
 */
function worstPositions(): Figure[] {
  let ms = 0;
  let work = 0;
  for (const worst of WORST_POSITIONS) {
    const { active, ...rest } = worst.state;
    const raw = active ? { ...rest, active } : rest;
    const loaded = stackerGame.load(
      { config: { size: 30 }, ...raw, canHold: true },
      stackerGame.newGame({ size: 30 }, 1),
    );
    if (!loaded.ok) throw new Error(loaded.error.message);
    const spent = { work: 0 };
    hint(loaded.value, { spent });
    work = Math.max(work, spent.work);
    ms = Math.max(ms, hintCpuMs(loaded.value));
  }
  return [
    {
      name: "stacker.ai.worst-positions.cpu",
      value: Math.round(ms * 100) / 100,
      unit: "ms/hint, slowest of the worst found",
    },
    { name: "stacker.ai.worst-positions.work", value: work, unit: `positions, bound ${2 * SEARCH_WORK}` },
  ];
}

export const benchmarks: Benchmark[] = [
  {
    name: "stacker.ai.worst",
    run: worstPositions,
  },
  {
    name: "stacker",
    run() {
      return [commandsPerSecond(20, 6), commandsPerSecond(30, 4)];
    },
  },
  {
    name: "stacker.ai",
    run() {
      const figures = [...computerPlayer(10, "", {}), ...computerPlayer(20, "", {})];
      if (VARIANTS) {
        for (const size of [10, 20]) {
          figures.push(...computerPlayer(size, ".lookahead6", { lookahead: 6 }));
          figures.push(...computerPlayer(size, ".nohold", { hold: false }));
        }
      }
      return figures;
    },
  },
];
