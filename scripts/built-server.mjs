// The built server with the built web app on a free port and a throwaway data folder, for the
// measuring scripts (scripts/lighthouse.mjs, scripts/frame-times.mjs). Builds nothing.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const SERVER_ENTRY = resolve("apps/server/dist/src/server.js");

function freePort() {
  return new Promise((ok, bad) => {
    const probe = createServer();
    probe.once("error", bad);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
}

/**
 * Starts the server on `webDir` (default WEB_DIR or apps/web/dist) once it answers /api/health;
 * returns its base URL and `stop()`. Throws with what to do when the app or the server is not built.
 */
export async function startBuiltServer(webDir = resolve(process.env.WEB_DIR ?? "apps/web/dist")) {
  if (!existsSync(join(webDir, "index.html")) || !existsSync(join(webDir, "sw.js"))) {
    throw new Error(`no built web app with its service worker in ${webDir}: run npm run build first`);
  }
  if (!existsSync(SERVER_ENTRY)) throw new Error("the server is not built: run npm run build first");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "blockarcade-measure-"));
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, PORT: String(port), WEB_DIR: webDir, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error("the server did not answer /api/health within 10 s");
}
