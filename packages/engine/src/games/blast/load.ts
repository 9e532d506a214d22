/**
 * `load` for Block Blast: builds a position from a state object of the shape the game emits,
 * refusing anything that breaks an invariant (protocol.md). `over` is derived from the position,
 * never taken on trust; an empty tray is dealt by the generation rules from the loaded state.
 */
import { type BaseState, fail, isInt, isPlainObject, ok, type Result } from "../../core/game.js";
import { boardFromText, fullCols, fullRows } from "../../core/grid.js";
import { loadedRng } from "../../core/protocol.js";
import { cloneRng } from "../../core/rng.js";
import { bitsFromText } from "./bitboard.js";
import {
  COLOUR_LETTERS,
  EMPTY_CELL,
  GRID_SIZE,
  PIECE_COLOURS,
  REVIVES_PER_GAME,
  TRAY_SIZE,
  UNCOLOURED_CELL,
} from "./constants.js";
import { dealTray } from "./generation.js";
import { pieceByRows } from "./pieces.js";
import { isBlocked } from "./rules.js";
import type { BlastState, TraySlot } from "./types.js";

const CELL_CHARS = new Set([EMPTY_CELL, UNCOLOURED_CELL, ...COLOUR_LETTERS]);

function readBoard(raw: unknown): Result<string[]> {
  if (raw === undefined) return ok(Array.from({ length: GRID_SIZE }, () => EMPTY_CELL.repeat(GRID_SIZE)));
  if (!Array.isArray(raw) || raw.length !== GRID_SIZE) {
    return fail("BAD_STATE", `board must be an array of ${GRID_SIZE} strings`);
  }
  for (let r = 0; r < raw.length; r++) {
    const line: unknown = raw[r];
    if (typeof line !== "string" || line.length !== GRID_SIZE) {
      return fail("BAD_STATE", `board row ${r} must be a string of ${GRID_SIZE} characters`);
    }
    for (const ch of line) {
      if (!CELL_CHARS.has(ch)) {
        return fail(
          "BAD_STATE",
          `board row ${r} has "${ch}": cells are "." (empty), "#" or a colour letter ${COLOUR_LETTERS[0]}-${COLOUR_LETTERS.at(-1)}`,
        );
      }
    }
  }
  const board = raw as string[];
  const masks = boardFromText(board);
  const rows = fullRows(masks, GRID_SIZE);
  const cols = fullCols(masks, GRID_SIZE);
  if (rows.length + cols.length > 0) {
    const which = [...rows.map((r) => `row ${r}`), ...cols.map((c) => `column ${c}`)].join(", ");
    return fail("BAD_STATE", `a Block Blast board never holds a full line (${which} is full)`);
  }
  return ok([...board]);
}

function readTray(raw: unknown): Result<TraySlot[]> {
  if (raw === undefined) return ok([null, null, null]);
  if (!Array.isArray(raw) || raw.length !== TRAY_SIZE) {
    return fail("BAD_STATE", `tray must be an array of ${TRAY_SIZE} entries (a piece or null)`);
  }
  const tray: TraySlot[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < raw.length; i++) {
    const slot: unknown = raw[i];
    if (slot === null) {
      tray.push(null);
      continue;
    }
    if (
      !isPlainObject(slot) ||
      !Array.isArray(slot.shape) ||
      !slot.shape.every((l) => typeof l === "string")
    ) {
      return fail("BAD_STATE", `tray[${i}] must be null or {"shape": ["##", "#."], "colour": 0}`);
    }
    const rows = slot.shape as string[];
    const piece = pieceByRows(rows);
    if (!piece) {
      return fail(
        "BAD_STATE",
        `tray[${i}] shape ${JSON.stringify(rows)} is not a Block Blast piece (rows of # and ., its exact bounding box)`,
      );
    }
    if (seen.has(piece.key))
      return fail("BAD_STATE", `tray[${i}] repeats a piece: a tray never holds a shape twice`);
    seen.add(piece.key);
    const colour = slot.colour ?? piece.index % PIECE_COLOURS.length;
    if (!isInt(colour) || colour < 0 || colour >= PIECE_COLOURS.length) {
      return fail("BAD_STATE", `tray[${i}] colour must be an integer from 0 to ${PIECE_COLOURS.length - 1}`);
    }
    tray.push({ shape: [...piece.rows], colour });
  }
  return ok(tray);
}

function readCount(
  raw: Record<string, unknown>,
  field: string,
  fallback: number,
  max = Infinity,
): Result<number> {
  const value = raw[field] ?? fallback;
  if (!isInt(value) || value < 0 || value > max) {
    const range = max === Infinity ? "a non-negative integer" : `an integer from 0 to ${max}`;
    return fail("BAD_STATE", `${field} must be ${range}`);
  }
  return ok(value);
}

export function loadBlast(raw: Record<string, unknown>, current: BlastState): Result<BlastState> {
  const board = readBoard(raw.board);
  if (!board.ok) return board;
  const tray = readTray(raw.tray);
  if (!tray.ok) return tray;
  const score = readCount(raw, "score", 0, Number.MAX_SAFE_INTEGER);
  if (!score.ok) return score;
  const streak = readCount(raw, "streak", 0, 10_000);
  if (!streak.ok) return streak;
  const moves = readCount(raw, "movesSinceLastClear", 0, 1_000_000);
  if (!moves.ok) return moves;
  const revives = readCount(raw, "revivesLeft", REVIVES_PER_GAME, REVIVES_PER_GAME);
  if (!revives.ok) return revives;
  const random: Pick<BaseState, "seed" | "rng"> = loadedRng(raw, current);
  const rng = cloneRng(random.rng);
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
    seed: random.seed,
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
