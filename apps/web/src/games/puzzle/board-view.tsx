/** The board: white cells, 1 px #CCCCCC lines, placed blocks, the drop preview and clear effects. */
import type { Ref } from "preact";
import { cellColor, darker } from "./colors";

export interface BoardPreview {
  /** "row,col" keys of the cells the block would cover. */
  cells: Set<string>;
  rows: number[];
  cols: number[];
  color: string;
  fits: boolean;
}

export interface ClearingCell {
  row: number;
  col: number;
  color: string;
}

export interface BoardViewProps {
  board: readonly string[];
  rows: number;
  cols: number;
  preview: BoardPreview | null;
  /** Cells of the block just placed (bounce), "row,col" keys. */
  bounce: Set<string> | null;
  /** Cells just cleared, drawn in their old colour while they fade. */
  clearing: { id: number; cells: ClearingCell[] } | null;
  boardRef: Ref<HTMLDivElement>;
  label: string;
  onPointerDown: (e: PointerEvent) => void;
}

export function BoardView(props: BoardViewProps) {
  const { board, rows, cols, preview, bounce, clearing } = props;
  const fading = new Map<string, string>();
  for (const c of clearing?.cells ?? []) fading.set(`${c.row},${c.col}`, c.color);
  const cells = [];
  for (let r = 0; r < rows; r++) {
    const line = board[r] ?? "";
    for (let c = 0; c < cols; c++) {
      const key = `${r},${c}`;
      const color = cellColor(line[c] ?? ".");
      const ghost = preview?.cells.has(key) ?? false;
      const inLine = preview !== null && (preview.rows.includes(r) || preview.cols.includes(c));
      const old = fading.get(key);
      let cls = "puzzle-cell";
      if (color) cls += " is-filled";
      if (bounce?.has(key)) cls += " is-bounce";
      cells.push(
        <div
          key={key}
          class={cls}
          data-cell={key}
          data-filled={color ? "1" : undefined}
          style={color ? { background: color, boxShadow: `inset 0 0 0 1px ${darker(color)}` } : undefined}
        >
          {inLine && <span class="puzzle-hl" style={{ background: preview?.color }} />}
          {ghost && (
            <span
              class={preview?.fits ? "puzzle-ghost" : "puzzle-ghost is-blocked"}
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
