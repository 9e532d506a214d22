/**
 * The chosen block and what the board previews (docs/games/puzzle.md "Dropping a block"): where a
 * block chosen by key or tap starts, where the computer's hint puts it, and the preview drawn for a
 * drag or a choice, from the engine's own `previewPlacement` (its fit test and line check).
 */
import {
  type PuzzleCommand,
  type PuzzleState,
  previewPlacement,
  puzzleGame,
  type TrayBlock,
} from "@blockarcade/engine/games/puzzle";
import type { BoardPreview } from "./board-view";
import { type Cell, startCursor } from "./keyboard";
import { centredOn, type DragFrame } from "./pointer";

/** The block chosen for the keyboard or taps, and where its preview is; `hint` when the computer chose it. */
export interface Choice {
  piece: number;
  cursor: Cell;
  hint?: boolean;
}

/** A block being dragged; `frame` is null from the lift until the first move. */
export interface Drag {
  piece: number;
  frame: DragFrame | null;
}

export function sizeOf(block: TrayBlock): { height: number; width: number } {
  return { height: block.shape.length, width: block.shape[0]?.length ?? 0 };
}

/**
 * Block `piece` chosen: its preview starts at the fitting spot nearest the board's centre (the centre
 * itself when it fits nowhere); null for an empty slot or a finished game.
 */
export function startChoice(state: PuzzleState, piece: number): Choice | null {
  const block = state.tray[piece];
  if (state.over || !block) return null;
  const { height, width } = sizeOf(block);
  const { rows, cols } = state.config;
  const centre = centredOn(
    { row: Math.floor(rows / 2), col: Math.floor(cols / 2) },
    height,
    width,
    rows,
    cols,
  );
  const spots = puzzleGame.legal(state).filter((c) => c.piece === piece);
  return { piece, cursor: startCursor(centre, spots) };
}

/** The computer's move shown as the chosen block at its place (not played). */
export function hintChoice(command: PuzzleCommand): Choice {
  return { piece: command.piece, cursor: { row: command.row, col: command.col }, hint: true };
}

/**
 * What the board previews: a dragged block where it would land, else where it is over (red: it does
 * not fit there); else the chosen block at its cursor; null when there is nothing to preview.
 */
export function boardPreview(game: PuzzleState, drag: Drag | null, pick: Choice | null): BoardPreview | null {
  const piece = drag ? drag.piece : pick?.piece;
  const at = drag ? (drag.frame?.target ?? drag.frame?.aim) : pick?.cursor;
  const block = piece === undefined ? null : game.tray[piece];
  if (piece === undefined || !block || !at) return null;
  return {
    ...previewPlacement(game, piece, at.row, at.col),
    colour: block.colour,
    hint: !drag && pick?.hint === true,
  };
}
