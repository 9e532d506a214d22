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
