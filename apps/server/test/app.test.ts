import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()?.close();
});

async function makeApp(withWeb = false) {
  const root = mkdtempSync(join(tmpdir(), "ba-server-"));
  let webDir: string | undefined;
  if (withWeb) {
    webDir = join(root, "web");
    mkdirSync(webDir);
    writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Block Arcade</title>");
    writeFileSync(join(webDir, "app.js"), "console.log(1)");
    mkdirSync(join(webDir, "assets"));
    writeFileSync(join(webDir, "assets", "index-abc123.js"), "console.log(2)");
  }
  const app = await buildApp({ dataDir: join(root, "data"), webDir });
  apps.push(app);
  return { app, root };
}

describe("server app", () => {
  it("answers /api/health and /api/ready and creates its SQLite file on first start", async () => {
    const { app, root } = await makeApp();
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    const ready = await app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ok", database: "ok" });
    expect(existsSync(join(root, "data", "blockarcade.sqlite"))).toBe(true);
  });

  it("is live but not ready when its database is gone: /api/ready 503 with Retry-After, /api/health 200", async () => {
    const { app } = await makeApp();
    await app.storage.close();
    const ready = await app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(503);
    expect(Number(ready.headers["retry-after"])).toBeGreaterThan(0);
    expect(ready.json().error.code).toBe("DATABASE_UNAVAILABLE");
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const { app } = await makeApp();
    const res = await app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });

  it("serves the web app, with real URLs falling back to index.html", async () => {
    const { app } = await makeApp(true);
    const home = await app.inject({ method: "GET", url: "/" });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("Block Arcade");
    const deep = await app.inject({ method: "GET", url: "/games/blast/leaderboard?x=1" });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers["content-type"]).toContain("text/html");
    expect((await app.inject({ method: "GET", url: "/app.js" })).body).toContain("console.log");
    expect((await app.inject({ method: "GET", url: "/missing.js" })).statusCode).toBe(404);
    const asset = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect(home.headers["cache-control"] ?? "").not.toContain("immutable");
  });

  it("says how to build when the web app is missing", async () => {
    const { app } = await makeApp(false);
    const res = await app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("npm run build");
  });
});

describe("server process", () => {
  it("listens on PORT, serves health and shuts down cleanly on SIGTERM", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "ba-proc-")), "data");
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, ["apps/server/dist/src/server.js"], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    let status = 0;
    // Polled until it answers: a start on a loaded machine can take many seconds.
    for (const deadline = Date.now() + 60_000; Date.now() < deadline && status !== 200; ) {
      await new Promise((r) => setTimeout(r, 100));
      status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
    }
    expect(status).toBe(200);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, "blockarcade.sqlite"))).toBe(true);
  });

  it("refuses to start with TRUST_PROXY=true, saying what to give instead", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "ba-proc-")), "data");
    const child = spawn(process.execPath, ["apps/server/dist/src/server.js"], {
      env: { ...process.env, PORT: "0", DATA_DIR: dataDir, TRUST_PROXY: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    expect(code).toBe(2);
    expect(stderr).toContain("TRUST_PROXY=true");
    expect(stderr).toContain("10.0.0.0/8");
    expect(existsSync(dataDir)).toBe(false);
  });
});
