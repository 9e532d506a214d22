// What each page of the built web app downloads: the JavaScript of the entry and of the game's
// screen with everything they import, in bytes and gzip bytes, and which games' rules (engine game
// folders, read from the source maps) ride along. Usage: node scripts/page-weight.mjs [dist folder]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = process.argv[2] ?? "apps/web/dist";
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));

function closure(keys) {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) walk(dep);
  };
  for (const key of keys) walk(key);
  return [...seen];
}

function weigh(keys) {
  let bytes = 0;
  let gzip = 0;
  const games = new Set();
  for (const key of keys) {
    const file = manifest[key].file;
    const code = readFileSync(join(dist, file));
    bytes += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
    try {
      const map = JSON.parse(readFileSync(join(dist, `${file}.map`), "utf8"));
      for (const source of map.sources) {
        const m = /packages\/engine\/src\/games\/([a-z0-9]+)\//.exec(source);
        if (m) games.add(m[1]);
      }
    } catch {
      // No source map: rules cannot be attributed.
    }
  }
  return { bytes, gzip, rules: [...games].sort() };
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const pages = { home: closure([entry]) };
for (const key of Object.keys(manifest)) {
  const m = /src\/games\/([a-z0-9]+)\/screen\.tsx$/.exec(key);
  if (m) pages[m[1]] = closure([entry, key]);
}
for (const [page, keys] of Object.entries(pages)) {
  console.log(JSON.stringify({ page, chunks: keys.length, ...weigh(keys) }));
}
