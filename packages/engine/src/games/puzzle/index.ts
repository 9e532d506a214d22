/**
 * Block Puzzle as a GameDefinition: the protocol's `puzzle` game (docs/games/puzzle.md). The rooms:
 * rules.ts (new game, placement, legal moves, the drop preview), load.ts (config, commands, `load`),
 * text.ts, scoring.ts, deal.ts, pool.ts, constants.ts, types.ts; the computer player in computer.ts
 * (its move and reason), search.ts (the whole-tray search) and evaluate.ts (how it judges a board).
 * What front ends may use is listed by name below.
 */
import { GAME_INFO } from "../../core/catalog.js";
import type { GameDefinition } from "../../core/game.js";
import { hint } from "./computer.js";
import { DEFAULT_CONFIG } from "./constants.js";
import { load, parseCommand, parseConfig } from "./load.js";
import { apply, legal, newGame } from "./rules.js";
import { toText } from "./text.js";
import type { PuzzleCommand, PuzzleConfig, PuzzleEvent, PuzzleState } from "./types.js";

export const puzzleGame: GameDefinition<PuzzleState, PuzzleCommand, PuzzleEvent, PuzzleConfig> = {
  id: "puzzle",
  title: GAME_INFO.puzzle.title,
  toText,
  commands: ["place"],
  defaultConfig: DEFAULT_CONFIG,
  parseConfig,
  newGame,
  parseCommand,
  apply,
  legal,
  hint,
  load,
  // Long enough to reach clears, new rounds and (on the small grid) game over; short enough to stay quick.
  contract: {
    configs: [undefined, { rows: 10, cols: 6 }, { rows: 5, cols: 20 }],
    seeds: [1, 2],
    steps: 40,
    legalSample: 4,
    hintSample: 6,
  },
};

export { hint, reasonOf } from "./computer.js";
export {
  BLOCK_COLOURS,
  COLOUR_LETTERS,
  DEFAULT_CONFIG,
  EMPTY_CELL,
  FULL_CLEAR_BONUS,
  LINE_POINTS,
  MAX_SIDE,
  MIN_SIDE,
  PLAIN_FILLED,
  TRAY_SIZE,
} from "./constants.js";
export { dealTray } from "./deal.js";
export { DEFAULT_WEIGHTS, evaluateBoard, type Weights } from "./evaluate.js";
export { load, parseConfig } from "./load.js";
export { BASE_SHAPES, PIECE_POOL, pieceByRows } from "./pool.js";
export { canAnyFit, newGame, previewPlacement } from "./rules.js";
export { linePoints, placementScore } from "./scoring.js";
export {
  FALLBACK_WORK,
  MAX_BEAM,
  SEARCH_BUDGET,
  searchTray,
  type TrayPlan,
  WORK_LIMIT,
} from "./search.js";
export { boardToPicture, letterOf, toText, trayToPicture } from "./text.js";
export type {
  BlockColour,
  PlacementPreview,
  PuzzleCommand,
  PuzzleConfig,
  PuzzleEvent,
  PuzzleState,
  TrayBlock,
} from "./types.js";
