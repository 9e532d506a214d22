/**
 * Connections one client may hold (issue 20 finding 5, docs/service.md "Protections"): a cap per
 * address and a short idle keep-alive, on a real server and real sockets.
 */
import { connect, type Socket } from "node:net";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { DEFAULT_CONNECTIONS_PER_ADDRESS, DEFAULT_KEEP_ALIVE_MS } from "../src/plugins/connections.js";
import { listen, openApp, tempDataDir } from "./support.js";

interface Client {
  socket: Socket;
  /** Resolves when the server ends or resets the connection. */
  closed: Promise<void>;
}

/** A connection from `localAddress` (any 127.x.y.z is this machine's loopback on Linux). */
function open(port: number, localAddress = "127.0.0.1"): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress });
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.once("connect", () => resolve({ socket, closed }));
    socket.once("error", (err) => {
      // A reset after the connection was made is the server refusing it: `closed` says so.
      if (!socket.readyState.startsWith("open")) reject(err);
    });
  });
}

/** One GET /api/health on the connection, kept alive: the status, or "closed" if the server hung up. */
function health(client: Client): Promise<number | "closed"> {
  return new Promise((resolve) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      if (split < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, split))?.[1] ?? 0);
      if (text.length - split - 4 < length) return;
      client.socket.off("data", onData);
      resolve(Number(text.split(" ")[1]));
    };
    client.socket.on("data", onData);
    client.closed.then(() => resolve("closed"));
    client.socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n");
  });
}

describe("connections per address", () => {
  it("refuses one over the cap from one address, not from another, and again after one closes", async () => {
    const { app } = await openApp(undefined, { connectionsPerAddress: 3 });
    const port = await listen(app);
    const held = [await open(port), await open(port), await open(port)];
    for (const client of held) expect(await health(client)).toBe(200);
    // The fourth from 127.0.0.1 is cut without an answer.
    const extra = await open(port);
    expect(await health(extra)).toBe("closed");
    // Another address has its own count.
    const other = await open(port, "127.0.0.2");
    expect(await health(other)).toBe(200);
    // One of the three closes: once the server has seen it go, a new one is served. (The server
    // learns of the close asynchronously; each refused try is another proof the cap holds.)
    const first = held.shift() as Client;
    first.socket.end();
    await first.closed;
    let answered: number | "closed" = "closed";
    let tries = 0;
    while (answered === "closed" && tries < 50) {
      tries++;
      answered = await health(await open(port));
    }
    expect(answered).toBe(200);
    for (const client of [...held, other]) client.socket.destroy();
  });

  it("spares the trusted proxies, whose connections carry every client behind them", async () => {
    const { app } = await openApp(undefined, { connectionsPerAddress: 2, trustProxy: "127.0.0.3" });
    const port = await listen(app);
    const proxied = await Promise.all([1, 2, 3, 4].map(() => open(port, "127.0.0.3")));
    for (const client of proxied) expect(await health(client)).toBe(200);
    const direct = await Promise.all([1, 2, 3].map(() => open(port, "127.0.0.4")));
    expect(await Promise.all(direct.map(health))).toEqual([200, 200, "closed"]);
    for (const client of [...proxied, ...direct]) client.socket.destroy();
  });

  it("says so in one warning a minute per address, not one per refused connection", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const app = await buildApp({
      dataDir: tempDataDir(),
      security: { connectionsPerAddress: 1 },
      logger: { level: "warn", stream },
    });
    try {
      const port = await listen(app);
      const held = await open(port);
      expect(await health(held)).toBe(200);
      const refused = [await open(port), await open(port), await open(port)];
      for (const client of refused) expect(await health(client)).toBe("closed");
      const warnings = lines
        .map((line) => JSON.parse(line))
        .filter((l) => l.msg === "connection cap reached");
      expect(warnings.map((w) => [w.client, w.cap])).toEqual([["127.0.0.1", 1]]);
      held.socket.destroy();
    } finally {
      await app.close();
    }
  });

  it("has no cap with 0, and a default of 64", async () => {
    expect(DEFAULT_CONNECTIONS_PER_ADDRESS).toBe(64);
    const { app } = await openApp(undefined, { connectionsPerAddress: 0 });
    const port = await listen(app);
    const many = await Promise.all(Array.from({ length: 80 }, () => open(port)));
    expect(await health(many[79] as Client)).toBe(200);
    for (const client of many) client.socket.destroy();
  });
});

describe("idle keep-alive connections", () => {
  it("are closed by the server after the keep-alive timeout", async () => {
    expect(DEFAULT_KEEP_ALIVE_MS).toBe(5_000);
    const { app } = await openApp(undefined, { keepAliveTimeout: 200 });
    const port = await listen(app);
    const client = await open(port);
    expect(await health(client)).toBe(200);
    // Then nothing is sent: the server ends it (the test's own timeout is the only clock).
    await client.closed;
    expect(client.socket.readyState).toBe("closed");
  });
});
