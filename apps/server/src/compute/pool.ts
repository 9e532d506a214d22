/**
 * Expensive work off the event loop (docs/service.md "Protections"): the computer player's `hint` and
 * `ai`, rebuilds of sessions and replays of posted games run in a pool of worker threads (piscina),
 * so no request holds the event loop that answers every other. The CPU time each task took, measured
 * in its worker, is charged to the client that asked (a token bucket of CPU milliseconds): a client
 * over its share gets 429 CPU_LIMIT with Retry-After, whatever its request count. The pool's queue is
 * bounded: full, it answers 503 COMPUTE_BUSY with Retry-After.
 *
 * The worker must be JavaScript at run time: the server runs from dist/, where worker.js sits beside
 * this file. Under Vitest this file runs from its TypeScript source, so the worker is taken from the
 * built dist/ (`npm test` builds first; alone, run `npx tsc -b` before the tests).
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { Piscina } from "piscina";
import { ClientError } from "../errors.js";
import { type Output, runTask, type Task } from "./tasks.js";
import type { Timed } from "./worker.js";

/** A refusal that says when to come back: the Retry-After header, in seconds. */
export class RetryLater extends ClientError {
  constructor(
    statusCode: number,
    code: string,
    message: string,
    readonly retryAfter: number,
  ) {
    super(statusCode, code, message);
  }
}

export interface ComputeOptions {
  /** Worker threads. Default: the cores less one (one is left for the event loop), at least 1. */
  threads: number;
  /** Tasks waiting for a worker; past this the service answers 503 COMPUTE_BUSY. */
  maxQueue: number;
  /** A client's share: CPU milliseconds of expensive work a minute... */
  cpuMsPerMinute: number;
  /** ...and the most it may spend at once from a rested account. */
  cpuBurstMs: number;
  /** Expensive tasks one client may have queued or running at once. */
  maxInFlightPerClient: number;
}

export const DEFAULT_COMPUTE_OPTIONS: ComputeOptions = {
  threads: Math.max(1, availableParallelism() - 1),
  maxQueue: 64,
  cpuMsPerMinute: 15_000,
  cpuBurstMs: 15_000,
  maxInFlightPerClient: 4,
};

/** What runs tasks: the pool, or this thread (Sessions used alone, in tests of storage). */
export interface ComputeRunner {
  /** Runs `task` for `client`; throws its refusal as a ClientError. */
  run<T extends Task>(task: T, client: string): Promise<Output<T> & { cpuMs: number }>;
}

/** Runs tasks on the calling thread: what Sessions without a pool use. */
export const inlineRunner: ComputeRunner = {
  async run(task) {
    const began = performance.now();
    const result = await runTask(task);
    if (!result.ok) throw new ClientError(result.error.status, result.error.code, result.error.message);
    return { ...result.value, cpuMs: performance.now() - began };
  },
};

/** The built worker: beside this file in dist/, or in dist/ when this file runs from src/ (Vitest). */
export function workerFile(): string {
  const here = import.meta.url;
  const url = here.endsWith(".ts")
    ? new URL("../../dist/src/compute/worker.js", here)
    : new URL("./worker.js", here);
  return fileURLToPath(url);
}

/** A client's CPU account: a token bucket of milliseconds, refilled continuously. */
interface Account {
  balance: number;
  at: number;
  inFlight: number;
}

/** Accounts kept at most; full, rested ones (nothing owed) are forgotten first. */
const MAX_ACCOUNTS = 100_000;

export interface ComputeStats {
  threads: number;
  queued: number;
  running: number;
  /** Tasks run to completion in workers since start, by kind. */
  completed: Record<Task["kind"], number>;
  /** CPU milliseconds charged since start. */
  cpuMs: number;
}

export class ComputePool implements ComputeRunner {
  readonly options: ComputeOptions;
  private pool: Piscina | undefined;
  private readonly accounts = new Map<string, Account>();
  private readonly completed: Record<Task["kind"], number> = { step: 0, replay: 0, curve: 0 };
  private charged = 0;
  private running = 0;
  private closed = false;

  constructor(
    options: Partial<ComputeOptions> = {},
    private readonly now: () => number = () => performance.now(),
  ) {
    this.options = { ...DEFAULT_COMPUTE_OPTIONS, ...options };
  }

  /**
   * Runs `task` for `client`. A rebuild (`replay`) is charged but never refused for CPU: its work is
   * bounded by the snapshots (sessions.ts), and reading one's own session should not fail for it. So
   * is a kept replay's score curve (`curve`): it is worked out once and kept (scores/replays.ts), so
   * no client can make the server do it twice.
   */
  async run<T extends Task>(task: T, client: string): Promise<Output<T> & { cpuMs: number }> {
    const account = task.kind === "step" ? this.admit(client) : this.account(client);
    const pool = this.start();
    // Counted here, not read from piscina: tasks beyond one per thread are the ones waiting.
    if (this.running >= this.options.threads + this.options.maxQueue) {
      throw new RetryLater(
        503,
        "COMPUTE_BUSY",
        "the computer player and replays are busy for everyone; try again shortly",
        2,
      );
    }
    account.inFlight += 1;
    this.running += 1;
    let timed: Timed<T>;
    try {
      timed = (await pool.run(task)) as Timed<T>;
    } finally {
      account.inFlight -= 1;
      this.running -= 1;
    }
    this.completed[task.kind] += 1;
    this.charge(account, timed.cpuMs);
    if (!timed.ok) throw new ClientError(timed.error.status, timed.error.code, timed.error.message);
    return { ...timed.value, cpuMs: timed.cpuMs };
  }

  /** What a client has left, in CPU milliseconds (negative: owed). */
  balance(client: string): number {
    const account = this.accounts.get(client);
    if (!account) return this.options.cpuBurstMs;
    this.refill(account);
    return account.balance;
  }

  stats(): ComputeStats {
    return {
      threads: this.options.threads,
      queued: this.pool?.queueSize ?? 0,
      running: this.running,
      completed: { ...this.completed },
      cpuMs: this.charged,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }

  private account(client: string): Account {
    if (this.closed)
      throw new RetryLater(503, "CLOSING", "the server is shutting down; try again shortly", 1);
    let account = this.accounts.get(client);
    if (!account) {
      if (this.accounts.size >= MAX_ACCOUNTS) this.forgetRested();
      account = { balance: this.options.cpuBurstMs, at: this.now(), inFlight: 0 };
      this.accounts.set(client, account);
    }
    this.refill(account);
    return account;
  }

  /** The client's account if it may start expensive work now; its refusal otherwise. */
  private admit(client: string): Account {
    const account = this.account(client);
    if (account.balance <= 0) {
      const perMs = this.options.cpuMsPerMinute / 60_000;
      const seconds = Math.max(1, Math.ceil((1 - account.balance) / perMs / 1000));
      throw new RetryLater(
        429,
        "CPU_LIMIT",
        `this address has used its share of the computer player and replays (${this.options.cpuMsPerMinute / 1000} s of CPU a minute); retry in ${seconds} s`,
        seconds,
      );
    }
    if (account.inFlight >= this.options.maxInFlightPerClient) {
      throw new RetryLater(
        429,
        "CPU_LIMIT",
        `this address already has ${account.inFlight} computer-player or replay requests running; wait for them`,
        1,
      );
    }
    return account;
  }

  private charge(account: Account, ms: number): void {
    this.refill(account);
    account.balance -= ms;
    this.charged += ms;
  }

  private refill(account: Account): void {
    const now = this.now();
    const perMs = this.options.cpuMsPerMinute / 60_000;
    account.balance = Math.min(this.options.cpuBurstMs, account.balance + (now - account.at) * perMs);
    account.at = now;
  }

  private forgetRested(): void {
    for (const [client, account] of this.accounts) {
      this.refill(account);
      if (account.inFlight === 0 && account.balance >= this.options.cpuBurstMs) this.accounts.delete(client);
    }
  }

  /** The pool, started on the first task: an app that never needs it starts no thread. */
  private start(): Piscina {
    if (this.pool) return this.pool;
    const filename = workerFile();
    if (!existsSync(filename)) {
      throw new Error(`the compute worker ${filename} is not built: run \`npx tsc -b\` first`);
    }
    this.pool = new Piscina({
      filename,
      minThreads: 1,
      maxThreads: this.options.threads,
      // A worker idle this long stops; the first one stays.
      idleTimeout: 30_000,
      // The check in run() answers first; this only keeps piscina's queue from growing past it.
      maxQueue: this.options.maxQueue + this.options.threads,
    });
    return this.pool;
  }
}

/**
 * Adds the Retry-After header to a RetryLater refusal: an onError hook runs after the error handler
 * has chosen the answer and before it is sent, so errors.ts keeps answering every refusal alike.
 */
export function sayWhenToRetry(app: FastifyInstance): void {
  app.addHook("onError", (_request, reply, error, done) => {
    if (error instanceof RetryLater) reply.header("retry-after", String(error.retryAfter));
    done();
  });
}

/** The refusals of a route that runs expensive work, for its OpenAPI responses. */
export const COMPUTE_REFUSALS = {
  429: "CPU_LIMIT: this address has used its share of CPU for the computer player and replays, or has too many such requests running; Retry-After says when to come back",
  503: "COMPUTE_BUSY: the pool of worker threads has a full queue (Retry-After says when to come back); CLOSING: the server is shutting down",
} as const;

/**
 * The pool's settings from the environment (server.ts): COMPUTE_THREADS, COMPUTE_QUEUE,
 * CPU_MS_PER_MINUTE, CPU_BURST_MS; options, or what is wrong.
 */
export function computeFromEnv(env: Record<string, string | undefined>): Partial<ComputeOptions> | string {
  const options: Partial<ComputeOptions> = {};
  for (const [key, name, min] of [
    ["threads", "COMPUTE_THREADS", 1],
    ["maxQueue", "COMPUTE_QUEUE", 0],
    ["cpuMsPerMinute", "CPU_MS_PER_MINUTE", 1],
    ["cpuBurstMs", "CPU_BURST_MS", 1],
  ] as const) {
    const text = env[name];
    if (text === undefined || text === "") continue;
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min) {
      return `${name} must be a whole number (at least ${min}), got ${text.slice(0, 40)}`;
    }
    options[key] = value;
  }
  return options;
}
