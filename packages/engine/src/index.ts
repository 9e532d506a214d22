export * from "./core/game.js";
export * from "./core/grid.js";
export * from "./core/protocol.js";
export * from "./core/rng.js";
export * from "./core/shapes.js";
export * from "./games/registry.js";
