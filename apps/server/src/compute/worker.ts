/**
 * The pool's worker thread (piscina loads the built file, dist/src/compute/worker.js): runs one task
 * and says how much CPU it took, measured here, around the work alone, never the wait in the queue.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { runTask, type Task, type TaskResult } from "./tasks.js";

export type Timed<T extends Task> = TaskResult<T> & { cpuMs: number };

type Clock = () => number;

/** Node's own count of this thread's CPU time (23.9+), in ms. */
function nodeThreadClock(): Clock | undefined {
  const usage = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;
  if (usage === undefined) return undefined;
  return () => {
    const used = usage.call(process);
    return (used.user + used.system) / 1000;
  };
}

/**
 * Linux's count of the time this thread has run on a CPU (first field of its schedstat, ns), in ms.
 * It moves at the scheduler's ticks (a few ms), so it is trusted for long tasks only.
 */
function linuxThreadClock(): Clock | undefined {
  const read = () => Number(readFileSync("/proc/thread-self/schedstat", "latin1").split(" ")[0]) / 1e6;
  try {
    return Number.isFinite(read()) ? read : undefined;
  } catch {
    return undefined;
  }
}

/** Below this much wall time a task is charged its wall time: the tick-bound count is too coarse. */
const COARSE_MS = 20;

const exact = nodeThreadClock();
const coarse = exact ? undefined : linuxThreadClock();

export default async function work<T extends Task>(task: T): Promise<Timed<T>> {
  if (exact) {
    const began = exact();
    const result = await runTask(task);
    return { ...result, cpuMs: exact() - began };
  }
  const wallBegan = performance.now();
  const cpuBegan = coarse?.();
  const result = await runTask(task);
  const wall = performance.now() - wallBegan;
  // A long task on a busy machine is charged the CPU it had, not the time others took from it.
  const cpuMs = coarse && cpuBegan !== undefined && wall >= COARSE_MS ? coarse() - cpuBegan : wall;
  return { ...result, cpuMs };
}
