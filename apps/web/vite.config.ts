import { defineConfig } from "vite";

export default defineConfig({
  // The engine is consumed from its TypeScript source (the "source" export condition).
  resolve: { conditions: ["source", "module", "browser", "development|production"] },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: { target: "es2022", sourcemap: true },
  server: { port: 5173, proxy: { "/api": "http://localhost:8080" } },
});
