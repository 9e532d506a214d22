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
const { run } = await import(main.href);
process.exitCode = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
