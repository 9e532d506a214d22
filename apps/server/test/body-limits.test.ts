/**
 * Bodies judged before they are parsed (issue 20 finding 3, docs/service.md "Limits"): nesting is
 * refused while a body is read, and each route takes only what it can need.
 */
import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { DepthScan } from "../src/json-depth.js";
import { BODY_LIMIT, MAX_BODY_DEPTH } from "../src/limits.js";
import { expectErrorShape, listen, openApp, send } from "./support.js";

/** One HTTP exchange on a socket: the answer's status, headers and body, once it is complete. */
function readAnswer(socket: Socket): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      if (split < 0) return;
      const head = text.slice(0, split).toLowerCase();
      const length = Number(/content-length: (\d+)/.exec(head)?.[1] ?? 0);
      if (text.length - split - 4 < length) return;
      socket.off("data", onData);
      resolve({ status: Number(head.split(" ")[1]), headers: head, body: text.slice(split + 4) });
    };
    socket.on("data", onData);
    socket.once("error", reject);
  });
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1" }, () => resolve(socket));
    socket.once("error", reject);
  });
}

function chunk(text: string): string {
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
}

describe("the depth scan", () => {
  it("counts arrays and objects outside strings, across chunks cut anywhere", () => {
    const deep = `${"[".repeat(MAX_BODY_DEPTH)}${"]".repeat(MAX_BODY_DEPTH)}`;
    const tooDeep = `${"[".repeat(MAX_BODY_DEPTH + 1)}${"]".repeat(MAX_BODY_DEPTH + 1)}`;
    // Brackets, quotes and backslashes inside strings are text, escaped quotes included.
    const quoted = JSON.stringify({ a: `${"[{".repeat(200)}\\"[[[`, b: ['\\"', "\\", "]]]]{{"] });
    const cases: [string, boolean][] = [
      [deep, true],
      [tooDeep, false],
      [quoted, true],
      [`{"a":${deep.slice(1, -1)}}`, true],
      [`{"a":[${deep}]}`, false],
      // Unbalanced closers never deepen anything: JSON.parse refuses them after.
      [`]]]]]]${deep}`, true],
    ];
    for (const [text, fits] of cases) {
      const bytes = Buffer.from(text);
      // Whole, and in every cut of two pieces (an escape or a string may end a chunk).
      for (let cut = 0; cut <= bytes.length; cut += cut < 300 ? 1 : 37) {
        const scan = new DepthScan(MAX_BODY_DEPTH);
        const ok = scan.push(bytes.subarray(0, cut)) && scan.push(bytes.subarray(cut));
        expect(ok, `${text.slice(0, 30)} cut at ${cut}`).toBe(fits);
      }
    }
  });
});

describe("bodies nested too deep", () => {
  it("are refused with 400 TOO_DEEP at the first level too deep, before the rest of the body arrives", async () => {
    const { app } = await openApp();
    const port = await listen(app);
    // 8 MB nested 4,000,000 deep, in chunks: only the first is ever sent.
    const first = "[".repeat(64 * 1024);
    const socket = await open(port);
    const answer = readAnswer(socket);
    socket.write(
      "POST /api/scores HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
    );
    socket.write(chunk(first));
    const refused = await answer;
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.code).toBe("TOO_DEEP");
    expect(refused.headers).toContain("cache-control: no-store");
    socket.destroy();
  });

  it("refuse an 8 MB body nested 4,000,000 deep without holding the server: health is answered meanwhile", async () => {
    const { app } = await openApp();
    const port = await listen(app);
    const depth = 4_000_000;
    const body = `${"[".repeat(depth)}${"]".repeat(depth)}`;
    expect(body.length).toBe(8_000_000);
    const deep = await open(port);
    const health = await open(port);
    const deepAnswer = readAnswer(deep);
    const healthAnswer = readAnswer(health);
    // Sent whole (chunked, so no limit refuses it from its headers), then health on another socket.
    deep.write(
      "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
    );
    deep.write(`${chunk(body)}0\r\n\r\n`);
    health.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    const [refused, healthy] = await Promise.all([deepAnswer, healthAnswer]);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.code).toBe("TOO_DEEP");
    expect(healthy.status).toBe(200);
    // With its length declared, a body over the route's limit is refused from its headers alone.
    const declared = await open(port);
    const declaredAnswer = readAnswer(declared);
    declared.write(
      `POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const tooLarge = await declaredAnswer;
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).error.code).toBe("BODY_TOO_LARGE");
    for (const socket of [deep, health, declared]) socket.destroy();
  });

  it("are refused on every body route, however the JSON content type is spelled", async () => {
    const { app } = await openApp();
    const deep = `{"game":${"[".repeat(MAX_BODY_DEPTH)}${"]".repeat(MAX_BODY_DEPTH)}}`;
    for (const url of ["/api/games", "/api/seeds", "/api/scores", "/api/games/nope/commands"]) {
      for (const type of ["application/json", "Application/JSON; charset=utf-8"]) {
        const res = await app.inject({
          method: "POST",
          url,
          headers: { "content-type": type },
          payload: deep,
        });
        expect(res.statusCode, `${url} ${type}`).toBe(400);
        expect(res.json().error.code, url).toBe("TOO_DEEP");
      }
    }
  });
});

describe("each route's body limit", () => {
  it("gives the session routes and the retired ranking routes 16 KiB", async () => {
    const { app } = await openApp();
    for (const url of ["/api/seeds", "/api/scores"]) {
      // Any body that fits is answered with the way to rank now; a larger one is too large.
      const fits = await send(app, "POST", url, `{"game":"blast","x":"${"y".repeat(2048)}"}`);
      expect(fits.status, url).toBe(410);
      const over = await send(app, "POST", url, `{"game":"blast","x":"${"y".repeat(BODY_LIMIT)}"}`);
      expectErrorShape(over);
      expect(over.status, url).toBe(413);
      expect(over.body.error.code).toBe("BODY_TOO_LARGE");
    }
    // A new game's body of 2 KiB is no size problem (its unknown field is the refusal).
    const create = await send(app, "POST", "/api/games", `{"game":"blast","x":"${"y".repeat(2048)}"}`);
    expect(create.status).toBe(400);
    expect(create.body.error.code).toBe("BAD_REQUEST");
  });
});
