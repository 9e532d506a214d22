#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript compiled by `tsc -b` (run by `npm install`'s prepare step).
import { existsSync } from "node:fs";

const main = new URL("../dist/src/main.js", import.meta.url);
if (!existsSync(main)) {
  process.stderr.write(
    "blockarcade: not built yet; run `npm install` (or `npx tsc -b`) at the repository root\n",
  );
  process.exit(2);
}
// The reader went away (`blockarcade blast --json | head -1`): nobody is left to answer, so stop
// quietly instead of dying on the write error with a stack trace.
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(0);
});
const { run } = await import(main.href);
process.exitCode = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
