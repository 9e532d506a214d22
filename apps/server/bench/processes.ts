/** Real server processes on real ports for the service bench: started, waited for, stopped. */
import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort } from "../test/ports.js";

/** apps/server/dist/src/server.js: the real service, as `npm start` runs it. */
export const SERVER_JS = fileURLToPath(new URL("../../dist/src/server.js", import.meta.url));
/** The bare Fastify baseline (bare.ts), compiled beside this file. */
export const BARE_JS = fileURLToPath(new URL("./bare.js", import.meta.url));

export interface Proc {
  name: string;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node [nodeArgs] script` with env PORT=<free port>; resolves once /api/health answers 200. */
export async function startProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const proc: Proc = {
    name,
    url,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${stderr.trim()}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return proc;
    await sleep(100);
  }
  await proc.stop();
  throw new Error(`${name} did not answer /api/health within 30 s: ${stderr.trim()}`);
}
