/**
 * What comes from outside: the config, a command's arguments, and `load` (docs/games/stacker.md
 * "Load"). The shared readers (core/read.ts) give the house rule: a left-out field takes its
 * default, a present one must be valid (`null` only where the state itself holds null), unknown
 * keys are refused and every number has a range.
 */

import { readCommand, readInput } from "../../core/check-input.js";
import { fail, type GameError, isPlainObject, ok, type Result } from "../../core/game.js";
import { boardFromText, fullRows } from "../../core/grid.js";
import { BASE_STATE_KEYS, checkKeys, readBool, readInt, readRandom, readScore } from "../../core/read.js";
import { dealQueue, drawPiece, isPieceType, spawnPiece } from "./bag.js";
import { emptyRow, fits } from "./board.js";
import {
  DEFAULT_SIZE,
  KEY_ACTIONS,
  MAX_LINES,
  MAX_SIZE,
  MIN_SIZE,
  PIECE_TYPES,
  PREVIEW_LENGTH,
} from "./constants.js";
import { COMMAND_INPUT, CONFIG_INPUT } from "./input-schema.js";
import { isPieceShape } from "./pieces.js";
import { levelForLines, MAX_LEVEL } from "./scoring.js";
import type {
  ActivePiece,
  Cell,
  PieceType,
  Rotation,
  StackerCommand,
  StackerConfig,
  StackerKey,
  StackerState,
} from "./types.js";

const STATE_KEYS = [
  ...BASE_STATE_KEYS,
  "active",
  "next",
  "bag",
  "hold",
  "canHold",
  "lines",
  "level",
] as const;
const ACTIVE_KEYS = ["type", "rotation", "cells"] as const;

export function parseConfig(raw: unknown): Result<StackerConfig> {
  if (raw === undefined) return ok({ size: DEFAULT_SIZE });
  const read = readInput<Partial<StackerConfig>>(CONFIG_INPUT, raw, "config", "BAD_CONFIG");
  return read.ok ? ok({ size: read.value.size ?? DEFAULT_SIZE }) : read;
}

/** The canonical key name: letters in lower case too, and " " (the DOM's name for space). */
function keyName(raw: string): string {
  return raw === " " ? "Space" : raw.length === 1 ? raw.toUpperCase() : raw;
}

/** Accepts the canonical key names, letters in lower case too, and " " (the DOM's name for space). */
export function parseKey(raw: unknown): StackerKey | null {
  if (typeof raw !== "string") return null;
  const name = keyName(raw);
  return Object.hasOwn(KEY_ACTIONS, name) ? (name as StackerKey) : null;
}

/** A command of the published schema (input-schema.ts), its fields copied: a command object is open. */
export function parseCommand(raw: { cmd: string } & Record<string, unknown>): Result<StackerCommand> {
  const read = readCommand<StackerCommand>(COMMAND_INPUT, raw, "stacker");
  if (!read.ok) return read;
  const command = read.value;
  // The schema's keys are the canonical names and their aliases.
  return ok(
    command.cmd === "tick" ? { cmd: "tick" } : { cmd: "key", key: keyName(command.key) as StackerKey },
  );
}

function bad(message: string): { ok: false; error: GameError } {
  return fail("BAD_STATE", message);
}

function parseBoard(raw: unknown, size: number): Result<string[]> {
  if (!Array.isArray(raw) || raw.length !== size) return bad(`board must be ${size} rows`);
  for (const [r, line] of raw.entries()) {
    if (typeof line !== "string" || line.length !== size) {
      return bad(`board row ${r} must be a string of ${size} characters`);
    }
    if (!/^[!-~]*$/.test(line)) return bad(`board row ${r}: cells are "." or a visible ASCII character`);
  }
  const rows = raw as string[];
  const full = fullRows(boardFromText(rows), size);
  if (full.length > 0) return bad(`board row ${full[0]} is full: a full row is cleared when a piece locks`);
  return ok(rows.slice());
}

function parseActive(raw: unknown, board: string[], size: number): Result<ActivePiece> {
  if (!isPlainObject(raw)) return bad('active must be {"type","rotation","cells"}');
  const unknown = checkKeys(raw, ACTIVE_KEYS, "active", "BAD_STATE");
  if (unknown) return { ok: false, error: unknown };
  const { type, cells } = raw;
  if (!isPieceType(type)) return bad(`active.type must be one of ${PIECE_TYPES.join(" ")}`);
  const rotation = readInt(raw, "rotation", { min: 0, max: 3 }, -1);
  if (!rotation.ok || rotation.value < 0) return bad("active.rotation must be 0, 1, 2 or 3");
  if (
    !Array.isArray(cells) ||
    !cells.every(
      (c) => Array.isArray(c) && c.length === 2 && Number.isSafeInteger(c[0]) && Number.isSafeInteger(c[1]),
    )
  ) {
    return bad("active.cells must be a list of [row, col] integer pairs");
  }
  const list = (cells as Cell[]).map(([r, c]) => [r, c] as Cell);
  const turn = rotation.value as Rotation;
  if (!isPieceShape(type, turn, list)) return bad(`active.cells do not form a ${type} in rotation ${turn}`);
  if (list.some(([r, c]) => r < 0 || r >= size || c < 0 || c >= size)) {
    return bad("active.cells must lie on the board");
  }
  if (!fits(board, size, list)) return bad("active.cells overlap locked cells");
  list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return ok({ type, rotation: turn, cells: list });
}

function parseQueue(raw: Record<string, unknown>): Result<{ next: PieceType[]; bag: PieceType[] } | null> {
  if (!("next" in raw)) {
    if ("bag" in raw) return bad("bag needs next: it is what is left of the bag after the preview");
    return ok(null);
  }
  const next = raw.next;
  if (!Array.isArray(next) || next.length !== PREVIEW_LENGTH || !next.every(isPieceType)) {
    return bad(`next must list ${PREVIEW_LENGTH} pieces of ${PIECE_TYPES.join(" ")}`);
  }
  const bag = "bag" in raw ? raw.bag : [];
  if (
    !Array.isArray(bag) ||
    bag.length > PIECE_TYPES.length - 1 ||
    !bag.every(isPieceType) ||
    new Set(bag).size !== bag.length
  ) {
    return bad("bag must list at most 6 different pieces (what is left of the current 7-bag)");
  }
  return ok({ next: next.slice(), bag: bag.slice() });
}

/** The board size: from `config`, else from the board's rows, else the current game's. */
function loadedSize(raw: Record<string, unknown>, current: StackerState): Result<number> {
  if ("config" in raw) {
    const config = parseConfig(raw.config);
    return config.ok ? ok(config.value.size) : bad(config.error.message);
  }
  if (Array.isArray(raw.board)) {
    const n = raw.board.length;
    if (n < MIN_SIZE || n > MAX_SIZE) {
      return bad(`board must be N rows of N cells, N from ${MIN_SIZE} to ${MAX_SIZE}`);
    }
    return ok(n);
  }
  return ok(current.config.size);
}

export function load(raw: Record<string, unknown>, current: StackerState): Result<StackerState> {
  const unknown = checkKeys(raw, STATE_KEYS, "state", "BAD_STATE");
  if (unknown) return { ok: false, error: unknown };
  const size = loadedSize(raw, current);
  if (!size.ok) return size;
  const n = size.value;
  const rows = parseBoard("board" in raw ? raw.board : Array.from({ length: n }, () => emptyRow(n)), n);
  if (!rows.ok) return rows;
  const board = rows.value;

  const score = readScore(raw, "score", 0);
  if (!score.ok) return score;
  const lines = readInt(raw, "lines", { min: 0, max: MAX_LINES }, 0);
  if (!lines.ok) return lines;
  const level = levelForLines(lines.value);
  const givenLevel = readInt(raw, "level", { min: 1, max: MAX_LEVEL }, level);
  if (!givenLevel.ok) return givenLevel;
  if (givenLevel.value !== level) return bad(`level must be 1 + floor(lines / 10) = ${level}`);
  if ("hold" in raw && raw.hold !== null && !isPieceType(raw.hold)) {
    return bad(`hold must be null or one of ${PIECE_TYPES.join(" ")}`);
  }
  const hold = (raw.hold as PieceType | null | undefined) ?? null;
  const canHold = readBool(raw, "canHold", true);
  if (!canHold.ok) return canHold;
  const over = readBool(raw, "over", false);
  if (!over.ok) return over;
  const random = readRandom(raw, current);
  if (!random.ok) return random;
  const { seed, rng } = random.value;
  const queue = parseQueue(raw);
  if (!queue.ok) return queue;
  const { next, bag } = queue.value ?? dealQueue(rng);

  let active: ActivePiece | null = null;
  if (over.value) {
    if ("active" in raw && raw.active !== null) return bad("a game that is over has no active piece");
  } else if (raw.active === null) {
    return bad("active is null but the game is not over");
  } else if ("active" in raw) {
    const parsed = parseActive(raw.active, board, n);
    if (!parsed.ok) return parsed;
    active = parsed.value;
  }

  const state: StackerState = {
    game: "stacker",
    seed,
    score: score.value,
    over: over.value,
    board,
    rng,
    config: { size: n },
    active,
    next,
    bag,
    hold,
    canHold: canHold.value,
    lines: lines.value,
    level,
  };
  if (!over.value && active === null) {
    // No active piece given: the next one spawns, as after a lock.
    const type = drawPiece(state, rng);
    const spawned = spawnPiece(type, n);
    if (fits(board, n, spawned.cells)) state.active = spawned;
    else state.over = true;
  }
  return ok(state);
}
