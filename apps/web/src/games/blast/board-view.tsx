/** The board: cells, the ghost, the lines about to clear, and the burst of cleared cells. Drawing only. */
import { GRID_SIZE } from "@blockarcade/engine/games/blast";
import { inkOn } from "../../shell/ink";
import { useColourBlind } from "../../shell/look";
import { letterColour, shownColour } from "./colours";
import type { BurstCell } from "./effects";
import { t } from "./messages";
import type { Ghost } from "./preview";

export interface Burst {
  /** Bumped per burst so the animation restarts. */
  id: number;
  cells: BurstCell[];
}

export function BoardView(props: {
  board: readonly string[];
  ghost: Ghost | undefined;
  /** The ghost is the computer's hint (drawn in its own style), not the player's aim. */
  hint?: boolean;
  /**
   * A piece is being dragged: the ghost is drawn again on a layer above the lifted piece, so green
   * (lands here) or red (does not fit) shows through it (docs/games/blast.md "Dragging and dropping").
   */
  raised?: boolean;
  burst: Burst | undefined;
  popped: ReadonlySet<string>;
  streak: number;
  boardRef: (el: HTMLElement | null) => void;
  /** A click on a cell (with a piece picked, it is placed there; the keyboard's way is Enter). */
  onClick: (e: MouseEvent) => void;
}) {
  const { board, ghost } = props;
  const cb = useColourBlind("blast");
  const ghostCells = new Set(ghost?.cells.map(([r, c]) => `${r},${c}`));
  const rows = new Set(ghost?.rows);
  const cols = new Set(ghost?.cols);
  const cells = [];
  for (let r = 0; r < GRID_SIZE; r++) {
    for (let c = 0; c < GRID_SIZE; c++) {
      const ch = board[r]?.[c] ?? ".";
      const colour = letterColour(ch, cb);
      // The colour-blind cue: the cell's board letter (A-J), none for a cell of unknown colour.
      const cue = cb && colour && ch !== "#" ? ch : undefined;
      const key = `${r},${c}`;
      const classes = ["blast-cell"];
      if (colour) classes.push("blast-filled");
      if (ghostCells.has(key)) {
        classes.push(ghost?.valid ? "blast-ghost-valid" : "blast-ghost-invalid");
        if (props.hint) classes.push("blast-ghost-hint");
      }
      if (ghost?.valid && (rows.has(r) || cols.has(c))) classes.push("blast-will-clear");
      if (props.popped.has(key)) classes.push("blast-pop");
      cells.push(
        <div
          key={key}
          class={classes.join(" ")}
          data-row={r}
          data-col={c}
          data-filled={colour ? "true" : "false"}
          style={colour ? { background: colour, color: inkOn(colour) } : undefined}
        >
          {cue && <span class="cue blast-cue" aria-hidden="true" data-cue={cue} />}
        </div>,
      );
    }
  }
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard places a picked piece with Enter (keyboard.ts).
    <section
      class={`blast-board${props.streak >= 2 ? " blast-streak" : ""}`}
      ref={props.boardRef}
      onClick={props.onClick}
      aria-label={t("board", { size: GRID_SIZE, filled: board.join("").replaceAll(".", "").length })}
      data-testid="blast-board"
      data-hint={props.hint && ghost ? `${ghost.piece} ${ghost.row} ${ghost.col}` : undefined}
    >
      {cells}
      {props.raised && ghost && ghost.cells.length > 0 && (
        <div class="blast-ghost-layer" aria-hidden="true" data-testid="blast-raised-ghost">
          {ghost.cells.map(([row, col]) => (
            <div
              key={`${row},${col}`}
              class={`blast-ghost-mark ${ghost.valid ? "valid" : "invalid"}`}
              style={{ gridRow: String(row + 1), gridColumn: String(col + 1) }}
            />
          ))}
        </div>
      )}
      {props.burst && (
        <div class="blast-clearing" key={props.burst.id} aria-hidden="true">
          {props.burst.cells.map((cell) => (
            <div
              key={`${cell.row},${cell.col}`}
              class="blast-clearing-cell"
              style={{
                gridRow: String(cell.row + 1),
                gridColumn: String(cell.col + 1),
                background: shownColour(cell.colour, cb),
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}
