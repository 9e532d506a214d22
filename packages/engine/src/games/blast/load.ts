/**
 * What comes from outside, read once and checked (docs/games/blast.md "Loading a position"):
 * `parseConfig`, `parseCommand` and `load`. A field left out takes its default, a field present must
 * be valid (`null` is not "left out"), an unknown key is refused, every number has a range, and a
 * message never quotes an unbounded value (core/read.ts).
 */

import { readCommand, readInput } from "../../core/check-input.js";
import { fail, isPlainObject, ok, type Result } from "../../core/game.js";
import { boardFromText, fullCols, fullRows } from "../../core/grid.js";
import {
  BASE_STATE_KEYS,
  checkGameField,
  checkKeys,
  describeValue,
  readBool,
  readInt,
  readRandom,
  readScore,
} from "../../core/read.js";
import { cloneRng } from "../../core/rng.js";
import { bitsFromText } from "./bitboard.js";
import {
  COLOUR_LETTERS,
  EMPTY_CELL,
  GRID_SIZE,
  MAX_MOVES_SINCE_CLEAR,
  MAX_STREAK,
  PIECE_COLOURS,
  REVIVES_PER_GAME,
  TRAY_SIZE,
  UNCOLOURED_CELL,
} from "./constants.js";
import { dealTray } from "./generation.js";
import { COMMAND_INPUT, CONFIG_INPUT } from "./input-schema.js";
import { pieceByRows } from "./pieces.js";
import { isBlocked } from "./rules.js";
import type { BlastCommand, BlastConfig, BlastState, TraySlot } from "./types.js";

/** Block Blast has no options: `{}` or nothing. */
export function parseConfig(raw: unknown): Result<BlastConfig> {
  if (raw === undefined) return ok({});
  const read = readInput<BlastConfig>(CONFIG_INPUT, raw, "config", "BAD_CONFIG");
  return read.ok ? ok({}) : read;
}

/** A command of the published schema (input-schema.ts), its fields copied: a command object is open. */
export function parseCommand(raw: { cmd: string } & Record<string, unknown>): Result<BlastCommand> {
  const read = readCommand<BlastCommand>(COMMAND_INPUT, raw, "blast");
  if (!read.ok) return read;
  const command = read.value;
  switch (command.cmd) {
    case "place":
      return ok({ cmd: "place", piece: command.piece, row: command.row, col: command.col });
    case "revive":
      return ok({ cmd: "revive" });
  }
}

const STATE_KEYS = [...BASE_STATE_KEYS, "tray", "streak", "movesSinceLastClear", "revivesLeft"] as const;
const SLOT_KEYS = ["shape", "colour"] as const;
const CELL_CHARS = new Set([EMPTY_CELL, UNCOLOURED_CELL, ...COLOUR_LETTERS]);

function readBoard(raw: Record<string, unknown>): Result<string[]> {
  if (!("board" in raw)) return ok(Array.from({ length: GRID_SIZE }, () => EMPTY_CELL.repeat(GRID_SIZE)));
  const board = raw.board;
  if (!Array.isArray(board) || board.length !== GRID_SIZE) {
    return fail("BAD_STATE", `board must be an array of ${GRID_SIZE} strings, not ${describeValue(board)}`);
  }
  for (let r = 0; r < board.length; r++) {
    const line: unknown = board[r];
    if (typeof line !== "string" || line.length !== GRID_SIZE) {
      return fail(
        "BAD_STATE",
        `board row ${r} must be a string of ${GRID_SIZE} characters, not ${describeValue(line)}`,
      );
    }
    for (const ch of line) {
      if (!CELL_CHARS.has(ch)) {
        return fail(
          "BAD_STATE",
          `board row ${r} has ${describeValue(ch)}: cells are "." (empty), "#" or a colour letter ${COLOUR_LETTERS[0]}-${COLOUR_LETTERS.at(-1)}`,
        );
      }
    }
  }
  const rows = board as string[];
  const masks = boardFromText(rows);
  const full = [
    ...fullRows(masks, GRID_SIZE).map((r) => `row ${r}`),
    ...fullCols(masks, GRID_SIZE).map((c) => `column ${c}`),
  ];
  if (full.length > 0) {
    return fail("BAD_STATE", `a Block Blast board never holds a full line (${full.join(", ")} is full)`);
  }
  return ok([...rows]);
}

function readSlot(slot: unknown, i: number): Result<TraySlot> {
  if (slot === null) return ok(null);
  if (!isPlainObject(slot)) {
    return fail("BAD_STATE", `tray[${i}] must be null or {"shape": ["##", "#."], "colour": 0}`);
  }
  const unknown = checkKeys(slot, SLOT_KEYS, `tray[${i}]`, "BAD_STATE");
  if (unknown) return { ok: false, error: unknown };
  const rows = slot.shape;
  const piece =
    Array.isArray(rows) && rows.every((l) => typeof l === "string") ? pieceByRows(rows) : undefined;
  if (!piece) {
    return fail(
      "BAD_STATE",
      `tray[${i}] shape ${describeValue(rows)} is not a Block Blast piece (rows of # and ., its exact bounding box)`,
    );
  }
  // A slot without a colour takes its piece's own, as a hand-written position would want.
  const colour = readInt(
    slot,
    "colour",
    { min: 0, max: PIECE_COLOURS.length - 1 },
    piece.index % PIECE_COLOURS.length,
  );
  if (!colour.ok) return fail("BAD_STATE", `tray[${i}] ${colour.error.message}`);
  return ok({ shape: [...piece.rows], colour: colour.value });
}

function readTray(raw: Record<string, unknown>): Result<TraySlot[]> {
  if (!("tray" in raw)) return ok([null, null, null]);
  const tray = raw.tray;
  if (!Array.isArray(tray) || tray.length !== TRAY_SIZE) {
    return fail("BAD_STATE", `tray must be an array of ${TRAY_SIZE} entries (a piece or null)`);
  }
  const out: TraySlot[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < tray.length; i++) {
    const slot = readSlot(tray[i], i);
    if (!slot.ok) return slot;
    if (slot.value !== null) {
      const key = slot.value.shape.join("/");
      if (seen.has(key))
        return fail("BAD_STATE", `tray[${i}] repeats a piece: a tray never holds a shape twice`);
      seen.add(key);
    }
    out.push(slot.value);
  }
  return ok(out);
}

/**
 * Builds a position from a state object of the shape the game emits. `over` is derived from the
 * position, never taken on trust; a tray with no piece left is dealt by the generation rules.
 */
export function load(raw: Record<string, unknown>, current: BlastState): Result<BlastState> {
  const unknown =
    checkKeys(raw, STATE_KEYS, "a Block Blast state", "BAD_STATE") ?? checkGameField(raw, "blast");
  if (unknown) return { ok: false, error: unknown };
  if ("config" in raw) {
    const config = parseConfig(raw.config);
    if (!config.ok) return fail("BAD_STATE", config.error.message);
  }
  const board = readBoard(raw);
  if (!board.ok) return board;
  const tray = readTray(raw);
  if (!tray.ok) return tray;
  const score = readScore(raw, "score", 0);
  if (!score.ok) return score;
  const streak = readInt(raw, "streak", { min: 0, max: MAX_STREAK }, 0);
  if (!streak.ok) return streak;
  const moves = readInt(raw, "movesSinceLastClear", { min: 0, max: MAX_MOVES_SINCE_CLEAR }, 0);
  if (!moves.ok) return moves;
  // A clear resets the moves counter and a placement without one resets the streak, so both are
  // never above zero at once (docs/games/blast.md "Streaks").
  if (streak.value > 0 && moves.value > 0) {
    return fail(
      "BAD_STATE",
      `streak ${streak.value} with movesSinceLastClear ${moves.value} is impossible: a clear resets the moves, a move without one resets the streak`,
    );
  }
  const revives = readInt(raw, "revivesLeft", { min: 0, max: REVIVES_PER_GAME }, REVIVES_PER_GAME);
  if (!revives.ok) return revives;
  const over = readBool(raw, "over", false);
  if (!over.ok) return over;
  const random = readRandom(raw, current);
  if (!random.ok) return random;
  const rng = cloneRng(random.value.rng);
  const masks = bitsFromText(board.value);
  let slots = tray.value;
  if (slots.every((s) => s === null)) {
    slots = dealTray(rng, {
      score: score.value,
      streak: streak.value,
      movesSinceLastClear: moves.value,
      board: masks,
    });
  }
  return ok({
    game: "blast",
    seed: random.value.seed,
    score: score.value,
    over: isBlocked(masks, slots),
    board: board.value,
    rng,
    config: current.config,
    tray: slots,
    streak: streak.value,
    movesSinceLastClear: moves.value,
    revivesLeft: revives.value,
  });
}
