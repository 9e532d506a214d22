/**
 * The pool's worker thread (piscina loads the built file, dist/src/compute/worker.js): runs one task
 * and says how much CPU it took, measured here, around the work alone, never the wait in the queue.
 */
import { performance } from "node:perf_hooks";
import { runTask, type Task, type TaskResult } from "./tasks.js";

export type Timed<T extends Task> = TaskResult<T> & { cpuMs: number };

/** CPU time of this thread (Node 23.9+), or the work's own wall time in this thread on older Node. */
const threadCpuUsage = (process as { threadCpuUsage?: () => { user: number; system: number } })
  .threadCpuUsage;

function clock(): number {
  if (threadCpuUsage === undefined) return performance.now();
  const used = threadCpuUsage.call(process);
  return (used.user + used.system) / 1000;
}

export default async function work<T extends Task>(task: T): Promise<Timed<T>> {
  const began = clock();
  const result = await runTask(task);
  return { ...result, cpuMs: clock() - began };
}
