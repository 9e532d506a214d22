/**
 * The browser tests' servers: one per Playwright worker, each the built server on a port of its own
 * with a throwaway database (scripts/e2e-server.mjs), so two workers never share boards, players or
 * the day's attempts. `E2E_PORT` is the first port (default 8787), `E2E_WORKERS` how many (default
 * 1: with two beside busy loops, a test whose verdict depends on the machine's speed failed once,
 * docs/testing.md).
 */
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 8787);
export const WORKERS = Number(process.env.E2E_WORKERS ?? 1);

/** The server of the worker with this `parallelIndex` (0 to WORKERS - 1). */
export function serverURL(parallelIndex: number): string {
  return `http://127.0.0.1:${FIRST_PORT + parallelIndex}`;
}
