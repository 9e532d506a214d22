/**
 * Before any test: bring the compiled workspaces up to date with their sources (`tsc -b` is
 * incremental: a fraction of a second when nothing changed). In-process tests run the engine from
 * its source (the `source` export condition); this makes the tests that start the real `blockarcade`
 * binary or the real server see an engine edit too, without a manual build. Type errors are the type
 * check's business (`npm run typecheck`), so they do not stop the tests here.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const root = fileURLToPath(new URL(".", import.meta.url));
  const tsc = fileURLToPath(new URL("./node_modules/typescript/bin/tsc", import.meta.url));
  spawnSync(process.execPath, [tsc, "-b"], { cwd: root, stdio: "ignore" });
}
