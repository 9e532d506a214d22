/**
 * Reading outside input for Block Puzzle (docs/games/puzzle.md "State and protocol"): the config,
 * a command's arguments and a whole position for `load`. The house rule (core/read.ts): an absent
 * field takes its default, a present one must be valid (`null` included), unknown keys are refused,
 * every number has a range, and no message quotes an unbounded value.
 */

import { readCommand, readInput } from "../../core/check-input.js";
import { fail, type GameError, isPlainObject, ok, type Result } from "../../core/game.js";
import { boardFromText, fullCols, fullRows } from "../../core/grid.js";
import {
  BASE_STATE_KEYS,
  checkKeys,
  describeValue,
  readBool,
  readInt,
  readRandom,
  readScore,
} from "../../core/read.js";
import { cloneRng, type RngState } from "../../core/rng.js";
import {
  BLOCK_COLOURS,
  COLOUR_LETTERS,
  DEFAULT_CONFIG,
  EMPTY_CELL,
  MAX_COUNT,
  MAX_SHAPE_SIDE,
  MAX_SIDE,
  MIN_SIDE,
  PLAIN_FILLED,
  TRAY_SIZE,
} from "./constants.js";
import { dealTray, drawColour } from "./deal.js";
import { COMMAND_INPUT, CONFIG_INPUT } from "./input-schema.js";
import { pieceByRows } from "./pool.js";
import { canAnyFit } from "./rules.js";
import type { BlockColour, PuzzleCommand, PuzzleConfig, PuzzleState, TrayBlock } from "./types.js";

const STATE_KEYS = [...BASE_STATE_KEYS, "tray", "round", "lines"];
/**
 * `color` is how Puzzle spelled a tray block's `colour` before the protocol settled on one spelling:
 * saved browser games, stored sessions and CLI saves still hold it, so `load` reads it as `colour`
 * (docs/games/puzzle.md "Colour spelling").
 */
const LEGACY_COLOUR_KEY = "color";
const TRAY_KEYS = ["id", "baseShape", "colour", LEGACY_COLOUR_KEY, "shape"];
const BOARD_CHARS = new Set<string>([EMPTY_CELL, PLAIN_FILLED, ...COLOUR_LETTERS]);

function refused(error: GameError): { ok: false; error: GameError } {
  return { ok: false, error };
}

/** `{"rows": M, "cols": N}`, each 5 to 20; a side left out is 8 (docs/games/puzzle.md "Grid"). */
export function parseConfig(raw: unknown): Result<PuzzleConfig> {
  if (raw === undefined) return ok({ ...DEFAULT_CONFIG });
  const read = readInput<Partial<PuzzleConfig>>(CONFIG_INPUT, raw, "config", "BAD_CONFIG");
  if (!read.ok) return read;
  return ok({ rows: read.value.rows ?? DEFAULT_CONFIG.rows, cols: read.value.cols ?? DEFAULT_CONFIG.cols });
}

/** A command of the published schema (input-schema.ts), its fields copied: a command object is open. */
export function parseCommand(raw: { cmd: string } & Record<string, unknown>): Result<PuzzleCommand> {
  const read = readCommand<PuzzleCommand>(COMMAND_INPUT, raw, "puzzle");
  if (!read.ok) return read;
  const { piece, row, col } = read.value;
  return ok({ cmd: "place", piece, row, col });
}

/** The grid size of a loaded state: its config, else its board's size, else the current game's. */
function readSize(raw: Record<string, unknown>, current: PuzzleConfig): Result<PuzzleConfig> {
  if ("config" in raw) {
    const parsed = parseConfig(raw.config);
    return parsed.ok ? parsed : fail("BAD_STATE", parsed.error.message);
  }
  const board = raw.board;
  if (Array.isArray(board) && typeof board[0] === "string") {
    const size = { rows: board.length, cols: board[0].length };
    if (size.rows < MIN_SIDE || size.rows > MAX_SIDE || size.cols < MIN_SIDE || size.cols > MAX_SIDE) {
      return fail("BAD_STATE", `the board must be ${MIN_SIDE} to ${MAX_SIDE} cells on each side`);
    }
    return ok(size);
  }
  return ok(current);
}

function readBoard(raw: Record<string, unknown>, config: PuzzleConfig): Result<string[]> {
  if (!("board" in raw)) return ok(Array.from({ length: config.rows }, () => EMPTY_CELL.repeat(config.cols)));
  const board = raw.board;
  const shape = `board must be ${config.rows} strings of ${config.cols} characters`;
  if (!Array.isArray(board) || board.length !== config.rows) {
    return fail("BAD_STATE", `${shape}, not ${describeValue(board)}`);
  }
  for (let r = 0; r < board.length; r++) {
    const line: unknown = board[r];
    if (typeof line !== "string" || line.length !== config.cols) {
      return fail("BAD_STATE", `${shape}: row ${r} is ${describeValue(line)}`);
    }
    for (const ch of line) {
      if (!BOARD_CHARS.has(ch)) {
        return fail(
          "BAD_STATE",
          `board cells are "${EMPTY_CELL}" or one of ${PLAIN_FILLED}${COLOUR_LETTERS.join("")}, not ${describeValue(ch)}`,
        );
      }
    }
  }
  const rows = board as string[];
  const masks = boardFromText(rows);
  const full = [
    ...fullRows(masks, config.cols).map((r) => `row ${r}`),
    ...fullCols(masks, config.cols).map((c) => `col ${c}`),
  ];
  // The rules clear a full line at once, so no real position holds one.
  if (full.length > 0) return fail("BAD_STATE", `a full line cannot stay on the board (${full.join(", ")})`);
  return ok(rows.slice());
}

/**
 * One tray entry: null once placed, else a pool shape with an optional colour (drawn from `rng`
 * when left out), id and base shape (which must match the shape). Never quotes the input itself.
 */
export function parseTrayEntry(raw: unknown, index: number, rng: RngState): Result<TrayBlock | null> {
  const where = `tray[${index}]`;
  if (raw === null) return ok(null);
  if (!isPlainObject(raw)) {
    return fail("BAD_STATE", `${where} must be null or {"shape":[...]}, not ${describeValue(raw)}`);
  }
  const unknown = checkKeys(raw, TRAY_KEYS, where, "BAD_STATE");
  if (unknown) return refused(unknown);
  const shape = raw.shape;
  if (
    !Array.isArray(shape) ||
    shape.length > MAX_SHAPE_SIDE ||
    !shape.every((l) => typeof l === "string" && l.length <= MAX_SHAPE_SIDE)
  ) {
    return fail(
      "BAD_STATE",
      `${where}.shape must be rows of # and . (at most ${MAX_SHAPE_SIDE} by ${MAX_SHAPE_SIDE}), not ${describeValue(shape)}`,
    );
  }
  const rows = shape as string[];
  const piece = pieceByRows(rows);
  if (!piece) {
    return fail("BAD_STATE", `${where}.shape ${describeValue(rows.join("/"))} is not a Block Puzzle piece`);
  }
  if ("id" in raw && raw.id !== piece.id) {
    return fail("BAD_STATE", `${where}.id ${describeValue(raw.id)} does not match its shape (${piece.id})`);
  }
  if ("baseShape" in raw && raw.baseShape !== piece.baseShape) {
    return fail(
      "BAD_STATE",
      `${where}.baseShape ${describeValue(raw.baseShape)} does not match its shape (${piece.baseShape})`,
    );
  }
  if ("colour" in raw && LEGACY_COLOUR_KEY in raw) {
    return fail("BAD_STATE", `${where} has both "colour" and "color" (its old spelling): give "colour" only`);
  }
  const key = LEGACY_COLOUR_KEY in raw ? LEGACY_COLOUR_KEY : "colour";
  let colour: BlockColour;
  if (key in raw) {
    const given = raw[key];
    const wanted = typeof given === "string" ? given.toUpperCase() : "";
    const found = BLOCK_COLOURS.find((c) => c === wanted);
    if (!found) {
      return fail(
        "BAD_STATE",
        `${where}.${key} must be one of ${BLOCK_COLOURS.join(", ")}, not ${describeValue(given)}`,
      );
    }
    colour = found;
  } else {
    colour = drawColour(rng);
  }
  return ok({ id: piece.id, baseShape: piece.baseShape, colour, shape: piece.rows.slice() });
}

export function load(raw: Record<string, unknown>, current: PuzzleState): Result<PuzzleState> {
  const unknown = checkKeys(raw, STATE_KEYS, "state", "BAD_STATE");
  if (unknown) return refused(unknown);
  const random = readRandom(raw, current);
  if (!random.ok) return random;
  // `over` is derived from the position, never taken on trust; a present one must still be a boolean.
  const over = readBool(raw, "over", false);
  if (!over.ok) return over;
  const config = readSize(raw, current.config);
  if (!config.ok) return config;
  const board = readBoard(raw, config.value);
  if (!board.ok) return board;
  const score = readScore(raw, "score", 0);
  if (!score.ok) return score;
  const round = readInt(raw, "round", { min: 1, max: MAX_COUNT }, 1);
  if (!round.ok) return round;
  const lines = readInt(raw, "lines", { min: 0, max: MAX_COUNT }, 0);
  if (!lines.ok) return lines;

  const rng = cloneRng(random.value.rng);
  let tray: (TrayBlock | null)[] = [];
  let roundValue = round.value;
  if ("tray" in raw) {
    if (!Array.isArray(raw.tray) || raw.tray.length !== TRAY_SIZE) {
      return fail(
        "BAD_STATE",
        `tray must be an array of ${TRAY_SIZE} entries (null once placed), not ${describeValue(raw.tray)}`,
      );
    }
    for (let i = 0; i < TRAY_SIZE; i++) {
      const entry = parseTrayEntry(raw.tray[i], i, rng);
      if (!entry.ok) return entry;
      tray.push(entry.value);
    }
  }
  // A tray with no block left (or none given) is dealt by the rules, from the loaded source.
  if (tray.every((b) => b === null)) {
    tray = dealTray(rng);
    if ("tray" in raw) roundValue += 1;
  }
  const masks = boardFromText(board.value);
  return ok({
    game: "puzzle",
    seed: random.value.seed,
    score: score.value,
    over: !canAnyFit(masks, config.value.cols, tray),
    board: board.value,
    rng,
    config: { ...config.value },
    tray,
    round: roundValue,
    lines: lines.value,
  });
}
