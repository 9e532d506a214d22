#!/usr/bin/env node
// A persistent local PostgreSQL for running the arcade on PostgreSQL without Docker:
//   node scripts/postgres-local.mjs start | stop | status
// The cluster lives in data/postgres/ (PG_LOCAL_DIR), listens on 127.0.0.1:5433 (PGPORT) with trust
// authentication for the `postgres` role, and holds the database `blockarcade`. As root the server
// runs as the `postgres` user, as PostgreSQL requires.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { findPostgresBin, isRoot, serverCommand } from "./postgres-bin.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIR = resolve(process.env.PG_LOCAL_DIR ?? join(ROOT, "data", "postgres"));
const DATA = join(DIR, "data");
const LOG = join(DIR, "server.log");
const PORT = process.env.PGPORT ?? "5433";
const DATABASE = "blockarcade";
const USAGE =
  "usage: node scripts/postgres-local.mjs start|stop|status  (PG_LOCAL_DIR, PGPORT to change the folder, port)";

const action = process.argv[2];
if (action !== "start" && action !== "stop" && action !== "status") {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
if (!/^\d{1,5}$/.test(PORT) || Number(PORT) < 1 || Number(PORT) > 65535)
  fail(`PGPORT is not a port: ${PORT}`);
const BIN = findPostgresBin();
if (BIN === undefined)
  fail(
    "no PostgreSQL server programs (initdb, pg_ctl, postgres): install them with 'sudo apt-get install -y postgresql' (Debian) or put them on PATH",
  );

if (action === "start") start();
else if (action === "stop") stop();
else status();

function fail(message) {
  process.stderr.write(`postgres-local: ${message}\n`);
  process.exit(1);
}

/** Runs a server program (as `postgres` when root); returns its exit status. */
function server(program, args, stdio = "inherit") {
  const [file, fullArgs] = serverCommand(BIN, program, args);
  return spawnSync(file, fullArgs, { stdio }).status;
}

/** The port of the running server (from postmaster.pid), or undefined when it is not running. */
function runningPort() {
  if (!existsSync(join(DATA, "PG_VERSION")) || server("pg_ctl", ["status", "-D", DATA], "ignore") !== 0)
    return undefined;
  return readFileSync(join(DATA, "postmaster.pid"), "utf8").split("\n")[3]?.trim();
}

function url(port) {
  return `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
}

function start() {
  const already = runningPort();
  if (already !== undefined) {
    process.stdout.write(`PostgreSQL is already running (${DIR}).\nDATABASE_URL=${url(already)}\n`);
    return;
  }
  if (!existsSync(join(DATA, "PG_VERSION"))) init();
  if (
    server("pg_ctl", ["start", "-D", DATA, "-l", LOG, "-o", `-p ${PORT}`, "-w", "-t", "60"], "ignore") !== 0
  )
    fail(`the server did not start on port ${PORT}: see ${LOG}`);
  const client = (program, args) =>
    execFileSync(join(BIN, program), ["-h", "127.0.0.1", "-p", PORT, "-U", "postgres", ...args], {
      encoding: "utf8",
    });
  const found = client("psql", [
    "-d",
    "postgres",
    "-tAc",
    `SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`,
  ]);
  if (found.trim() !== "1") client("createdb", [DATABASE]);
  process.stdout.write(
    `PostgreSQL is running (${DIR}, log ${LOG}); stop it with 'npm run postgres:local stop'.\nDATABASE_URL=${url(PORT)}\n`,
  );
}

function init() {
  mkdirSync(dirname(DIR), { recursive: true });
  mkdirSync(DIR, { recursive: true, mode: 0o700 });
  if (isRoot) {
    const id = (flag) => execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim();
    try {
      chownSync(DIR, Number(id("-u")), Number(id("-g")));
    } catch {
      fail("running as root and there is no 'postgres' user to run the server as");
    }
    if (spawnSync("runuser", ["-u", "postgres", "--", "test", "-w", DIR]).status !== 0)
      fail(`the postgres user cannot reach ${DIR}: set PG_LOCAL_DIR to a folder it can reach`);
  }
  const initdb = [
    "-D",
    DATA,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--locale=C",
    "--no-instructions",
  ];
  if (server("initdb", initdb, "ignore") !== 0) fail(`initdb failed for ${DATA}`);
  // Local connections only; the socket in our own folder rather than /run/postgresql; room for two
  // app processes with their pools.
  const socketDir = DIR.replaceAll("'", "''");
  writeFileSync(
    join(DATA, "postgresql.conf"),
    `\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${socketDir}'\nmax_connections = 200\n`,
    { flag: "a" },
  );
  process.stdout.write(`Created a PostgreSQL cluster in ${DATA}.\n`);
}

function stop() {
  if (runningPort() === undefined) {
    process.stdout.write("PostgreSQL is not running.\n");
    return;
  }
  if (server("pg_ctl", ["stop", "-D", DATA, "-m", "fast", "-w"], "ignore") !== 0)
    fail("the server did not stop");
  process.stdout.write("PostgreSQL stopped.\n");
}

function status() {
  const port = runningPort();
  if (port === undefined) {
    const made = existsSync(join(DATA, "PG_VERSION")) ? `stopped (${DIR})` : `not created yet (${DIR})`;
    process.stdout.write(`PostgreSQL is ${made}.\n`);
    process.exit(3);
  }
  process.stdout.write(`PostgreSQL is running (${DIR}).\nDATABASE_URL=${url(port)}\n`);
}
