/**
 * Everything that reads outside input for Match-3: the config (an init line), the one command, and
 * `load`, which builds a position from a state object of the shape the game emits. They follow the
 * engine's one rule (core/read.ts): absent = default, `null` refused, unknown keys refused, numbers
 * in range, and no message quotes more than a bounded part of what it was given.
 */
import { fail, type GameError, isInt, isPlainObject, ok, type Result } from "../../core/game.js";
import {
  BASE_STATE_KEYS,
  checkKeys,
  describeValue,
  readBool,
  readChoice,
  readRandom,
  readScore,
} from "../../core/read.js";
import { isBrickSymbol, isBrickText, spawnCells } from "./bricks.js";
import { EMPTY_CELL, EXAMPLE_INPUT, MAX_BRICKS } from "./constants.js";
import { boardWidth, findMatches } from "./field.js";
import { parseInitLine } from "./init-line.js";
import { newGame, parseFrameCommands } from "./rules.js";
import type {
  ActiveBrick,
  ActiveCell,
  BrickSymbol,
  BrickText,
  GameOverReason,
  Match3Command,
  Match3Config,
  Match3State,
} from "./types.js";

const CONFIG_KEYS = ["input"] as const;
const STATE_KEYS = [
  ...BASE_STATE_KEYS,
  "active",
  "queue",
  "reason",
] as const satisfies readonly (keyof Match3State)[];
const REASONS: readonly GameOverReason[] = ["no-bricks", "spawn-blocked"];

function refused(error: GameError): { ok: false; error: GameError } {
  return { ok: false, error };
}

/** `{"input": "<width> <height> <bricks...>"}`; no config, or `{}`, is the example field. */
export function parseConfig(raw: unknown): Result<Match3Config> {
  if (raw === undefined) return ok({ input: EXAMPLE_INPUT });
  if (!isPlainObject(raw)) {
    return fail("BAD_CONFIG", `config must be an object such as {"input": "${EXAMPLE_INPUT}"}`);
  }
  const unknown = checkKeys(raw, CONFIG_KEYS, "config", "BAD_CONFIG");
  if (unknown) return refused(unknown);
  if (!("input" in raw)) return ok({ input: EXAMPLE_INPUT });
  const input = raw.input;
  if (typeof input !== "string") {
    return fail(
      "BAD_CONFIG",
      `config.input must be a string such as "${EXAMPLE_INPUT}", not ${describeValue(input)}`,
    );
  }
  const parsed = parseInitLine(input);
  if (!parsed.ok) return fail("BAD_CONFIG", `config.input: ${parsed.error.message}`);
  return ok({ input });
}

/** `{"cmd":"frame","commands":"LR"}`; no `commands` is a frame without moves. */
export function parseCommand(raw: { cmd: string } & Record<string, unknown>): Result<Match3Command> {
  switch (raw.cmd) {
    case "frame": {
      if (!("commands" in raw)) return ok({ cmd: "frame", commands: "" });
      const text = raw.commands;
      if (typeof text !== "string") {
        return fail(
          "BAD_ARGUMENT",
          `frame needs "commands" as a string of L, R, D, e.g. {"cmd":"frame","commands":"LR"}, not ${describeValue(text)}`,
        );
      }
      // Kept as the terminal line would be read (docs/games/match3.md "A frame"), at most 2 moves.
      return ok({ cmd: "frame", commands: parseFrameCommands(text).join("") });
    }
    default:
      return fail("UNKNOWN_COMMAND", `unknown command ${describeValue(raw.cmd)} for match3`);
  }
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
  const unknown = checkKeys(raw, STATE_KEYS, "state", "BAD_STATE");
  if (unknown) return refused(unknown);
  let base = current;
  if ("config" in raw) {
    const parsed = parseConfig(raw.config);
    if (!parsed.ok) return fail("BAD_STATE", parsed.error.message);
    base = newGame(parsed.value, current.seed);
  }
  const random = readRandom(raw, current);
  if (!random.ok) return random;
  const board =
    "board" in raw ? readBoard(raw.board, base.board.length, boardWidth(base.board)) : ok(base.board);
  if (!board.ok) return board;
  const rows = board.value;
  const queue = "queue" in raw ? readQueue(raw.queue) : ok(base.queue.slice());
  if (!queue.ok) return queue;
  const active = readActive("active" in raw ? raw.active : base.active, rows);
  if (!active.ok) return active;
  const score = readScore(raw, "score", base.score);
  if (!score.ok) return score;

  const over = active.value === null;
  let reason: GameOverReason | undefined;
  if (over) {
    // Why it is over follows from the queue: a brick still queued is one whose spawn was blocked.
    const first = queue.value[0];
    const width = boardWidth(rows);
    if (first !== undefined && spawnCells(first, width).every(([r, c]) => rows[r]?.[c] === EMPTY_CELL)) {
      return fail("BAD_STATE", `no active brick, yet the next brick ${first} could spawn`);
    }
    reason = first === undefined ? "no-bricks" : "spawn-blocked";
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

  const { reason: _old, ...rest } = base;
  const state: Match3State = {
    ...rest,
    ...random.value,
    board: rows,
    score: score.value,
    active: active.value,
    queue: queue.value,
    over,
  };
  if (reason !== undefined) state.reason = reason;
  return ok(state);
}
