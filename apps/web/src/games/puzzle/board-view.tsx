/** The board: white cells, 1 px #CCCCCC lines, placed blocks, the drop preview and clear effects. */
import type { PlacementPreview } from "@blockarcade/engine/games/puzzle";
import type { JSX, Ref } from "preact";
import { cellColor, darker } from "./colors";
import type { ClearingCell, DropOffset } from "./effects";

/** The engine's preview of a drop, in the colour of the block being placed. */
export interface BoardPreview extends PlacementPreview {
  color: string;
  /** The computer's suggestion: the same look, marked so it stands out (and tests can find it). */
  hint?: boolean;
}

/** The block just placed: its cells snap from `from` (a drag's drop) and bounce. */
export interface PlacedCells {
  id: number;
  cells: Set<string>;
  from: DropOffset | null;
}

export interface BoardViewProps {
  board: readonly string[];
  rows: number;
  cols: number;
  preview: BoardPreview | null;
  placed: PlacedCells | null;
  /** Cells just cleared, drawn in their old colour while they fade. */
  clearing: { id: number; cells: ClearingCell[] } | null;
  boardRef: Ref<HTMLDivElement>;
  label: string;
  onPointerDown: (e: PointerEvent) => void;
}

export function BoardView(props: BoardViewProps) {
  const { board, rows, cols, preview, placed, clearing } = props;
  const ghostCells = new Set(preview?.cells.map(([r, c]) => `${r},${c}`));
  const fading = new Map<string, string>();
  for (const c of clearing?.cells ?? []) fading.set(`${c.row},${c.col}`, c.color);
  const cells = [];
  for (let r = 0; r < rows; r++) {
    const line = board[r] ?? "";
    for (let c = 0; c < cols; c++) {
      const key = `${r},${c}`;
      const color = cellColor(line[c] ?? ".");
      const ghost = ghostCells.has(key);
      const inLine = preview !== null && (preview.rows.includes(r) || preview.cols.includes(c));
      const old = fading.get(key);
      const isPlaced = placed?.cells.has(key) ?? false;
      let cls = "puzzle-cell";
      if (color) cls += " is-filled";
      if (isPlaced) cls += placed?.from ? " is-placed is-snap" : " is-placed";
      const style: JSX.CSSProperties = {};
      if (color) Object.assign(style, { background: color, boxShadow: `inset 0 0 0 1px ${darker(color)}` });
      if (isPlaced && placed?.from) {
        Object.assign(style, { "--snap-x": `${placed.from.dx}px`, "--snap-y": `${placed.from.dy}px` });
      }
      cells.push(
        <div
          // A new key for the cells of each placement, so their animation starts again.
          key={isPlaced ? `${key}@${placed?.id}` : key}
          class={cls}
          data-cell={key}
          data-filled={color ? "1" : undefined}
          style={style}
        >
          {inLine && <span class="puzzle-hl" style={{ background: preview?.color }} />}
          {ghost && (
            <span
              class={`puzzle-ghost${preview?.fits ? "" : " is-blocked"}${preview?.hint ? " is-hint" : ""}`}
              style={{ background: preview?.color }}
            />
          )}
          {old && <span key={clearing?.id} class="puzzle-fade" style={{ background: old }} />}
        </div>,
      );
    }
  }
  return (
    <div
      ref={props.boardRef}
      class="puzzle-board"
      role="img"
      aria-label={props.label}
      style={{ "--rows": rows, "--cols": cols }}
      onPointerDown={props.onPointerDown}
    >
      {cells}
    </div>
  );
}
