import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// Tests run the engine from its TypeScript source (the "source" export condition of
// packages/engine/package.json), never from dist/ (tests/engine-from-source.test.ts). Tests in the
// node environment (every one today, the web's too) resolve through Vite's SSR options, a DOM
// environment through the client ones, so both carry the condition beside Vite's defaults.
export default defineConfig({
  resolve: { conditions: ["source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["source", ...defaultServerConditions] } },
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
