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
    testTimeout: 30_000,
  },
});
