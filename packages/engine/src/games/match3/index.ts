/**
 * Match-3 Falling Bricks as one GameDefinition: config `{"input": "5 8 H^^* V*@^"}` (the init
 * line), one command `{"cmd":"frame","commands":"LR"}` that runs a whole frame
 * (docs/games/match3.md).
 */
import { GAME_INFO } from "../../core/catalog.js";
import type { GameDefinition } from "../../core/game.js";
import { hint } from "./computer.js";
import { EXAMPLE_INPUT } from "./constants.js";
import { load, parseCommand, parseConfig } from "./load.js";
import { apply, legal, newGame } from "./rules.js";
import { toText } from "./text.js";
import type { Match3Command, Match3Config, Match3Event, Match3State } from "./types.js";

export const match3Game: GameDefinition<Match3State, Match3Command, Match3Event, Match3Config> = {
  id: "match3",
  title: GAME_INFO.match3.title,
  commands: ["frame"],
  defaultConfig: { input: EXAMPLE_INPUT },
  parseConfig,
  newGame,
  parseCommand,
  apply,
  toText,
  legal,
  hint,
  load,
  contract: {
    configs: [
      undefined,
      { input: "6 10 H^^* V*@^ H~~@ V^*^ H@*~" },
      { input: "3 3 V^^^ H**~" },
      { input: "4 4" },
    ],
    seeds: [1, 2],
    steps: 40,
    legalSample: 4,
  },
};

export { isBrickSymbol, isBrickText, parseBrick, spawnCells } from "./bricks.js";
// What front ends, tests and the bench use; the rest stays inside the game's folder.
export { bestLanding, type Landing, landings } from "./computer.js";
export {
  COMMANDS_PER_FRAME,
  END_PROMPT,
  EXAMPLE_INPUT,
  FRAME_PROMPT,
  GOODBYE,
  INIT_PROMPT,
  MAX_BRICKS,
  MAX_SIDE,
  SYMBOLS,
} from "./constants.js";
export { boardWithActive, findMatches } from "./field.js";
export { parseInitLine } from "./init-line.js";
export { applyMoves, FRAME_COMMANDS, parseFrameCommands } from "./rules.js";
export { endReasonText, type FieldTextOptions, fieldText } from "./text.js";
export type {
  ActiveBrick,
  ActiveCell,
  Brick,
  BrickSymbol,
  BrickText,
  FrameCommand,
  GameOverReason,
  InitLine,
  Match3Command,
  Match3Config,
  Match3Event,
  Match3State,
  MoveCommand,
  Orientation,
} from "./types.js";
