/**
 * Block Blast as one GameDefinition: an 8x8 board, a tray of three pieces that never rotate, row and
 * column clears without gravity, streaks, adaptive piece generation and three revives
 * (docs/games/blast.md). The rules live in rules.ts, outside input in load.ts, the text form in
 * text.ts; this file wires them and names what front ends may use.
 */
import { GAME_INFO } from "../../core/catalog.js";
import type { GameDefinition } from "../../core/game.js";
import { hint } from "./computer.js";
import { load, parseCommand, parseConfig } from "./load.js";
import { apply, legal, newGame } from "./rules.js";
import { toText } from "./text.js";
import type { BlastCommand, BlastConfig, BlastEvent, BlastState } from "./types.js";

export const blastGame: GameDefinition<BlastState, BlastCommand, BlastEvent, BlastConfig> = {
  id: "blast",
  title: GAME_INFO.blast.title,
  commands: ["place", "revive"],
  defaultConfig: {},
  parseConfig,
  newGame,
  parseCommand,
  apply,
  toText,
  legal,
  hint,
  load,
  contract: { seeds: [1, 2, 3], steps: 80, legalSample: 4, hintSample: 12 },
};

/** A new game with the (only) config: what front ends and tests start from. */
export function newBlastGame(seed: number): BlastState {
  return newGame({}, seed);
}

export { bitsFromText, fitsAt, fullColumnBits, fullRowBits } from "./bitboard.js";
export {
  DEFAULT_WEIGHTS,
  evaluateBoard,
  HINT_BUDGET,
  hint,
  hintReason,
  planTray,
  type TrayPlan,
  type Weights,
} from "./computer.js";
export {
  CELEBRATION_MS,
  CELEBRATION_TEXT,
  CELL_GAP,
  CELL_SIZE,
  CLEAR_ANIMATION_MS,
  COLOUR_LETTERS,
  COMBO_BASE_BONUS,
  COMBO_INCREMENT,
  celebrationText,
  EMPTY_CELL,
  FINGER_OFFSET,
  GRID_SIZE,
  MAX_MOVES_SINCE_CLEAR,
  MAX_STREAK,
  PERFECT_CLEAR_BONUS,
  PIECE_COLOURS,
  POINTS_PER_CELL,
  REVIVE_CELLS_CLEARED,
  REVIVES_PER_GAME,
  STREAK_MULTIPLIER,
  THEME,
  TRAY_SIZE,
  UNCOLOURED_CELL,
} from "./constants.js";
export { POOL, pieceByRows } from "./pieces.js";
export {
  clearPoints,
  firstPlacement,
  isBlocked,
  placementAt,
  placementCount,
  previewPlacement,
  randomPlacement,
} from "./rules.js";
export { toText, trayToText } from "./text.js";
export type {
  BlastCommand,
  BlastConfig,
  BlastEvent,
  BlastState,
  PlacementPreview,
  TrayPiece,
  TraySlot,
} from "./types.js";
