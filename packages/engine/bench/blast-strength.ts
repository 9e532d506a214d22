/**
 * The Blast computer player's strength where players are, played the way `ai` plays: a hint at
 * every placement, revives off, BENCH_GAMES seeds (default 60) from BENCH_FIRST (default 1). Prints one JSON line per game
 * (placements, score, the slowest tray-first hint in CPU time), then a summary.
 * `node packages/engine/dist-bench/bench/blast-strength.js` after `tsc -b packages/engine/bench`.
 */
import { loadavg } from "node:os";
import { hint } from "../src/games/blast/computer.js";
import { blastGame, newBlastGame } from "../src/games/blast/index.js";
import type { BlastCommand, BlastState } from "../src/games/blast/types.js";
import { processCpuMs } from "./harness.js";

export function playHintGame(seed: number): { placements: number; score: number; times: number[] } {
  let state: BlastState = { ...newBlastGame(seed), revivesLeft: 0 };
  let placements = 0;
  const times: number[] = [];
  for (;;) {
    const full = state.tray.every((slot) => slot !== null);
    const start = processCpuMs();
    const h = hint(state);
    if (full) times.push(processCpuMs() - start);
    if (!h.ok) break;
    const played = blastGame.apply(state, h.value.commands[0] as BlastCommand);
    if (!played.ok) throw new Error(played.error.message);
    state = played.state;
    placements++;
  }
  return { placements, score: state.score, times };
}

const count = Math.max(1, Number(process.env.BENCH_GAMES ?? 60) || 60);
const first = Math.max(1, Number(process.env.BENCH_FIRST ?? 1) || 1);
const games: { placements: number; score: number }[] = [];
const times: number[] = [];
const loadBefore = loadavg()[0];
for (let seed = first; seed < first + count; seed++) {
  const g = playHintGame(seed);
  games.push(g);
  times.push(...g.times);
  const max = Math.max(...g.times);
  process.stdout.write(
    `${JSON.stringify({ seed, placements: g.placements, score: g.score, maxHintMs: Math.round(max * 10) / 10, load: loadavg()[0] })}\n`,
  );
}
const sorted = (xs: number[]) => xs.slice().sort((a, b) => a - b);
const p = sorted(games.map((g) => g.placements));
const s = sorted(games.map((g) => g.score));
const t = sorted(times);
const at = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number;
const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
process.stdout.write(
  `${JSON.stringify({
    games: count,
    first,
    placementsMean: mean(p),
    placementsMedian: at(p, 0.5),
    scoreMean: mean(s),
    scoreMedian: at(s, 0.5),
    hintMs: { median: at(t, 0.5), p99: at(t, 0.99), max: at(t, 1), trays: t.length },
    load: { before: loadBefore, after: loadavg()[0] },
  })}\n`,
);
