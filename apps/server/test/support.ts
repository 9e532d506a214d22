/** What the service's tests share: temp data folders, apps closed after each test, the error shape. */

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AnyGame, type BaseState, type PublicView, resumeLocally } from "@blockarcade/engine/core";
import { afterEach, expect } from "vitest";
import { buildApp } from "../src/app.js";
import type { ComputeOptions } from "../src/compute/pool.js";
import type { SecurityOptions } from "../src/plugins/security-options.js";

export type App = Awaited<ReturnType<typeof buildApp>>;
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field.
export type Json = any;

const open: App[] = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});

export function tempDataDir(): string {
  return join(mkdtempSync(join(tmpdir(), "ba-server-")), "data");
}

/**
 * An app on `dataDir` (a new temp folder by default), closed after the test. A test that sends more
 * writes than a client may (plugins/rate-limits.ts) says so through `security`.
 */
export async function openApp(
  dataDir = tempDataDir(),
  security?: SecurityOptions,
): Promise<{ app: App; dataDir: string }> {
  const app = await buildApp({ dataDir, security });
  open.push(app);
  return { app, dataDir };
}

/** Closes the app now, as a restart would. */
export async function closeApp(app: App): Promise<void> {
  open.splice(open.indexOf(app), 1);
  await app.close();
}

/** Listens on a free port of 127.0.0.1; the app closes after the test. Returns the port. */
export async function listen(app: App): Promise<number> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

export interface Answer {
  status: number;
  text: string;
  body: Json;
  headers: Record<string, unknown>;
}

/** One request through inject(): JSON in (a string is sent as it is), the answer parsed when it is JSON. */
export async function send(
  app: App,
  method: string,
  url: string,
  body?: unknown,
  auth?: string,
): Promise<Answer> {
  const res = await app.inject({
    method: method as "GET",
    url,
    headers: {
      ...(auth === undefined ? {} : { authorization: auth }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  let parsed: Json;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, text: res.body, body: parsed, headers: res.headers };
}

/** Starts a session and returns its id. */
export async function create(app: App, game: string, seed: number, config?: unknown): Promise<string> {
  const res = await send(
    app,
    "POST",
    "/api/games",
    config === undefined ? { game, seed } : { game, seed, config },
  );
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** Whether `text` is the one error shape: exactly `{"error":{"code","message"}}`, strings both. */
export function isErrorShape(text: string): boolean {
  let value: Json;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return (
    typeof value === "object" &&
    value !== null &&
    typeof value.error === "object" &&
    value.error !== null &&
    typeof value.error.code === "string" &&
    /^[A-Z][A-Z0-9_]*$/.test(value.error.code) &&
    typeof value.error.message === "string" &&
    value.error.message.length > 0
  );
}

export function expectErrorShape(answer: { status: number; text: string }, what = ""): void {
  expect(answer.status, `${what} ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${what} ${answer.text.slice(0, 200)}`).toBeLessThan(500);
  expect(isErrorShape(answer.text), `${what} ${answer.text.slice(0, 200)}`).toBe(true);
}

/** A client of the API: a player's bearer token once it has one. */
export interface Client {
  app: App;
  auth?: string;
}

export function call(client: Client, method: string, url: string, body?: unknown): Promise<Answer> {
  return send(client.app, method, url, body, client.auth);
}

/** The one error shape with this status and code. */
export function expectRefused(res: Answer, status: number, code: string, what = ""): void {
  expectErrorShape(res, what);
  expect(res.status, `${what} ${res.text}`).toBe(status);
  expect(res.body.error.code, what).toBe(code);
}

/** A new player, as a client that sends its token. */
export async function newPlayer(app: App): Promise<Client> {
  const res = await call({ app }, "POST", "/api/players");
  expect(res.status, res.text).toBe(201);
  return { app, auth: `Bearer ${res.body.player}.${res.body.secret}` };
}

/** A local copy of what a ranked client sees, to choose moves from: the view on a placeholder random source. */
export function localCopy(game: AnyGame, view: unknown): BaseState {
  const resumed = resumeLocally(game, view as PublicView, 1);
  if (!resumed.ok) throw new Error(resumed.error.message);
  return resumed.value;
}

export interface ClockedApp {
  app: App;
  /** Another server process on the same database and clock (each keeps its own session cache). */
  twin: () => Promise<App>;
  /** Moves the app's clock on (ms). */
  advance(ms: number): void;
  /** The app's clock now (ms since 1970). */
  now(): number;
}

/**
 * An app (on SQLite, or on `databaseUrl`) whose sessions and replays' lock read a clock the test
 * moves, without rate limits; closed after the test.
 */
export async function openClockedApp(
  databaseUrl?: string,
  compute?: Partial<ComputeOptions>,
): Promise<ClockedApp> {
  let now = Date.now();
  const dataDir = tempDataDir();
  const build = async () => {
    const app = await buildApp({
      dataDir,
      ...(databaseUrl === undefined ? {} : { databaseUrl }),
      ...(compute === undefined ? {} : { compute }),
      security: { rateLimit: false },
      sessions: { now: () => now },
    });
    open.push(app);
    return app;
  };
  return {
    app: await build(),
    advance: (ms) => {
      now += ms;
    },
    now: () => now,
    twin: build,
  };
}
