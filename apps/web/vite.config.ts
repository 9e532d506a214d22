import { defineConfig } from "vite";

export default defineConfig({
  // The engine is consumed from its TypeScript source (the "source" export condition).
  resolve: { conditions: ["source", "module", "browser", "development|production"] },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  // Maps are written for tests and debugging but not named in the scripts; the server refuses them.
  build: { target: "es2022", sourcemap: "hidden" },
  server: { port: 5173, proxy: { "/api": "http://localhost:8080" } },
});
