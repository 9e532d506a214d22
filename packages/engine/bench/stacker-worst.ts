/**
 * Block Stacker: the positions that cost the hint the most work (docs/games/stacker.md "Bounded
 * work"). Random loaded 30 x 30 positions (random boards of every density, the falling piece put
 * anywhere it fits, random queue and hold), then a hill-climb from the worst of them on the work
 * the hint counts without its cap (cells toggled, the piece moved, the queue and hold changed), kept
 * when the work does not fall. Prints the worst positions as JSON lines with their work uncapped and
 * capped and the CPU time of a hint on each (median of 5, after a warm-up).
 *
 *   npx tsc -b packages/engine/bench && node packages/engine/dist-bench/bench/stacker-worst.js [random] [steps] [seed]
 *
 * The positions it prints are kept as fixtures in src/games/stacker/worst-positions.ts.
 */
import { nextInt, type RngState, seedRng } from "../src/core/rng.js";
import { hint } from "../src/games/stacker/computer.js";
import {
  MAX_SIZE,
  PIECE_TYPES,
  type PieceType,
  type StackerState,
  spawnCells,
  stackerGame,
} from "../src/games/stacker/index.js";
import { cpuRuns } from "./harness.js";

const N = MAX_SIZE;
const RANDOM = Number(process.argv[2] ?? 300);
const STEPS = Number(process.argv[3] ?? 1500);
const SEED = Number(process.argv[4] ?? 1);

export interface Position {
  board: string[];
  active: { type: PieceType; rotation: number; cells: [number, number][] } | null;
  next: PieceType[];
  hold: PieceType | null;
}

const base = stackerGame.newGame({ size: N }, 1);

function loaded(p: Position): StackerState | null {
  const { active, ...rest } = p;
  const raw = active ? { ...rest, active } : rest;
  const r = stackerGame.load({ config: { size: N }, ...raw, canHold: true }, base);
  return r.ok && !r.value.over ? r.value : null;
}

export function work(state: StackerState, searchWork?: number): number {
  const spent = { work: 0 };
  hint(state, { spent, ...(searchWork === undefined ? {} : { searchWork }) });
  return spent.work;
}

/** CPU ms of one hint, median of 5 after a warm-up. */
const cpuMs = (state: StackerState): number => cpuRuns(() => hint(state), 5)[2] as number;

const piece = (rng: RngState) => PIECE_TYPES[nextInt(rng, PIECE_TYPES.length)] as PieceType;

/** The falling piece somewhere it fits: a random spot of the board, else spawned from the queue. */
function placePiece(rng: RngState, p: Position): Position {
  const type = piece(rng);
  const spawn = spawnCells(type, N);
  for (let tries = 0; tries < 40; tries++) {
    const dr = nextInt(rng, N);
    const dc = nextInt(rng, N) - (N >> 1);
    const cells = spawn.map(([r, c]) => [r + dr, c + dc] as [number, number]);
    const q = { ...p, active: { type, rotation: 0, cells } };
    if (loaded(q)) return q;
  }
  return { ...p, active: null };
}

function randomPosition(rng: RngState): Position {
  const density = nextInt(rng, 60);
  const roof = nextInt(rng, N);
  const board = Array.from({ length: N }, (_, r) => {
    let line = "";
    for (let c = 0; c < N; c++) line += r >= roof && nextInt(rng, 100) < density ? "X" : ".";
    return line.length === N && !line.includes(".") ? `.${line.slice(1)}` : line;
  });
  const p: Position = {
    board,
    active: null,
    next: [piece(rng), piece(rng), piece(rng)],
    hold: nextInt(rng, 8) === 0 ? null : piece(rng),
  };
  return placePiece(rng, p);
}

function mutate(rng: RngState, p: Position): Position {
  const roll = nextInt(rng, 10);
  if (roll < 7) {
    const board = p.board.slice();
    for (let k = 1 + nextInt(rng, 4); k > 0; k--) {
      const r = nextInt(rng, N);
      const c = nextInt(rng, N);
      const line = board[r] as string;
      board[r] = line.slice(0, c) + (line[c] === "." ? "X" : ".") + line.slice(c + 1);
    }
    return { ...p, board };
  }
  if (roll < 9) return placePiece(rng, p);
  return { ...p, next: [piece(rng), piece(rng), piece(rng)], hold: piece(rng) };
}

const rng = seedRng(SEED);
const found: { p: Position; w: number }[] = [];
for (let i = 0; i < RANDOM; i++) {
  const p = randomPosition(rng);
  const s = loaded(p);
  if (s) found.push({ p, w: work(s, Number.POSITIVE_INFINITY) });
}
found.sort((a, b) => b.w - a.w);
const randomWorst = found[0] as { p: Position; w: number };
const report = (label: string, p: Position) => {
  const s = loaded(p) as StackerState;
  const line = {
    label,
    uncappedWork: work(s, Number.POSITIVE_INFINITY),
    work: work(s),
    cpuMs: Math.round(cpuMs(s) * 100) / 100,
    position: p,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
};
report(`worst of ${RANDOM} random`, randomWorst.p);
// Hill-climb from the three worst random positions.
for (const start of found.slice(0, 3)) {
  let cur = start;
  for (let step = 0; step < STEPS; step++) {
    const q = mutate(rng, cur.p);
    const s = loaded(q);
    if (!s) continue;
    const w = work(s, Number.POSITIVE_INFINITY);
    if (w >= cur.w) cur = { p: q, w };
  }
  report(`hill-climb ${STEPS} steps from random ${start.w}`, cur.p);
}
