/**
 * The pause and game-over dialogs, through the shell's one Dialog (it takes focus, keeps it inside
 * and gives it back). They sit over the whole play area, not inside the board: a small board has no
 * room for the game-over's record, buttons and score form. Both have a way back to the arcade.
 */
import type { StackerState } from "@blockarcade/engine/games/stacker";
import type { ComponentChildren } from "preact";
import { BoardLink } from "../../shell/board-link";
import { BoundKeys } from "../../shell/bound-keys";
import { Dialog } from "../../shell/dialog";
import { formatNumber } from "../../shell/i18n";
import { NewBest } from "../../shell/new-best";
import { rich } from "../../shell/rich";
import { WatchReplayLink } from "../../shell/watch-replay-link";
import { t } from "./messages";

function Backdrop(props: { children: ComponentChildren }) {
  return <div class="stacker-backdrop">{props.children}</div>;
}

export function PauseView(props: {
  /** A saved game just came back: say so until the player resumes. */
  restored: boolean;
  /** A ranked game: its clock is the server's (docs/service.md "Fair play"). */
  ranked?: boolean;
  onResume: () => void;
  onNewGame: () => void;
  onExit: () => void;
}) {
  return (
    <Backdrop>
      <Dialog title={t("paused")} onDismiss={props.onResume} class="stacker-overlay" testId="stacker-paused">
        {props.restored && <p data-testid="stacker-restored">{t("restored")}</p>}
        {props.ranked && <p data-testid="ranked-pause">{t("rankedPause")}</p>}
        <button type="button" class="button primary" onClick={props.onResume}>
          {t("resume")}
        </button>
        <button type="button" class="button" onClick={props.onNewGame}>
          {t("newGameSize")}
        </button>
        <button type="button" class="button" onClick={props.onExit}>
          {t("backToArcade")}
        </button>
        <p class="stacker-dialog-keys">
          {rich(t("resumes"), { key: <BoundKeys game="stacker" action="pause" /> })}
        </p>
      </Dialog>
    </Backdrop>
  );
}

export function GameOverView(props: {
  state: StackerState;
  /** The best score on this size now (this game's score recorded). */
  best: number;
  /** The best score before this game, for "New best!". */
  previousBest: number;
  onPlayAgain: () => void;
  onChangeSize: () => void;
  onExit: () => void;
  /** Posting the score to the global leaderboard (shell/post-score.tsx). */
  children?: ComponentChildren;
}) {
  const { state } = props;
  return (
    <Backdrop>
      <Dialog title={t("gameOver")} class="stacker-overlay" testId="stacker-game-over">
        <NewBest score={state.score} previous={props.previousBest} />
        <p>
          {rich(t("overLine", { lines: state.lines, level: state.level }), {
            score: <strong>{formatNumber(state.score)}</strong>,
          })}
        </p>
        <p>{t("best", { score: Math.max(props.best, state.score) })}</p>
        <button type="button" class="button primary" onClick={props.onPlayAgain}>
          {t("playAgain")}
        </button>
        <button type="button" class="button" onClick={props.onChangeSize}>
          {t("changeSize")}
        </button>
        <BoardLink game="stacker" config={state.config} class="button" />
        <button type="button" class="button" onClick={props.onExit}>
          {t("backToArcade")}
        </button>
        <WatchReplayLink game="stacker" />
        {props.children}
      </Dialog>
    </Backdrop>
  );
}
