/**
 * Everything that reads outside input for Match-3: the config (an init line), the one command, and
 * `load`, which builds a position from a state object of the shape the game emits. They follow the
 * engine's one rule (core/read.ts): absent = default, `null` refused, unknown keys refused, numbers
 * in range, and no message quotes more than a bounded part of what it was given.
 */

import { readCommand, readInput } from "../../core/check-input.js";
import { fail, type GameError, isInt, isPlainObject, ok, type Result } from "../../core/game.js";
import {
  BASE_STATE_KEYS,
  checkKeys,
  describeValue,
  readBool,
  readChoice,
  readInt,
  readRandom,
  readScore,
} from "../../core/read.js";
import { isArcadeConfig, isBrickOfSet, levelFor, stageFor } from "./arcade.js";
import { isBrickSymbol, isBrickText, spawnCells } from "./bricks.js";
import {
  ARCADE_DEFAULTS,
  ARCADE_PREVIEW,
  BRICKS_PER_LEVEL,
  EMPTY_CELL,
  EXAMPLE_INPUT,
  MAX_BRICKS,
  MAX_COMBO,
  MAX_LEVEL,
  STONE_CELL,
} from "./constants.js";
import { boardWidth, findMatches } from "./field.js";
import { runsOnField, stoneRows } from "./gravity.js";
import { parseInitLine } from "./init-line.js";
import { COMMAND_INPUT, CONFIG_INPUT } from "./input-schema.js";
import { parseFrameCommands } from "./moves.js";
import { newGame } from "./rules.js";
import type {
  ActiveBrick,
  ActiveCell,
  ArcadeConfig,
  BrickSetName,
  BrickSymbol,
  BrickText,
  GameOverReason,
  Match3Command,
  Match3Config,
  Match3State,
} from "./types.js";

const STATE_KEYS = [
  ...BASE_STATE_KEYS,
  "active",
  "queue",
  "reason",
] as const satisfies readonly (keyof Match3State)[];
const ARCADE_STATE_KEYS = [
  ...STATE_KEYS,
  "level",
  "cells",
  "combo",
  "placed",
] as const satisfies readonly (keyof Match3State)[];
const REASONS: readonly GameOverReason[] = ["no-bricks", "spawn-blocked", "topped-out"];

function refused(error: GameError): { ok: false; error: GameError } {
  return { ok: false, error };
}

/**
 * Arcade mode's config: `{"mode":"arcade"}` plus any of width, height, bricks (a set name) and the
 * starting level; what is left out takes ARCADE_DEFAULTS. The config kept has every field.
 */
/**
 * `{"input": "<width> <height> <bricks...>"}` (`"mode": "classic"` may say so); no config, or
 * `{}`, is the example field. `{"mode": "arcade", ...}` is Arcade mode.
 */
export function parseConfig(raw: unknown): Result<Match3Config> {
  if (raw === undefined) return ok({ input: EXAMPLE_INPUT });
  type Input = { mode?: "classic"; input?: string } | (Partial<ArcadeConfig> & { mode: "arcade" });
  const read = readInput<Input>(CONFIG_INPUT, raw, "config", "BAD_CONFIG");
  if (!read.ok) return read;
  const config = read.value;
  if (config.mode === "arcade") {
    const d = ARCADE_DEFAULTS;
    return ok({
      mode: "arcade",
      width: config.width ?? d.width,
      height: config.height ?? d.height,
      bricks: config.bricks ?? d.bricks,
      level: config.level ?? d.level,
    });
  }
  const input = config.input;
  if (input === undefined) return ok({ input: EXAMPLE_INPUT });
  const parsed = parseInitLine(input);
  if (!parsed.ok) return fail("BAD_CONFIG", `config.input: ${parsed.error.message}`);
  return ok({ input });
}

/**
 * `{"cmd":"frame","commands":"LR"}` (no `commands` is a frame without moves); Arcade's
 * `{"cmd":"move","move":"L"}` and `{"cmd":"tick"}`.
 */
export function parseCommand(raw: { cmd: string } & Record<string, unknown>): Result<Match3Command> {
  const read = readCommand<Match3Command | { cmd: "frame"; commands?: string }>(COMMAND_INPUT, raw, "match3");
  if (!read.ok) return read;
  const command = read.value;
  switch (command.cmd) {
    case "move":
      return ok({ cmd: "move", move: command.move });
    case "tick":
      return ok({ cmd: "tick" });
    case "frame":
      // Kept as the terminal line would be read (docs/games/match3.md "A frame"), at most 2 moves.
      return ok({ cmd: "frame", commands: parseFrameCommands(command.commands ?? "").join("") });
  }
}

/**
 * Arcade's field (docs/games/match3.md "Arcade mode", "State and events"): stones only in whole
 * rows at the bottom, no symbol over an empty cell (gravity would have let it fall) and no run of 3
 * in any of the four directions (the chain would have removed it).
 */
function readArcadeBoard(raw: unknown, height: number, width: number): Result<string[]> {
  if (!Array.isArray(raw) || raw.length !== height) {
    return fail("BAD_STATE", `board must be an array of ${height} rows (the config's height)`);
  }
  for (const [r, row] of raw.entries()) {
    if (typeof row !== "string" || row.length !== width) {
      return fail("BAD_STATE", `board row ${r} must be a string of ${width} cells (the config's width)`);
    }
    for (const ch of row) {
      if (ch !== EMPTY_CELL && ch !== STONE_CELL && !isBrickSymbol(ch)) {
        return fail("BAD_STATE", `board row ${r} holds ${describeValue(ch)}: cells are . # ^ * @ ~`);
      }
    }
  }
  const rows = (raw as string[]).slice();
  const stones = stoneRows(rows);
  for (let r = 0; r < height - stones; r++) {
    const row = rows[r] as string;
    if (row.includes(STONE_CELL)) {
      return fail("BAD_STATE", `board row ${r} holds a stone: stones lie in whole rows at the bottom`);
    }
    for (let c = 0; c < width; c++) {
      if (row[c] !== EMPTY_CELL && rows[r + 1]?.[c] === EMPTY_CELL) {
        return fail(
          "BAD_STATE",
          `the symbol at ${r},${c} floats over an empty cell, which gravity would fill`,
        );
      }
    }
  }
  if (runsOnField(rows).length > 0) {
    return fail("BAD_STATE", "the board holds a run of 3 equal symbols, which the chain would have removed");
  }
  return ok(rows);
}

function readBoard(raw: unknown, height: number, width: number): Result<string[]> {
  if (!Array.isArray(raw) || raw.length !== height) {
    return fail("BAD_STATE", `board must be an array of ${height} rows (the config's height)`);
  }
  for (const [r, row] of raw.entries()) {
    if (typeof row !== "string" || row.length !== width) {
      return fail("BAD_STATE", `board row ${r} must be a string of ${width} cells (the config's width)`);
    }
    for (const ch of row) {
      if (ch !== EMPTY_CELL && !isBrickSymbol(ch)) {
        return fail("BAD_STATE", `board row ${r} holds ${describeValue(ch)}: cells are . ^ * @ ~`);
      }
    }
  }
  const rows = (raw as string[]).slice();
  if (findMatches(rows).size > 0) {
    return fail("BAD_STATE", "the board holds a run of 3 equal symbols, which a lock would have removed");
  }
  return ok(rows);
}

function readQueue(raw: unknown): Result<BrickText[]> {
  if (!Array.isArray(raw) || raw.length > MAX_BRICKS || !raw.every(isBrickText)) {
    return fail("BAD_STATE", `queue must be an array of at most ${MAX_BRICKS} bricks such as "H^^*"`);
  }
  return ok(raw.slice());
}

function readArcadeQueue(raw: unknown, set: BrickSetName): Result<BrickText[]> {
  if (!Array.isArray(raw) || raw.length !== ARCADE_PREVIEW || !raw.every((b) => isBrickOfSet(b, set))) {
    return fail(
      "BAD_STATE",
      `queue must be an array of ${ARCADE_PREVIEW} bricks of the "${set}" set (Arcade's preview)`,
    );
  }
  return ok(raw.slice());
}

/**
 * Arcade's counters: cells, combo and bricks placed as given (or kept); the level follows from the
 * bricks placed and the config.
 */
function readArcadeCounters(
  raw: Record<string, unknown>,
  base: Match3State,
  config: ArcadeConfig,
): Result<{ level: number; cells: number; combo: number; placed: number }> {
  const cells = readScore(raw, "cells", base.cells ?? 0);
  if (!cells.ok) return cells;
  const combo = readInt(raw, "combo", { min: 0, max: MAX_COMBO }, base.combo ?? 0);
  if (!combo.ok) return combo;
  const placed = readScore(raw, "placed", base.placed ?? 0);
  if (!placed.ok) return placed;
  const level = levelFor(config.level, placed.value);
  const given = readInt(raw, "level", { min: 1, max: MAX_LEVEL }, level);
  if (!given.ok) return given;
  if (given.value !== level) {
    return fail(
      "BAD_STATE",
      `level must be ${level}: it follows from the starting level ${config.level} and ${placed.value} bricks placed`,
    );
  }
  return ok({ level, cells: cells.value, combo: combo.value, placed: placed.value });
}

function readActive(raw: unknown, board: readonly string[]): Result<ActiveBrick | null> {
  if (raw === null) return ok(null);
  if (!isPlainObject(raw) || !Array.isArray(raw.cells) || raw.cells.length !== 3) {
    return fail("BAD_STATE", 'active must be null or {"cells": [[row, col, symbol] x 3]}');
  }
  const unknown = checkKeys(raw, ["cells"], "active", "BAD_STATE");
  if (unknown) return refused(unknown);
  const cells: ActiveCell[] = [];
  for (const cell of raw.cells) {
    if (
      !Array.isArray(cell) ||
      cell.length !== 3 ||
      !isInt(cell[0]) ||
      !isInt(cell[1]) ||
      typeof cell[2] !== "string" ||
      !isBrickSymbol(cell[2])
    ) {
      return fail("BAD_STATE", "each active cell is [row, col, symbol] with a symbol of ^ * @ ~");
    }
    const [r, c, s] = cell as [number, number, BrickSymbol];
    if (r < 0 || r >= board.length || c < 0 || c >= boardWidth(board)) {
      return fail("BAD_STATE", `active cell ${describeValue(r)},${describeValue(c)} is outside the field`);
    }
    if (board[r]?.[c] !== EMPTY_CELL) {
      return fail("BAD_STATE", `active cell ${r},${c} overlaps a stationary cell`);
    }
    cells.push([r, c, s]);
  }
  const [a, b, c] = cells as [ActiveCell, ActiveCell, ActiveCell];
  const isHorizontal = a[0] === b[0] && b[0] === c[0] && b[1] === a[1] + 1 && c[1] === b[1] + 1;
  const isVertical = a[1] === b[1] && b[1] === c[1] && b[0] === a[0] + 1 && c[0] === b[0] + 1;
  if (!isHorizontal && !isVertical) {
    return fail(
      "BAD_STATE",
      "active cells must form a brick: 3 neighbours in a row (left to right) or column (top down)",
    );
  }
  return ok({ cells: [a, b, c] });
}

/**
 * Fields left out keep the current position's values; with a `config` field they take those of a
 * new game of that config instead (its empty field, first brick and queue). `over` and `reason`
 * follow from the position; when given they must agree with it.
 */
export function load(raw: Record<string, unknown>, current: Match3State): Result<Match3State> {
  let base = current;
  if ("config" in raw) {
    const parsed = parseConfig(raw.config);
    if (!parsed.ok) return fail("BAD_STATE", parsed.error.message);
    base = newGame(parsed.value, current.seed);
  }
  const arcade = isArcadeConfig(base.config) ? base.config : null;
  const unknown = checkKeys(raw, arcade ? ARCADE_STATE_KEYS : STATE_KEYS, "state", "BAD_STATE");
  if (unknown) return refused(unknown);
  const random = readRandom(raw, current);
  if (!random.ok) return random;
  const readField = arcade ? readArcadeBoard : readBoard;
  const board =
    "board" in raw ? readField(raw.board, base.board.length, boardWidth(base.board)) : ok(base.board);
  if (!board.ok) return board;
  const rows = board.value;
  const queue = !("queue" in raw)
    ? ok(base.queue.slice())
    : arcade
      ? readArcadeQueue(raw.queue, arcade.bricks)
      : readQueue(raw.queue);
  if (!queue.ok) return queue;
  const active = readActive("active" in raw ? raw.active : base.active, rows);
  if (!active.ok) return active;
  const score = readScore(raw, "score", base.score);
  if (!score.ok) return score;
  const counters = arcade ? readArcadeCounters(raw, base, arcade) : null;
  if (counters && !counters.ok) return counters;

  const over = active.value === null;
  let reason: GameOverReason | undefined;
  if (over) {
    // Why it is over follows from the queue: a brick still queued is one whose spawn was blocked.
    const first = queue.value[0];
    const width = boardWidth(rows);
    const couldSpawn =
      first !== undefined && spawnCells(first, width).every(([r, c]) => rows[r]?.[c] === EMPTY_CELL);
    // In Arcade a game over with room to spawn is the rising floor's end: a symbol in the top row.
    if (couldSpawn && !(arcade && [...(rows[0] as string)].some((ch) => ch !== EMPTY_CELL))) {
      return fail("BAD_STATE", `no active brick, yet the next brick ${first} could spawn`);
    }
    reason = first === undefined ? "no-bricks" : couldSpawn ? "topped-out" : "spawn-blocked";
  }
  const givenOver = readBool(raw, "over", over);
  if (!givenOver.ok) return givenOver;
  if (givenOver.value !== over) {
    return fail("BAD_STATE", "over must be true exactly when there is no active brick");
  }
  if ("reason" in raw) {
    const givenReason = readChoice(raw, "reason", REASONS, "no-bricks");
    if (!givenReason.ok) return givenReason;
    if (givenReason.value !== reason) {
      return fail(
        "BAD_STATE",
        reason === undefined
          ? "reason is only present once the game is over"
          : `reason must be ${reason}: it follows from the queue and the field`,
      );
    }
  }

  if (counters?.value) {
    const stones = stageFor(counters.value.placed) - (reason === "topped-out" ? 1 : 0);
    if (stoneRows(rows) !== stones) {
      return fail(
        "BAD_STATE",
        `the board must have ${stones} rows of stone at the bottom: ${counters.value.placed} bricks placed, a row every ${BRICKS_PER_LEVEL}`,
      );
    }
  }
  const { reason: _old, ...rest } = base;
  const state: Match3State = {
    ...rest,
    ...random.value,
    board: rows,
    score: score.value,
    active: active.value,
    queue: queue.value,
    over,
    ...counters?.value,
  };
  if (reason !== undefined) state.reason = reason;
  return ok(state);
}
