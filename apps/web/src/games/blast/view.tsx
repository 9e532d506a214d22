/**
 * Drawing only: the board (cells, ghost, lines about to clear, the clear animation), the tray, the
 * lifted piece and the overlays. No game logic here; the screen passes everything in.
 */
import { CELL_GAP, GRID_SIZE, PIECE_COLOURS, type TraySlot } from "@blockarcade/engine/games/blast";
import type { DragFrame } from "./pointer";
import type { DropPreview } from "./preview";

export const UNKNOWN_COLOUR = "#7f8c9d";

/** The colour of a board letter (A-J index the piece colours; `#` is an uncoloured block). */
export function letterColour(ch: string): string | undefined {
  if (ch === ".") return undefined;
  const i = ch.charCodeAt(0) - 65;
  return PIECE_COLOURS[i]?.hex ?? UNKNOWN_COLOUR;
}

export function pieceColour(slot: TraySlot): string {
  return slot ? (PIECE_COLOURS[slot.colour]?.hex ?? UNKNOWN_COLOUR) : UNKNOWN_COLOUR;
}

export function describePiece(slot: TraySlot): string {
  if (!slot) return "placed";
  const cells = slot.shape.join("").replaceAll(".", "").length;
  const colour = PIECE_COLOURS[slot.colour]?.name ?? "grey";
  return `${colour} piece, ${cells} ${cells === 1 ? "cell" : "cells"}, ${slot.shape[0]?.length ?? 1} wide and ${slot.shape.length} tall`;
}

export interface ClearingCells {
  /** Bumped per clear so the animation restarts. */
  id: number;
  cells: { row: number; col: number; colour: string }[];
}

export function BoardView(props: {
  board: readonly string[];
  preview: DropPreview | undefined;
  clearing: ClearingCells | undefined;
  popped: ReadonlySet<string>;
  streak: number;
  boardRef: (el: HTMLElement | null) => void;
}) {
  const { board, preview } = props;
  const ghost = new Set(preview?.cells.map(([r, c]) => `${r},${c}`));
  const rows = new Set(preview?.rows);
  const cols = new Set(preview?.cols);
  const cells = [];
  for (let r = 0; r < GRID_SIZE; r++) {
    for (let c = 0; c < GRID_SIZE; c++) {
      const ch = board[r]?.[c] ?? ".";
      const colour = letterColour(ch);
      const key = `${r},${c}`;
      const isGhost = ghost.has(key);
      const willClear = preview?.valid && (rows.has(r) || cols.has(c));
      const classes = ["blast-cell"];
      if (colour) classes.push("blast-filled");
      if (isGhost) classes.push(preview?.valid ? "blast-ghost-valid" : "blast-ghost-invalid");
      if (willClear) classes.push("blast-will-clear");
      if (props.popped.has(key)) classes.push("blast-pop");
      cells.push(
        <div
          key={key}
          class={classes.join(" ")}
          data-row={r}
          data-col={c}
          data-filled={colour ? "true" : "false"}
          style={colour ? { background: colour } : undefined}
        />,
      );
    }
  }
  return (
    <section
      class={`blast-board${props.streak >= 2 ? " blast-streak" : ""}`}
      ref={props.boardRef}
      aria-label={`Board, ${GRID_SIZE} by ${GRID_SIZE}, ${board.join("").replaceAll(".", "").length} cells filled`}
      data-testid="blast-board"
    >
      {cells}
      {props.clearing && (
        <div class="blast-clearing" key={props.clearing.id} aria-hidden="true">
          {props.clearing.cells.map((cell) => (
            <div
              key={`${cell.row},${cell.col}`}
              class="blast-clearing-cell"
              style={{
                gridRow: String(cell.row + 1),
                gridColumn: String(cell.col + 1),
                background: cell.colour,
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** A shape drawn as small cells, for the tray and the lifted piece. */
export function ShapeView(props: { shape: readonly string[]; colour: string; cell: number; gap?: number }) {
  const gap = props.gap ?? CELL_GAP;
  const width = props.shape[0]?.length ?? 1;
  return (
    <div
      class="blast-shape"
      style={{
        gridTemplateColumns: `repeat(${width}, ${props.cell}px)`,
        gridAutoRows: `${props.cell}px`,
        gap: `${gap}px`,
      }}
    >
      {props.shape.flatMap((line, r) =>
        [...line].map((ch, c) => (
          <div
            key={`${r},${c}`}
            class={ch === "#" ? "blast-shape-cell" : "blast-shape-gap"}
            style={ch === "#" ? { background: props.colour } : undefined}
          />
        )),
      )}
    </div>
  );
}

export function TrayView(props: {
  tray: readonly TraySlot[];
  selected: number | undefined;
  dragging: number | undefined;
  disabled: boolean;
  dealId: number;
  onPointerDown: (e: PointerEvent, piece: number) => void;
  onFocusPiece: (piece: number) => void;
}) {
  return (
    <fieldset class="blast-tray" key={props.dealId}>
      <legend class="tray-sr-only">Pieces to place</legend>
      {props.tray.map((slot, i) => (
        <button
          key={i}
          type="button"
          class={`blast-slot${props.selected === i ? " blast-selected" : ""}${props.dragging === i ? " blast-lifted" : ""}`}
          data-piece={i}
          data-shape={slot ? slot.shape.join("/") : ""}
          disabled={!slot || props.disabled}
          aria-label={`Piece ${i + 1}: ${describePiece(slot)}`}
          aria-pressed={props.selected === i}
          onPointerDown={(e) =>
            slot && !props.disabled && props.onPointerDown(e as unknown as PointerEvent, i)
          }
          onFocus={() => slot && props.onFocusPiece(i)}
        >
          {slot && (
            <ShapeView
              shape={slot.shape}
              colour={pieceColour(slot)}
              cell={Math.max(slot.shape.length, slot.shape[0]?.length ?? 1) > 3 ? 16 : 22}
            />
          )}
        </button>
      ))}
    </fieldset>
  );
}

export function LiftedPiece(props: { frame: DragFrame; slot: TraySlot }) {
  const { frame, slot } = props;
  if (!slot || frame.pitch <= 0) return null;
  return (
    <div
      class="blast-lifted-piece"
      style={{ left: `${frame.left}px`, top: `${frame.top}px` }}
      aria-hidden="true"
    >
      <ShapeView shape={slot.shape} colour={pieceColour(slot)} cell={frame.pitch - CELL_GAP} />
    </div>
  );
}
