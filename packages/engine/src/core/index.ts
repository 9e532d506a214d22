/**
 * The engine's core without any game: what a front end needs to run a game it imported on its own
 * (`@blockarcade/engine/games/<game>`), so a page never downloads the other games' rules.
 */
export * from "./catalog.js";
export * from "./check-input.js";
export * from "./depth.js";
export * from "./game.js";
export * from "./grid.js";
export * from "./json.js";
export * from "./protocol.js";
export * from "./public-view.js";
export * from "./read.js";
export * from "./rng.js";
export * from "./runner.js";
export * from "./shapes.js";
