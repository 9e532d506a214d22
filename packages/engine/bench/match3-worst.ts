/**
 * Match-3's worst positions for the computer player (docs/games/match3.md "Computer player", "The
 * bound"): positions `load` accepts on the largest fields (classic 100 x 100, Arcade 16 x 30), first
 * at random (several field densities and patterns, the brick anywhere it fits), then improved by
 * hill-climbing on the work the search would do without a budget (steps, as the budget counts them):
 * a few cells, the brick or the queue changed at a time, kept when the work does not drop.
 *
 * `npm run bench:engine` compiles it; then
 * `node packages/engine/dist-bench/bench/match3-worst.js [randoms] [climbs] [steps] [--write]`
 * prints one JSON line per stage and the worst positions found, with their CPU time for a hint
 * under the budget (several runs; the machine's load beside it); `--write` rewrites the regression
 * fixtures (src/games/match3/worst-positions.ts) with the worst FIXTURES positions.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { nextFloat, nextInt, pick, type RngState, seedRng } from "../src/core/rng.js";
import { findMatches } from "../src/games/match3/field.js";
import { resolveChains } from "../src/games/match3/gravity.js";
import {
  BRICK_SETS,
  bestLanding,
  type Match3State,
  match3Game,
  Search,
  SYMBOLS,
} from "../src/games/match3/index.js";
import type { WorstPosition } from "../src/games/match3/worst-positions.js";
import { cpuRuns } from "./harness.js";

/** The search without a budget would do this many steps at most here (a cap keeps a climb quick). */
const UNBOUNDED = 5_000_000;
const FIXTURES = 6;

export function loadPosition(position: WorstPosition): Match3State {
  const base = match3Game.newGame(position.config, 1);
  const loaded = match3Game.load({ ...position }, base);
  if (!loaded.ok) throw new Error(`load refused a fixture: ${loaded.error.message}`);
  return loaded.value;
}

/** The steps the search takes on `state` with no budget to stop it (what the search cost before one). */
export function unboundedSteps(state: Match3State): number {
  return bestLanding(state, new Search(UNBOUNDED)).steps;
}

/** CPU milliseconds of one hint, the median and the largest of `runs` runs after one warm-up. */
export function hintCpu(state: Match3State, runs = 5): { median: number; max: number } {
  const times = cpuRuns(() => match3Game.hint(state), runs);
  return {
    median: Math.round((times[Math.floor(runs / 2)] as number) * 10) / 10,
    max: Math.round((times[runs - 1] as number) * 10) / 10,
  };
}

/** A symbol for (r, c) that makes no run of three with the cells left of it and above it. */
function symbolFor(rng: RngState, rows: string[][], r: number, c: number): string {
  const banned = new Set<string>();
  const row = rows[r] as string[];
  if (c >= 2 && row[c - 1] !== "." && row[c - 1] === row[c - 2]) banned.add(row[c - 1] as string);
  if (c >= 1 && c + 1 < row.length && row[c - 1] !== "." && row[c - 1] === row[c + 1])
    banned.add(row[c - 1] as string);
  if (c + 2 < row.length && row[c + 1] !== "." && row[c + 1] === row[c + 2]) banned.add(row[c + 1] as string);
  const at = (rr: number) => rows[rr]?.[c] ?? ".";
  if (at(r - 1) !== "." && at(r - 1) === at(r - 2)) banned.add(at(r - 1));
  if (at(r - 1) !== "." && at(r - 1) === at(r + 1)) banned.add(at(r - 1));
  if (at(r + 1) !== "." && at(r + 1) === at(r + 2)) banned.add(at(r + 1));
  return pick(
    rng,
    SYMBOLS.filter((s) => !banned.has(s)),
  );
}

type Pattern = "uniform" | "pegs" | "shelves" | "stairs";
const PATTERNS: readonly Pattern[] = ["uniform", "pegs", "shelves", "stairs"];

/** Whether the pattern fills (r, c) at density `d` (the patterns give many ledges to lock on). */
function filled(rng: RngState, pattern: Pattern, d: number, r: number, c: number, height: number): boolean {
  if (r < 4) return false;
  switch (pattern) {
    case "uniform":
      return nextFloat(rng) < d;
    case "pegs":
      return r % 4 === 3 && c % 3 === r % 3 && nextFloat(rng) < 0.5 + d;
    case "shelves":
      return r % 5 === 4 && nextFloat(rng) < 0.6 + d / 2;
    case "stairs":
      return (r + c) % 7 === 0 && r < height && nextFloat(rng) < 0.7 + d / 3;
  }
}

export interface Shape {
  config: WorstPosition["config"];
  width: number;
  height: number;
  arcade: boolean;
}

export const SHAPES: readonly Shape[] = [
  { config: { input: "100 100 H^*@ V~^* H@@~ V**^ H~^~" }, width: 100, height: 100, arcade: false },
  {
    config: { mode: "arcade", width: 16, height: 30, bricks: "classic", level: 1 },
    width: 16,
    height: 30,
    arcade: true,
  },
];

function randomBrick(rng: RngState): string {
  const set = BRICK_SETS.classic;
  return (
    pick(rng, set.orientations) + pick(rng, set.symbols) + pick(rng, set.symbols) + pick(rng, set.symbols)
  );
}

/** The cells of a brick `text` with cell A at (r, c). */
function brickCells(text: string, r: number, c: number): [number, number, string][] {
  return text[0] === "H"
    ? [0, 1, 2].map((k) => [r, c + k, text[k + 1] as string])
    : [0, 1, 2].map((k) => [r + k, c, text[k + 1] as string]);
}

/** A position `load` accepts, or null when this draw broke a rule (a run, the brick on a cell). */
function tryLoad(shape: Shape, rows: string[][], active: string, at: [number, number], queue: string[]) {
  const position: WorstPosition = {
    config: shape.config,
    board: rows.map((row) => row.join("")),
    active: { cells: brickCells(active, at[0], at[1]) as WorstPosition["active"]["cells"] },
    queue,
  };
  // Arcade's fields are settled by gravity with no run left: let them fall and chain first.
  if (shape.arcade) resolveChains(position.board);
  if (findMatches(position.board).size > 0) return null;
  const base = match3Game.newGame(shape.config, 1);
  const loaded = match3Game.load({ ...position }, base);
  return loaded.ok ? { position, state: loaded.value } : null;
}

export interface Candidate {
  position: WorstPosition;
  state: Match3State;
  steps: number;
}

export function randomPosition(rng: RngState, shape: Shape): Candidate {
  for (;;) {
    const pattern = pick(rng, PATTERNS);
    const d = nextFloat(rng) * 0.6;
    const rows: string[][] = Array.from({ length: shape.height }, () => new Array(shape.width).fill("."));
    for (let r = 0; r < shape.height; r++) {
      for (let c = 0; c < shape.width; c++) {
        if (filled(rng, pattern, d, r, c, shape.height))
          (rows[r] as string[])[c] = symbolFor(rng, rows, r, c);
      }
    }
    const active = randomBrick(rng);
    // Mostly the spawn (where real play starts), sometimes anywhere.
    const centre = Math.floor((shape.width - 1) / 2);
    const at: [number, number] =
      nextInt(rng, 3) > 0
        ? [0, active[0] === "H" ? centre - 1 : centre]
        : [nextInt(rng, shape.height - 2), nextInt(rng, shape.width - 2)];
    for (const [r, c] of brickCells(active, at[0], at[1])) if (rows[r]) (rows[r] as string[])[c] = ".";
    const queue = Array.from({ length: shape.arcade ? 3 : 1 + nextInt(rng, 5) }, () => randomBrick(rng));
    const loaded = tryLoad(shape, rows, active, at, queue);
    if (loaded) return { ...loaded, steps: unboundedSteps(loaded.state) };
  }
}

/** A small change: a few cells, or the brick moved, or one brick of the queue redrawn. */
export function mutate(rng: RngState, shape: Shape, from: Candidate): Candidate | null {
  const rows = from.position.board.map((row) => row.split(""));
  const cells = from.position.active.cells;
  let active = cells.map((c) => c[2]).join("");
  active = (cells[0][0] === cells[1][0] ? "H" : "V") + active;
  let at: [number, number] = [cells[0][0], cells[0][1]];
  const queue = from.position.queue.slice();
  const kind = nextInt(rng, 10);
  if (kind < 7) {
    const n = 1 + nextInt(rng, 12);
    for (let k = 0; k < n; k++) {
      const r = nextInt(rng, shape.height);
      const c = nextInt(rng, shape.width);
      (rows[r] as string[])[c] = nextInt(rng, 3) === 0 ? "." : symbolFor(rng, rows, r, c);
    }
  } else if (kind < 9) {
    at = [nextInt(rng, shape.height - 2), nextInt(rng, shape.width - 2)];
    if (nextInt(rng, 2) === 0) active = randomBrick(rng);
  } else {
    queue[nextInt(rng, queue.length)] = randomBrick(rng);
  }
  for (const [r, c] of brickCells(active, at[0], at[1])) if (rows[r]) (rows[r] as string[])[c] = ".";
  const loaded = tryLoad(shape, rows, active, at, queue);
  return loaded ? { ...loaded, steps: unboundedSteps(loaded.state) } : null;
}

function main(): void {
  const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const randoms = Number(args[0] ?? 60);
  const climbs = Number(args[1] ?? 4);
  const climbSteps = Number(args[2] ?? 150);
  const write = process.argv.includes("--write");
  const rng = seedRng(2026);
  const found: Candidate[] = [];
  const loadBefore = loadavg()[0] ?? 0;
  for (const shape of SHAPES) {
    const randomOnes = Array.from({ length: randoms }, () => randomPosition(rng, shape)).sort(
      (a, b) => b.steps - a.steps,
    );
    const stepsSeen = randomOnes.map((c) => c.steps);
    process.stdout.write(
      `${JSON.stringify({
        stage: "random",
        field: `${shape.width}x${shape.height}`,
        positions: randoms,
        unboundedSteps: { max: stepsSeen[0], median: stepsSeen[Math.floor(randoms / 2)] },
      })}\n`,
    );
    for (let k = 0; k < climbs; k++) {
      let current = randomOnes[k] as Candidate;
      for (let i = 0; i < climbSteps; i++) {
        const next = mutate(rng, shape, current);
        if (next && next.steps >= current.steps) current = next;
      }
      process.stdout.write(
        `${JSON.stringify({ stage: "climb", field: `${shape.width}x${shape.height}`, start: (randomOnes[k] as Candidate).steps, end: current.steps })}\n`,
      );
      found.push(current);
    }
    found.push(...randomOnes.slice(climbs, climbs + 2));
  }
  found.sort((a, b) => b.steps - a.steps);
  for (const c of found) {
    const cpu = hintCpu(c.state);
    const bounded = bestLanding(c.state);
    process.stdout.write(
      `${JSON.stringify({ stage: "worst", field: `${c.state.board[0]?.length}x${c.state.board.length}`, unboundedSteps: c.steps, steps: bounded.steps, complete: bounded.complete, cpuMs: cpu })}\n`,
    );
  }
  process.stdout.write(
    `${JSON.stringify({ load: { before: loadBefore, after: loadavg()[0] ?? 0, cores: cpus().length } })}\n`,
  );
  if (write) {
    // The worst of each field: Arcade's never reach the budget, but stay the worst it can give.
    const arcade = found.filter((c) => "mode" in c.position.config);
    const classic = found.filter((c) => !("mode" in c.position.config));
    const worst = [...classic.slice(0, FIXTURES - 1), ...arcade.slice(0, 1)].map((c) => c.position);
    const path = fileURLToPath(new URL("../../src/games/match3/worst-positions.ts", import.meta.url));
    writeFileSync(
      path,
      `${HEADER}export const WORST_POSITIONS: WorstPosition[] = ${JSON.stringify(worst, null, 1)};\n`,
    );
  }
}

const HEADER = `/**
 * The worst positions found for Match-3's computer player (bench/match3-worst.ts, which rewrites
 * this file with --write): regression fixtures for the work bound (computer.test.ts).
 */
import type { ArcadeConfig, ClassicConfig } from "./types.js";

export interface WorstPosition {
  config: ClassicConfig | ArcadeConfig;
  board: string[];
  active: { cells: [[number, number, string], [number, number, string], [number, number, string]] };
  queue: string[];
}

`;

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
