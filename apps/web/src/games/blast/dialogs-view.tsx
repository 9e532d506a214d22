/** The pause and game-over dialogs, on the shell's one Dialog. Drawing only. */
import type { ComponentChildren } from "preact";
import { Dialog } from "../../shell/dialog";

export function PauseDialog(props: { onResume: () => void; onRestart: () => void; onQuit: () => void }) {
  return (
    <div class="blast-overlay">
      <Dialog title="Paused" class="blast-dialog" testId="blast-pause" onDismiss={props.onResume}>
        <button type="button" class="blast-button primary" onClick={props.onResume}>
          Resume
        </button>
        <button type="button" class="blast-button" onClick={props.onRestart}>
          Restart
        </button>
        <button type="button" class="blast-button" onClick={props.onQuit}>
          Quit to Menu
        </button>
      </Dialog>
    </div>
  );
}

export function GameOverDialog(props: {
  score: number;
  best: number;
  revivesLeft: number;
  onRevive: () => void;
  onPlayAgain: () => void;
  onMenu: () => void;
  /** Posting the score to the global leaderboard (shell/post-score.tsx). */
  post?: ComponentChildren;
}) {
  const canRevive = props.revivesLeft > 0;
  return (
    <div class="blast-overlay">
      <Dialog title={canRevive ? "No moves left" : "Game Over"} class="blast-dialog" testId="blast-game-over">
        <p class="blast-final">
          Score <strong data-testid="blast-final-score">{props.score}</strong>
        </p>
        <p class="blast-secondary">Best {props.best}</p>
        {canRevive && (
          <button type="button" class="blast-button primary" onClick={props.onRevive}>
            Revive ({props.revivesLeft} left)
          </button>
        )}
        <button
          type="button"
          class={`blast-button${canRevive ? "" : " primary"}`}
          onClick={props.onPlayAgain}
        >
          Play Again
        </button>
        <button type="button" class="blast-button" onClick={props.onMenu}>
          Menu
        </button>
        {props.post}
      </Dialog>
    </div>
  );
}
