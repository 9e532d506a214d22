/**
 * The new-game page: the grid size (rows and columns separately, 5 to 20) and its best score; a
 * size asked for in the URL and refused by the engine is said here, not silently replaced.
 */
import { MAX_SIDE, MIN_SIDE, type PuzzleConfig } from "@blockarcade/engine/games/puzzle";
import { useState } from "preact/hooks";
import { CompetitionLinks } from "../../shell/competition-links";
import { t } from "./messages";
import { bestScores, sizeKey } from "./storage";

const SIDES = Array.from({ length: MAX_SIDE - MIN_SIDE + 1 }, (_, i) => MIN_SIDE + i);

export interface NewGameProps {
  initial: PuzzleConfig;
  /** Why the size in the URL was not started (url.ts), if it was refused. */
  refused?: string | undefined;
  canResume: boolean;
  onStart: (config: PuzzleConfig) => void;
  onResume: () => void;
  onExit: () => void;
  /** Opens How to Play. */
  onHelp: () => void;
}

export function NewGame(props: NewGameProps) {
  const [rows, setRows] = useState(props.initial.rows);
  const [cols, setCols] = useState(props.initial.cols);
  const best = bestScores.all()[sizeKey({ rows, cols })];
  return (
    <section class="puzzle-new" aria-labelledby="puzzle-new-title">
      <h2 id="puzzle-new-title">{t("newGame")}</h2>
      {props.refused && (
        <p class="puzzle-refused" role="alert" data-testid="puzzle-refused">
          {t("refused", { reason: props.refused, min: MIN_SIDE, max: MAX_SIDE })}
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          props.onStart({ rows, cols });
        }}
      >
        <div class="puzzle-size">
          <SideSelect label={t("rows")} name="rows" value={rows} onChange={setRows} />
          <span aria-hidden="true">x</span>
          <SideSelect label={t("columns")} name="cols" value={cols} onChange={setCols} />
        </div>
        <p class="puzzle-best-line" aria-live="polite">
          {best === undefined ? t("noBest", { rows, cols }) : t("bestOn", { rows, cols, score: best })}
        </p>
        <div class="puzzle-actions">
          <button type="submit" class="puzzle-button primary">
            {t("start", { rows, cols })}
          </button>
          {props.canResume && (
            <button type="button" class="puzzle-button" onClick={props.onResume}>
              {t("resume")}
            </button>
          )}
          <button type="button" class="puzzle-button" onClick={props.onHelp} data-testid="puzzle-help-open">
            {t("howToPlay")}
          </button>
          <button type="button" class="puzzle-button" onClick={props.onExit}>
            {t("backToArcade")}
          </button>
        </div>
      </form>
      <CompetitionLinks game="puzzle" linkClass="puzzle-button" />
    </section>
  );
}

/** One side of the grid: a labelled choice of MIN_SIDE to MAX_SIDE. */
function SideSelect(props: { label: string; name: string; value: number; onChange: (n: number) => void }) {
  return (
    <label>
      {props.label}
      <select
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(Number((e.currentTarget as HTMLSelectElement).value))}
      >
        {SIDES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}
