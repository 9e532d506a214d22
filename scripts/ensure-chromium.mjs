#!/usr/bin/env node
// Browser tests use Debian's Chromium and nothing else: install it with apt when it is missing,
// or explain in one line how to, when this user cannot.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (!isRoot || !hasApt) {
  process.stderr.write(
    `Chromium is missing at ${CHROMIUM}: install it with 'sudo apt-get install -y chromium' (Debian), then run the tests again.\n`,
  );
  process.exit(1);
}
process.stderr.write("Installing Debian's chromium for the browser tests...\n");
try {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], {
    stdio: "inherit",
    env,
  });
} catch {
  process.stderr.write(
    "Could not install chromium with apt-get: run 'apt-get install -y chromium' and try again.\n",
  );
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  process.stderr.write(`apt-get finished but ${CHROMIUM} is still missing.\n`);
  process.exit(1);
}
