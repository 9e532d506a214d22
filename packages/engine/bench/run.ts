/**
 * `npm run bench`: prints one JSON line per figure. Every benchmark runs several times (BENCH_RUNS,
 * default 3); a figure reports the median of the runs, the spread of its value and of its ratio to
 * the baseline (min and max over the runs), and the machine's load while it ran (1-minute load
 * average before and after, and the number of cores), so a figure taken on a busy machine says so.
 * `npm run bench -- blast` runs the benchmarks whose name contains "blast". Each game adds its module
 * to `SUITES`.
 */
import { availableParallelism, loadavg } from "node:os";
import type { Benchmark, Figure } from "./harness.js";

export type { Benchmark, Figure } from "./harness.js";

const SUITES: (() => Promise<{ benchmarks: Benchmark[] }>)[] = [
  () => import("./core.js"),
  () => import("./blast.js"),
  () => import("./blocky.js"),
  () => import("./match3.js"),
  () => import("./puzzle.js"),
  () => import("./stacker.js"),
];

const runs = Math.max(1, Math.min(20, Number(process.env.BENCH_RUNS ?? 3) || 3));
const only = process.argv[2];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function round(x: number): number {
  return Math.abs(x) >= 100 ? Math.round(x) : Math.round(x * 1000) / 1000;
}

function summarise(samples: Figure[], loadBefore: number, loadAfter: number): Record<string, unknown> {
  const first = samples[0] as Figure;
  const values = samples.map((f) => f.value);
  const out: Record<string, unknown> = {
    name: first.name,
    value: round(median(values)),
    unit: first.unit,
    runs: samples.length,
    spread: { min: round(Math.min(...values)), max: round(Math.max(...values)) },
  };
  if (first.baseline) {
    const baselines = samples.map((f) => f.baseline?.value ?? Number.NaN);
    const speedups = samples.map((f) => f.speedup ?? Number.NaN);
    out.baseline = { name: first.baseline.name, value: round(median(baselines)) };
    out.speedup = round(median(speedups));
    out.speedupSpread = { min: round(Math.min(...speedups)), max: round(Math.max(...speedups)) };
  }
  out.load = { before: round(loadBefore), after: round(loadAfter), cores: availableParallelism() };
  return out;
}

for (const load of SUITES) {
  const { benchmarks } = await load();
  for (const bench of benchmarks) {
    if (only && !bench.name.includes(only)) continue;
    const loadBefore = loadavg()[0] ?? 0;
    const byName = new Map<string, Figure[]>();
    for (let i = 0; i < runs; i++) {
      for (const figure of bench.run()) byName.set(figure.name, [...(byName.get(figure.name) ?? []), figure]);
    }
    const loadAfter = loadavg()[0] ?? 0;
    for (const samples of byName.values()) {
      process.stdout.write(`${JSON.stringify(summarise(samples, loadBefore, loadAfter))}\n`);
    }
  }
}
