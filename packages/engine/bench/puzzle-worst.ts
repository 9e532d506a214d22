/**
 * Block Puzzle's worst positions for the computer player (docs/games/puzzle.md "Computer player",
 * "The bound"): boards and trays `load` accepts on the largest board, 20 x 20, first at random (open
 * to nearly full boards, and nearly full ones with lines one cell short, where the first placement
 * clears lines and opens the board up), then improved by hill-climbing on the work the search would
 * do without its limit (rows placed or evaluated, as the limit counts them): a few cells or one
 * block of the tray changed at a time, kept when the work does not drop.
 *
 * `npm run bench:engine` compiles it; then
 * `node packages/engine/dist-bench/bench/puzzle-worst.js [randoms] [climbs] [steps] [--write]`
 * prints one JSON line per stage and the worst positions found, with their CPU time for a hint
 * under the limit (several runs; the machine's load beside it); `--write` rewrites the regression
 * fixtures (src/games/puzzle/worst-positions.ts) with the worst FIXTURES positions.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { boardFromText } from "../src/core/grid.js";
import { nextFloat, nextInt, pick, type RngState, seedRng } from "../src/core/rng.js";
import { hint } from "../src/games/puzzle/computer.js";
import { load, newGame } from "../src/games/puzzle/index.js";
import { PIECE_POOL } from "../src/games/puzzle/pool.js";
import { searchTray } from "../src/games/puzzle/search.js";
import type { PuzzleState } from "../src/games/puzzle/types.js";
import type { WorstPosition } from "../src/games/puzzle/worst-positions.js";
import { cpuRuns } from "./harness.js";

/** The search without its limit stops here at most (a cap keeps a climb quick). */
const UNBOUNDED = 40_000_000;
const FIXTURES = 6;
const SIZE = 20;

export function loadPosition(position: WorstPosition): PuzzleState {
  const base = newGame({ rows: position.board.length, cols: position.board[0]?.length ?? 0 }, 1);
  const loaded = load({ board: position.board, tray: position.tray, config: base.config }, base);
  if (!loaded.ok) throw new Error(`load refused a fixture: ${loaded.error.message}`);
  return loaded.value;
}

/** The work the search does on `state` with no limit to stop it (what it cost before the limit). */
export function unboundedWork(state: PuzzleState): number {
  const plan = searchTray(boardFromText(state.board), state.config.cols, state.tray, undefined, {
    work: UNBOUNDED,
    fallback: UNBOUNDED,
  });
  return plan?.work ?? 0;
}

/** CPU milliseconds of one hint, the median and the largest of `runs` runs after one warm-up. */
export function hintCpu(state: PuzzleState, runs = 5): { median: number; max: number } {
  const times = cpuRuns(() => hint(state), runs);
  return {
    median: Math.round((times[Math.floor(runs / 2)] as number) * 10) / 10,
    max: Math.round((times[runs - 1] as number) * 10) / 10,
  };
}

export interface Candidate {
  position: WorstPosition;
  state: PuzzleState;
  work: number;
}

/** Small blocks first: they fit in many places once lines clear. */
const SMALL = PIECE_POOL.filter((p) => p.masks.size <= 3);

function randomShape(rng: RngState): string[] {
  const piece = nextInt(rng, 3) > 0 ? pick(rng, SMALL) : pick(rng, PIECE_POOL);
  return piece.rows.slice();
}

/** Breaks every full line by emptying one of its cells. */
function noFullLines(rng: RngState, rows: string[][]): void {
  for (const row of rows) if (row.every((c) => c !== ".")) row[nextInt(rng, row.length)] = ".";
  for (let c = 0; c < SIZE; c++) {
    if (rows.every((row) => row[c] !== ".")) (rows[nextInt(rng, rows.length)] as string[])[c] = ".";
  }
}

function tryLoad(rows: string[][], tray: string[][]): Candidate | null {
  const position: WorstPosition = {
    board: rows.map((r) => r.join("")),
    tray: tray.map((shape) => ({ shape })),
  };
  const base = newGame({ rows: SIZE, cols: SIZE }, 1);
  const loaded = load({ board: position.board, tray: position.tray }, base);
  if (!loaded.ok || loaded.value.over) return null;
  return { position, state: loaded.value, work: unboundedWork(loaded.value) };
}

/** A line of the pool, vertical or horizontal, as tray rows. */
function lineShape(length: number, vertical: boolean): string[] {
  return vertical ? Array.from({ length }, () => "#") : ["#".repeat(length)];
}

/**
 * A full board with one slot a line block fills (clearing up to 5 lines at once) and a few loose
 * holes so no line is full: few placements now, hundreds once the slot is filled.
 */
function slotPosition(rng: RngState): Candidate | null {
  const rows = Array.from({ length: SIZE }, () => Array.from({ length: SIZE }, () => "#"));
  const length = 3 + nextInt(rng, 3);
  const vertical = nextInt(rng, 2) === 0;
  const r0 = nextInt(rng, SIZE - (vertical ? length : 0));
  const c0 = nextInt(rng, SIZE - (vertical ? 0 : length));
  for (let k = 0; k < length; k++) (rows[r0 + (vertical ? k : 0)] as string[])[c0 + (vertical ? 0 : k)] = ".";
  noFullLines(rng, rows);
  const tray = [lineShape(length, vertical), randomShape(rng), randomShape(rng)];
  return tryLoad(rows, tray);
}

export function randomPosition(rng: RngState): Candidate {
  for (;;) {
    if (nextInt(rng, 2) === 0) {
      const slot = slotPosition(rng);
      if (slot) return slot;
      continue;
    }
    const kind = nextInt(rng, 3);
    const d = kind === 0 ? nextFloat(rng) : 0.85 + nextFloat(rng) * 0.15;
    const rows = Array.from({ length: SIZE }, () =>
      Array.from({ length: SIZE }, () => (nextFloat(rng) < d ? "#" : ".")),
    );
    if (kind === 2) {
      // Lines one cell short: a small block there clears several at once.
      for (let k = 0; k < 1 + nextInt(rng, 6); k++) {
        const r = nextInt(rng, SIZE);
        (rows[r] as string[]).fill("#");
        (rows[r] as string[])[nextInt(rng, SIZE)] = ".";
      }
    }
    noFullLines(rng, rows);
    const tray = [randomShape(rng), randomShape(rng), randomShape(rng)];
    const loaded = tryLoad(rows, tray);
    if (loaded) return loaded;
  }
}

export function mutate(rng: RngState, from: Candidate): Candidate | null {
  const rows = from.position.board.map((r) => r.split(""));
  const tray = from.position.tray.map((b) => b.shape.slice());
  if (nextInt(rng, 4) > 0) {
    const n = 1 + nextInt(rng, 8);
    for (let k = 0; k < n; k++) {
      const row = rows[nextInt(rng, SIZE)] as string[];
      const c = nextInt(rng, SIZE);
      row[c] = row[c] === "." ? "#" : ".";
    }
    noFullLines(rng, rows);
  } else {
    tray[nextInt(rng, 3)] = randomShape(rng);
  }
  return tryLoad(rows, tray);
}

function main(): void {
  const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const randoms = Number(args[0] ?? 200);
  const climbs = Number(args[1] ?? 4);
  const climbSteps = Number(args[2] ?? 150);
  const write = process.argv.includes("--write");
  const rng = seedRng(2026);
  const loadBefore = loadavg()[0] ?? 0;
  const randomOnes = Array.from({ length: randoms }, () => randomPosition(rng)).sort(
    (a, b) => b.work - a.work,
  );
  const seen = randomOnes.map((c) => c.work);
  process.stdout.write(
    `${JSON.stringify({ stage: "random", field: "20x20", positions: randoms, unboundedWork: { max: seen[0], median: seen[Math.floor(randoms / 2)] } })}\n`,
  );
  const found: Candidate[] = [];
  for (let k = 0; k < climbs; k++) {
    let current = randomOnes[k] as Candidate;
    for (let i = 0; i < climbSteps; i++) {
      const next = mutate(rng, current);
      if (next && next.work >= current.work) current = next;
    }
    process.stdout.write(
      `${JSON.stringify({ stage: "climb", start: (randomOnes[k] as Candidate).work, end: current.work })}\n`,
    );
    found.push(current);
  }
  found.push(...randomOnes.slice(climbs, climbs + 4));
  found.sort((a, b) => b.work - a.work);
  for (const c of found) {
    const plan = searchTray(boardFromText(c.state.board), SIZE, c.state.tray);
    process.stdout.write(
      `${JSON.stringify({ stage: "worst", unboundedWork: c.work, work: plan?.work, stopped: plan?.stopped, cpuMs: hintCpu(c.state) })}\n`,
    );
  }
  process.stdout.write(
    `${JSON.stringify({ load: { before: loadBefore, after: loadavg()[0] ?? 0, cores: cpus().length } })}\n`,
  );
  if (write) {
    const worst = found.slice(0, FIXTURES).map((c) => c.position);
    const path = fileURLToPath(new URL("../../src/games/puzzle/worst-positions.ts", import.meta.url));
    writeFileSync(
      path,
      `${HEADER}export const WORST_POSITIONS: WorstPosition[] = ${JSON.stringify(worst)};\n`,
    );
  }
}

const HEADER = `/**
 * The worst positions found for Block Puzzle's computer player (bench/puzzle-worst.ts, which
 * rewrites this file with --write): regression fixtures for the work limit (search.test.ts).
 */
export interface WorstPosition {
  board: string[];
  tray: { shape: string[] }[];
}

`;

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
