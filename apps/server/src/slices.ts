/**
 * Long work in slices: a posted game verified on the event loop (tests, benches; the service runs it
 * in a worker, compute/pool.ts) gives the event loop back once a slice has run `sliceMs`, so other
 * requests are served in between, and reports how long the longest slice held the loop.
 */
import { performance } from "node:perf_hooks";
import { setImmediate as yieldToLoop } from "node:timers/promises";

export interface SliceTiming {
  /** Wall time of the whole work, yields included. */
  totalMs: number;
  /** Time spent working, yields left out. */
  workMs: number;
  /** Longest stretch the work held the event loop. */
  longestSliceMs: number;
  slices: number;
}

export interface SliceClock {
  /** Call after each unit of work: yields when the slice is used up. */
  tick(): Promise<void>;
  finish(): SliceTiming;
}

export function sliceClock(sliceMs: number): SliceClock {
  const start = performance.now();
  let sliceStart = start;
  let longest = 0;
  let worked = 0;
  let slices = 1;
  const close = () => {
    const slice = performance.now() - sliceStart;
    longest = Math.max(longest, slice);
    worked += slice;
  };
  return {
    async tick() {
      if (performance.now() - sliceStart < sliceMs) return;
      close();
      await yieldToLoop();
      sliceStart = performance.now();
      slices++;
    },
    finish() {
      close();
      return { totalMs: performance.now() - start, workMs: worked, longestSliceMs: longest, slices };
    },
  };
}
