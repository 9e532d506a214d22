/**
 * A typed client for the Block Arcade HTTP API (docs/service.md): one function per route, each
 * taking a `Connection` so a page bundles only the routes it calls (one module per group of routes,
 * so a bundler can put each where it is used). Nothing throws: every answer is a value, a success,
 * the server's refusal (its error shape, with `code`), a command the engine refused (its reply), a
 * reply that is not the service's, or no answer at all (network).
 */
export * from "./boards.js";
export * from "./games.js";
export * from "./health.js";
export * from "./http.js";
export * from "./players.js";
export * from "./replays.js";
export type * from "./types.js";
