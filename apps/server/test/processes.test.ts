/**
 * Two real server processes on one real PostgreSQL (issue 13 "Tests"): many clients on one session
 * and on many, and `kill -9` in the middle of a command stream. Every acknowledged command must be in
 * the log exactly once, in the order the replies say, with no 5xx and no half-written command.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { replay } from "@blockarcade/engine/core";
import { stackerGame } from "@blockarcade/engine/games/stacker";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./ports.js";
import { freshDatabase, postgresSkipReason, startPostgres, type TestPostgres } from "./postgres.js";
import type { Json } from "./support.js";

let cluster: TestPostgres | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (postgresSkipReason === undefined) cluster = await startPostgres();
  else console.warn(`two-process tests skipped: ${postgresSkipReason}`);
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

afterAll(async () => {
  await cluster?.stop();
});

interface Server {
  base: string;
  port: number;
  child: ChildProcess;
  databaseUrl: string;
}

async function startServer(databaseUrl: string, port?: number): Promise<Server> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ["apps/server/dist/src/server.js"], {
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      // These tests send hundreds of writes a second from one address on purpose.
      RATE_LIMIT: "off",
      // Longer than any test here: a server that closes an idle kept-alive connection just as the
      // client (its own timers late on a loaded machine) sends a POST on it fails that POST with
      // "other side closed", a race of HTTP keep-alive and not of the service under test.
      KEEP_ALIVE_TIMEOUT_MS: "120000",
      REQUEST_TIMEOUT_MS: "120000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  const base = `http://127.0.0.1:${chosen}/api`;
  // Read, so a chatty server never blocks on a full pipe, and kept, so a failed call can say why.
  let said = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-4000);
  });
  serverSaid.set(base, () => said);
  // Polled until it answers: a start on a loaded machine can take many seconds.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, port: chosen, child, databaseUrl };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not start");
}

async function kill(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.on("exit", resolve));
  server.child.kill("SIGKILL");
  await exited;
}

interface Answer {
  status: number;
  body: Json;
}

/** Each started server's last words on stderr, by base URL. */
const serverSaid = new Map<string, () => string>();

async function call(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: unknown) => {
    const said = serverSaid.get(base)?.() ?? "";
    throw new Error(`${method} ${path} failed: ${String(error)}; the server said: ${said || "nothing"}`, {
      cause: error,
    });
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function storedLog(databaseUrl: string, id: string): Promise<{ seq: number; command: Json }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ seq: number; command: string }>(
      "SELECT seq, command FROM session_commands WHERE session_id = $1 ORDER BY seq",
      [id],
    );
    return rows.map((r) => ({ seq: r.seq, command: JSON.parse(r.command) }));
  } finally {
    await client.end();
  }
}

/** A command that every position accepts and that names itself: a new game with its own seed. */
const restart = (seed: number) => ({ cmd: "new", seed });

describe.skipIf(postgresSkipReason !== undefined)("two server processes on one PostgreSQL", () => {
  it("50 clients on one session: each acknowledged command is logged once, at the seq its reply names", async () => {
    if (!cluster) throw new Error("no cluster");
    const url = await freshDatabase(cluster);
    const servers = [await startServer(url), await startServer(url)] as const;
    const created = await call(servers[0].base, "POST", "/games", {
      game: "stacker",
      seed: 1,
      config: { size: 20 },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const acknowledged = new Map<number, { command: Json; state: Json }>();
    let statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, async (_, client) => {
        for (let i = 0; i < 6; i++) {
          const server = servers[(client + i) % 2] as Server;
          const command = i % 2 === 0 ? restart(client * 100 + i) : { cmd: "tick" };
          const answer = await call(server.base, "POST", `/games/${id}/commands`, command);
          statuses = [...statuses, answer.status];
          if (answer.status === 200) {
            expect(acknowledged.has(answer.body.seq)).toBe(false);
            acknowledged.set(answer.body.seq, { command, state: answer.body.state });
          }
        }
      }),
    );
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // Refusals are the rules' (a tick after the end), never the service's.
    expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
    const log = await storedLog(url, id);
    expect(log.map((r) => r.seq)).toEqual(log.map((_, i) => i));
    expect(log.length).toBe(acknowledged.size);
    for (const [seq, { command, state }] of acknowledged) {
      const logged = log[seq - 1]?.command;
      expect(logged?.cmd).toBe(command.cmd);
      if (command.cmd === "new") expect(logged?.seed).toBe(command.seed);
      // The reply's state is the state the log reaches at that position.
      const prefix = replay(
        stackerGame,
        1,
        { size: 20 },
        log.slice(0, seq).map((r) => r.command),
      );
      expect(prefix.ok && JSON.stringify(prefix.value.state)).toBe(JSON.stringify(state));
    }
    // Both processes now answer the same position.
    const a = await call(servers[0].base, "GET", `/games/${id}`);
    const b = await call(servers[1].base, "GET", `/games/${id}`);
    expect(a.body.seq).toBe(log.length);
    expect(JSON.stringify(b.body)).toBe(JSON.stringify(a.body));
  });

  it("50 clients on 50 sessions through both processes: every session's log is its client's commands in order", async () => {
    if (!cluster) throw new Error("no cluster");
    const url = await freshDatabase(cluster);
    const servers = [await startServer(url), await startServer(url)] as const;
    await Promise.all(
      Array.from({ length: 50 }, async (_, client) => {
        const created = await call(servers[client % 2]?.base as string, "POST", "/games", {
          game: "stacker",
          seed: client,
          config: { size: 20 },
        });
        expect(created.status).toBe(201);
        const id = created.body.id as string;
        const sent: Json[] = [];
        for (let i = 0; i < 8; i++) {
          const command = restart(client * 1000 + i);
          const answer = await call(servers[i % 2]?.base as string, "POST", `/games/${id}/commands`, command);
          expect(answer.status).toBe(200);
          expect(answer.body.seq).toBe(i + 1);
          sent.push(command);
        }
        const log = await storedLog(url, id);
        expect(log.map((r) => r.command.seed)).toEqual(sent.map((c) => c.seed));
      }),
    );
  });

  it("kill -9 in the middle of a command stream, three times: nothing acknowledged is lost or half-written, and the session plays on from the other process", async () => {
    if (!cluster) throw new Error("no cluster");
    const url = await freshDatabase(cluster);
    let victim = await startServer(url);
    const survivor = await startServer(url);
    const created = await call(victim.base, "POST", "/games", {
      game: "stacker",
      seed: 7,
      config: { size: 20 },
    });
    const id = created.body.id as string;
    const acknowledged: number[] = [];
    let seed = 0;
    for (let round = 0; round < 3; round++) {
      // Four clients stream commands at the victim; it is killed while they are in flight.
      let stop = false;
      const streams = Array.from({ length: 4 }, async () => {
        while (!stop) {
          const command = restart(++seed);
          try {
            const answer = await call(victim.base, "POST", `/games/${id}/commands`, command);
            if (answer.status === 200) acknowledged.push(command.seed);
            else expect(answer.status).toBeLessThan(500);
          } catch {
            return; // the connection died with the process: this command was never acknowledged
          }
        }
      });
      // Killed once a few commands of this round were acknowledged (a count, not a time: the same
      // point in the stream on any machine), with the clients still sending.
      const target = acknowledged.length + 5 + 5 * round;
      for (const deadline = Date.now() + 60_000; acknowledged.length < target && Date.now() < deadline; ) {
        await new Promise((r) => setTimeout(r, 10));
      }
      await kill(victim);
      stop = true;
      await Promise.all(streams);
      // The other process carries on from exactly where the log is.
      const next = restart(++seed);
      const answer = await call(survivor.base, "POST", `/games/${id}/commands`, next);
      expect(answer.status).toBe(200);
      acknowledged.push(next.seed);
      victim = await startServer(url, victim.port);
    }
    const log = await storedLog(url, id);
    const loggedSeeds = log.map((r) => r.command.seed as number);
    // Exactly once each, in order, and every acknowledged one is there.
    expect(new Set(loggedSeeds).size).toBe(loggedSeeds.length);
    const position = new Map(loggedSeeds.map((s, i) => [s, i]));
    for (const s of acknowledged) expect(position.has(s), `acknowledged ${s} is logged`).toBe(true);
    // Every logged row is a whole command: the log replays, and both processes agree with it.
    const replayed = replay(
      stackerGame,
      7,
      { size: 20 },
      log.map((r) => r.command),
    );
    expect(replayed.ok && replayed.value.replies.every((r) => r.ok)).toBe(true);
    const a = await call(victim.base, "GET", `/games/${id}`);
    const b = await call(survivor.base, "GET", `/games/${id}`);
    expect(a.body.seq).toBe(log.length);
    expect(JSON.stringify(a.body.state)).toBe(JSON.stringify(replayed.ok && replayed.value.state));
    expect(JSON.stringify(b.body)).toBe(JSON.stringify(a.body));
  });
});
