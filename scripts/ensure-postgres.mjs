#!/usr/bin/env node
// The PostgreSQL tests start a real server: install Debian's postgresql with apt when its server
// programs are missing, or say in one line how to. Unlike Chromium this never fails the run: without
// PostgreSQL those tests skip with a one-line reason.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findPostgresBin, isRoot } from "./postgres-bin.mjs";

if (findPostgresBin() !== undefined) process.exit(0);

const hasApt = existsSync("/usr/bin/apt-get");
if (!isRoot || !hasApt) {
  process.stderr.write(
    "PostgreSQL server programs are missing, so the PostgreSQL tests will skip: install them with 'sudo apt-get install -y postgresql' (Debian) or put initdb, pg_ctl and postgres on PATH.\n",
  );
  process.exit(0);
}
process.stderr.write("Installing Debian's postgresql for the PostgreSQL tests...\n");
try {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "postgresql"], {
    stdio: "inherit",
    env,
  });
} catch {
  process.stderr.write(
    "Could not install postgresql with apt-get, so the PostgreSQL tests will skip: run 'apt-get install -y postgresql' to run them.\n",
  );
  process.exit(0);
}
stopSystemClusters();
if (findPostgresBin() === undefined) {
  process.stderr.write(
    "apt-get finished but initdb, pg_ctl and postgres are still missing: the PostgreSQL tests will skip.\n",
  );
}

/** The package may start its own "main" cluster as a service; the tests start their own, so stop it. */
function stopSystemClusters() {
  const list = spawnSync("pg_lsclusters", ["--no-header"], { encoding: "utf8" });
  if (list.status !== 0) {
    spawnSync("service", ["postgresql", "stop"], { stdio: "ignore" });
    return;
  }
  for (const line of list.stdout.split("\n")) {
    const [version, cluster, , status] = line.trim().split(/\s+/);
    if (status === "online") spawnSync("pg_ctlcluster", [version, cluster, "stop"], { stdio: "inherit" });
  }
}
