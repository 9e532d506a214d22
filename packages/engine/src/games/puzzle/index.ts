/**
 * Block Puzzle as a GameDefinition: the protocol's `puzzle` game.
 */
import { GAME_INFO } from "../../core/catalog.js";
import type { GameDefinition } from "../../core/game.js";
import { apply, DEFAULT_CONFIG, legal, load, newGame, parseCommand, parseConfig } from "./rules.js";
import { stateToText } from "./text.js";
import type { PuzzleCommand, PuzzleConfig, PuzzleEvent, PuzzleState } from "./types.js";

export * from "./pool.js";
export * from "./rules.js";
export * from "./text.js";
export * from "./types.js";

export const puzzleGame: GameDefinition<PuzzleState, PuzzleCommand, PuzzleEvent, PuzzleConfig> = {
  id: "puzzle",
  title: GAME_INFO.puzzle.title,
  toText: stateToText,
  commands: ["place"],
  defaultConfig: DEFAULT_CONFIG,
  parseConfig,
  newGame,
  parseCommand,
  apply,
  legal,
  load,
  // Long enough to reach clears, new rounds and (on the small grid) game over; short enough to stay quick.
  contract: {
    configs: [undefined, { rows: 10, cols: 6 }, { rows: 5, cols: 20 }],
    seeds: [1, 2],
    steps: 40,
    legalSample: 4,
  },
};
