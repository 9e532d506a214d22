/**
 * Block Blast, each figure against a plain 2-D-array implementation of the same rules measured in
 * the same run: (1) placement checks per second, a fit test of one shape at one board position;
 * (2) legal-move lists per second (every fitting placement of a position as objects); (3) trays
 * dealt per second with all five adaptive systems on; (4) the time of a whole seeded random game
 * (a uniformly drawn fitting placement each move, revives used, through the engine's `apply`).
 *
 * The computer player (`blast.ai`, docs/games/blast.md "Computer player"): whole-tray searches per
 * CPU second on positions from its own play (three pieces in the tray; the search alone, then the
 * hint's whole work with the look-ahead, and its slowest position), and its strength over
 * seeded games with revives off and on: mean and median placements and score. BENCH_GAMES sets the
 * number of games (default 20 each; the docs' table uses 200).
 *
 * Timing: the two sides run in alternating slices and the median slice of each is kept, timed in
 * this process's CPU time. The machine is shared (2 cores, load often 5-15): wall time would count
 * the time other processes hold the cores, which swung the ratios tenfold from run to run.
 *
 * The baseline below is what a first implementation would write: the board is `number[][]` (0 empty,
 * else a colour), a shape a list of [row, col] cells, and every check walks cells. It plays the
 * same rules with the same random draws in the same order, so both sides play the same game move
 * for move (blast.test.ts checks that); only the board representation and the engine's plumbing
 * (JSON state, immutable updates) differ.
 */
import { nextInt, pickWeighted, type RngState, seedRng } from "../src/core/rng.js";
import { ANCHORS, type Bits, bitsFromText, fitsAnchor } from "../src/games/blast/bitboard.js";
import { DEFAULT_WEIGHTS, HINT_BUDGET, planTray, type Weights } from "../src/games/blast/computer.js";
import {
  COMBO_BASE_BONUS,
  COMBO_INCREMENT,
  GRID_SIZE,
  MIN_PIECE_WEIGHT,
  PERFECT_CLEAR_BONUS,
  PIECE_COLOURS,
  PITY_MIN_POSITIONS,
  PITY_THRESHOLD,
  PITY_WEIGHT_BOOST,
  POINTS_PER_CELL,
  REVIVE_CELLS_CLEARED,
  REVIVES_PER_GAME,
  SOLUTION_THRESHOLD,
  SOLUTION_WEIGHT_BOOST,
  STREAK_MULTIPLIER,
  TRAY_SIZE,
} from "../src/games/blast/constants.js";
import { boardFactors, dealTray, scoreFactors, streakFactors } from "../src/games/blast/generation.js";
import { blastGame, newBlastGame } from "../src/games/blast/index.js";
import { POOL, type PoolPiece } from "../src/games/blast/pieces.js";
import { randomPlacement } from "../src/games/blast/rules.js";
import type { BlastCommand, BlastState } from "../src/games/blast/types.js";
import { WORST_POSITIONS } from "../src/games/blast/worst-positions.js";
import { type Benchmark, duration, type Figure, processCpuMs, rate } from "./harness.js";

// ---------------------------------------------------------------------------------------------
// The baseline: a plain 2-D-array Block Blast.

type Grid = number[][];
interface PlainPiece {
  pool: number;
  cells: [number, number][];
  height: number;
  width: number;
  colour: number;
}
export interface PlainGame {
  grid: Grid;
  tray: (PlainPiece | null)[];
  score: number;
  streak: number;
  moves: number;
  revives: number;
  over: boolean;
  rng: RngState;
}

const PLAIN_SHAPES = POOL.map((p) => ({
  cells: p.shape.cells.map(([r, c]) => [r, c] as [number, number]),
  height: p.shape.height,
  width: p.shape.width,
}));

export function plainFits(grid: Grid, cells: readonly [number, number][], row: number, col: number): boolean {
  for (const [r, c] of cells) {
    const rr = row + r;
    const cc = col + c;
    if (rr < 0 || cc < 0 || rr >= GRID_SIZE || cc >= GRID_SIZE) return false;
    if ((grid[rr] as number[])[cc] !== 0) return false;
  }
  return true;
}

function plainCountFits(grid: Grid, shape: (typeof PLAIN_SHAPES)[number], limit: number): number {
  let n = 0;
  for (let r = 0; r + shape.height <= GRID_SIZE; r++) {
    for (let c = 0; c + shape.width <= GRID_SIZE; c++) {
      if (plainFits(grid, shape.cells, r, c) && ++n >= limit) return n;
    }
  }
  return n;
}

function plainRowFull(grid: Grid, r: number): boolean {
  for (let c = 0; c < GRID_SIZE; c++) if ((grid[r] as number[])[c] === 0) return false;
  return true;
}

function plainColFull(grid: Grid, c: number): boolean {
  for (let r = 0; r < GRID_SIZE; r++) if ((grid[r] as number[])[c] === 0) return false;
  return true;
}

/** Places, checks the rows and columns the shape touches, takes it off again. */
function plainCanEnableClear(grid: Grid, shape: (typeof PLAIN_SHAPES)[number]): boolean {
  for (let r = 0; r + shape.height <= GRID_SIZE; r++) {
    for (let c = 0; c + shape.width <= GRID_SIZE; c++) {
      if (!plainFits(grid, shape.cells, r, c)) continue;
      for (const [i, j] of shape.cells) (grid[r + i] as number[])[c + j] = 1;
      let done = false;
      for (let i = 0; i < shape.height && !done; i++) done = plainRowFull(grid, r + i);
      for (let j = 0; j < shape.width && !done; j++) done = plainColFull(grid, c + j);
      for (const [i, j] of shape.cells) (grid[r + i] as number[])[c + j] = 0;
      if (done) return true;
    }
  }
  return false;
}

function plainDeal(g: PlainGame): void {
  let filled = 0;
  for (const row of g.grid) for (const v of row) if (v !== 0) filled++;
  const a = scoreFactors(g.score);
  const b = streakFactors(g.streak);
  const c = boardFactors(1 - filled / (GRID_SIZE * GRID_SIZE));
  const pity = g.moves >= PITY_THRESHOLD;
  const solution = g.moves >= SOLUTION_THRESHOLD;
  const weights = POOL.map((piece, i) => {
    const shape = PLAIN_SHAPES[i] as (typeof PLAIN_SHAPES)[number];
    let w = piece.baseWeight;
    if (piece.tier === "easy") w *= a.easy * b.easy * c.easy;
    else if (piece.tier === "hard") w *= a.hard * b.hard * c.hard;
    if (pity && plainCountFits(g.grid, shape, PITY_MIN_POSITIONS) >= PITY_MIN_POSITIONS)
      w *= PITY_WEIGHT_BOOST;
    if (solution && plainCanEnableClear(g.grid, shape)) w *= SOLUTION_WEIGHT_BOOST;
    return Math.max(MIN_PIECE_WEIGHT, w);
  });
  const picked: number[] = [];
  for (let k = 0; k < TRAY_SIZE; k++) {
    const i = pickWeighted(g.rng, weights);
    weights[i] = 0;
    picked.push(i);
  }
  const colours = PIECE_COLOURS.map((_, i) => i);
  g.tray = picked.map((i) => {
    const shape = PLAIN_SHAPES[i] as (typeof PLAIN_SHAPES)[number];
    const colour = colours.splice(nextInt(g.rng, colours.length), 1)[0] as number;
    return { pool: i, cells: shape.cells, height: shape.height, width: shape.width, colour: colour + 1 };
  });
}

function plainBlocked(g: PlainGame): boolean {
  for (const p of g.tray) if (p && plainCountFits(g.grid, p, 1) > 0) return false;
  return true;
}

export function plainNewGame(seed: number): PlainGame {
  const g: PlainGame = {
    grid: Array.from({ length: GRID_SIZE }, () => new Array<number>(GRID_SIZE).fill(0)),
    tray: [],
    score: 0,
    streak: 0,
    moves: 0,
    revives: REVIVES_PER_GAME,
    over: false,
    rng: seedRng(seed),
  };
  plainDeal(g);
  g.over = plainBlocked(g);
  return g;
}

export function plainLegal(g: PlainGame): { piece: number; row: number; col: number }[] {
  const out: { piece: number; row: number; col: number }[] = [];
  g.tray.forEach((p, piece) => {
    if (!p) return;
    for (let row = 0; row + p.height <= GRID_SIZE; row++) {
      for (let col = 0; col + p.width <= GRID_SIZE; col++) {
        if (plainFits(g.grid, p.cells, row, col)) out.push({ piece, row, col });
      }
    }
  });
  return out;
}

export function plainPlace(g: PlainGame, piece: number, row: number, col: number): void {
  const p = g.tray[piece] as PlainPiece;
  for (const [r, c] of p.cells) (g.grid[row + r] as number[])[col + c] = p.colour;
  const rows: number[] = [];
  const cols: number[] = [];
  for (let i = 0; i < GRID_SIZE; i++) {
    if (plainRowFull(g.grid, i)) rows.push(i);
    if (plainColFull(g.grid, i)) cols.push(i);
  }
  const lines = rows.length + cols.length;
  if (lines > 0) {
    let cells = 0;
    for (let r = 0; r < GRID_SIZE; r++) {
      for (let c = 0; c < GRID_SIZE; c++) {
        if (rows.includes(r) || cols.includes(c)) {
          (g.grid[r] as number[])[c] = 0;
          cells++;
        }
      }
    }
    let empty = true;
    for (const line of g.grid) for (const v of line) if (v !== 0) empty = false;
    const base = POINTS_PER_CELL * cells + COMBO_BASE_BONUS + COMBO_INCREMENT * (lines - 1);
    g.score += Math.round(base * (1 + STREAK_MULTIPLIER * g.streak)) + (empty ? PERFECT_CLEAR_BONUS : 0);
    g.streak++;
    g.moves = 0;
  } else {
    g.streak = 0;
    g.moves++;
  }
  g.tray[piece] = null;
  if (g.tray.every((t) => t === null)) plainDeal(g);
  g.over = plainBlocked(g);
}

export function plainRevive(g: PlainGame): void {
  const filled: [number, number][] = [];
  for (let r = 0; r < GRID_SIZE; r++) {
    for (let c = 0; c < GRID_SIZE; c++) if ((g.grid[r] as number[])[c] !== 0) filled.push([r, c]);
  }
  const k = Math.min(REVIVE_CELLS_CLEARED, filled.length);
  for (let i = 0; i < k; i++) {
    const j = i + nextInt(g.rng, filled.length - i);
    const tmp = filled[i] as [number, number];
    filled[i] = filled[j] as [number, number];
    filled[j] = tmp;
  }
  for (const [r, c] of filled.slice(0, k)) (g.grid[r] as number[])[c] = 0;
  g.revives--;
  g.streak = 0;
  plainDeal(g);
  g.over = plainBlocked(g);
}

// ---------------------------------------------------------------------------------------------
// Random games on both sides, driven the same way: the player counts the fitting placements, draws
// one uniformly from its own seeded source and asks for that one (the n-th, piece by piece,
// row-major: the order of `legal`). Neither side builds the whole list of moves as objects; the
// games are move for move those of a player picking from the `legal` list.

/** The number of fitting placements of the tray's pieces. */
export function plainMoveCount(g: PlainGame): number {
  let n = 0;
  for (const p of g.tray) if (p) n += plainCountFits(g.grid, p, Infinity);
  return n;
}

/** The n-th fitting placement, piece by piece, row-major. */
export function plainMoveAt(g: PlainGame, n: number): { piece: number; row: number; col: number } {
  let left = n;
  for (let piece = 0; piece < g.tray.length; piece++) {
    const p = g.tray[piece];
    if (!p) continue;
    for (let row = 0; row + p.height <= GRID_SIZE; row++) {
      for (let col = 0; col + p.width <= GRID_SIZE; col++) {
        if (plainFits(g.grid, p.cells, row, col) && left-- === 0) return { piece, row, col };
      }
    }
  }
  throw new RangeError(`no placement ${n}`);
}

/** A fitting placement drawn uniformly with one `nextInt(rng, count)`. */
export function plainRandomMove(g: PlainGame, rng: RngState): { piece: number; row: number; col: number } {
  return plainMoveAt(g, nextInt(rng, plainMoveCount(g)));
}

export function playPlainGame(seed: number): PlainGame {
  const g = plainNewGame(seed);
  const player = seedRng(seed ^ 0xb1a57);
  for (;;) {
    if (g.over) {
      if (g.revives === 0) return g;
      plainRevive(g);
      continue;
    }
    const m = plainRandomMove(g, player);
    plainPlace(g, m.piece, m.row, m.col);
  }
}

export function playEngineGame(seed: number): BlastState {
  let state = newBlastGame(seed);
  const player = seedRng(seed ^ 0xb1a57);
  for (;;) {
    let move: BlastCommand | undefined;
    if (state.over) {
      if (state.revivesLeft === 0) return state;
      move = { cmd: "revive" };
    } else {
      move = randomPlacement(state, player);
    }
    if (!move) throw new Error("no placement drawn");
    const result = blastGame.apply(state, move);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
}

/** The positions met in seeded random games: what placement checks run against in play. */
interface Sample {
  bits: Bits;
  grid: Grid;
  /** The same position for each side, when the game is not over: legal-move listing runs on these. */
  game?: PlainGame;
  state?: BlastState;
}

function sampleBoards(count: number): Sample[] {
  const out: Sample[] = [];
  for (let seed = 0; out.length < count; seed++) {
    const g = plainNewGame(seed);
    const player = seedRng(seed);
    while (!g.over && out.length < count) {
      const moves = plainLegal(g);
      const m = moves[nextInt(player, moves.length)] as (typeof moves)[number];
      plainPlace(g, m.piece, m.row, m.col);
      const rows = g.grid.map((row) => row.map((v) => (v === 0 ? "." : "#")).join(""));
      const grid = g.grid.map((row) => row.slice());
      const sample: Sample = { bits: bitsFromText(rows), grid };
      if (!g.over) {
        sample.game = { ...g, grid, tray: g.tray.slice() };
        const tray = g.tray.map((p) =>
          p ? { shape: [...(POOL[p.pool] as PoolPiece).rows], colour: p.colour - 1 } : null,
        );
        const loaded = blastGame.load({ board: rows, tray, seed }, newBlastGame(seed));
        if (!loaded.ok) throw new Error(loaded.error.message);
        sample.state = loaded.value;
      }
      out.push(sample);
    }
  }
  return out;
}

export const benchmarks: Benchmark[] = [
  {
    name: "blast",
    run() {
      const boards = sampleBoards(64);
      // Every pool shape at every position that keeps it on the board, fitting or not: the
      // checks behind legal-move listing, game over and the adaptive systems' scans.
      const checksPerPass = boards.length * ANCHORS.reduce((n, a) => n + a.count, 0);
      let oursFits = 0;
      let plainFitsCount = 0;
      const [ours, plain] = pairedRates(
        () => {
          let n = 0;
          for (const b of boards) {
            const { lo, hi } = b.bits;
            for (const a of ANCHORS) {
              for (let k = 0; k < a.count; k++) if (fitsAnchor(lo, hi, a, k)) n++;
            }
          }
          oursFits = n;
          return checksPerPass;
        },
        () => {
          let n = 0;
          for (const b of boards) {
            for (const p of PLAIN_SHAPES) {
              for (let r = 0; r + p.height <= GRID_SIZE; r++) {
                for (let c = 0; c + p.width <= GRID_SIZE; c++) if (plainFits(b.grid, p.cells, r, c)) n++;
              }
            }
          }
          plainFitsCount = n;
          return checksPerPass;
        },
      );
      if (oursFits !== plainFitsCount) throw new Error(`fit counts differ: ${oursFits} vs ${plainFitsCount}`);

      // Every legal move of a position as a list of objects (a bot's or a client's `legal`).
      const positions = boards.filter((b) => b.state && b.game);
      let oursMoves = 0;
      let plainMoves = 0;
      const [oursLegal, plainLegalRate] = pairedRates(
        () => {
          let n = 0;
          for (const b of positions) n += blastGame.legal(b.state as BlastState).length;
          oursMoves = n;
          return positions.length;
        },
        () => {
          let n = 0;
          for (const b of positions) n += plainLegal(b.game as PlainGame).length;
          plainMoves = n;
          return positions.length;
        },
      );
      if (oursMoves !== plainMoves) throw new Error(`legal moves differ: ${oursMoves} vs ${plainMoves}`);

      // A deal with every adaptive system on (15 moves without a clear): 37 pieces scanned twice.
      const dealRng = seedRng(5);
      const plainGames = boards.map((b) => ({ ...plainNewGame(0), grid: b.grid, score: 8000, moves: 15 }));
      const [oursDeals, plainDeals] = pairedRates(
        () => {
          for (const b of boards) {
            dealTray(dealRng, { score: 8000, streak: 0, movesSinceLastClear: 15, board: b.bits });
          }
          return boards.length;
        },
        () => {
          for (const g of plainGames) plainDeal(g);
          return plainGames.length;
        },
      );

      // Both sides are warmed up on the same number of games first, so the JIT has compiled each
      // before its clock starts. Then rounds of one pass over 100 games per side (CPU time), the
      // two sides alternating which goes first; the median pass of each side is kept.
      const seeds = Array.from({ length: 100 }, (_, i) => i + 1);
      for (let i = 0; i < 3; i++) {
        for (const seed of seeds) {
          playEngineGame(seed + 1000);
          playPlainGame(seed + 1000);
        }
      }
      const enginePass = (): number => {
        const start = processCpuMs();
        for (const seed of seeds) playEngineGame(seed);
        return processCpuMs() - start;
      };
      const plainPass = (): number => {
        const start = processCpuMs();
        for (const seed of seeds) playPlainGame(seed);
        return processCpuMs() - start;
      };
      const engineTimes: number[] = [];
      const plainTimes: number[] = [];
      for (let round = 0; round < 9; round++) {
        if (round % 2 === 0) {
          engineTimes.push(enginePass());
          plainTimes.push(plainPass());
        } else {
          plainTimes.push(plainPass());
          engineTimes.push(enginePass());
        }
      }
      return [
        rate("blast.placement-checks", ours, "checks/s", "2-D array", plain),
        rate("blast.legal-moves", oursLegal, "lists/s", "2-D array", plainLegalRate),
        rate("blast.adaptive-deals", oursDeals, "trays/s", "2-D array", plainDeals),
        duration(
          "blast.random-game",
          median(engineTimes) / seeds.length,
          "ms/game",
          "2-D array",
          median(plainTimes) / seeds.length,
        ),
      ];
    },
  },
];

/**
 * One game by the computer player as `ai` plays it: a search at every placement, its first step
 * played. (Each tray's plan played in full was the same game until the work budget: a search the
 * budget cuts short may be refined by the next hint of the tray.)
 */
export function playAiGame(
  seed: number,
  revives: boolean,
  weights?: Weights,
): { placements: number; score: number; searches: number; positions: BlastState[]; times: number[] } {
  let state = newBlastGame(seed);
  if (!revives) state = { ...state, revivesLeft: 0 };
  let placements = 0;
  let searches = 0;
  const positions: BlastState[] = [];
  /** CPU milliseconds of each tray's first search (its hint at the tray's first placement). */
  const times: number[] = [];
  for (;;) {
    if (state.over) {
      if (state.revivesLeft === 0) break;
      const revived = blastGame.apply(state, { cmd: "revive" });
      if (!revived.ok) throw new Error(revived.error.message);
      state = revived.state;
      continue;
    }
    const full = state.tray.every((slot) => slot !== null);
    if (full) positions.push(state);
    const cpu = processCpuMs();
    const plan = planTray(state, weights);
    if (full) times.push(processCpuMs() - cpu);
    searches++;
    const step = plan.steps[0];
    if (!step) throw new Error("no placement hinted in a game that is not over");
    const placed = blastGame.apply(state, { cmd: "place", piece: step.piece, row: step.row, col: step.col });
    if (!placed.ok) throw new Error(placed.error.message);
    state = placed.state;
    placements++;
  }
  return { placements, score: state.score, searches, positions, times };
}

/** A game by a player drawing uniformly among the fitting placements (no revives). */
function playRandomGame(seed: number): { placements: number; score: number } {
  let state = { ...newBlastGame(seed), revivesLeft: 0 };
  const player = seedRng(seed ^ 0xb1a57);
  let placements = 0;
  for (;;) {
    const move = randomPlacement(state, player);
    if (!move) return { placements, score: state.score };
    const placed = blastGame.apply(state, move);
    if (!placed.ok) throw new Error(placed.error.message);
    state = placed.state;
    placements++;
  }
}

function strength(label: string, games: { placements: number; score: number }[]): Figure[] {
  const placements = games.map((g) => g.placements).sort((a, b) => a - b);
  const scores = games.map((g) => g.score).sort((a, b) => a - b);
  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  const mid = (xs: number[]) => xs[Math.floor(xs.length / 2)] as number;
  return [
    {
      name: `blast.ai-${label}.placements-mean`,
      value: mean(placements),
      unit: `placements (${games.length} games)`,
    },
    {
      name: `blast.ai-${label}.placements-median`,
      value: mid(placements),
      unit: `placements (${games.length} games)`,
    },
    { name: `blast.ai-${label}.score-mean`, value: mean(scores), unit: `points (${games.length} games)` },
    { name: `blast.ai-${label}.score-median`, value: mid(scores), unit: `points (${games.length} games)` },
  ];
}

benchmarks.push({
  name: "blast.ai",
  run() {
    const count = Math.max(1, Number(process.env.BENCH_GAMES ?? 20) || 20);
    const seeds = Array.from({ length: count }, (_, i) => i + 1);
    const off = seeds.map((seed) => playAiGame(seed, false));
    const on = seeds.map((seed) => playAiGame(seed, true));
    // Positions from its own play with a full tray: what a search meets at the start of each tray.
    const positions = off.flatMap((g) => g.positions).slice(0, 400);
    // The whole-tray search alone (look-ahead off), then the hint's full work (the search, and the
    // look-ahead over the best sequences), with its slowest single position in wall time.
    const plain = { ...DEFAULT_WEIGHTS, lookahead: 0, lookaheadLater: 0, expect: 0 };
    const searches = cpuRate(() => {
      for (const p of positions) planTray(p, plain);
      return positions.length;
    }, 2000);
    const hints = cpuRate(() => {
      for (const p of positions) planTray(p);
      return positions.length;
    }, 2000);
    // Wall time, and CPU time (which other work on a shared machine does not stretch).
    let slowest = 0;
    let slowestCpu = 0;
    for (const p of positions) {
      const cpu = processCpuMs();
      const start = performance.now();
      planTray(p);
      slowest = Math.max(slowest, performance.now() - start);
      slowestCpu = Math.max(slowestCpu, processCpuMs() - cpu);
    }
    // Every hint of the revives-off games (one a tray, at its first placement), CPU time.
    const times = off.flatMap((g) => g.times).sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] as number) * 10) / 10;
    // For scale: a player drawing uniformly among the fitting placements, the same seeds, revives off.
    const random = seeds.map((seed) => playRandomGame(seed));
    return [
      { name: "blast.ai.tray-searches", value: Math.round(searches), unit: "searches/s (CPU, 3 pieces)" },
      { name: "blast.ai.hints", value: Math.round(hints), unit: "hints/s (CPU, 3 pieces, look-ahead)" },
      { name: "blast.ai.slowest-hint", value: Math.round(slowest * 10) / 10, unit: "ms (wall, 3 pieces)" },
      {
        name: "blast.ai.slowest-hint-cpu",
        value: Math.round(slowestCpu * 10) / 10,
        unit: "ms (CPU, 3 pieces)",
      },
      {
        name: "blast.ai.game-hint-median",
        value: at(0.5),
        unit: `ms (CPU, every tray of the revives-off games: ${times.length})`,
      },
      { name: "blast.ai.game-hint-p99", value: at(0.99), unit: "ms (CPU, the same hints, 99th percentile)" },
      { name: "blast.ai.game-hint-max", value: at(1), unit: "ms (CPU, the same hints, slowest)" },
      ...strength("revives-off", off),
      ...strength("revives-on", on),
      ...strength("random-player", random).slice(0, 1),
    ];
  },
});

// The hint's work budget on the worst positions found (bench/blast-worst.ts): the slowest of them in
// CPU time (the least of five runs each, so a busy machine's interruptions count less) and its work.
benchmarks.push({
  name: "blast.ai-budget",
  run() {
    const states = WORST_POSITIONS.map((p) => {
      const loaded = blastGame.load(p.fields, newBlastGame(1));
      if (!loaded.ok) throw new Error(loaded.error.message);
      return loaded.value;
    });
    for (const s of states) planTray(s);
    let worst = 0;
    let worstWork = 0;
    for (const s of states) {
      let ms = Number.POSITIVE_INFINITY;
      let work = 0;
      for (let i = 0; i < 5; i++) {
        const start = processCpuMs();
        work = planTray(s).work;
        ms = Math.min(ms, processCpuMs() - start);
      }
      if (ms > worst) {
        worst = ms;
        worstWork = work;
      }
    }
    return [
      {
        name: "blast.ai-budget.worst-hint-cpu",
        value: Math.round(worst * 10) / 10,
        unit: `ms (CPU, slowest of ${states.length} worst positions, least of 5 runs)`,
      },
      {
        name: "blast.ai-budget.worst-hint-work",
        value: worstWork,
        unit: `placements tried (budget ${HINT_BUDGET})`,
      },
    ];
  },
});

/** Runs `fn` (which returns how many operations it did) for about `ms` of CPU time: operations per CPU second. */
function cpuRate(fn: () => number, ms: number): number {
  let ops = 0;
  const start = processCpuMs();
  let used = 0;
  while (used < ms) {
    ops += fn();
    used = processCpuMs() - start;
  }
  return (ops * 1000) / used;
}

/**
 * Operations per CPU second of each side, measured in alternating slices of about `ms` of CPU time
 * (after a warm-up of each), the median slice of each side kept.
 */
function pairedRates(ours: () => number, base: () => number, rounds = 9, ms = 60): [number, number] {
  cpuRate(ours, ms);
  cpuRate(base, ms);
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      a.push(cpuRate(ours, ms));
      b.push(cpuRate(base, ms));
    } else {
      b.push(cpuRate(base, ms));
      a.push(cpuRate(ours, ms));
    }
  }
  return [median(a), median(b)];
}

function median(xs: number[]): number {
  const sorted = xs.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
