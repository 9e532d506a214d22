/** Runs the built `blockarcade` (npm test builds it first) the way a user or a bot does. */
import { spawn, spawnSync } from "node:child_process";

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

/**
 * Runs the built `blockarcade` with `input` written to a stdin that is never ended, the way a person
 * at a terminal leaves it open: resolves when the process exits, or after `timeoutMs` with
 * `status: "timeout"` (the process is then killed). With `pty`, it runs on a pseudo-terminal
 * through util-linux `script`, so stdin and stdout are a real terminal.
 */
export function runOpenStdin(
  args: string[],
  input: string,
  { timeoutMs = 2000, pty = false }: { timeoutMs?: number; pty?: boolean } = {},
): Promise<{ status: number | "timeout" | null; stdout: string; stderr: string; ms: number }> {
  const command = [process.execPath, BIN, ...args];
  const child = pty
    ? spawn("script", ["-q", "-e", "-c", command.map(shellQuote).join(" "), "/dev/null"])
    : spawn(command[0] as string, command.slice(1));
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  // On a terminal, typed text before the program starts would only be echoed, not read by it.
  const typing = setTimeout(() => child.stdin.write(input), pty ? 200 : 0);
  const started = performance.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill();
      resolve({ status: "timeout", stdout, stderr, ms: performance.now() - started });
    }, timeoutMs);
    // "close", not "exit": the output is whole only once the child's stdout has closed.
    child.on("close", (status) => {
      clearTimeout(timer);
      clearTimeout(typing);
      resolve({ status, stdout, stderr, ms: performance.now() - started });
    });
  });
}

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}
