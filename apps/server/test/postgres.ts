/**
 * A real, throwaway PostgreSQL server for the tests (no mock database): `initdb` into a temp folder,
 * a free port on 127.0.0.1, trust authentication for the `postgres` role, durability off for speed.
 * PostgreSQL refuses to run as root, so as root every server command runs as the `postgres` user
 * (`runuser -u postgres`) on folders it owns. `scripts/ensure-postgres.mjs` (run by `npm test`)
 * installs Debian's `postgresql` when the server binaries are missing; where none can be found the
 * tests skip with `postgresSkipReason`.
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./ports.js";

const { Client } = pg;

const run = promisify(execFile);
const SERVER_PROGRAMS = ["initdb", "pg_ctl", "postgres"];
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** The folder with PostgreSQL's server programs: Debian's newest version first, then PATH. */
export function findPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+(\.\d+)?$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((name) => join(root, name, "bin"))
    : [];
  const path = (process.env.PATH ?? "").split(delimiter).filter((dir) => dir !== "");
  return [...versions, ...path].find((dir) => SERVER_PROGRAMS.every((name) => existsSync(join(dir, name))));
}

/** The `postgres` OS user's ids, which own the cluster when we are root. */
function postgresUser(): { uid: number; gid: number } | undefined {
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

const BIN = findPostgresBin();
const OWNER = isRoot ? postgresUser() : undefined;

function skipReason(): string | undefined {
  if (BIN === undefined)
    return "no PostgreSQL server binaries (initdb, pg_ctl, postgres) in /usr/lib/postgresql/*/bin or PATH: run 'node scripts/ensure-postgres.mjs' or install Debian's postgresql";
  if (isRoot && OWNER === undefined)
    return "running as root and there is no 'postgres' user to run the PostgreSQL server as";
  if (isRoot && !existsSync("/usr/sbin/runuser") && !existsSync("/usr/bin/runuser"))
    return "running as root without runuser to start PostgreSQL as the 'postgres' user";
  return undefined;
}

/** Why PostgreSQL tests cannot run on this machine (no server binaries), or undefined when they can. Computed synchronously at import. */
export const postgresSkipReason: string | undefined = skipReason();

export interface TestPostgres {
  /** postgres://... of the default database (`postgres`). */
  url: string;
  /** The server's own log (errors such as "deadlock detected" are written there). */
  logFile: string;
  /** Stops the server (`pg_ctl stop -m <mode>`, default fast: connections are terminated) and keeps the cluster. */
  halt(mode?: "smart" | "fast" | "immediate"): Promise<void>;
  /** Starts a halted server again on the same port. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** A server program's command line, run as the `postgres` user when we are root. */
function command(program: string, args: string[]): [string, string[]] {
  const path = join(BIN!, program);
  return isRoot ? ["runuser", ["-u", "postgres", "--", path, ...args]] : [path, args];
}

interface Cluster {
  dir: string;
  data: string;
  watchdog: number | undefined;
}

const running = new Set<Cluster>();

/** Forgets the cluster and ends its watchdog; returns the command that stops the server. */
function release(cluster: Cluster): [string, string[]] {
  running.delete(cluster);
  if (cluster.watchdog !== undefined) {
    try {
      process.kill(cluster.watchdog);
    } catch {
      // already gone
    }
  }
  return command("pg_ctl", ["stop", "-D", cluster.data, "-m", "immediate", "-w"]);
}

/** Stops a cluster now, synchronously: for process exit, where nothing async runs. */
function stopNow(cluster: Cluster): void {
  const [file, args] = release(cluster);
  spawnSync(file, args, { stdio: "ignore" });
  rmSync(cluster.dir, { recursive: true, force: true });
}

let exitHook = false;
function stopAllOnExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.on("exit", () => {
    for (const cluster of running) stopNow(cluster);
  });
}

/**
 * A detached shell that stops the cluster and removes its folder once this process is gone, even
 * when it was killed (SIGKILL, a test runner's timeout) and no exit hook ran.
 */
function startWatchdog(cluster: Cluster): number | undefined {
  const [file, args] = command("pg_ctl", []);
  const script =
    'while kill -0 "$1" 2>/dev/null; do sleep 1; done; shift; data="$1"; dir="$2"; shift 2; "$@" stop -D "$data" -m immediate >/dev/null 2>&1; rm -rf "$dir"';
  const child = spawn(
    "/bin/sh",
    ["-c", script, "sh", String(process.pid), cluster.data, cluster.dir, file, ...args],
    { detached: true, stdio: "ignore" },
  );
  child.unref();
  return child.pid;
}

/** Starts a throwaway cluster (initdb in a temp dir, a free port on 127.0.0.1, socket dir in tmp, fsync off for speed), ready to connect. */
export async function startPostgres(): Promise<TestPostgres> {
  if (postgresSkipReason !== undefined) throw new Error(`PostgreSQL cannot run here: ${postgresSkipReason}`);
  // As root, /tmp itself: a TMPDIR under /root would be out of the postgres user's reach.
  const dir = mkdtempSync(join(isRoot ? "/tmp" : (process.env.TMPDIR ?? "/tmp"), "ba-pg-"));
  if (OWNER !== undefined) chownSync(dir, OWNER.uid, OWNER.gid);
  const cluster: Cluster = { dir, data: join(dir, "data"), watchdog: undefined };
  running.add(cluster);
  stopAllOnExit();
  cluster.watchdog = startWatchdog(cluster);
  try {
    const [initdb, initArgs] = command("initdb", [
      "-D",
      cluster.data,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
      "--no-instructions",
    ]);
    await run(initdb, initArgs);
    // Appended settings win over initdb's; the socket lives in our own folder, not /run/postgresql.
    writeFileSync(
      join(cluster.data, "postgresql.conf"),
      [
        "",
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        "max_connections = 200",
        "fsync = off",
        "synchronous_commit = off",
        "full_page_writes = off",
        "",
      ].join("\n"),
      { flag: "a" },
    );
    const logFile = join(dir, "server.log");
    const start = (port: number) =>
      run(
        ...command("pg_ctl", [
          "start",
          "-D",
          cluster.data,
          "-l",
          logFile,
          "-o",
          `-p ${port}`,
          "-w",
          "-t",
          "60",
        ]),
      );
    // Another process may take the free port before the server binds it: try a new one.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        await start(port);
      } catch (error) {
        if (attempt < 3) continue;
        throw error;
      }
      return {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        logFile,
        halt: async (mode = "fast") => {
          await run(...command("pg_ctl", ["stop", "-D", cluster.data, "-m", mode, "-w", "-t", "60"]));
        },
        resume: async () => {
          await start(port);
        },
        stop: () => stopCluster(cluster),
      };
    }
  } catch (error) {
    stopNow(cluster);
    throw error;
  }
}

async function stopCluster(cluster: Cluster): Promise<void> {
  if (!running.has(cluster)) return;
  const [pgCtl, args] = release(cluster);
  await run(pgCtl, args).catch(() => undefined);
  rmSync(cluster.dir, { recursive: true, force: true });
}

let databases = 0;

/** A new empty database on that cluster (isolation between test files/tests); returns its URL. */
export async function freshDatabase(pg: TestPostgres, name?: string): Promise<string> {
  databases += 1;
  const db = name ?? `test_${process.pid}_${databases}`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(db)) throw new Error(`not a plain database name: ${db}`);
  const client = new Client({ connectionString: pg.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${db}`);
  } finally {
    await client.end();
  }
  const url = new URL(pg.url);
  url.pathname = `/${db}`;
  return url.toString();
}
