/**
 * Block Blast as one GameDefinition: an 8x8 board, a tray of three pieces that never rotate, row and
 * column clears without gravity, streaks, adaptive piece generation and three revives.
 */
import { GAME_INFO } from "../../core/catalog.js";
import { fail, type GameDefinition, isInt, isPlainObject, ok } from "../../core/game.js";
import { seedRng } from "../../core/rng.js";
import { bitsFromText } from "./bitboard.js";
import { EMPTY_CELL, GRID_SIZE, REVIVES_PER_GAME, TRAY_SIZE } from "./constants.js";
import { dealTray } from "./generation.js";
import { loadBlast } from "./load.js";
import { applyPlace, applyRevive, isBlocked, legalPlacements } from "./rules.js";
import { blastToText } from "./text.js";
import type { BlastCommand, BlastConfig, BlastEvent, BlastState } from "./types.js";

export function newBlastGame(seed: number): BlastState {
  const row = EMPTY_CELL.repeat(GRID_SIZE);
  const board: string[] = [];
  for (let r = 0; r < GRID_SIZE; r++) board.push(row);
  const rng = seedRng(seed);
  const masks = bitsFromText(board);
  const tray = dealTray(rng, { score: 0, streak: 0, movesSinceLastClear: 0, board: masks });
  return {
    game: "blast",
    seed,
    score: 0,
    over: isBlocked(masks, tray),
    board,
    rng,
    config: {},
    tray,
    streak: 0,
    movesSinceLastClear: 0,
    revivesLeft: REVIVES_PER_GAME,
  };
}

export const blastGame: GameDefinition<BlastState, BlastCommand, BlastEvent, BlastConfig> = {
  id: "blast",
  title: GAME_INFO.blast.title,
  toText: blastToText,
  commands: ["place", "revive"],
  defaultConfig: {},
  parseConfig(raw) {
    if (raw === undefined) return ok({});
    if (!isPlainObject(raw))
      return fail("BAD_CONFIG", "Block Blast config must be an object (it has no options)");
    const keys = Object.keys(raw);
    if (keys.length > 0)
      return fail("BAD_CONFIG", `Block Blast has no config options (got ${keys.join(", ")})`);
    return ok({});
  },
  newGame(_config, seed) {
    return newBlastGame(seed);
  },
  parseCommand(raw) {
    switch (raw.cmd) {
      case "place": {
        const { piece, row, col } = raw;
        if (!isInt(piece) || piece < 0 || piece >= TRAY_SIZE) {
          return fail("BAD_ARGUMENT", `place needs "piece": 0, 1 or 2`);
        }
        if (!isInt(row) || !isInt(col)) return fail("BAD_ARGUMENT", `place needs integer "row" and "col"`);
        return ok({ cmd: "place", piece, row, col });
      }
      case "revive":
        return ok({ cmd: "revive" });
      default:
        return fail("UNKNOWN_COMMAND", `unknown command "${String(raw.cmd)}" for blast`);
    }
  },
  apply(state, command) {
    switch (command.cmd) {
      case "place":
        return applyPlace(state, command.piece, command.row, command.col);
      case "revive":
        return applyRevive(state);
      default: {
        const never: never = command;
        return fail("UNKNOWN_COMMAND", `unknown command ${JSON.stringify(never)}`);
      }
    }
  },
  legal(state) {
    if (state.over) return state.revivesLeft > 0 ? [{ cmd: "revive" }] : [];
    return legalPlacements(state);
  },
  load(raw, current) {
    return loadBlast(raw, current);
  },
  contract: { seeds: [1, 2, 3], steps: 80, legalSample: 4 },
};

export { bitsFromText, fitsAt, fullColumnBits, fullRowBits } from "./bitboard.js";
export * from "./constants.js";
export { POOL, pieceByRows } from "./pieces.js";
export { placementAt, placementCount, randomPlacement } from "./rules.js";
export { blastToText } from "./text.js";
export type { BlastCommand, BlastConfig, BlastEvent, BlastState, TrayPiece, TraySlot } from "./types.js";
