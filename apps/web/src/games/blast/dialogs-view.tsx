/**
 * The pause and game-over dialogs, on the shell's one Dialog, and the bar that stands in for the
 * game-over dialog while the player looks at the final board. Drawing only.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { BoardLink } from "../../shell/board-link";
import { Dialog } from "../../shell/dialog";
import { formatNumber } from "../../shell/i18n";
import { NewBest } from "../../shell/new-best";
import { rich } from "../../shell/rich";
import { WatchReplayLink } from "../../shell/watch-replay-link";
import { t } from "./messages";

/** The arcade's home: a plain link, which the app's router handles. */
function ArcadeLink() {
  return (
    <a class="blast-link" href="/" data-testid="blast-to-arcade">
      {t("backToArcade")}
    </a>
  );
}

/**
 * Paused: resume, restart or leave. Restart throws the run away, so it asks first (a dialog of its
 * own: focus moves to its safe answer; Escape or Cancel goes back to the pause menu).
 */
export function PauseDialog(props: {
  score: number;
  onResume: () => void;
  onRestart: () => void;
  onQuit: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div class="blast-overlay">
      {confirming ? (
        <Dialog
          key="confirm"
          title={t("restartQuestion")}
          class="blast-dialog"
          testId="blast-confirm-restart"
          onDismiss={() => setConfirming(false)}
        >
          <p class="blast-secondary">{t("restartWarning", { score: props.score })}</p>
          <button type="button" class="blast-button" onClick={() => setConfirming(false)}>
            {t("cancel")}
          </button>
          <button type="button" class="blast-button danger" onClick={props.onRestart}>
            {t("restart")}
          </button>
        </Dialog>
      ) : (
        <Dialog
          key="pause"
          title={t("paused")}
          class="blast-dialog"
          testId="blast-pause"
          onDismiss={props.onResume}
        >
          <button type="button" class="blast-button primary" onClick={props.onResume}>
            {t("resume")}
          </button>
          <button type="button" class="blast-button" onClick={() => setConfirming(true)}>
            {t("restart")}
          </button>
          <button type="button" class="blast-button" onClick={props.onQuit}>
            {t("quitToMenu")}
          </button>
          <ArcadeLink />
        </Dialog>
      )}
    </div>
  );
}

export function GameOverDialog(props: {
  score: number;
  best: number;
  /** The best score before this game: beating it is a new best. */
  previousBest: number;
  revivesLeft: number;
  onRevive: () => void;
  onPlayAgain: () => void;
  onMenu: () => void;
  /** Hides the dialog so the final board shows (SeeBoardBar brings it back). */
  onSeeBoard: () => void;
  /** Posting the score to the global leaderboard (shell/post-score.tsx). */
  post?: ComponentChildren;
}) {
  const canRevive = props.revivesLeft > 0;
  return (
    <div class="blast-overlay">
      <Dialog
        title={canRevive ? t("noMovesLeft") : t("gameOver")}
        class="blast-dialog"
        testId="blast-game-over"
      >
        <p class="blast-final">
          {rich(t("finalScore"), { score: <strong data-testid="blast-final-score">{props.score}</strong> })}
        </p>
        <NewBest score={props.score} previous={props.previousBest} />
        <p class="blast-secondary">{t("bestLine", { score: props.best })}</p>
        {canRevive && (
          <button type="button" class="blast-button primary" onClick={props.onRevive}>
            {t("revive", { n: props.revivesLeft })}
          </button>
        )}
        <button
          type="button"
          class={`blast-button${canRevive ? "" : " primary"}`}
          onClick={props.onPlayAgain}
        >
          {t("playAgain")}
        </button>
        <div class="blast-button-row">
          <button type="button" class="blast-button" onClick={props.onSeeBoard}>
            {t("seeBoard")}
          </button>
          <button type="button" class="blast-button" onClick={props.onMenu}>
            {t("menuButton")}
          </button>
        </div>
        <BoardLink game="blast" class="blast-button" />
        <WatchReplayLink game="blast" class="blast-button" />
        {props.post}
        <ArcadeLink />
      </Dialog>
    </div>
  );
}

/**
 * While the player looks at the final board: a slim bar (not modal), in the place of the computer's
 * controls, with the score and the way back to the results. Its button takes focus, so a keyboard player is never left on a hidden control.
 */
export function SeeBoardBar(props: { score: number; onBack: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <section class="blast-peek-bar" aria-label={t("gameOverBar")} data-testid="blast-peek-bar">
      <p>{rich(t("gameOverScore"), { score: <strong>{formatNumber(props.score)}</strong> })}</p>
      <button ref={button} type="button" class="blast-button primary" onClick={props.onBack}>
        {t("showResults")}
      </button>
    </section>
  );
}
