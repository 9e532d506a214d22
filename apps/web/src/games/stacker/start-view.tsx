import { MAX_SIZE, MIN_SIZE } from "@blockarcade/engine/games/stacker";
import { BoundKeys } from "../../shell/bound-keys";
import { CompetitionLinks } from "../../shell/competition-links";
import { formatNumber } from "../../shell/i18n";
import { rich } from "../../shell/rich";
import { t } from "./messages";

const K = ({ a }: { a: string }) => <BoundKeys game="stacker" action={a} />;

export function StartView(props: {
  size: number;
  best: number;
  onSize: (size: number) => void;
  onStart: () => void;
  onExit: () => void;
}) {
  const { size } = props;
  return (
    <main class="stacker stacker-start">
      <h1>{t("title")}</h1>
      <p class="stacker-tagline">{t("tagline")}</p>
      <div class="stacker-size">
        <label for="stacker-size">
          {rich(t("boardSize", { size }), {
            value: <strong data-testid="stacker-size-value">{size}</strong>,
          })}
        </label>
        <div class="stacker-size-row">
          <button
            type="button"
            class="button"
            aria-label={t("smaller")}
            onClick={() => props.onSize(Math.max(MIN_SIZE, size - 1))}
          >
            -
          </button>
          <input
            id="stacker-size"
            type="range"
            min={MIN_SIZE}
            max={MAX_SIZE}
            value={size}
            onInput={(e) => props.onSize(Number((e.target as HTMLInputElement).value))}
          />
          <button
            type="button"
            class="button"
            aria-label={t("bigger")}
            onClick={() => props.onSize(Math.min(MAX_SIZE, size + 1))}
          >
            +
          </button>
        </div>
        <p class="stacker-best-line">
          {rich(t("bestOn", { size }), { score: <strong>{formatNumber(props.best)}</strong> })}
        </p>
      </div>
      <button type="button" class="button primary stacker-go" onClick={props.onStart}>
        {t("start")}
      </button>
      <CompetitionLinks game="stacker" linkClass="button" />
      {/* Folded, so the start page fits a phone without scrolling; the play page has the buttons. */}
      <details class="stacker-help">
        <summary>{t("controls")}</summary>
        <ul>
          <li>{rich(t("help1"), { left: <K a="left" />, right: <K a="right" /> })}</li>
          <li>{rich(t("help2"), { cw: <K a="rotate_cw" />, ccw: <K a="rotate_ccw" /> })}</li>
          <li>
            {rich(t("help3"), { soft: <K a="soft_drop" />, hard: <K a="hard_drop" />, hold: <K a="hold" /> })}
          </li>
          <li>
            {rich(t("help4"), {
              pause: <K a="pause" />,
              hint: <K a="hint" />,
              watch: <K a="watch" />,
              restart: <K a="restart" />,
            })}
          </li>
          <li>{rich(t("help5"), { enter: <kbd>{t("enter")}</kbd>, tab: <kbd>Tab</kbd> })}</li>
          <li>{t("help6")}</li>
        </ul>
      </details>
      <button type="button" class="button" onClick={props.onExit}>
        {t("backToArcade")}
      </button>
    </main>
  );
}
