/**
 * The session cache's bound holds (sessions.ts): a session is measured again after every change, so a
 * Blocky session loaded with a depth-8 tree is counted at its real weight, not its size at creation.
 * A real server process with a 256 MiB heap and the default cache takes thousands of such sessions,
 * keeps answering /api/health, and its cache's account stays within its bound.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEFAULT_SESSION_OPTIONS } from "../src/sessions.js";
// @ts-expect-error: a plain .mjs fixture, shared with the server process.
import { heavyLoad } from "./fixtures/heavy-blocky.mjs";

const SERVER = fileURLToPath(new URL("./fixtures/cache-server.mjs", import.meta.url));
const SESSIONS = 2000;

interface Stats {
  cache: { sessions: number; bytes: number; maxBytes: number };
  heapUsed: number;
}

function ask(child: ChildProcess): Promise<Stats> {
  return new Promise((resolve) => {
    child.once("message", (message) => resolve(message as Stats));
    child.send("stats");
  });
}

describe("the session cache under a small heap", () => {
  it(`keeps ${SESSIONS} heavy Blocky sessions within its bound under --max-old-space-size=256`, async () => {
    const child = fork(SERVER, [], { execArgv: ["--max-old-space-size=256"], silent: true });
    let exited: number | null | undefined;
    child.on("exit", (code) => {
      exited = code;
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.once("message", (message) => resolve((message as { port: number }).port));
        child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      const post = async (path: string, body: unknown) => {
        const res = await fetch(base + path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as { id?: string; seq?: number } };
      };
      let healthy = 0;
      let first: string | undefined;
      for (let i = 0; i < SESSIONS; i++) {
        const created = await post("/api/games", { game: "blocky", seed: i });
        expect(created.status).toBe(201);
        first ??= created.body.id;
        const loaded = await post(`/api/games/${created.body.id}/commands`, heavyLoad(i));
        expect(loaded.status).toBe(200);
        if (i % 250 === 0) {
          const health = await fetch(`${base}/api/health`);
          expect(health.status).toBe(200);
          healthy++;
        }
      }
      expect(healthy).toBe(SESSIONS / 250);
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      const stats = await ask(child);
      expect(stats.cache.maxBytes).toBe(DEFAULT_SESSION_OPTIONS.cacheBytes);
      expect(stats.cache.bytes).toBeLessThanOrEqual(stats.cache.maxBytes);
      // Each is counted at its real weight, so not all of them fit: the oldest went.
      expect(stats.cache.sessions).toBeLessThan(SESSIONS);
      expect(stats.cache.bytes / stats.cache.sessions).toBeGreaterThan(3 * 70_000);
      console.log(
        `cache: ${stats.cache.sessions} sessions, ${(stats.cache.bytes / 2 ** 20).toFixed(1)} MiB counted of ${(stats.cache.maxBytes / 2 ** 20).toFixed(0)}; heap used ${(stats.heapUsed / 2 ** 20).toFixed(1)} MiB`,
      );
      // An evicted session is rebuilt from storage when asked, at its loaded state.
      const read = await fetch(`${base}/api/games/${first}`);
      expect(read.status).toBe(200);
      const session = (await read.json()) as { seq: number; state: { board: string[] } };
      expect(session.seq).toBe(1);
      expect(session.state.board).toHaveLength(256);
      expect(exited).toBeUndefined();
    } finally {
      if (exited === undefined) {
        child.send("close");
        await new Promise((resolve) => child.once("exit", resolve));
      }
    }
  }, 600_000);
});
