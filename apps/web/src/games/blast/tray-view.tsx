/** The tray of three and the piece being dragged. Drawing only. */
import { CELL_GAP, type TraySlot } from "@blockarcade/engine/games/blast";
import { describePiece, pieceColour } from "./colours";
import type { DragFrame } from "./pointer";

/** A shape drawn as small cells; `data-pitch` (cell + gap) lets a drag keep the grab point. */
export function ShapeView(props: { shape: readonly string[]; colour: string; cell: number }) {
  const width = props.shape[0]?.length ?? 1;
  return (
    <div
      class="blast-shape"
      data-pitch={props.cell + CELL_GAP}
      style={{
        gridTemplateColumns: `repeat(${width}, ${props.cell}px)`,
        gridAutoRows: `${props.cell}px`,
        gap: `${CELL_GAP}px`,
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
  /** The piece the computer's hint suggests. */
  hinted?: number | undefined;
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
          class={`blast-slot${props.selected === i ? " blast-selected" : ""}${props.hinted === i ? " blast-hinted" : ""}${props.dragging === i ? " blast-lifted" : ""}`}
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
