/** The tray: three equal slots below the board, each block centred in its slot. */
import type { TrayBlock } from "@blockarcade/engine/games/puzzle";
import { inkOn } from "../../shell/ink";
import { useColourBlind } from "../../shell/look";
import { cueOf, darker, describeBlock, shownColour } from "./colours";
import { t } from "./messages";

export interface TrayViewProps {
  tray: readonly (TrayBlock | null)[];
  /** Changes with every deal, so new blocks mount again and fade in. */
  round: number;
  selected: number | null;
  /** The block being dragged is drawn by the floating layer, not in its slot. */
  dragging: number | null;
  disabled: boolean;
  animate: boolean;
  onPointerDown: (piece: number, e: PointerEvent, shapeEl: HTMLElement) => void;
  onActivate: (piece: number) => void;
}

export function ShapeCells({ shape, colour: rulesColour }: { shape: readonly string[]; colour: string }) {
  const cb = useColourBlind("puzzle");
  const colour = shownColour(rulesColour, cb);
  const cue = cb ? cueOf(rulesColour) : undefined;
  const border = darker(colour);
  return (
    <>
      {shape.flatMap((line, r) =>
        [...line].map((ch, c) =>
          ch === "#" ? (
            <span
              key={`${r},${c}`}
              class={cue ? "puzzle-mini-cell has-cue" : "puzzle-mini-cell"}
              style={{
                gridRow: r + 1,
                gridColumn: c + 1,
                background: colour,
                boxShadow: `inset 0 0 0 1px ${border}`,
                color: inkOn(colour),
              }}
            >
              {cue && <span class="cue puzzle-cue" aria-hidden="true" data-cue={cue} />}
            </span>
          ) : null,
        ),
      )}
    </>
  );
}

export function TrayView(props: TrayViewProps) {
  return (
    <section class="puzzle-tray" aria-label={t("blocks")}>
      {props.tray.map((block, i) => {
        if (!block) {
          return <div key={`empty-${i}`} class="puzzle-slot is-empty" aria-hidden="true" />;
        }
        const cls = [
          "puzzle-slot",
          props.selected === i ? "is-selected" : "",
          props.dragging === i ? "is-dragging" : "",
          props.animate ? "is-new" : "",
        ].join(" ");
        return (
          <button
            key={`${props.round}-${i}`}
            type="button"
            class={cls}
            data-piece={i}
            aria-label={t("block", { n: i + 1, description: describeBlock(block) })}
            aria-pressed={props.selected === i}
            disabled={props.disabled}
            onPointerDown={(e) => {
              if (e.button !== 0) return;
              const shapeEl = (e.currentTarget as HTMLElement).querySelector<HTMLElement>(".puzzle-mini");
              if (shapeEl) props.onPointerDown(i, e, shapeEl);
            }}
            onClick={(e) => {
              // Pointer presses are handled as tap or drag; a click from the keyboard selects.
              if (e.detail === 0) props.onActivate(i);
            }}
          >
            <span
              class="puzzle-mini"
              style={{
                gridTemplateColumns: `repeat(${block.shape[0]?.length ?? 1}, var(--mini))`,
                gridTemplateRows: `repeat(${block.shape.length}, var(--mini))`,
              }}
            >
              <ShapeCells shape={block.shape} colour={block.colour} />
            </span>
          </button>
        );
      })}
    </section>
  );
}
