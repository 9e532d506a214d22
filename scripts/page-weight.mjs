// What each page of the built web app downloads: the JavaScript and CSS of the entry and of the
// game's screen with everything they import, in bytes and gzip bytes (level 9), against the page's
// budget (scripts/page-budgets.json, which e2e/page-weight.spec.ts enforces in the browser), and
// which games' rules (engine game folders, read from the source maps) ride along. The service
// worker (sw.js) is no page's download and is not counted.
// Usage: node scripts/page-weight.mjs [dist folder built with --manifest]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = process.argv[2] ?? "apps/web/dist";
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
const budgets = JSON.parse(readFileSync(new URL("./page-budgets.json", import.meta.url), "utf8"));

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
  let cssGzip = 0;
  const games = new Set();
  const files = new Set(keys.flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]));
  for (const file of files) {
    const code = readFileSync(join(dist, file));
    const packed = gzipSync(code, { level: 9 }).length;
    bytes += code.length;
    gzip += packed;
    if (file.endsWith(".css")) {
      cssGzip += packed;
      continue;
    }
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
  return { files: files.size, bytes, gzip, cssGzip, rules: [...games].sort() };
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const pages = { home: closure([entry]) };
for (const key of Object.keys(manifest)) {
  const m = /src\/games\/([a-z0-9]+)\/screen\.tsx$/.exec(key);
  if (m) pages[m[1]] = closure([entry, key]);
}
let over = false;
for (const [page, keys] of Object.entries(pages)) {
  const weight = weigh(keys);
  const budget = budgets[page];
  if (budget !== undefined && weight.gzip > budget) over = true;
  console.log(JSON.stringify({ page, ...weight, budget }));
}
if (over) {
  console.error("a page is over its budget (scripts/page-budgets.json)");
  process.exitCode = 1;
}
