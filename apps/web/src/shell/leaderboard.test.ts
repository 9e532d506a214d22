import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, fetchBoard, OFFLINE_TEXT } from "./leaderboard";

// A real HTTP server on a free port answering as the service's routes do (the real service is
// driven by e2e/leaderboard.spec.ts): the client's network path, timeouts and texts are the real ones.
// Node's http is reached by a computed name: the web's type check knows DOM types only.
interface ServerResponse {
  writeHead(status: number, headers: Record<string, string>): void;
  end(text?: string): void;
}
interface Server {
  listen(port: number, host: string, done: () => void): void;
  address(): { port: number };
  closeAllConnections(): void;
  close(done: () => void): void;
}
type Handler = (req: unknown, body: string, res: ServerResponse) => void;
let handler: Handler = (_req, _body, res) => res.end();
let server: Server;
let base = "";
const seen: { method?: string; url?: string; body: string }[] = [];

beforeAll(async () => {
  const http = (await import(/* @vite-ignore */ `node:${"http"}`)) as {
    createServer(
      listener: (
        req: { method?: string; url?: string; on(e: string, f: (chunk?: string) => void): void },
        res: ServerResponse,
      ) => void,
    ): Server;
  };
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk ?? "";
    });
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(done));
});

const json =
  (status: number, value: unknown): Handler =>
  (_req, _body, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(value));
  };

describe("leaderboard client", () => {
  it("sends JSON and reads the server's JSON answer", async () => {
    handler = json(201, { id: "g1", seq: 0 });
    const body = { game: "blast", ranked: true };
    expect(await callApi("POST", "/api/games", body, { base })).toEqual({
      ok: true,
      value: { id: "g1", seq: 0 },
    });
    expect(seen.at(-1)).toMatchObject({ method: "POST", url: "/api/games", body: JSON.stringify(body) });
  });

  it("a refusal carries the server's code and message", async () => {
    handler = json(422, { error: { code: "TICK_DUE", message: "a gravity tick is due first" } });
    expect(await callApi("POST", "/api/games/g1/commands", { cmd: "left" }, { base })).toEqual({
      ok: false,
      kind: "refused",
      code: "TICK_DUE",
      message: "a gravity tick is due first",
    });
  });

  it("no server (a static host's 404 page, a 5xx, a closed port, a timeout) reads as offline", async () => {
    const offline = { ok: false, kind: "offline", message: OFFLINE_TEXT };
    handler = (_req, _body, res) => {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<h1>Not found</h1>");
    };
    expect(await fetchBoard("blast", undefined, 10, { base })).toEqual(offline);
    handler = json(503, { error: { code: "DOWN", message: "down" } });
    expect(await fetchBoard("blast", undefined, 10, { base })).toEqual(offline);
    expect(await fetchBoard("blast", undefined, 10, { base: "http://127.0.0.1:9" })).toEqual(offline);
    handler = () => {}; // never answers
    const started = Date.now();
    expect(await fetchBoard("blast", undefined, 10, { base, timeoutMs: 150 })).toEqual(offline);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("an answer of the wrong shape is a bad reply, never a crash", async () => {
    handler = json(200, { entries: [{ rank: "1", name: "x", score: 3 }] });
    expect(await fetchBoard("blast", undefined, 10, { base })).toMatchObject({
      ok: false,
      kind: "bad-reply",
    });
    handler = (_req, _body, res) => res.end("not json");
    expect(await fetchBoard("blast", undefined, 10, { base })).toMatchObject({
      ok: false,
      kind: "bad-reply",
    });
  });

  it("fetches a board for a config, at most `limit` entries", async () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({
      rank: i + 1,
      name: `P${i}`,
      score: 100 - i,
      date: "2026-11-26",
    }));
    handler = json(200, { game: "puzzle", config: { rows: 10, cols: 6 }, entries });
    const reply = await fetchBoard("puzzle", { rows: 10, cols: 6 }, 10, { base });
    if (!reply.ok) throw new Error(reply.message);
    expect(reply.value.entries).toHaveLength(10);
    expect(reply.value.entries[0]).toEqual({ rank: 1, name: "P0", score: 100, date: "2026-11-26" });
    const url = new URL(seen.at(-1)?.url ?? "", base);
    expect(url.pathname).toBe("/api/leaderboards/puzzle");
    expect(JSON.parse(url.searchParams.get("config") ?? "")).toEqual({ rows: 10, cols: 6 });
    expect(url.searchParams.get("limit")).toBe("10");
  });
});
