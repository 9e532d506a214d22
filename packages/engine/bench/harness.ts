/**
 * A small benchmark harness: each figure is measured against a baseline in the same run, so the
 * ratio means something on any machine. No clock in the engine itself: only here.
 */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The same quantity for the baseline implementation, measured in the same run. */
  baseline?: { name: string; value: number };
  /** value / baseline.value for rates, baseline.value / value for durations: > 1 means faster. */
  speedup?: number;
}

export interface Benchmark {
  name: string;
  run(): Figure[];
}

/** Runs `fn` repeatedly for about `ms` milliseconds after a warm-up; returns operations per second. */
export function opsPerSecond(fn: () => number, ms = 400): number {
  fn();
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    ops += fn();
    elapsed = performance.now() - start;
  }
  return (ops * 1000) / elapsed;
}

/** Median wall time of `fn` in milliseconds over `runs` runs after one warm-up. */
export function medianMs(fn: () => void, runs = 7): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

/** This process's CPU time so far (user + system), in milliseconds. */
export function processCpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** CPU milliseconds of each of `runs` runs of `fn` after one warm-up, sorted fastest first. */
export function cpuRuns(fn: () => void, runs: number): number[] {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = processCpuMs();
    fn();
    times.push(processCpuMs() - start);
  }
  return times.sort((a, b) => a - b);
}

/** A rate (more is better) against its baseline. */
export function rate(
  name: string,
  value: number,
  unit: string,
  baselineName: string,
  baseline: number,
): Figure {
  return figure(name, value, unit, baselineName, baseline, value / baseline);
}

/** A duration (less is better) against its baseline. */
export function duration(
  name: string,
  value: number,
  unit: string,
  baselineName: string,
  baseline: number,
): Figure {
  return figure(name, value, unit, baselineName, baseline, baseline / value);
}

function figure(
  name: string,
  value: number,
  unit: string,
  baselineName: string,
  baseline: number,
  speedup: number,
): Figure {
  return {
    name,
    value: round(value),
    unit,
    baseline: { name: baselineName, value: round(baseline) },
    speedup: round(speedup),
  };
}

function round(x: number): number {
  return Math.abs(x) >= 100 ? Math.round(x) : Math.round(x * 1000) / 1000;
}

/**
 * CPU milliseconds of a computer player's work on the worst positions found (each game's
 * worst-positions.ts), in this process's CPU time: a warm-up pass over all of them first (the first
 * runs pay for compiling the code), then 5 runs of each; the worst position's median, and the
 * slowest single run (which also holds the collector's pauses on a busy machine).
 */
export function worstPositionsCpu(name: string, what: string, runs: readonly (() => void)[]): Figure[] {
  for (const run of runs) run();
  const medians: number[] = [];
  let slowest = 0;
  for (const run of runs) {
    const times = cpuRuns(run, 5);
    medians.push(times[2] as number);
    slowest = Math.max(slowest, times[4] as number);
  }
  const unit = `CPU ms per ${what} (${runs.length} worst positions, 5 runs each)`;
  const round = (x: number) => Math.round(x * 10) / 10;
  return [
    { name: `${name}.median`, value: round(Math.max(...medians)), unit: `worst position's median ${unit}` },
    { name: `${name}.slowest`, value: round(slowest), unit: `slowest run ${unit}` },
  ];
}
