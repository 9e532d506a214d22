/**
 * `npm run bench`: the engine's bench, then the service's, then the hint flood's (hint-flood.ts),
 * each given the same arguments, so `npm run bench -- blast` still picks the engine's Block Blast
 * figures and `npm run bench -- service` only the service's. All print JSON lines on stdout.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const scripts = [
  fileURLToPath(new URL("../../../../packages/engine/dist-bench/bench/run.js", import.meta.url)),
  fileURLToPath(new URL("./service.js", import.meta.url)),
  fileURLToPath(new URL("./hint-flood.js", import.meta.url)),
];
let status = 0;
for (const script of scripts) {
  const run = spawnSync(process.execPath, [script, ...args], { stdio: "inherit" });
  if (run.status !== 0) status = run.status ?? 1;
}
process.exit(status);
