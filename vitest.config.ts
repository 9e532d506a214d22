import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Workspace packages whose tests run from their TypeScript source: name, folder and exports. */
const SOURCE_PACKAGES = ["engine", "client"].map((name) => {
  const dir = fileURLToPath(new URL(`./packages/${name}/`, import.meta.url));
  const exports: Record<string, { source: string }> = JSON.parse(
    readFileSync(`${dir}package.json`, "utf8"),
  ).exports;
  return { name: `@blockarcade/${name}`, dir, exports };
});

/** `@blockarcade/<package>[/subpath]` to the file its export's "source" condition names, or null. */
function sourceFile(id: string): string | null {
  const pkg = SOURCE_PACKAGES.find((p) => id === p.name || id.startsWith(`${p.name}/`));
  if (!pkg) return null;
  const subpath = `.${id.slice(pkg.name.length)}`;
  for (const [key, { source }] of Object.entries(pkg.exports)) {
    const star = key.indexOf("*");
    if (star < 0) {
      if (key === subpath) return pkg.dir + source.slice(2);
      continue;
    }
    const [head, tail] = [key.slice(0, star), key.slice(star + 1)];
    if (subpath.length > head.length + tail.length && subpath.startsWith(head) && subpath.endsWith(tail)) {
      return pkg.dir + source.slice(2).replace("*", subpath.slice(head.length, subpath.length - tail.length));
    }
  }
  return null;
}

export default defineConfig({
  // Tests run the engine (and the client) from its TypeScript source (the "source" export condition of
  // packages/engine/package.json), never from dist/ (tests/engine-from-source.test.ts), in every
  // environment. A plugin, not `ssr.resolve.conditions`: Vitest hands those to Node as
  // `--conditions`, which worker threads inherit, and the server's compute workers
  // (apps/server/dist/src/compute/worker.js) would then import the engine's .ts files and fail.
  plugins: [
    {
      name: "blockarcade-engine-source",
      enforce: "pre",
      resolveId: (id: string) => sourceFile(id),
    },
  ],
  test: {
    globalSetup: ["./vitest.global-setup.ts"],
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/bench/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "apps/*/src/**/*.test.{ts,tsx}",
      "apps/*/test/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    // Sized for a shared machine under load (CI runners, 2 cores and other jobs: ten times slower
    // than an idle one is met). A timeout only catches a hang; no verdict comes from time
    // (docs/testing.md "No test depends on the machine's speed").
    // Two files at a time even on 2 cores (Vitest's default there is one): most files wait on child
    // processes, servers and PostgreSQL rather than compute; the suite took 603 s with one, 268 s with two.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
