/**
 * `npm run bench`: prints one JSON line per figure. Each game adds its module to `SUITES`.
 */
import type { Benchmark } from "./harness.js";

export type { Benchmark, Figure } from "./harness.js";

const SUITES: (() => Promise<{ benchmarks: Benchmark[] }>)[] = [
  () => import("./core.js"),
  () => import("./blast.js"),
  () => import("./blocky.js"),
  () => import("./match3.js"),
  () => import("./puzzle.js"),
  () => import("./stacker.js"),
];

const only = process.argv[2];
for (const load of SUITES) {
  const { benchmarks } = await load();
  for (const bench of benchmarks) {
    if (only && !bench.name.includes(only)) continue;
    for (const figure of bench.run()) process.stdout.write(`${JSON.stringify(figure)}\n`);
  }
}
