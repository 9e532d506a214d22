#!/usr/bin/env node
/**
 * `npm run schemas`: writes the protocol's JSON Schemas to docs/schemas/ (docs/service.md "Schemas"),
 * one file per game and kind (blast-command.json, ...) and index.json listing them, the same as
 * GET /api/schemas/ serves. apps/server/test/api-document.test.ts fails while the files are out of
 * date. Also writes each game's `packages/engine/src/games/<game>/input-schema.ts`, the command and
 * config schemas the engine checks input with (packages/engine/src/schema/inputs.test.ts fails while
 * one is out of date). Reads the built server and engine (tsc -b first; the npm script does).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { publishedSchemas, schemaFile, schemaIndex } = await import(
  join(root, "apps/server/dist/src/schemas.js")
);
const { inputSchemaModule } = await import(join(root, "packages/engine/dist/schema/index.js"));
const { GAME_IDS } = await import(join(root, "packages/engine/dist/core/index.js"));
const inputModules = GAME_IDS.map((id) => join(root, `packages/engine/src/games/${id}/input-schema.ts`));
for (const [i, id] of GAME_IDS.entries()) writeFileSync(inputModules[i], inputSchemaModule(id));
const out = join(root, "docs/schemas");
mkdirSync(out, { recursive: true });
for (const file of readdirSync(out)) if (file.endsWith(".json")) rmSync(join(out, file));
const entries = publishedSchemas();
for (const entry of entries)
  writeFileSync(join(out, entry.file), `${JSON.stringify(schemaFile(entry), null, 2)}\n`);
writeFileSync(join(out, "index.json"), `${JSON.stringify(schemaIndex("./"), null, 2)}\n`);
// In the repository's own format, so `biome check .` passes on what was written.
const biome = spawnSync(join(root, "node_modules/.bin/biome"), ["format", "--write", out, ...inputModules], {
  stdio: "inherit",
});
if (biome.status !== 0) throw new Error("biome format failed");
process.stdout.write(
  `wrote ${entries.length} schemas and index.json to docs/schemas/, ${inputModules.length} games' input-schema.ts\n`,
);
