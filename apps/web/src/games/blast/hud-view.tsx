/** The bar above the board (pause, score, best), the streak line and the celebration. Drawing only. */
import type { ShownCelebration } from "./effects";
import { t } from "./messages";

export function HudView(props: { score: number; best: number; over: boolean; onPause: () => void }) {
  return (
    <header class="blast-hud">
      <button
        type="button"
        class="blast-icon"
        aria-label={t("pause")}
        onClick={props.onPause}
        disabled={props.over}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
          <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
        </svg>
      </button>
      <div class="blast-scoreboard">
        <div class="blast-score">
          <span class="blast-label">{t("score")}</span>
          <span data-testid="blast-score">{props.score}</span>
        </div>
        <div class="blast-best">
          <span class="blast-label">{t("best")}</span>
          <span data-testid="blast-best">{props.best}</span>
        </div>
      </div>
      {/* Sound is the app bar's one switch; this keeps the scores centred. */}
      <span class="blast-icon-space" aria-hidden="true" />
    </header>
  );
}

/** The streak counter: kept in the layout (blank) at streak 0 so nothing jumps when it appears. */
export function StreakView(props: { streak: number }) {
  const on = props.streak >= 1;
  return (
    <p class={`blast-streak-label${on ? " on" : ""}`} data-testid="blast-streak">
      {on ? t("streak", { n: props.streak }) : " "}
    </p>
  );
}

/** The celebration over the board after a clear (a new id plays its rise again). */
export function CelebrationView(props: { celebration: ShownCelebration | undefined }) {
  const { celebration } = props;
  if (!celebration) return null;
  return (
    <div class="blast-celebration" key={celebration.id} aria-hidden="true">
      <strong>{celebration.text}</strong>
      {celebration.perfect && <em>{t("boardClear")}</em>}
      <span>+{celebration.points}</span>
    </div>
  );
}
