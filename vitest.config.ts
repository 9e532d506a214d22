import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["source"] },
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
