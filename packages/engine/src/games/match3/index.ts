/**
 * Match-3 Falling Bricks as one GameDefinition: config `{"input": "5 8 H^^* V*@^"}` (the init
 * line), one command `{"cmd":"frame","commands":"LR"}` that runs a whole frame
 * (docs/games/match3.md); Arcade mode, `{"mode":"arcade"}`, plays the same rules in real time with
 * `{"cmd":"move","move":"L"}` and `{"cmd":"tick"}` (docs/games/match3.md "Arcade mode").
 */
import { GAME_INFO } from "../../core/catalog.js";
import type { GameDefinition } from "../../core/game.js";
import { isArcadeConfig } from "./arcade.js";
import { hint } from "./computer.js";
import { EXAMPLE_INPUT } from "./constants.js";
import { load, parseCommand, parseConfig } from "./load.js";
import { apply, legal, newGame } from "./rules.js";
import { toText } from "./text.js";
import type { Match3Command, Match3Config, Match3Event, Match3State } from "./types.js";

export const match3Game: GameDefinition<Match3State, Match3Command, Match3Event, Match3Config> = {
  id: "match3",
  title: GAME_INFO.match3.title,
  commands: ["frame", "move", "tick"],
  defaultConfig: { input: EXAMPLE_INPUT },
  parseConfig,
  newGame,
  parseCommand,
  apply,
  toText,
  legal,
  hint,
  load,
  // Arcade 2: gravity, chains, diagonal runs and the rising floor (issue 24); classic keeps 1.
  rulesVersion: (config) => (isArcadeConfig(config) ? 2 : 1),
  contract: {
    configs: [
      undefined,
      { input: "6 10 H^^* V*@^ H~~@ V^*^ H@*~" },
      { input: "3 3 V^^^ H**~" },
      { input: "4 4" },
      { mode: "arcade" },
      { mode: "arcade", width: 4, height: 6, bricks: "easy", level: 15 },
      { mode: "arcade", width: 5, height: 8, bricks: "tall" },
    ],
    seeds: [1, 2],
    steps: 40,
    legalSample: 4,
  },
};

export {
  arcadeFallInterval,
  createArcadeTicks,
  drawBrick,
  isArcade,
  isArcadeConfig,
  isBrickOfSet,
  levelFor,
  lockPoints,
  stageFor,
} from "./arcade.js";
export { isBrickSymbol, isBrickText, parseBrick, spawnCells } from "./bricks.js";
// What front ends, tests and the bench use; the rest stays inside the game's folder.
export {
  arcadeCommands,
  type BestLanding,
  bestLanding,
  HINT_STEPS,
  LANDING_STEPS,
  type Landing,
  landings,
  SETUP_CELLS,
  Search,
  SPOT_STEPS,
} from "./computer.js";
export {
  ARCADE_DEFAULTS,
  ARCADE_FIELDS,
  ARCADE_MAX_HEIGHT,
  ARCADE_MAX_WIDTH,
  ARCADE_MIN_HEIGHT,
  ARCADE_MIN_WIDTH,
  ARCADE_PREVIEW,
  BRICK_SETS,
  BRICKS_PER_LEVEL,
  CELL_POINTS,
  COMBO_POINTS,
  COMMANDS_PER_FRAME,
  END_PROMPT,
  EXAMPLE_INPUT,
  FRAME_PROMPT,
  GOODBYE,
  INIT_PROMPT,
  MAX_BRICKS,
  MAX_LEVEL,
  MAX_SIDE,
  STONE_CELL,
  SYMBOLS,
} from "./constants.js";
export { boardWithActive, findMatches } from "./field.js";
export { parseInitLine } from "./init-line.js";
export { applyMoves, FRAME_COMMANDS, parseFrameCommands } from "./moves.js";
export { arcadeStatusText, endReasonText, type FieldTextOptions, fieldText } from "./text.js";
export type {
  ActiveBrick,
  ActiveCell,
  ArcadeConfig,
  ArcadeMoveCommand,
  Brick,
  BrickSetName,
  BrickSymbol,
  BrickText,
  ClassicConfig,
  FrameCommand,
  GameOverReason,
  InitLine,
  Match3Command,
  Match3Config,
  Match3Event,
  Match3State,
  MoveCommand,
  Orientation,
  TickCommand,
} from "./types.js";
