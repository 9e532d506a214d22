/** The tray of three and the piece being dragged. Drawing only. */
import { CELL_GAP, type TraySlot } from "@blockarcade/engine/games/blast";
import { inkOn } from "../../shell/ink";
import { useColourBlind } from "../../shell/look";
import { CUES, describePiece, pieceColour } from "./colours";
import { t } from "./messages";
import type { DragFrame } from "./pointer";

/**
 * A shape drawn as small cells: at `cell` pixels (the lifted piece, at board size), or, in the tray,
 * as large as its slot allows up to the tray's cell size (blast.css: the slot is a size container).
 */
export function ShapeView(props: { shape: readonly string[]; colour: string; cell?: number; cue?: string }) {
  const width = props.shape[0]?.length ?? 1;
  const height = props.shape.length;
  const size = props.cell === undefined ? "var(--blast-tray-cell)" : `${props.cell}px`;
  return (
    <div
      class={`blast-shape${Math.max(width, height) > 3 ? " blast-shape-big" : ""}`}
      style={{
        "--blast-shape-w": String(width),
        "--blast-shape-h": String(height),
        gridTemplateColumns: `repeat(${width}, ${size})`,
        gridAutoRows: size,
        gap: `${CELL_GAP}px`,
      }}
    >
      {props.shape.flatMap((line, r) =>
        [...line].map((ch, c) => (
          <div
            key={`${r},${c}`}
            class={ch === "#" ? "blast-shape-cell" : "blast-shape-gap"}
            style={ch === "#" ? { background: props.colour, color: inkOn(props.colour) } : undefined}
          >
            {ch === "#" && props.cue && (
              <span class="cue blast-cue" aria-hidden="true" data-cue={props.cue} />
            )}
          </div>
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
  const cb = useColourBlind("blast");
  return (
    <fieldset class="blast-tray" key={props.dealId}>
      <legend class="tray-sr-only">{t("pieces")}</legend>
      {props.tray.map((slot, i) => (
        <button
          key={i}
          type="button"
          class={`blast-slot${props.selected === i ? " blast-selected" : ""}${props.hinted === i ? " blast-hinted" : ""}${props.dragging === i ? " blast-lifted" : ""}`}
          data-piece={i}
          data-shape={slot ? slot.shape.join("/") : ""}
          disabled={!slot || props.disabled}
          aria-label={t("piece", { n: i + 1, description: describePiece(slot) })}
          aria-pressed={props.selected === i}
          onPointerDown={(e) =>
            slot && !props.disabled && props.onPointerDown(e as unknown as PointerEvent, i)
          }
          onFocus={() => slot && props.onFocusPiece(i)}
        >
          {slot && (
            <ShapeView
              shape={slot.shape}
              colour={pieceColour(slot, cb)}
              cue={cb ? CUES[slot.colour] : undefined}
            />
          )}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The piece under the pointer, at board size. Over the board it is see-through, so the ghost where
 * it would land (drawn above it, green or red) stays in sight.
 */
export function LiftedPiece(props: { frame: DragFrame; slot: TraySlot; overBoard: boolean }) {
  const { frame, slot } = props;
  const cb = useColourBlind("blast");
  if (!slot || frame.pitch <= 0) return null;
  return (
    <div
      class={`blast-lifted-piece${props.overBoard ? " blast-lifted-over" : ""}`}
      data-testid="blast-lifted"
      style={{ left: `${frame.left}px`, top: `${frame.top}px` }}
      aria-hidden="true"
    >
      <ShapeView
        shape={slot.shape}
        colour={pieceColour(slot, cb)}
        cell={frame.pitch - CELL_GAP}
        cue={cb ? CUES[slot.colour] : undefined}
      />
    </div>
  );
}
