export * from "./core/index.js";
export * from "./games/registry.js";
