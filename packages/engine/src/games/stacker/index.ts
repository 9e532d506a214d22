/**
 * Block Stacker as a GameDefinition: config {"size": N}, commands `key` and `tick` (protocol.md).
 */
import { GAME_INFO } from "../../core/catalog.js";
import { fail, type GameDefinition, isInt, isPlainObject, ok, type Result } from "../../core/game.js";
import { boardFromText, fullRows } from "../../core/grid.js";
import { loadedRng } from "../../core/protocol.js";
import {
  applyStacker,
  dealQueue,
  drawPiece,
  emptyRow,
  fits,
  isPieceShape,
  legalStacker,
  levelForLines,
  newStackerGame,
  spawnPiece,
} from "./rules.js";
import { stackerPicture } from "./text.js";
import {
  type ActivePiece,
  type Cell,
  DEFAULT_SIZE,
  KEY_ACTIONS,
  MAX_SIZE,
  MIN_SIZE,
  PIECE_TYPES,
  type PieceType,
  PREVIEW_LENGTH,
  type Rotation,
  STACKER_KEYS,
  type StackerCommand,
  type StackerConfig,
  type StackerEvent,
  type StackerKey,
  type StackerState,
} from "./types.js";

export * from "./pieces.js";
export * from "./rules.js";
export * from "./text.js";
export * from "./timing.js";
export * from "./types.js";

function parseSize(raw: unknown): Result<number> {
  if (!isInt(raw) || raw < MIN_SIZE || raw > MAX_SIZE) {
    return fail("BAD_CONFIG", `config.size must be an integer from ${MIN_SIZE} to ${MAX_SIZE}`);
  }
  return ok(raw);
}

export function parseStackerConfig(raw: unknown): Result<StackerConfig> {
  if (raw === undefined) return ok({ size: DEFAULT_SIZE });
  if (!isPlainObject(raw)) return fail("BAD_CONFIG", 'config must be an object such as {"size": 20}');
  if (raw.size === undefined) return ok({ size: DEFAULT_SIZE });
  const size = parseSize(raw.size);
  return size.ok ? ok({ size: size.value }) : size;
}

/** Accepts the canonical key names, letters in lower case too, and " " (the DOM's name for space). */
export function parseKey(raw: unknown): StackerKey | null {
  if (typeof raw !== "string") return null;
  const name = raw === " " ? "Space" : raw.length === 1 ? raw.toUpperCase() : raw;
  return Object.hasOwn(KEY_ACTIONS, name) ? (name as StackerKey) : null;
}

function isPieceType(value: unknown): value is PieceType {
  return typeof value === "string" && (PIECE_TYPES as readonly string[]).includes(value);
}

function bad(message: string): { ok: false; error: { code: "BAD_STATE"; message: string } } {
  return { ok: false, error: { code: "BAD_STATE", message } };
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
  return ok(rows);
}

function parseActive(raw: unknown, board: string[], size: number): Result<ActivePiece> {
  if (!isPlainObject(raw)) return bad('active must be {"type","rotation","cells"} or null');
  const { type, rotation, cells } = raw;
  if (!isPieceType(type)) return bad(`active.type must be one of ${PIECE_TYPES.join(" ")}`);
  if (!isInt(rotation) || rotation < 0 || rotation > 3) return bad("active.rotation must be 0, 1, 2 or 3");
  if (
    !Array.isArray(cells) ||
    !cells.every((c) => Array.isArray(c) && c.length === 2 && isInt(c[0]) && isInt(c[1]))
  ) {
    return bad("active.cells must be a list of [row, col] integer pairs");
  }
  const list = (cells as Cell[]).map(([r, c]) => [r, c] as Cell);
  if (!isPieceShape(type, rotation as Rotation, list)) {
    return bad(`active.cells do not form a ${type} in rotation ${rotation}`);
  }
  if (list.some(([r, c]) => r < 0 || r >= size || c < 0 || c >= size)) {
    return bad("active.cells must lie on the board");
  }
  if (!fits(board, size, list)) return bad("active.cells overlap locked cells");
  list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return ok({ type, rotation: rotation as Rotation, cells: list });
}

function parseNonNegative(raw: unknown, name: string): Result<number> {
  if (raw === undefined) return ok(0);
  if (!Number.isSafeInteger(raw) || (raw as number) < 0) return bad(`${name} must be a non-negative integer`);
  return ok(raw as number);
}

function loadStacker(raw: Record<string, unknown>, current: StackerState): Result<StackerState> {
  let size = current.config.size;
  if (raw.config !== undefined) {
    const config = parseStackerConfig(raw.config);
    if (!config.ok) return bad(config.error.message);
    size = config.value.size;
  } else if (Array.isArray(raw.board)) {
    const sized = parseSize(raw.board.length);
    if (!sized.ok) return bad(`board must be N rows of N cells, N from ${MIN_SIZE} to ${MAX_SIZE}`);
    size = sized.value;
  }
  const board = raw.board === undefined ? Array.from({ length: size }, () => emptyRow(size)) : raw.board;
  const parsedBoard = parseBoard(board, size);
  if (!parsedBoard.ok) return parsedBoard;
  const rows = parsedBoard.value;

  const score = parseNonNegative(raw.score, "score");
  if (!score.ok) return score;
  const lines = parseNonNegative(raw.lines, "lines");
  if (!lines.ok) return lines;
  const level = levelForLines(lines.value);
  if (raw.level !== undefined && raw.level !== level) {
    return bad(`level must be 1 + floor(lines / 10) = ${level}`);
  }
  if (raw.hold !== undefined && raw.hold !== null && !isPieceType(raw.hold)) {
    return bad(`hold must be null or one of ${PIECE_TYPES.join(" ")}`);
  }
  if (raw.canHold !== undefined && typeof raw.canHold !== "boolean") return bad("canHold must be a boolean");
  if (raw.over !== undefined && typeof raw.over !== "boolean") return bad("over must be a boolean");

  const { seed, rng } = loadedRng(raw, current);
  let next: PieceType[];
  let bag: PieceType[];
  if (raw.next === undefined) {
    ({ next, bag } = dealQueue(rng));
  } else {
    if (!Array.isArray(raw.next) || raw.next.length !== PREVIEW_LENGTH || !raw.next.every(isPieceType)) {
      return bad(`next must list ${PREVIEW_LENGTH} pieces of ${PIECE_TYPES.join(" ")}`);
    }
    next = raw.next.slice() as PieceType[];
    const rawBag = raw.bag ?? [];
    if (
      !Array.isArray(rawBag) ||
      rawBag.length > PIECE_TYPES.length - 1 ||
      !rawBag.every(isPieceType) ||
      new Set(rawBag).size !== rawBag.length
    ) {
      return bad("bag must list at most 6 different pieces (what is left of the current 7-bag)");
    }
    bag = rawBag.slice() as PieceType[];
  }

  const over = raw.over === true;
  let active: ActivePiece | null = null;
  if (over) {
    if (raw.active !== undefined && raw.active !== null)
      return bad("a game that is over has no active piece");
  } else if (raw.active === null) {
    return bad("active is null but the game is not over");
  } else if (raw.active !== undefined) {
    const parsed = parseActive(raw.active, rows, size);
    if (!parsed.ok) return parsed;
    active = parsed.value;
  }

  const state: StackerState = {
    game: "stacker",
    seed,
    score: score.value,
    over,
    board: rows.slice(),
    rng,
    config: { size },
    active,
    next,
    bag,
    hold: (raw.hold as PieceType | null | undefined) ?? null,
    canHold: (raw.canHold as boolean | undefined) ?? true,
    lines: lines.value,
    level,
  };
  if (!over && active === null) {
    // No active piece given: the next one spawns, as after a lock.
    const queue = { next: state.next, bag: state.bag };
    const type = drawPiece(queue, rng);
    state.next = queue.next;
    state.bag = queue.bag;
    const spawned = spawnPiece(type, size);
    if (fits(rows, size, spawned.cells)) state.active = spawned;
    else state.over = true;
  }
  return ok(state);
}

export const stackerGame: GameDefinition<StackerState, StackerCommand, StackerEvent, StackerConfig> = {
  id: "stacker",
  title: GAME_INFO.stacker.title,
  toText: (state) => [...stackerPicture(state), `score ${state.score}`].join("\n"),
  commands: ["key", "tick"],
  defaultConfig: { size: DEFAULT_SIZE },
  parseConfig: parseStackerConfig,
  newGame: newStackerGame,
  parseCommand(raw) {
    switch (raw.cmd) {
      case "tick":
        return ok({ cmd: "tick" });
      case "key": {
        const key = parseKey(raw.key);
        if (key === null) {
          return fail(
            "BAD_ARGUMENT",
            `key must be one of ${STACKER_KEYS.join(", ")} (letters in either case)`,
          );
        }
        return ok({ cmd: "key", key });
      }
      default:
        return fail("UNKNOWN_COMMAND", `unknown command ${String(raw.cmd)}`);
    }
  },
  apply: applyStacker,
  legal: legalStacker,
  load: loadStacker,
  contract: { configs: [undefined, { size: 10 }], seeds: [1, 2], steps: 150, legalSample: 4 },
};
