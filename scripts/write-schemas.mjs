#!/usr/bin/env node
/**
 * `npm run schemas`: writes the protocol's JSON Schemas to docs/schemas/ (docs/service.md "Schemas"),
 * one file per game and kind (blast-command.json, ...) and index.json listing them, the same as
 * GET /api/schemas/ serves. apps/server/test/api-document.test.ts fails while the files are out of
 * date. Reads the built server (tsc -b first; the npm script does).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { publishedSchemas, schemaFile, schemaIndex } = await import(
  join(root, "apps/server/dist/src/schemas.js")
);
const out = join(root, "docs/schemas");
mkdirSync(out, { recursive: true });
for (const file of readdirSync(out)) if (file.endsWith(".json")) rmSync(join(out, file));
const entries = publishedSchemas();
for (const entry of entries)
  writeFileSync(join(out, entry.file), `${JSON.stringify(schemaFile(entry), null, 2)}\n`);
writeFileSync(join(out, "index.json"), `${JSON.stringify(schemaIndex("./"), null, 2)}\n`);
// In the repository's own format, so `biome check .` passes on what was written.
const biome = spawnSync(join(root, "node_modules/.bin/biome"), ["format", "--write", out], {
  stdio: "inherit",
});
if (biome.status !== 0) throw new Error("biome format failed");
process.stdout.write(`wrote ${entries.length} schemas and index.json to docs/schemas/\n`);
