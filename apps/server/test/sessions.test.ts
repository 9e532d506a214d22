/**
 * The Sessions service on both backends: replays from snapshots, order across two of them on one
 * database (as two processes would be), If-Match, the size-bounded cache, limits and retention.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SessionOptions, Sessions } from "../src/sessions.js";
import { openPostgres } from "../src/store/postgres.js";
import type { SessionStorage } from "../src/store/sessions.js";
import { openSqlite } from "../src/store/sqlite.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";

interface Backend {
  name: string;
  skip: string | undefined;
  open(): Promise<{ storage: SessionStorage; again(): Promise<SessionStorage> }>;
}

let cluster: TestPostgres | undefined;
const opened: SessionStorage[] = [];

const backends: Backend[] = [
  {
    name: "sqlite",
    skip: undefined,
    async open() {
      const dir = join(mkdtempSync(join(tmpdir(), "ba-sessions-")), "data");
      const storage = openSqlite(dir);
      opened.push(storage);
      return {
        storage,
        again: async () => {
          const other = openSqlite(dir);
          opened.push(other);
          return other;
        },
      };
    },
  },
  {
    name: "postgres",
    skip: postgresSkipReason,
    async open() {
      if (!cluster) throw new Error("no cluster");
      const url = await freshDatabase(cluster);
      const storage = await openPostgres(url);
      opened.push(storage);
      return {
        storage,
        again: async () => {
          const other = await openPostgres(url);
          opened.push(other);
          return other;
        },
      };
    },
  },
];

beforeAll(async () => {
  if (postgresSkipReason === undefined) cluster = await startPostgres();
  else console.warn(`PostgreSQL session tests skipped: ${postgresSkipReason}`);
});

afterAll(async () => {
  for (const storage of opened) await storage.close().catch(() => {});
  await cluster?.stop();
});

async function started(sessions: Sessions, game: string, seed: number, config?: unknown, ranked = false) {
  const created = await sessions.create(game, seed, config, ranked, null);
  if (!created.ok) throw new Error(created.error.message);
  return created.session.id;
}

/** The stored last-changed time of a session (what retention reads), on either backend. */
async function updatedAt(storage: SessionStorage, id: string): Promise<Date> {
  const h = storage.handle;
  if (h.kind === "sqlite") {
    return new Date(h.db.prepare("SELECT updated_at FROM sessions WHERE id = ?").pluck().get(id) as string);
  }
  const { rows } = await h.pool.query<{ t: Date }>("SELECT updated_at AS t FROM sessions WHERE id = $1", [
    id,
  ]);
  return rows[0]?.t as Date;
}

async function setUpdatedAt(storage: SessionStorage, id: string, at: Date): Promise<void> {
  const h = storage.handle;
  if (h.kind === "sqlite")
    h.db.prepare("UPDATE sessions SET updated_at = ? WHERE id = ?").run(at.toISOString(), id);
  else await h.pool.query("UPDATE sessions SET updated_at = $1 WHERE id = $2", [at, id]);
}

const small: Partial<SessionOptions> = { snapshotEvery: 10, snapshotAfterMs: 1e9 };

for (const backend of backends) {
  describe.skipIf(backend.skip !== undefined)(`sessions on ${backend.name}`, () => {
    it("replays a session evicted from the cache to the same state, in a new Sessions too", async () => {
      const { storage, again } = await backend.open();
      const sessions = new Sessions(storage);
      const id = await started(sessions, "match3", 9, { input: "5 8 H^^* V*@^" });
      const a = await sessions.command(id, { cmd: "frame", commands: "L" });
      const b = await sessions.command(id, { cmd: "frame", commands: "RD" });
      expect(a.found && a.reply.ok && b.found && b.reply.ok).toBe(true);
      const expected = JSON.stringify((await sessions.get(id))?.state);
      sessions.clearCache();
      expect(JSON.stringify((await sessions.get(id))?.state)).toBe(expected);
      const other = new Sessions(await again());
      expect(JSON.stringify((await other.get(id))?.state)).toBe(expected);
      expect(await sessions.get("nope")).toBeUndefined();
      expect(await sessions.command("nope", { cmd: "state" })).toEqual({ found: false });
    });

    it("logs only the commands that changed the state, by their known fields", async () => {
      const { storage } = await backend.open();
      const sessions = new Sessions(storage);
      const id = await started(sessions, "match3", 1, { input: "5 8 H^^*" });
      await sessions.command(id, { cmd: "state" });
      await sessions.command(id, { cmd: "legal" });
      await sessions.command(id, { cmd: "frame", commands: 7 });
      await sessions.command(id, { cmd: "frame", commands: "D", junk: "x".repeat(1000) });
      await sessions.command(id, { cmd: "frame", commands: "D" });
      const logged = await storage.readCommands(id, 0);
      expect(logged[0]).toBe('{"cmd":"frame","commands":"D"}');
      expect(logged.join("")).not.toContain("junk");
    });

    it("rebuilds a long session from its latest snapshot, replaying at most snapshotEvery commands", async () => {
      const { storage } = await backend.open();
      const sessions = new Sessions(storage, small);
      const id = await started(sessions, "stacker", 4, { size: 20 });
      for (let i = 0; i < 57; i++) {
        const r = await sessions.command(id, { cmd: "tick" });
        expect(r.found && r.reply.ok).toBe(true);
      }
      const expected = JSON.stringify((await sessions.get(id))?.state);
      sessions.clearCache();
      const rebuilt = await sessions.get(id);
      expect(JSON.stringify(rebuilt?.state)).toBe(expected);
      expect(rebuilt?.length).toBe(57);
      expect(sessions.lastRebuild).toMatchObject({ id, fromSnapshot: 50, replayed: 7 });
      // And the rebuilt session plays on exactly as the original would have.
      const fresh = new Sessions(storage, { snapshotEvery: 1000 });
      const next = await fresh.command(id, { cmd: "tick" });
      const same = await sessions.command(id, { cmd: "tick" });
      expect(next.found && same.found).toBe(true);
    });

    it("snapshots a slow game sooner: a 4-player Blocky game rebuilds from a snapshot set by time, not count", async () => {
      const { storage } = await backend.open();
      const players = [1, 2, 3, 4].map(() => ({ kind: "smart", difficulty: 1000 }));
      const config = { maxDepth: 5, turns: 1000, players };
      // The time rule with a zero budget (every command is past it, on any machine) snapshots after
      // each command; with a budget no command reaches, nothing snapshots before the count of 1000.
      const rebuilt = async (snapshotAfterMs: number) => {
        const sessions = new Sessions(storage, { snapshotEvery: 1000, snapshotAfterMs });
        const id = await started(sessions, "blocky", 8, config);
        for (let i = 0; i < 12; i++) {
          const r = await sessions.command(id, { cmd: "ai" });
          expect(r.found && r.reply.ok).toBe(true);
        }
        const expected = JSON.stringify((await sessions.get(id))?.state);
        sessions.clearCache();
        expect(JSON.stringify((await sessions.get(id))?.state)).toBe(expected);
        return sessions.lastRebuild;
      };
      expect(await rebuilt(0)).toMatchObject({ fromSnapshot: 12, replayed: 0 });
      expect(await rebuilt(1e9)).toMatchObject({ fromSnapshot: null, replayed: 12 });
    });

    it("applies commands from two Sessions on one database once each, in order, with no lost update", async () => {
      const { storage, again } = await backend.open();
      const one = new Sessions(storage, small);
      const two = new Sessions(await again(), small);
      const id = await started(one, "stacker", 11, { size: 10 });
      await two.get(id); // both caches hold the session
      const sent = Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? one : two).command(id, { cmd: "tick" }),
      );
      const results = await Promise.all(sent);
      // Ticks drop the pieces until the 10x10 well fills: the ones after that are refused, not lost.
      const accepted = results.filter((r) => r.found && r.reply.ok);
      expect(results.every((r) => r.found && (r.reply.ok || r.reply.error.code === "GAME_OVER"))).toBe(true);
      const seqs = accepted.map((r) => (r.found ? r.length : -1)).sort((x, y) => x - y);
      // Every acknowledged command got its own position, with no gap.
      expect(seqs).toEqual(Array.from({ length: accepted.length }, (_, i) => i + 1));
      const a = await one.get(id);
      const b = await two.get(id);
      expect(a?.length).toBe(b?.length);
      expect(JSON.stringify(a?.state)).toBe(JSON.stringify(b?.state));
      const log = await storage.readCommands(id, 0);
      expect(log.length).toBe(a?.length);
    });

    it("answers questions from the stored position, never from a stale cache", async () => {
      const { storage, again } = await backend.open();
      const one = new Sessions(storage);
      const two = new Sessions(await again());
      const id = await started(one, "blast", 3);
      await two.get(id);
      const legal = await one.command(id, { cmd: "legal" });
      const first = legal.found && legal.reply.ok ? (legal.reply.legal as unknown[])[0] : undefined;
      await one.command(id, first);
      const seen = await two.command(id, { cmd: "state" });
      expect(seen.found && seen.length).toBe(1);
      expect(JSON.stringify(seen.found && seen.reply.state)).toBe(JSON.stringify((await one.get(id))?.state));
    });

    it("refuses a command sent for another position (If-Match) with SEQ_MISMATCH, changing nothing", async () => {
      const { storage } = await backend.open();
      const sessions = new Sessions(storage);
      const id = await started(sessions, "stacker", 2, { size: 10 });
      expect((await sessions.command(id, { cmd: "tick" }, 0)).found).toBe(true);
      await expect(sessions.command(id, { cmd: "tick" }, 0)).rejects.toMatchObject({
        statusCode: 409,
        code: "SEQ_MISMATCH",
      });
      expect((await sessions.get(id))?.length).toBe(1);
    });

    it("keeps a session to its command cap and the service to its session cap", async () => {
      const { storage } = await backend.open();
      const sessions = new Sessions(storage, { maxCommands: 3, maxSessions: 2 });
      const id = await started(sessions, "stacker", 2, { size: 10 });
      for (let i = 0; i < 3; i++) await sessions.command(id, { cmd: "tick" });
      await expect(sessions.command(id, { cmd: "tick" })).rejects.toMatchObject({ code: "SESSION_FULL" });
      await started(sessions, "stacker", 3, { size: 10 });
      await expect(started(sessions, "stacker", 4, { size: 10 })).rejects.toMatchObject({
        statusCode: 429,
        code: "TOO_MANY_SESSIONS",
      });
    });

    it("deletes idle sessions with their logs and snapshots, and keeps the others", async () => {
      const { storage } = await backend.open();
      const sessions = new Sessions(storage, small);
      const old = await started(sessions, "stacker", 5, { size: 10 });
      for (let i = 0; i < 12; i++) await sessions.command(old, { cmd: "tick" });
      const deleted = await sessions.deleteIdle(new Date(Date.now() + 60_000));
      expect(deleted).toBe(1);
      expect(await sessions.get(old)).toBeUndefined();
      expect(await storage.readCommands(old, 0)).toEqual([]);
      const kept = await started(sessions, "stacker", 6, { size: 10 });
      expect(await sessions.deleteIdle(new Date(Date.now() - 60_000))).toBe(0);
      expect((await sessions.get(kept))?.id).toBe(kept);
    });

    it("refreshes a busy session's last-changed time at most once per touchEveryMs, first after a rebuild", async () => {
      const { storage } = await backend.open();
      const sessions = new Sessions(storage, { touchEveryMs: 60 * 60 * 1000 });
      const id = await started(sessions, "stacker", 7, { size: 10 });
      const longAgo = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000);
      await setUpdatedAt(storage, id, longAgo);
      // Created a moment ago by these Sessions: the commands leave the (indexed) time alone.
      for (let i = 0; i < 3; i++) await sessions.command(id, { cmd: "tick" });
      expect((await updatedAt(storage, id)).getTime()).toBe(longAgo.getTime());
      // A Sessions that rebuilt the session does not know when it was touched: its first change does.
      const other = new Sessions(storage, { touchEveryMs: 60 * 60 * 1000 });
      await other.command(id, { cmd: "tick" });
      expect(Date.now() - (await updatedAt(storage, id)).getTime()).toBeLessThan(60_000);
      expect(await other.deleteIdle(new Date(Date.now() - 24 * 60 * 60 * 1000))).toBe(0);
      // With no slack, every change touches it.
      const eager = new Sessions(storage, { touchEveryMs: 0 });
      await setUpdatedAt(storage, id, longAgo);
      await eager.command(id, { cmd: "tick" });
      await setUpdatedAt(storage, id, longAgo);
      await eager.command(id, { cmd: "tick" });
      expect(Date.now() - (await updatedAt(storage, id)).getTime()).toBeLessThan(60_000);
      expect((await eager.get(id))?.length).toBe(6);
    });

    it("answers not found, and logs nothing, for a command on a session another process deleted", async () => {
      const { storage, again } = await backend.open();
      const sessions = new Sessions(storage);
      const id = await started(sessions, "stacker", 8, { size: 10 });
      await sessions.command(id, { cmd: "tick" });
      const sweeper = new Sessions(await again());
      expect(await sweeper.deleteIdle(new Date(Date.now() + 60_000))).toBe(1);
      // These Sessions still hold the session in its cache: the log refuses the command.
      expect(await sessions.command(id, { cmd: "tick" })).toEqual({ found: false });
      expect(await storage.readCommands(id, 0)).toEqual([]);
    });

    it("bounds the cache by bytes: large states push old ones out, and they come back from storage", async () => {
      const { storage } = await backend.open();
      const sessions = new Sessions(storage, { cacheBytes: 5_000 });
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push(await started(sessions, "blocky", i, undefined));
      // A Blocky state is over 1 kB: twelve of them do not fit in 5 kB, and none is lost.
      for (const id of ids) expect((await sessions.get(id))?.id).toBe(id);
      expect(sessions.lastRebuild).toBeDefined();
    });

    it("marks a session unranked for good once it loads a state or restarts with new", async () => {
      const { storage } = await backend.open();
      const sessions = new Sessions(storage);
      const id = await started(sessions, "stacker", 9, { size: 10 }, true);
      expect((await sessions.get(id))?.ranked).toBe(true);
      await sessions.command(id, { cmd: "new", seed: 5 });
      expect((await sessions.get(id))?.ranked).toBe(false);
      sessions.clearCache();
      expect((await sessions.get(id))?.ranked).toBe(false);
    });
  });
}
