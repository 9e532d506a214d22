/**
 * The board: white cells, 1 px #CCCCCC lines, placed blocks, the drop preview (a red ghost where the
 * block does not fit, a glowing frame around the lines it would clear), a refused drop's shake, the
 * "+N" score popups and the clear effects. Drawing only.
 */
import type { PlacementPreview } from "@blockarcade/engine/games/puzzle";
import type { JSX, Ref } from "preact";
import { inkOn } from "../../shell/ink";
import { useColourBlind } from "../../shell/look";
import { cellColour, cueOf, darker, shownColour } from "./colours";
import type { ClearingCell, DropOffset, ScorePopup } from "./effects";

/** The engine's preview of a drop, in the colour of the block being placed. */
export interface BoardPreview extends PlacementPreview {
  colour: string;
  /** The computer's suggestion: the same look, marked so it stands out (and tests can find it). */
  hint?: boolean;
}

/** The block just placed: its cells snap from `from` (a drag's drop) and bounce. */
export interface PlacedCells {
  id: number;
  cells: Set<string>;
  from: DropOffset | null;
}

/** Cells just cleared, drawn in their old colour while they fade. */
export interface Clearing {
  id: number;
  cells: ClearingCell[];
}

/** A refused drop: the cells of the red ghost left where it was let go; a new id shakes again. */
export interface RefusedDrop {
  id: number;
  cells: [number, number][];
}

export interface BoardViewProps {
  board: readonly string[];
  rows: number;
  cols: number;
  preview: BoardPreview | null;
  placed: PlacedCells | null;
  /** Cells just cleared, drawn in their old colour while they fade. */
  clearing: Clearing | null;
  refused: RefusedDrop | null;
  popups: readonly (ScorePopup & { id: number })[];
  boardRef: Ref<HTMLDivElement>;
  label: string;
  onPointerDown: (e: PointerEvent) => void;
}

export function BoardView(props: BoardViewProps) {
  const { board, rows, cols, preview, placed, clearing, refused } = props;
  const cb = useColourBlind("puzzle");
  const show = (hex: string | undefined) => (hex ? shownColour(hex, cb) : hex);
  const ghostCells = new Set(preview?.cells.map(([r, c]) => `${r},${c}`));
  const refusedCells = new Set(refused?.cells.map(([r, c]) => `${r},${c}`));
  const lines = preview?.fits ? preview : null;
  const fading = new Map<string, string>();
  for (const c of clearing?.cells ?? []) fading.set(`${c.row},${c.col}`, c.colour);
  const cells = [];
  for (let r = 0; r < rows; r++) {
    const line = board[r] ?? "";
    for (let c = 0; c < cols; c++) {
      const key = `${r},${c}`;
      const rulesColour = cellColour(line[c] ?? ".");
      const colour = rulesColour && shownColour(rulesColour, cb);
      const cue = cb && rulesColour ? cueOf(rulesColour) : undefined;
      const ghost = ghostCells.has(key);
      const red = !ghost && refusedCells.has(key);
      const inLine = lines !== null && (lines.rows.includes(r) || lines.cols.includes(c));
      const old = fading.get(key);
      const isPlaced = placed?.cells.has(key) ?? false;
      let cls = "puzzle-cell";
      if (colour) cls += " is-filled";
      if (cue) cls += " has-cue";
      if (inLine) cls += " is-line";
      if (isPlaced) cls += placed?.from ? " is-placed is-snap" : " is-placed";
      const style: JSX.CSSProperties = {};
      if (colour)
        Object.assign(style, { background: colour, boxShadow: `inset 0 0 0 1px ${darker(colour)}` });
      if (isPlaced && placed?.from) {
        Object.assign(style, { "--snap-x": `${placed.from.dx}px`, "--snap-y": `${placed.from.dy}px` });
      }
      cells.push(
        <div
          // A new key for the cells of each placement, so their animation starts again.
          key={isPlaced ? `${key}@${placed?.id}` : key}
          class={cls}
          data-cell={key}
          data-filled={colour ? "1" : undefined}
          style={style}
        >
          {cue && colour && (
            <span class="cue puzzle-cue" style={{ color: inkOn(colour) }} aria-hidden="true" data-cue={cue} />
          )}
          {inLine && <span class="puzzle-hl" style={{ background: show(preview?.colour) }} />}
          {ghost && (
            <span
              class={`puzzle-ghost${preview?.fits ? "" : " is-blocked"}${preview?.hint ? " is-hint" : ""}`}
              // Red, whatever the block's colour, where it does not fit (puzzle.css).
              style={preview?.fits ? { background: show(preview.colour) } : undefined}
            />
          )}
          {red && <span key={refused?.id} class="puzzle-ghost is-blocked is-refused" />}
          {old && <span key={clearing?.id} class="puzzle-fade" style={{ background: show(old) }} />}
        </div>,
      );
    }
  }
  return (
    <div
      ref={props.boardRef}
      // Two names for one shake, taken in turns: a second refusal in a row starts it again.
      class={refused ? `puzzle-board is-refused shake-${refused.id % 2 ? "a" : "b"}` : "puzzle-board"}
      role="img"
      aria-label={props.label}
      style={{ "--rows": rows, "--cols": cols }}
      onPointerDown={props.onPointerDown}
    >
      {cells}
      {lines?.rows.map((r) => (
        <span key={`row-${r}`} class="puzzle-line is-row" style={{ "--at": r }} aria-hidden="true" />
      ))}
      {lines?.cols.map((c) => (
        <span key={`col-${c}`} class="puzzle-line is-col" style={{ "--at": c }} aria-hidden="true" />
      ))}
      {props.popups.map((p) => (
        <span
          key={p.id}
          class="puzzle-popup"
          data-testid="puzzle-popup"
          aria-hidden="true"
          style={{ "--row": p.row, "--col": p.col }}
        >
          <strong>+{p.points}</strong>
          {p.note && <em>{p.note}</em>}
        </span>
      ))}
    </div>
  );
}
