/**
 * Blocky (docs/games/blocky.md): a quad tree of coloured blocks, eight actions, goals scored on the
 * unit cells, human and computer players. This file is the GameDefinition and the names front ends
 * and tests use; the rules live in the rooms beside it.
 */
import { GAME_INFO } from "../../core/catalog.js";
import type { GameDefinition } from "../../core/game.js";
import { hint } from "./computer.js";
import { DEFAULT_CONFIG, load, parseCommand, parseConfig } from "./load.js";
import { apply, legal, newGame } from "./rules.js";
import { toText } from "./text.js";
import type { BlockyCommand, BlockyConfig, BlockyEvent, BlockyState } from "./types.js";

export const blockyGame: GameDefinition<BlockyState, BlockyCommand, BlockyEvent, BlockyConfig> = {
  id: "blocky",
  title: GAME_INFO.blocky.title,
  toText,
  commands: ["move", "ai", "score"],
  defaultConfig: DEFAULT_CONFIG,
  parseConfig,
  newGame,
  parseCommand,
  apply,
  legal,
  hint,
  load,
  contract: {
    configs: [
      { maxDepth: 3, turns: 6, players: [{ kind: "human" }, { kind: "smart", difficulty: 4 }] },
      {
        maxDepth: 2,
        turns: 4,
        players: [{ kind: "random" }, { kind: "human" }, { kind: "expert" }],
      },
    ],
    seeds: [1, 2],
    steps: 30,
    legalSample: 6,
  },
};

export { actOn, majorityColour, validMoves } from "./actions.js";
export { type BotMove, randomPlayerMove, smartPlayerMove } from "./bots.js";
export { expertOf, hintReason } from "./computer.js";
export {
  ACTIONS,
  COLOUR_NAMES,
  COLOURS,
  DEFAULT_DEPTH,
  DEFAULT_DIFFICULTY,
  DEFAULT_TURNS,
  GOAL_TYPES,
  LL,
  LR,
  MAX_CONFIG_DEPTH,
  MAX_DIFFICULTY,
  MAX_LOAD_DEPTH,
  MAX_PLAYERS,
  MAX_TURNS,
  MIN_CONFIG_DEPTH,
  PENALTY,
  PLAYER_KINDS,
  UL,
  UR,
} from "./constants.js";
export { EXPERT_LOOKAHEAD, EXPERT_WORK, type ExpertMove, expertMove } from "./expert.js";
export { DEFAULT_CONFIG, parseTree } from "./load.js";
export { goalScore } from "./scoring.js";
export { goalText, statusText, toText, treeFromRows, treeToText } from "./text.js";
export { blockAt, boardOf, boardSize, flatten, isColour, isLeaf, pathAtCell, regionOf } from "./tree.js";
export type {
  Action,
  Block,
  BlockyCommand,
  BlockyConfig,
  BlockyEvent,
  BlockyState,
  Colour,
  Goal,
  GoalType,
  Path,
  Player,
  PlayerConfig,
  PlayerKind,
  Split,
} from "./types.js";
