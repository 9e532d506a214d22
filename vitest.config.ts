import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const engineDir = fileURLToPath(new URL("./packages/engine/", import.meta.url));
const engineExports: Record<string, { source: string }> = JSON.parse(
  readFileSync(`${engineDir}package.json`, "utf8"),
).exports;

/** `@blockarcade/engine[/subpath]` to the file its export's "source" condition names, or null. */
function engineSourceFile(id: string): string | null {
  if (id !== "@blockarcade/engine" && !id.startsWith("@blockarcade/engine/")) return null;
  const subpath = `.${id.slice("@blockarcade/engine".length)}`;
  for (const [key, { source }] of Object.entries(engineExports)) {
    const star = key.indexOf("*");
    if (star < 0) {
      if (key === subpath) return engineDir + source.slice(2);
      continue;
    }
    const [head, tail] = [key.slice(0, star), key.slice(star + 1)];
    if (subpath.length > head.length + tail.length && subpath.startsWith(head) && subpath.endsWith(tail)) {
      return (
        engineDir + source.slice(2).replace("*", subpath.slice(head.length, subpath.length - tail.length))
      );
    }
  }
  return null;
}

export default defineConfig({
  // Tests run the engine from its TypeScript source (the "source" export condition of
  // packages/engine/package.json), never from dist/ (tests/engine-from-source.test.ts), in every
  // environment. A plugin, not `ssr.resolve.conditions`: Vitest hands those to Node as
  // `--conditions`, which worker threads inherit, and the server's compute workers
  // (apps/server/dist/src/compute/worker.js) would then import the engine's .ts files and fail.
  plugins: [
    {
      name: "blockarcade-engine-source",
      enforce: "pre",
      resolveId: (id: string) => engineSourceFile(id),
    },
  ],
  test: {
    globalSetup: ["./vitest.global-setup.ts"],
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/bench/**/*.test.ts",
      "apps/*/src/**/*.test.{ts,tsx}",
      "apps/*/test/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    // Sized for a shared machine under load (CI runners, 2 cores and other jobs: ten times slower
    // than an idle one is met). A timeout only catches a hang; no verdict comes from time
    // (docs/testing.md "No test depends on the machine's speed").
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
