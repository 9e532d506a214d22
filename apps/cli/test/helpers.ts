/** Runs the built `blockarcade` (npm test builds it first) the way a user or a bot does. */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const BIN = "apps/cli/bin/blockarcade.js";

/**
 * The binary keeps best scores (and its player) in the config folder: every run a test starts keeps
 * them in a throwaway folder of this test file, never in the home of whoever runs the tests.
 */
export const TEST_CONFIG_HOME = mkdtempSync(join(tmpdir(), "ba-cli-config-"));
process.env.XDG_CONFIG_HOME = TEST_CONFIG_HOME;
process.on("exit", () => rmSync(TEST_CONFIG_HOME, { recursive: true, force: true }));

/** An empty config folder of its own (for runs compared byte for byte: no best kept from before). */
export function freshConfig(): { XDG_CONFIG_HOME: string } {
  return { XDG_CONFIG_HOME: mkdtempSync(join(TEST_CONFIG_HOME, "run-")) };
}

/** One whole run with `input` piped at once; `env` is added to this process's environment. */
export function runCli(args: string[], input = "", env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
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
 * at a terminal leaves it open: resolves when the process exits, or with `status: "running"` once
 * `until(stdout)` holds and the process is still running `graceMs` later (it is then killed).
 * `timeoutMs` only catches a hang (`status: "timeout"`): it is sized for a loaded machine, and a
 * test waits for output, never for time. With `pty`, it runs on a pseudo-terminal through
 * util-linux `script`, so stdin and stdout are a real terminal.
 */
export function runOpenStdin(
  args: string[],
  input: string,
  {
    timeoutMs = 90_000,
    pty = false,
    until,
    graceMs = 300,
    env = {},
  }: {
    timeoutMs?: number;
    pty?: boolean;
    until?: (stdout: string) => boolean;
    graceMs?: number;
    /** Added to this process's environment. */
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<{ status: number | "running" | "timeout" | null; stdout: string; stderr: string; ms: number }> {
  const command = [process.execPath, BIN, ...args];
  const options = { env: { ...process.env, ...env } };
  const child = pty
    ? spawn("script", ["-q", "-e", "-c", command.map(shellQuote).join(" "), "/dev/null"], options)
    : spawn(command[0] as string, command.slice(1), options);
  let stdout = "";
  let stderr = "";
  let seen: NodeJS.Timeout | undefined;
  let settle: (status: "running") => void = () => {};
  child.stdout.on("data", (d) => {
    stdout += d;
    if (pty) type();
    if (until && seen === undefined && until(stdout)) seen = setTimeout(() => settle("running"), graceMs);
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  // On a terminal, typed text before the program starts would only be echoed, not read by it: type
  // once it has drawn its first output (a wait for the program, not for a time).
  let typed = false;
  const type = () => {
    if (typed) return;
    typed = true;
    child.stdin.write(input);
  };
  const typing = pty ? undefined : setTimeout(type, 0);
  const started = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (status: number | "running" | "timeout" | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(typing);
      clearTimeout(seen);
      if (status === "running" || status === "timeout") child.kill();
      resolve({ status, stdout, stderr, ms: performance.now() - started });
    };
    settle = finish;
    const timer = setTimeout(() => finish("timeout"), timeoutMs);
    // "close", not "exit": the output is whole only once the child's stdout has closed.
    child.on("close", (status) => finish(status));
  });
}

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/** A run of the built binary on a pseudo-terminal (util-linux `script`), driven as a person would. */
export interface PtySession {
  output: () => string;
  /** Types `text` (Ctrl-C is "\u0003": the terminal turns it into SIGINT, or a key in raw mode). */
  send: (text: string) => void;
  /** Resolves once `test(output)` holds; rejects only on a hang (`timeoutMs`, sized for a loaded machine). */
  waitFor: (test: (out: string) => boolean, what: string) => Promise<void>;
  /** The exit status `script -e` passes on from the binary. */
  exited: Promise<number | null>;
  kill: () => void;
}

export function startPty(args: string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 90_000): PtySession {
  const command = [process.execPath, BIN, ...args].map(shellQuote).join(" ");
  const child = spawn("script", ["-q", "-e", "-c", `stty cols 100 rows 40; exec ${command}`, "/dev/null"], {
    env: { ...process.env, TERM: "xterm", ...env },
  });
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return {
    output: () => out,
    send: (text) => child.stdin.write(text),
    waitFor: (test, what) =>
      new Promise((resolve, reject) => {
        const deadline = performance.now() + timeoutMs;
        const poll = () => {
          if (test(out)) resolve();
          else if (performance.now() > deadline)
            reject(new Error(`timed out waiting for ${what}; output:\n${out.slice(-2000)}`));
          else setTimeout(poll, 20);
        };
        poll();
      }),
    exited,
    kill: () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/** The built game server on a real port of its own choosing (PORT=0), with a throwaway database. */
export async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "ba-cli-server-"));
  const server = new URL("../../server/dist/src/server.js", import.meta.url).pathname;
  const child = spawn(process.execPath, [server], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: join(dataDir, "data"), LOG_LEVEL: "info" },
  });
  // Waits for the line that says where it listens (a condition, not a time).
  const base = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const at = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (at?.[1]) resolve(at[1]);
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
  });
  return {
    base,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The binary in a JSON-lines mode, spoken to one line at a time (a reply awaited for each). */
export class JsonPeer {
  private readonly child;
  private buffer = "";
  private readonly lines: string[] = [];
  private waiting: ((line: string) => void) | undefined;
  stderr = "";
  readonly exited: Promise<number | null>;

  constructor(args: string[], env: NodeJS.ProcessEnv = {}) {
    this.child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });
    this.child.stdout.on("data", (chunk) => {
      this.buffer += chunk;
      for (let end = this.buffer.indexOf("\n"); end >= 0; end = this.buffer.indexOf("\n")) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 1);
        const waiter = this.waiting;
        this.waiting = undefined;
        if (waiter) waiter(line);
        else this.lines.push(line);
      }
    });
    this.child.stderr.on("data", (chunk) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) => this.child.on("close", (code) => resolve(code)));
  }

  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field by the tests.
  async next(): Promise<any> {
    const line = this.lines.shift() ?? (await new Promise<string>((resolve) => (this.waiting = resolve)));
    return JSON.parse(line);
  }

  // biome-ignore lint/suspicious/noExplicitAny: see next().
  async ask(command: unknown): Promise<any> {
    this.child.stdin.write(`${JSON.stringify(command)}\n`);
    return this.next();
  }

  end(): Promise<number | null> {
    this.child.stdin.end();
    return this.exited;
  }
}
