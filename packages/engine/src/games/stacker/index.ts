/**
 * Block Stacker as a GameDefinition: config {"size": N}, commands `key` and `tick`
 * (docs/games/stacker.md), and what the front ends need from it, by name.
 */
import { GAME_INFO } from "../../core/catalog.js";
import type { GameDefinition } from "../../core/game.js";
import { hint } from "./computer.js";
import { DEFAULT_SIZE } from "./constants.js";
import { load, parseCommand, parseConfig } from "./load.js";
import { apply, legal, newGame } from "./rules.js";
import { toText } from "./text.js";
import type { StackerCommand, StackerConfig, StackerEvent, StackerState } from "./types.js";

export const stackerGame: GameDefinition<StackerState, StackerCommand, StackerEvent, StackerConfig> = {
  id: "stacker",
  title: GAME_INFO.stacker.title,
  toText,
  commands: ["key", "tick"],
  defaultConfig: { size: DEFAULT_SIZE },
  parseConfig,
  newGame,
  parseCommand,
  apply,
  legal,
  hint: (state) => hint(state),
  load,
  // The preview shows PREVIEW_LENGTH pieces; the rest of the bag is their order to come.
  hidden: ["bag"],
  contract: { configs: [undefined, { size: 10 }], seeds: [1, 2], steps: 150, legalSample: 4, hintSample: 12 },
};

export { ghostCells, isResting } from "./board.js";
export { hint, hintKeysText, hintTarget, sameTurn } from "./computer.js";
export {
  DEFAULT_SIZE,
  HARD_DROP_POINTS_PER_ROW,
  KEY_ACTIONS,
  LINE_POINTS,
  LINES_PER_LEVEL,
  LOCK_DELAY_MS,
  MAX_LOCK_RESETS,
  MAX_SIZE,
  MIN_SIZE,
  PIECE_TYPES,
  PREVIEW_LENGTH,
  SOFT_DROP_POINTS_PER_ROW,
  STACKER_KEYS,
} from "./constants.js";
export { parseKey } from "./load.js";
export { createLockDelay, type LockDelayPolicy } from "./lock-delay.js";
export { spawnCells } from "./pieces.js";
export { levelForLines, lineClearPoints } from "./scoring.js";
export { stackerPicture, toText } from "./text.js";
export { gravityMs, tickDelayMs } from "./timing.js";
export type {
  ActivePiece,
  Cell,
  KeyAction,
  PieceType,
  Rotation,
  StackerCommand,
  StackerConfig,
  StackerEvent,
  StackerKey,
  StackerState,
} from "./types.js";
