/** The new-game screen: the grid size (rows and columns separately, 5 to 20) and its best score. */
import { MAX_SIDE, MIN_SIDE, type PuzzleConfig } from "@blockarcade/engine/games/puzzle";
import { useState } from "preact/hooks";
import { type BestScores, sizeKey } from "./saved";

const SIDES = Array.from({ length: MAX_SIDE - MIN_SIDE + 1 }, (_, i) => MIN_SIDE + i);

export interface NewGameProps {
  initial: PuzzleConfig;
  best: BestScores;
  canResume: boolean;
  onStart: (config: PuzzleConfig) => void;
  onResume: () => void;
  onExit: () => void;
}

export function NewGame(props: NewGameProps) {
  const [rows, setRows] = useState(props.initial.rows);
  const [cols, setCols] = useState(props.initial.cols);
  const best = props.best[sizeKey({ rows, cols })];
  return (
    <section class="puzzle-new" aria-labelledby="puzzle-new-title">
      <h2 id="puzzle-new-title">New game</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          props.onStart({ rows, cols });
        }}
      >
        <div class="puzzle-size">
          <label>
            Rows
            <select
              name="rows"
              value={rows}
              onChange={(e) => setRows(Number((e.currentTarget as HTMLSelectElement).value))}
            >
              {SIDES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <span aria-hidden="true">x</span>
          <label>
            Columns
            <select
              name="cols"
              value={cols}
              onChange={(e) => setCols(Number((e.currentTarget as HTMLSelectElement).value))}
            >
              {SIDES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p class="puzzle-best-line" aria-live="polite">
          {best === undefined
            ? `No best score on ${rows} x ${cols} yet`
            : `Best on ${rows} x ${cols}: ${best}`}
        </p>
        <div class="puzzle-actions">
          <button type="submit" class="puzzle-button primary">
            Start {rows} x {cols}
          </button>
          {props.canResume && (
            <button type="button" class="puzzle-button" onClick={props.onResume}>
              Resume game
            </button>
          )}
          <button type="button" class="puzzle-button" onClick={props.onExit}>
            Back to the arcade
          </button>
        </div>
      </form>
    </section>
  );
}
