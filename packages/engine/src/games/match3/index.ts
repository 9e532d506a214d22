/**
 * Match-3 Falling Bricks as one GameDefinition: config `{"input": "5 8 H^^* V*@^"}` (the init
 * line), one command `{"cmd":"frame","commands":"LR"}` that runs a whole frame of the spec.
 */
import { GAME_INFO } from "../../core/catalog.js";
import { fail, type GameDefinition, isInt, isPlainObject, ok, type Result } from "../../core/game.js";
import { loadedRng } from "../../core/protocol.js";
import { seedRng } from "../../core/rng.js";
import {
  boardWidth,
  EXAMPLE_INPUT,
  emptyBoard,
  findMatches,
  isBrickSymbol,
  isBrickText,
  MAX_BRICKS,
  parseFrameCommands,
  parseInitLine,
  runFrame,
  spawnCells,
  spawnNext,
} from "./rules.js";
import { fieldText } from "./text.js";
import type {
  ActiveBrick,
  ActiveCell,
  BrickSymbol,
  FrameCommand,
  Match3Command,
  Match3Config,
  Match3Event,
  Match3State,
} from "./types.js";

export * from "./rules.js";
export * from "./text.js";
export * from "./types.js";

/** Every distinct frame command of 0 to 2 moves: what a bot or a test may send. */
export const FRAME_COMMANDS: readonly string[] = [
  "",
  ..."LRD",
  ...[..."LRD"].flatMap((a) => [..."LRD"].map((b) => a + b)),
];

function parseMatch3Config(raw: unknown): Result<Match3Config> {
  if (raw === undefined) return ok({ input: EXAMPLE_INPUT });
  if (!isPlainObject(raw))
    return fail("BAD_CONFIG", 'config must be an object such as {"input": "5 8 H^^* V*@^"}');
  const input = raw.input ?? EXAMPLE_INPUT;
  if (typeof input !== "string")
    return fail("BAD_CONFIG", 'config.input must be a string such as "5 8 H^^* V*@^"');
  const parsed = parseInitLine(input);
  if (!parsed.ok) return fail("BAD_CONFIG", `config.input: ${parsed.error.message}`);
  return ok({ input });
}

function newMatch3Game(config: Match3Config, seed: number): Match3State {
  const line = parseInitLine(config.input);
  // parseConfig has validated the line; an invalid one here is a programming error.
  if (!line.ok) throw new Error(`newGame called with an unparsed config: ${line.error.message}`);
  const board = emptyBoard(line.value.width, line.value.height);
  const events: Match3Event[] = [];
  const spawned = spawnNext(board, line.value.bricks, events);
  const state: Match3State = {
    game: "match3",
    seed,
    score: 0,
    over: spawned.active === null,
    board,
    rng: seedRng(seed),
    config: { input: config.input },
    active: spawned.active,
    queue: spawned.queue,
  };
  if (spawned.reason !== undefined) state.reason = spawned.reason;
  return state;
}

function parseFrame(raw: Record<string, unknown>): Result<Match3Command> {
  const text = raw.commands ?? "";
  if (typeof text !== "string") {
    return fail(
      "BAD_ARGUMENT",
      'frame needs "commands" as a string of L, R, D, e.g. {"cmd":"frame","commands":"LR"}',
    );
  }
  return ok({ cmd: "frame", commands: parseFrameCommands(text).join("") });
}

function loadActive(raw: unknown, board: readonly string[]): Result<ActiveBrick | null> {
  if (raw === null) return ok(null);
  if (!isPlainObject(raw) || !Array.isArray(raw.cells) || raw.cells.length !== 3) {
    return fail("BAD_STATE", 'active must be null or {"cells": [[row, col, symbol] x 3]}');
  }
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
      return fail("BAD_STATE", `active cell ${r},${c} is outside the field`);
    }
    if (board[r]?.[c] !== ".") return fail("BAD_STATE", `active cell ${r},${c} overlaps a stationary cell`);
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
 * new game of that config instead (its empty field, first brick and queue).
 */
function loadMatch3(raw: Record<string, unknown>, current: Match3State): Result<Match3State> {
  let base = current;
  if (raw.config !== undefined) {
    const parsed = parseMatch3Config(raw.config);
    if (!parsed.ok) return fail("BAD_STATE", parsed.error.message);
    base = newMatch3Game(parsed.value, current.seed);
  }
  const height = base.board.length;
  const width = boardWidth(base.board);
  const board = raw.board ?? base.board;
  if (!Array.isArray(board) || board.length !== height) {
    return fail("BAD_STATE", `board must be an array of ${height} rows (the config's height)`);
  }
  for (const [r, row] of board.entries()) {
    if (typeof row !== "string" || row.length !== width) {
      return fail("BAD_STATE", `board row ${r} must be a string of ${width} cells (the config's width)`);
    }
    for (const ch of row) {
      if (ch !== "." && !isBrickSymbol(ch)) {
        return fail("BAD_STATE", `board row ${r} holds ${JSON.stringify(ch)}: cells are . ^ * @ ~`);
      }
    }
  }
  const rows = board as string[];
  if (findMatches(rows).size > 0) {
    return fail("BAD_STATE", "the board holds a run of 3 equal symbols, which a lock would have removed");
  }
  const queue = raw.queue ?? base.queue;
  if (!Array.isArray(queue) || queue.length > MAX_BRICKS || !queue.every(isBrickText)) {
    return fail("BAD_STATE", `queue must be an array of at most ${MAX_BRICKS} bricks such as "H^^*"`);
  }
  const active = loadActive(raw.active === undefined ? base.active : raw.active, rows);
  if (!active.ok) return active;
  const score = raw.score ?? base.score;
  if (!isInt(score) || score < 0) return fail("BAD_STATE", "score must be a non-negative integer");

  const { reason: _old, ...rest } = base;
  const state: Match3State = {
    ...rest,
    ...loadedRng(raw, current),
    board: rows.slice(),
    score,
    active: active.value,
    queue: queue.slice(),
    over: active.value === null,
  };
  if (active.value === null) {
    // Over, and why follows from the queue: a brick still queued is one whose spawn was blocked.
    const first = queue[0];
    if (first !== undefined && spawnCells(first, width).every(([r, c]) => rows[r]?.[c] === ".")) {
      return fail("BAD_STATE", `no active brick, yet the next brick ${first} could spawn`);
    }
    state.reason = first === undefined ? "no-bricks" : "spawn-blocked";
  }
  if (raw.over !== undefined && raw.over !== state.over) {
    return fail("BAD_STATE", "over must be true exactly when there is no active brick");
  }
  return ok(state);
}

export const match3Game: GameDefinition<Match3State, Match3Command, Match3Event, Match3Config> = {
  id: "match3",
  title: GAME_INFO.match3.title,
  toText: (state) => [...fieldText(state), `score ${state.score}`].join("\n"),
  commands: ["frame"],
  defaultConfig: { input: EXAMPLE_INPUT },
  parseConfig: parseMatch3Config,
  newGame: newMatch3Game,
  parseCommand(raw) {
    switch (raw.cmd) {
      case "frame":
        return parseFrame(raw);
      default:
        return fail("UNKNOWN_COMMAND", `unknown command ${JSON.stringify(raw.cmd)} for match3`);
    }
  },
  apply(state, command) {
    switch (command.cmd) {
      case "frame": {
        if (state.over)
          return fail("GAME_OVER", `the game is over (${state.reason ?? "ended"}); start a new one`);
        const { state: next, events } = runFrame(state, parseFrameCommands(command.commands));
        return { ok: true, state: next, events };
      }
      default: {
        const never: never = command.cmd;
        return fail("UNKNOWN_COMMAND", `unknown command ${String(never)}`);
      }
    }
  },
  legal(state): FrameCommand[] {
    if (state.over) return [];
    return FRAME_COMMANDS.map((commands) => ({ cmd: "frame", commands }));
  },
  load: loadMatch3,
  contract: {
    configs: [
      undefined,
      { input: "6 10 H^^* V*@^ H~~@ V^*^ H@*~" },
      { input: "3 3 V^^^ H**~" },
      { input: "4 4" },
    ],
    seeds: [1, 2],
    steps: 40,
    legalSample: 4,
  },
};
