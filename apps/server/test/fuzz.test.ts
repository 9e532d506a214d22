/**
 * Seeded hostile-request fuzz (docs/service.md "Fuzz test") against a real server on a real port:
 * random methods, paths, headers, content types and bodies (garbage JSON, 1e308, deep nesting, giant
 * strings, damaged states, real commands with random arguments). Never a 5xx, every 4xx in the one
 * error shape, every status of an API route documented, and every session still reads back, the same
 * after a restart. FUZZ_REQUESTS (default 2,000) and FUZZ_SEED choose the run.
 */
import { Agent, request } from "node:http";
import { connect } from "node:net";
import type { GameId } from "@blockarcade/engine/core";
import { describe, expect, it } from "vitest";
import { OFFERED_IDS } from "../src/games.js";
import { closeApp, create, isErrorShape, type Json, listen, openApp, send } from "./support.js";

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);

/** mulberry32: small, seeded, good enough to pick test inputs. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMANDS: Readonly<Record<GameId, string[]>> = {
  blast: ["place", "revive"],
  puzzle: ["place"],
  stacker: ["key", "tick"],
  match3: ["frame"],
  blocky: ["move", "ai", "score"],
};
const ARGUMENT_NAMES = ["piece", "row", "col", "key", "commands", "action", "path", "goal", "colour", "seed"];
const ARGUMENT_WORDS = [
  "Space",
  "A",
  "ArrowLeft",
  "LRD",
  "rotate_cw",
  "smash",
  "paint",
  "pass",
  "blob",
  "B",
  "__proto__",
];
const METHODS = [
  "GET",
  "GET",
  "POST",
  "POST",
  "POST",
  "POST",
  "POST",
  "POST",
  "PUT",
  "DELETE",
  "PATCH",
  "OPTIONS",
  "HEAD",
  "PROPFIND",
];
const CONTENT_TYPES = [
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=zz",
  "application/xml",
  "json",
  "",
  ";;;",
];

type Rng = () => number;

function fuzzer(rng: Rng, sessions: { id: string; game: GameId; state: Json }[]) {
  const int = (n: number) => Math.floor(rng() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  const deep = (depth: number) =>
    rng() < 0.5
      ? `${"[".repeat(depth)}${"]".repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

  function scalar(): Json {
    return pick<() => Json>([
      () => int(1000) - 500,
      () => pick([1e308, -1e308, 2 ** 53 + 1, 4294967296, -0, 0.5, 1e-308, Number.MAX_SAFE_INTEGER]),
      () => pick(ARGUMENT_WORDS),
      () => "x".repeat(int(3) === 0 ? 14_000 : int(50)),
      () => pick([null, true, false]),
      () => String.fromCodePoint(...Array.from({ length: int(20) }, () => int(0x2ffff))),
    ])();
  }

  function value(depth = 0): Json {
    const r = rng();
    if (depth > 3 || r < 0.6) return scalar();
    if (r < 0.8) return Array.from({ length: int(5) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: int(4) }, () => [pick(ARGUMENT_NAMES), value(depth + 1)]));
  }

  /** A real state with a few fields removed, retyped or pushed out of range. */
  function damaged(state: Json): Json {
    const copy = structuredClone(state);
    for (let i = 0; i < 1 + int(3); i++) {
      const keys = Object.keys(copy);
      const key = pick(keys);
      const r = rng();
      if (r < 0.3) delete copy[key];
      else if (r < 0.6) copy[key] = value();
      else if (r < 0.75 && Array.isArray(copy[key])) copy[key] = [...copy[key], ...copy[key]];
      else copy[pick(["extra", "__proto__", "constructor", key])] = scalar();
    }
    return copy;
  }

  function command(game: GameId, state: Json): Json {
    const r = rng();
    if (r < 0.08) return { cmd: pick(["state", "legal"]) };
    if (r < 0.16)
      return {
        cmd: "new",
        ...(rng() < 0.5 ? { seed: value() } : {}),
        ...(rng() < 0.5 ? { config: value() } : {}),
      };
    if (r < 0.3) return { cmd: "load", state: rng() < 0.85 ? damaged(state) : value() };
    const cmd = rng() < 0.9 ? pick(COMMANDS[game] ?? ["state"]) : pick(["jump", "", "__proto__", "toString"]);
    const body: Json = { cmd };
    for (let i = 0; i < int(4); i++)
      body[pick(ARGUMENT_NAMES)] = rng() < 0.5 ? pick(ARGUMENT_WORDS) : value();
    return body;
  }

  function body(target: { game: GameId; state: Json } | undefined, create: boolean): string | undefined {
    const r = rng();
    if (r < 0.05) return undefined;
    if (r < 0.15)
      return pick([
        "{",
        "[",
        "nul",
        '{"cmd":',
        "\u00ff\u00fe",
        "{}}",
        '{"a":1,}',
        "1e99999",
        "NaN",
        '"x"',
        "[]",
        "",
      ]);
    if (r < 0.2) return deep(pick([100, 1000, 5000, 100_000]));
    if (r < 0.25)
      return JSON.stringify({ cmd: "state", pad: "x".repeat(pick([100, 16_000, 17_000, 60_000])) });
    if (create) {
      const game = rng() < 0.85 ? pick(OFFERED_IDS) : value();
      const raw: Json = { game };
      if (rng() < 0.5) raw.seed = rng() < 0.5 ? int(2 ** 32) : value();
      if (rng() < 0.4) raw.config = value();
      if (rng() < 0.05) raw[pick(ARGUMENT_NAMES)] = value();
      return JSON.stringify(raw);
    }
    const game = target?.game ?? pick(OFFERED_IDS);
    return JSON.stringify(command(game, target?.state ?? {}));
  }

  function path(): { url: string; route?: string; target?: (typeof sessions)[number]; create?: boolean } {
    const target = pick(sessions);
    const r = rng();
    const query = rng() < 0.1 ? pick(["?a=1", `?${"q".repeat(500)}`, "?%ZZ", "?a[b]=1&a[c]=2", "#x"]) : "";
    if (r < 0.45)
      return { url: `/api/games/${target.id}/commands${query}`, route: "/api/games/{id}/commands", target };
    if (r < 0.55) return { url: `/api/games/${target.id}${query}`, route: "/api/games/{id}", target };
    if (r < 0.7) return { url: `/api/games${query}`, route: "/api/games", create: true };
    if (r < 0.75) return { url: "/api/health", route: "/api/health" };
    if (r < 0.77) return { url: "/api/openapi.json", route: "/api/openapi.json" };
    const id = pick([
      "nope",
      "x".repeat(pick([65, 100, 101, 3000])),
      "%ZZ",
      "%00",
      "..%2F..%2Fetc%2Fpasswd",
      "%E2%82",
      "\u00e9t\u00e9",
      `${target.id}%20`,
      "",
    ]);
    return {
      url: pick([
        `/api/games/${id}`,
        `/api/games/${id}/commands`,
        `/api/${id}`,
        `/api//games/${target.id}`,
        `/api/games/${target.id}/commands/`,
        `/${id}`,
        "/api",
        "/",
      ]),
    };
  }

  function headers(body: string | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    const type = rng() < 0.8 ? "application/json" : pick(CONTENT_TYPES);
    if (body !== undefined && type !== "") out["content-type"] = type;
    if (rng() < 0.1) out["content-encoding"] = pick(["gzip", "br", "identity", "x"]);
    if (rng() < 0.1) out.accept = pick(["text/html", "*/*", "application/xml", "x".repeat(200)]);
    if (rng() < 0.05) out["x-junk"] = "j".repeat(int(8000));
    if (rng() < 0.05) out["content-type"] = `application/json; ${"p=1;".repeat(300)}`;
    return out;
  }

  return { int, pick, path, body, headers };
}

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

function httpSend(
  agent: Agent,
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: "127.0.0.1", port, method, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString("utf8"),
          headers: res.headers,
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Bytes that are not quite HTTP, on their own socket: the answer's status line, headers and body. */
function rawSend(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (data) => {
      text += data.toString("latin1");
    });
    socket.on("error", () => resolve(`${text}\u0000reset`));
    socket.on("end", () => {
      socket.end();
      resolve(text);
    });
    socket.write(bytes);
    // Every one of these is answered at once, however slow the machine: stop waiting only on a hang
    // (an empty answer then fails the check).
    setTimeout(() => socket.destroy(), 30_000).unref();
    socket.on("close", () => resolve(text));
  });
}

describe("hostile-request fuzz", () => {
  it(`answers ${REQUESTS} random requests (seed ${SEED}) without a 5xx, refusals in the one shape`, async () => {
    const rng = random(SEED);
    // Thousands of writes from one address: the rate limit would answer most of them.
    const { app, dataDir } = await openApp(undefined, { rateLimit: false });
    const port = await listen(app);
    const sessions: { id: string; game: GameId; state: Json }[] = [];
    for (const game of OFFERED_IDS) {
      const id = await create(app, game, 7);
      sessions.push({ id, game, state: (await send(app, "GET", `/api/games/${id}`)).body.state });
    }
    const fuzz = fuzzer(rng, sessions);
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const statuses = new Map<string, Set<number>>();
    const tally = new Map<number, number>();
    const failures: string[] = [];
    const started = performance.now();

    for (let i = 0; i < REQUESTS; i++) {
      const { url, route, target, create: creating } = fuzz.path();
      // Mostly the route's own method, so most requests reach a handler; the rest any method.
      const own = route === "/api/games" || route === "/api/games/{id}/commands" ? "POST" : "GET";
      const method = route && rng() < 0.75 ? own : fuzz.pick(METHODS);
      const body = method === "GET" || method === "HEAD" ? undefined : fuzz.body(target, creating === true);
      const headers = fuzz.headers(body);
      let answer: Answer;
      const raw = rng() < 0.03;
      if (raw) {
        // Not HTTP at all, or over Node's header limit: answered from the socket.
        const bytes = fuzz.pick([
          `${method} ${url} HTTP/1.1\r\nHost: x\r\nX-A: ${"a".repeat(20_000)}\r\n\r\n`,
          `${method} /api/${"u".repeat(17_000)} HTTP/1.1\r\n\r\n`,
          `${method}\u0000${url}\r\n\r\n`,
          "GET / HTTP/9.9\r\n\r\n",
          `POST ${url} HTTP/1.1\r\nContent-Length: -1\r\n\r\n`,
          `POST ${url} HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\nabc`,
        ]);
        const text = await rawSend(port, bytes);
        const split = text.indexOf("\r\n\r\n");
        const status = Number(text.slice(0, split).split(" ")[1]);
        answer = { status, text: text.slice(split + 4), headers: {} };
        if (!/\r\nconnection: close\r\n/i.test(text.slice(0, split + 2)))
          failures.push(`no Connection: close: ${bytes.slice(0, 60)}`);
      } else {
        answer = await httpSend(agent, port, method, url, headers, body).catch((err: Error) => ({
          status: 0,
          text: `client error: ${err.message}`,
          headers: {},
        }));
      }
      tally.set(answer.status, (tally.get(answer.status) ?? 0) + 1);
      const what = `#${i} ${method} ${url.slice(0, 80)} ${JSON.stringify(headers).slice(0, 80)} ${String(body).slice(0, 120)} -> ${answer.status} ${answer.text.slice(0, 160)}`;
      if (!Number.isInteger(answer.status) || answer.status >= 500 || answer.status < 200)
        failures.push(what);
      else if (answer.status >= 400 && method !== "HEAD" && !isErrorShape(answer.text))
        failures.push(`shape: ${what}`);
      if (route && !raw && method !== "HEAD") {
        const key = `${method.toLowerCase()} ${route}`;
        statuses.set(key, (statuses.get(key) ?? new Set()).add(answer.status));
      }
      if (failures.length > 10) break;
    }
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `fuzz: ${REQUESTS} requests, seed ${SEED}, ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...tally].sort()))}`,
    );
    expect(failures).toEqual([]);

    // Every status an API route answered is in the OpenAPI document.
    const doc = (await send(app, "GET", "/api/openapi.json")).body;
    for (const [key, seen] of statuses) {
      const [method, route] = key.split(" ") as [string, string];
      const operation = doc.paths[route]?.[method];
      if (!operation) {
        // A method the route does not have: the catch-all's 404, or its body parser's refusals.
        for (const status of seen) expect([400, 404, 413, 415], `${key} ${status}`).toContain(status);
        continue;
      }
      for (const status of seen)
        expect(operation.responses[String(status)], `${key} ${status}`).toBeDefined();
    }

    // Every session still reads back, and replays to the same text after a restart.
    const texts = new Map<string, string>();
    for (const { id } of sessions) {
      const res = await send(app, "GET", `/api/games/${id}`);
      expect(res.status).toBe(200);
      texts.set(id, res.text);
    }
    await closeApp(app);
    const again = await openApp(dataDir);
    for (const [id, text] of texts)
      expect((await send(again.app, "GET", `/api/games/${id}`)).text).toBe(text);
  });
});
