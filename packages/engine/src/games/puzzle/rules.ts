/**
 * Block Puzzle rules: dealing, placement, line clears, scoring and game over, as pure functions over
 * plain JSON state. The board's characters are colour letters (types.ts COLOR_LETTERS); every fit
 * test runs on the core row bitmasks made from it.
 */
import { type ApplyResult, fail, isInt, isPlainObject, ok, type Result } from "../../core/game.js";
import {
  boardFromText,
  canFitAnywhere,
  canPlace,
  fitPositions,
  fullCols,
  fullRows,
  type RowMasks,
} from "../../core/grid.js";
import { loadedRng } from "../../core/protocol.js";
import { cloneRng, nextInt, type RngState, seedRng } from "../../core/rng.js";
import { PIECE_POOL, type PoolPiece, pieceByRows } from "./pool.js";
import {
  BLOCK_COLORS,
  type BlockColor,
  COLOR_LETTERS,
  MAX_SIDE,
  MIN_SIDE,
  PLAIN_FILLED,
  type PuzzleCommand,
  type PuzzleConfig,
  type PuzzleEvent,
  type PuzzleState,
  TRAY_SIZE,
  type TrayBlock,
} from "./types.js";

export const DEFAULT_CONFIG: PuzzleConfig = { rows: 8, cols: 8 };
export const LINE_POINTS = 12;
export const FULL_CLEAR_BONUS = 200;

const BOARD_CHARS = new Set<string>([".", PLAIN_FILLED, ...COLOR_LETTERS]);

function isSide(value: unknown): value is number {
  return isInt(value) && value >= MIN_SIDE && value <= MAX_SIDE;
}

export function parseConfig(raw: unknown): Result<PuzzleConfig> {
  if (raw === undefined || raw === null) return ok({ ...DEFAULT_CONFIG });
  if (!isPlainObject(raw)) return fail("BAD_CONFIG", 'config must be an object such as {"rows":8,"cols":8}');
  const rows = raw.rows ?? DEFAULT_CONFIG.rows;
  const cols = raw.cols ?? DEFAULT_CONFIG.cols;
  if (!isSide(rows) || !isSide(cols)) {
    return fail("BAD_CONFIG", `config.rows and config.cols must be integers from ${MIN_SIDE} to ${MAX_SIDE}`);
  }
  return ok({ rows, cols });
}

/**
 * Points of line clears alone: the k-th line of one move is worth 12 x (1 + 0.5 (k - 1)), so n lines
 * give 12n + 3n(n - 1): 12, 30, 54, 84, ...
 */
export function linePoints(lines: number): number {
  return LINE_POINTS * lines + 3 * lines * (lines - 1);
}

/** The score of one placement (clarifications.md "Block Puzzle"). */
export function placementScore(
  blockCells: number,
  rowsCleared: number,
  colsCleared: number,
  boardEmptyAfter: boolean,
): { points: number; block: number; lines: number; doubled: boolean; fullClear: number } {
  const doubled = rowsCleared > 0 && colsCleared > 0;
  const lines = linePoints(rowsCleared + colsCleared) * (doubled ? 2 : 1);
  const fullClear = boardEmptyAfter ? FULL_CLEAR_BONUS : 0;
  return { points: blockCells + lines + fullClear, block: blockCells, lines, doubled, fullClear };
}

function colorLetter(color: BlockColor): string {
  return COLOR_LETTERS[BLOCK_COLORS.indexOf(color)] as string;
}

/** Draws one block: every pool shape equally likely, then its colour from the palette. */
export function drawBlock(rng: RngState): TrayBlock {
  const piece = PIECE_POOL[nextInt(rng, PIECE_POOL.length)] as PoolPiece;
  const color = BLOCK_COLORS[nextInt(rng, BLOCK_COLORS.length)] as BlockColor;
  return { id: piece.id, baseShape: piece.baseShape, color, shape: piece.rows.slice() };
}

export function dealTray(rng: RngState): TrayBlock[] {
  return Array.from({ length: TRAY_SIZE }, () => drawBlock(rng));
}

function poolPiece(block: TrayBlock): PoolPiece {
  const piece = pieceByRows(block.shape);
  // The tray only ever holds pool shapes (dealt, or checked by load).
  if (!piece) throw new Error(`tray shape ${block.shape.join("/")} is not in the pool`);
  return piece;
}

/** Can any block still in the tray be placed somewhere? */
export function canAnyFit(masks: RowMasks, cols: number, tray: readonly (TrayBlock | null)[]): boolean {
  return tray.some((b) => b !== null && canFitAnywhere(masks, cols, poolPiece(b).masks));
}

export function newGame(config: PuzzleConfig, seed: number): PuzzleState {
  const rng = seedRng(seed);
  const board = Array.from({ length: config.rows }, () => ".".repeat(config.cols));
  const tray = dealTray(rng);
  return {
    game: "puzzle",
    seed,
    score: 0,
    over: !canAnyFit(boardFromText(board), config.cols, tray),
    board,
    rng,
    config: { ...config },
    tray,
    round: 1,
    lines: 0,
  };
}

export function parseCommand(raw: { cmd: string } & Record<string, unknown>): Result<PuzzleCommand> {
  if (raw.cmd !== "place") return fail("UNKNOWN_COMMAND", `unknown command "${raw.cmd}"`);
  const { piece, row, col } = raw;
  if (!isInt(piece) || piece < 0 || piece >= TRAY_SIZE) {
    return fail("BAD_ARGUMENT", `place needs "piece": an integer from 0 to ${TRAY_SIZE - 1}`);
  }
  if (!isInt(row) || !isInt(col)) return fail("BAD_ARGUMENT", 'place needs integer "row" and "col"');
  return ok({ cmd: "place", piece, row, col });
}

export function apply(state: PuzzleState, command: PuzzleCommand): ApplyResult<PuzzleState, PuzzleEvent> {
  switch (command.cmd) {
    case "place":
      return place(state, command.piece, command.row, command.col);
    default: {
      const never: never = command.cmd;
      return fail("UNKNOWN_COMMAND", `unknown command ${String(never)}`);
    }
  }
}

function place(
  state: PuzzleState,
  pieceIndex: number,
  row: number,
  col: number,
): ApplyResult<PuzzleState, PuzzleEvent> {
  if (state.over) return fail("GAME_OVER", "the game is over: start a new one");
  const block = state.tray[pieceIndex];
  if (block === undefined || block === null) {
    return fail("ILLEGAL_MOVE", `piece ${pieceIndex} has already been placed this round`);
  }
  const { rows: height, cols: width } = state.config;
  const piece = poolPiece(block);
  const masks = boardFromText(state.board);
  if (!canPlace(masks, width, piece.masks, row, col)) {
    return fail("ILLEGAL_MOVE", `piece ${pieceIndex} does not fit at row ${row}, col ${col}`);
  }

  const grid = state.board.map((line) => [...line]);
  const letter = colorLetter(block.color);
  const covered: [number, number][] = piece.shape.cells.map(([r, c]) => [row + r, col + c]);
  for (const [r, c] of covered) {
    (grid[r] as string[])[c] = letter;
    masks[r] = ((masks[r] as number) | (1 << c)) >>> 0;
  }
  const events: PuzzleEvent[] = [
    { type: "placed", piece: pieceIndex, id: block.id, color: block.color, row, col, cells: covered },
  ];

  // Rows and columns are found before anything is emptied, so a crossing belongs to both.
  const clearRows = fullRows(masks, width);
  const clearCols = fullCols(masks, width);
  const clearedCells: [number, number][] = [];
  if (clearRows.length + clearCols.length > 0) {
    const rowSet = new Set(clearRows);
    const colSet = new Set(clearCols);
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        if (rowSet.has(r) || colSet.has(c)) {
          clearedCells.push([r, c]);
          (grid[r] as string[])[c] = ".";
          masks[r] = ((masks[r] as number) & ~(1 << c)) >>> 0;
        }
      }
    }
    events.push({ type: "cleared", rows: clearRows, cols: clearCols, cells: clearedCells });
  }
  const board = grid.map((line) => line.join(""));
  const isEmpty = board.every((line) => !/[^.]/.test(line));
  const scored = placementScore(piece.shape.cells.length, clearRows.length, clearCols.length, isEmpty);
  events.push({ type: "scored", ...scored });

  const rng = cloneRng(state.rng);
  let tray = state.tray.map((b, i) => (i === pieceIndex ? null : b));
  let round = state.round;
  if (tray.every((b) => b === null)) {
    const dealt = dealTray(rng);
    tray = dealt;
    round += 1;
    events.push({ type: "dealt", round, tray: dealt });
  }
  const score = state.score + scored.points;
  // `masks` has followed every placed and cleared cell: no need to read the board again.
  const over = !canAnyFit(masks, width, tray);
  if (over) events.push({ type: "game_over", score });
  return {
    ok: true,
    state: {
      ...state,
      board,
      rng,
      tray,
      round,
      score,
      over,
      lines: state.lines + clearRows.length + clearCols.length,
    },
    events,
  };
}

export function legal(state: PuzzleState): PuzzleCommand[] {
  if (state.over) return [];
  const masks = boardFromText(state.board);
  const out: PuzzleCommand[] = [];
  state.tray.forEach((block, piece) => {
    if (block === null) return;
    for (const [row, col] of fitPositions(masks, state.config.cols, poolPiece(block).masks)) {
      out.push({ cmd: "place", piece, row, col });
    }
  });
  return out;
}

function parseTrayEntry(raw: unknown, index: number, rng: RngState): Result<TrayBlock | null> {
  if (raw === null) return ok(null);
  if (!isPlainObject(raw)) return fail("BAD_STATE", `tray[${index}] must be null or {"shape":[...]}`);
  const shape = raw.shape;
  if (!Array.isArray(shape) || !shape.every((l) => typeof l === "string")) {
    return fail("BAD_STATE", `tray[${index}].shape must be an array of strings of # and .`);
  }
  const piece = pieceByRows(shape as string[]);
  if (!piece) {
    return fail("BAD_STATE", `tray[${index}].shape ${JSON.stringify(shape)} is not a Block Puzzle piece`);
  }
  if (raw.id !== undefined && raw.id !== piece.id) {
    return fail(
      "BAD_STATE",
      `tray[${index}].id ${JSON.stringify(raw.id)} does not match its shape (${piece.id})`,
    );
  }
  if (raw.baseShape !== undefined && raw.baseShape !== piece.baseShape) {
    return fail("BAD_STATE", `tray[${index}].baseShape does not match its shape (${piece.baseShape})`);
  }
  let color: BlockColor;
  if (raw.color === undefined) {
    color = BLOCK_COLORS[nextInt(rng, BLOCK_COLORS.length)] as BlockColor;
  } else {
    const found = BLOCK_COLORS.find(
      (c) => c === (typeof raw.color === "string" ? raw.color.toUpperCase() : ""),
    );
    if (!found) return fail("BAD_STATE", `tray[${index}].color must be one of ${BLOCK_COLORS.join(", ")}`);
    color = found;
  }
  return ok({ id: piece.id, baseShape: piece.baseShape, color, shape: piece.rows.slice() });
}

function nonNegativeInt(raw: Record<string, unknown>, field: string, fallback: number): Result<number> {
  const v = raw[field] ?? fallback;
  if (!isInt(v) || v < 0) return fail("BAD_STATE", `${field} must be a non-negative integer`);
  return ok(v);
}

export function load(raw: Record<string, unknown>, current: PuzzleState): Result<PuzzleState> {
  // The size comes from the config if given, else from the board, else from the current game.
  let config: PuzzleConfig = current.config;
  if (raw.config !== undefined) {
    const parsed = parseConfig(raw.config);
    if (!parsed.ok) return fail("BAD_STATE", parsed.error.message);
    config = parsed.value;
  } else if (Array.isArray(raw.board) && typeof raw.board[0] === "string") {
    const guess = { rows: raw.board.length, cols: raw.board[0].length };
    if (!isSide(guess.rows) || !isSide(guess.cols)) {
      return fail("BAD_STATE", `the board must be ${MIN_SIDE} to ${MAX_SIDE} cells on each side`);
    }
    config = guess;
  }
  const board = raw.board ?? Array.from({ length: config.rows }, () => ".".repeat(config.cols));
  if (
    !Array.isArray(board) ||
    board.length !== config.rows ||
    !board.every((l) => typeof l === "string" && l.length === config.cols)
  ) {
    return fail("BAD_STATE", `board must be ${config.rows} strings of ${config.cols} characters`);
  }
  const rows = board as string[];
  for (const line of rows) {
    for (const ch of line) {
      if (!BOARD_CHARS.has(ch)) {
        return fail(
          "BAD_STATE",
          `board cells are "." or one of ${PLAIN_FILLED}${COLOR_LETTERS.join("")}, not "${ch}"`,
        );
      }
    }
  }
  const masks = boardFromText(rows);
  const full = [
    ...fullRows(masks, config.cols).map((r) => `row ${r}`),
    ...fullCols(masks, config.cols).map((c) => `col ${c}`),
  ];
  if (full.length > 0) return fail("BAD_STATE", `a full line cannot stay on the board (${full.join(", ")})`);

  const score = nonNegativeInt(raw, "score", 0);
  if (!score.ok) return score;
  const round = nonNegativeInt(raw, "round", 1);
  if (!round.ok) return round;
  const lines = nonNegativeInt(raw, "lines", 0);
  if (!lines.ok) return lines;

  const source = loadedRng(raw, current);
  const rng = cloneRng(source.rng);
  let tray: (TrayBlock | null)[] = [];
  let roundValue = round.value;
  if (raw.tray !== undefined) {
    if (!Array.isArray(raw.tray) || raw.tray.length !== TRAY_SIZE) {
      return fail("BAD_STATE", `tray must be an array of ${TRAY_SIZE} entries (null once placed)`);
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
    if (raw.tray !== undefined) roundValue += 1;
  }
  return ok({
    game: "puzzle",
    seed: source.seed,
    score: score.value,
    over: !canAnyFit(masks, config.cols, tray),
    board: rows,
    rng,
    config: { ...config },
    tray,
    round: roundValue,
    lines: lines.value,
  });
}
