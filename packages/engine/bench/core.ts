import { nextUint32, seedRng } from "../src/core/rng.js";
import { type Benchmark, opsPerSecond, rate } from "./harness.js";

/** The seeded source against Math.random: the price of replayable games. */
export const benchmarks: Benchmark[] = [
  {
    name: "core",
    run() {
      const rng = seedRng(1);
      const ours = opsPerSecond(() => {
        let x = 0;
        for (let i = 0; i < 10_000; i++) x ^= nextUint32(rng);
        return x === 0.5 ? 0 : 10_000;
      });
      const native = opsPerSecond(() => {
        let x = 0;
        for (let i = 0; i < 10_000; i++) x += Math.random();
        return x < 0 ? 0 : 10_000;
      });
      return [rate("rng.draws", ours, "draws/s", "Math.random", native)];
    },
  },
];
