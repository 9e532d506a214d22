/**
 * The game-over dialog (the shell's one Dialog, which keeps the focus inside): final score, "New
 * best!" when it beat the size's best, the best, what next, and the way back to the arcade.
 */
import type { ComponentChildren } from "preact";
import { BoardLink } from "../../shell/board-link";
import { Dialog } from "../../shell/dialog";
import { NewBest } from "../../shell/new-best";
import { rich } from "../../shell/rich";
import { WatchReplayLink } from "../../shell/watch-replay-link";
import { t } from "./messages";

export interface OverViewProps {
  score: number;
  best: number;
  /** The size's best before this game was recorded: "New best!" when the score beat it. */
  previous: number;
  rows: number;
  cols: number;
  onAgain(): void;
  onChangeSize(): void;
  onExit(): void;
  /** Posting the score to the global leaderboard (shell/post-score.tsx). */
  children?: ComponentChildren;
}

export function OverView(props: OverViewProps) {
  return (
    <div class="puzzle-overlay">
      {/* No onDismiss: a finished game is answered with one of the buttons. Play again comes first, so it takes the focus. */}
      <Dialog title={t("gameOver")} class="puzzle-card puzzle-over-card" testId="puzzle-over">
        <p>{rich(t("finalScore"), { score: <strong data-testid="puzzle-final">{props.score}</strong> })}</p>
        <NewBest score={props.score} previous={props.previous} />
        <p>{t("bestOn", { rows: props.rows, cols: props.cols, score: Math.max(props.best, props.score) })}</p>
        <div class="puzzle-actions">
          <button type="button" class="puzzle-button primary" onClick={props.onAgain}>
            {t("playAgain")}
          </button>
          <button type="button" class="puzzle-button" onClick={props.onChangeSize}>
            {t("changeSize")}
          </button>
          <BoardLink game="puzzle" config={{ rows: props.rows, cols: props.cols }} class="puzzle-button" />
          <button type="button" class="puzzle-button" onClick={props.onExit} data-testid="puzzle-over-arcade">
            {t("backToArcade")}
          </button>
          <WatchReplayLink game="puzzle" class="puzzle-button" />
        </div>
        {props.children}
      </Dialog>
    </div>
  );
}
