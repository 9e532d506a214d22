/** Runs the built `blockarcade` (npm test builds it first) the way a user or a bot does. */
import { spawnSync } from "node:child_process";

export const BIN = "apps/cli/bin/blockarcade.js";

/** One whole run with `input` piped at once. */
export function runCli(args: string[], input = "") {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Pipes protocol commands (objects, or raw lines as strings) into `<game> --json` and parses every reply. */
export function runJson(game: string, args: string[], commands: unknown[]) {
  const input = commands.map((c) => `${typeof c === "string" ? c : JSON.stringify(c)}\n`).join("");
  const r = runCli([game, "--json", ...args], input);
  const lines = r.stdout.split("\n").filter((l) => l !== "");
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field by the tests.
  const replies = lines.map((l) => JSON.parse(l) as any);
  return { ...r, replies };
}
