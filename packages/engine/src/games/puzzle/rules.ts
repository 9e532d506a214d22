/**
 * Block Puzzle's rules (docs/games/puzzle.md "Rules"): a new game, placement, line clears, scoring,
 * new rounds and game over, as pure functions over plain JSON state. The board's characters are
 * colour letters (constants.ts COLOUR_LETTERS); every fit test runs on the core row bitmasks.
 */
import { type ApplyResult, fail } from "../../core/game.js";
import {
  boardFromText,
  canFitAnywhere,
  canPlace,
  fitPositions,
  fullCols,
  fullRows,
  placeShape,
  type RowMasks,
} from "../../core/grid.js";
import { addCapped } from "../../core/read.js";
import { cloneRng, seedRng } from "../../core/rng.js";
import { BLOCK_COLOURS, COLOUR_LETTERS, EMPTY_CELL } from "./constants.js";
import { dealTray } from "./deal.js";
import { type PoolPiece, pieceByRows } from "./pool.js";
import { placementScore } from "./scoring.js";
import type {
  BlockColour,
  PlacementPreview,
  PuzzleCommand,
  PuzzleConfig,
  PuzzleEvent,
  PuzzleState,
  TrayBlock,
} from "./types.js";

function colourLetter(colour: BlockColour): string {
  return COLOUR_LETTERS[BLOCK_COLOURS.indexOf(colour)] as string;
}

function poolPiece(block: TrayBlock): PoolPiece {
  const piece = pieceByRows(block.shape);
  // The tray only ever holds pool shapes (dealt, or checked by load): a broken invariant, not input.
  if (!piece) throw new Error(`tray shape ${block.shape.join("/")} is not in the pool`);
  return piece;
}

/** Can any block still in the tray be placed somewhere? (docs/games/puzzle.md "Game over") */
export function canAnyFit(masks: RowMasks, cols: number, tray: readonly (TrayBlock | null)[]): boolean {
  return tray.some((b) => b !== null && canFitAnywhere(masks, cols, poolPiece(b).masks));
}

export function newGame(config: PuzzleConfig, seed: number): PuzzleState {
  const rng = seedRng(seed);
  const board = Array.from({ length: config.rows }, () => EMPTY_CELL.repeat(config.cols));
  const tray = dealTray(rng);
  return {
    game: "puzzle",
    seed,
    score: 0,
    over: !canAnyFit(boardFromText(board), config.cols, tray),
    board,
    rng,
    config: { rows: config.rows, cols: config.cols },
    tray,
    round: 1,
    lines: 0,
  };
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

/**
 * What dropping tray block `piece` with its top-left cell at (row, col) would do: whether it fits,
 * the cells it covers and the lines it would complete. The same fit test as `place`, so a front
 * end's preview and the rules cannot disagree.
 */
export function previewPlacement(
  state: PuzzleState,
  piece: number,
  row: number,
  col: number,
): PlacementPreview {
  const block = state.tray[piece];
  if (block === undefined || block === null) return { fits: false, cells: [], rows: [], cols: [] };
  const shape = poolPiece(block);
  const cells = shape.shape.cells.map(([r, c]) => [row + r, col + c] as [number, number]);
  const width = state.config.cols;
  const masks = boardFromText(state.board);
  if (state.over || !canPlace(masks, width, shape.masks, row, col)) {
    return { fits: false, cells, rows: [], cols: [] };
  }
  placeShape(masks, shape.masks, row, col);
  return { fits: true, cells, rows: fullRows(masks, width), cols: fullCols(masks, width) };
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
  const letter = colourLetter(block.colour);
  const covered: [number, number][] = piece.shape.cells.map(([r, c]) => [row + r, col + c]);
  for (const [r, c] of covered) (grid[r] as string[])[c] = letter;
  placeShape(masks, piece.masks, row, col);
  const events: PuzzleEvent[] = [
    { type: "placed", piece: pieceIndex, id: block.id, colour: block.colour, row, col, cells: covered },
  ];

  // Rows and columns are found before anything is emptied, so a crossing belongs to both
  // (docs/games/puzzle.md "Clears").
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
          (grid[r] as string[])[c] = EMPTY_CELL;
          masks[r] = ((masks[r] as number) & ~(1 << c)) >>> 0;
        }
      }
    }
    events.push({ type: "cleared", rows: clearRows, cols: clearCols, cells: clearedCells });
  }
  const board = grid.map((line) => line.join(""));
  const isEmpty = masks.every((m) => m === 0);
  const scored = placementScore(piece.shape.cells.length, clearRows.length, clearCols.length, isEmpty);
  events.push({ type: "scored", ...scored });

  const rng = cloneRng(state.rng);
  let tray = state.tray.map((b, i) => (i === pieceIndex ? null : b));
  let round = state.round;
  if (tray.every((b) => b === null)) {
    const dealt = dealTray(rng);
    tray = dealt;
    round = addCapped(round, 1);
    events.push({ type: "dealt", round, tray: dealt });
  }
  const score = addCapped(state.score, scored.points);
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
      lines: addCapped(state.lines, clearRows.length + clearCols.length),
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
