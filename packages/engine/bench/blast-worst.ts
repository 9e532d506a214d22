/**
 * The Block Blast hint's worst positions, found by search (docs/games/blast.md "Computer player"):
 * random loaded positions (boards at several fill levels, trays of three pieces from the 37
 * orientations, scores, streaks and moves since a clear that switch every generator system on), then
 * a hill-climb from the costliest of them on the hint's CPU time (cells toggled, a piece swapped,
 * score, streak and moves changed). Every position is loaded through the protocol's `load`, so
 * only positions a client could send are met. Prints one JSON line per new worst and a summary:
 * each position's work (HINT_BUDGET's unit, deterministic) and CPU time with the budget, and the
 * CPU time without it (BLAST_WORST_UNBOUNDED=1; slow: seconds a position).
 *
 * `npx tsc -b packages/engine/bench && node packages/engine/dist-bench/bench/blast-worst.js`;
 * BLAST_WORST_RANDOM (default 300) random positions, BLAST_WORST_CLIMB (default 200) climb steps,
 * BLAST_WORST_SEED the source's seed. The positions it keeps are in
 * src/games/blast/worst-positions.ts (computer-budget.test.ts checks each).
 */
import { loadavg } from "node:os";
import { nextInt, type RngState, seedRng } from "../src/core/rng.js";
import { HINT_BUDGET, planTray } from "../src/games/blast/computer.js";
import { blastGame, newBlastGame } from "../src/games/blast/index.js";
import { POOL } from "../src/games/blast/pieces.js";
import type { BlastState } from "../src/games/blast/types.js";
import { processCpuMs } from "./harness.js";

export interface Fields {
  board: string[];
  tray: ({ shape: string[]; colour: number } | null)[];
  score: number;
  streak: number;
  movesSinceLastClear: number;
  revivesLeft: number;
}

export function loadFields(f: Fields): BlastState | undefined {
  const loaded = blastGame.load(f as unknown as Record<string, unknown>, newBlastGame(1));
  return loaded.ok && !loaded.value.over ? loaded.value : undefined;
}

const SCORES = [0, 1000, 3000, 5000, 8000, 12000, 20000, 50000, 200000];

function randomTray(rng: RngState): Fields["tray"] {
  const picked: number[] = [];
  while (picked.length < 3) {
    const p = nextInt(rng, POOL.length);
    if (!picked.includes(p)) picked.push(p);
  }
  return picked.map((p, i) => ({ shape: [...(POOL[p]?.rows ?? [])], colour: i }));
}

function randomFields(rng: RngState): Fields {
  const fill = [0, 0.05, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65][nextInt(rng, 8)] as number;
  const board: string[] = [];
  for (let r = 0; r < 8; r++) {
    let row = "";
    for (let c = 0; c < 8; c++)
      row += nextInt(rng, 1000) < fill * 1000 ? "ABCDEFGHIJ"[nextInt(rng, 10)] : ".";
    board.push(row);
  }
  const clearing = nextInt(rng, 3) === 0;
  return {
    board,
    tray: randomTray(rng),
    score: SCORES[nextInt(rng, SCORES.length)] as number,
    streak: clearing ? 1 + nextInt(rng, 12) : 0,
    movesSinceLastClear: clearing ? 0 : ([0, 3, 7, 10, 15, 30][nextInt(rng, 6)] as number),
    revivesLeft: 3,
  };
}

function mutate(f: Fields, rng: RngState): Fields {
  const g: Fields = { ...f, board: f.board.slice(), tray: f.tray.slice() };
  const kind = nextInt(rng, 6);
  if (kind <= 2) {
    for (let k = 1 + nextInt(rng, 3); k > 0; k--) {
      const r = nextInt(rng, 8);
      const c = nextInt(rng, 8);
      const row = g.board[r] as string;
      g.board[r] = row.slice(0, c) + (row[c] === "." ? "B" : ".") + row.slice(c + 1);
    }
  } else if (kind === 3) {
    const s = nextInt(rng, 3);
    const p = nextInt(rng, POOL.length);
    const shape = [...(POOL[p]?.rows ?? [])];
    if (!g.tray.some((t) => t && t.shape.join("/") === shape.join("/"))) g.tray[s] = { shape, colour: s };
  } else if (kind === 4) {
    g.score = SCORES[nextInt(rng, SCORES.length)] as number;
  } else if (nextInt(rng, 2) === 0) {
    g.streak = nextInt(rng, 12);
    g.movesSinceLastClear = 0;
  } else {
    g.streak = 0;
    g.movesSinceLastClear = nextInt(rng, 31);
  }
  return g;
}

/** The hint's work and its CPU time, the least of `runs` runs (the search is deterministic). */
export function measure(state: BlastState, runs = 2, budget = HINT_BUDGET): { work: number; ms: number } {
  let ms = Number.POSITIVE_INFINITY;
  let work = 0;
  for (let i = 0; i < runs; i++) {
    const start = processCpuMs();
    work = planTray(state, undefined, budget).work;
    ms = Math.min(ms, processCpuMs() - start);
  }
  return { work, ms };
}

function main(): void {
  const rng = seedRng(Number(process.env.BLAST_WORST_SEED ?? 20) || 20);
  const randomCount = Number(process.env.BLAST_WORST_RANDOM ?? 300) || 300;
  const climbSteps = Number(process.env.BLAST_WORST_CLIMB ?? 200) || 200;
  const unbounded = process.env.BLAST_WORST_UNBOUNDED === "1";
  const found: { fields: Fields; work: number; ms: number; how: string }[] = [];
  // Warm the JIT first, so the first positions are not charged its compile time.
  for (let i = 0; i < 20; i++) {
    const s = loadFields(randomFields(rng));
    if (s) planTray(s);
  }
  const report = (tag: string, fields: Fields, m: { work: number; ms: number }) => {
    const line: Record<string, unknown> = { tag, work: m.work, ms: Math.round(m.ms * 10) / 10 };
    if (unbounded) {
      const state = loadFields(fields) as BlastState;
      const u = measure(state, 1, Number.POSITIVE_INFINITY);
      line.unboundedWork = u.work;
      line.unboundedMs = Math.round(u.ms);
    }
    line.load = loadavg()[0];
    line.fields = fields;
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
  let tried = 0;
  let worstMs = 0;
  let worstWork = 0;
  while (tried < randomCount) {
    const fields = randomFields(rng);
    const state = loadFields(fields);
    if (!state) continue;
    tried++;
    const m = measure(state);
    found.push({ fields, ...m, how: "random" });
    if (m.ms > worstMs || m.work > worstWork) {
      worstMs = Math.max(worstMs, m.ms);
      worstWork = Math.max(worstWork, m.work);
      report(`random ${tried}`, fields, m);
    }
  }
  // Hill-climbs on CPU time from the five costliest random positions.
  found.sort((a, b) => b.ms - a.ms);
  const starts = found.slice(0, 5);
  for (const [k, start] of starts.entries()) {
    let cur = start;
    for (let step = 0; step < climbSteps / starts.length; step++) {
      const fields = mutate(cur.fields, rng);
      const state = loadFields(fields);
      if (!state) continue;
      const m = measure(state);
      if (m.ms > cur.ms) {
        cur = { fields, ...m, how: `climb ${k}` };
        if (m.ms > worstMs) {
          worstMs = m.ms;
          report(`climb ${k} step ${step}`, fields, m);
        }
      }
    }
    found.push(cur);
  }
  found.sort((a, b) => b.ms - a.ms);
  const works = found.map((f) => f.work).sort((a, b) => a - b);
  process.stdout.write(
    `${JSON.stringify({
      positions: found.length,
      budget: HINT_BUDGET,
      atBudget: works.filter((w) => w >= HINT_BUDGET).length,
      maxWork: works[works.length - 1],
      worstMs: Math.round(worstMs * 10) / 10,
      load: loadavg()[0],
    })}\n`,
  );
  for (const f of found.slice(0, 8)) report(`worst ${f.how}`, f.fields, f);
}

if (process.argv[1]?.endsWith("blast-worst.js")) main();
