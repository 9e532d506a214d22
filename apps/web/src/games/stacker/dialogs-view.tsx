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
import { NewBest } from "../../shell/new-best";
import { WatchReplayLink } from "../../shell/watch-replay-link";

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
      <Dialog title="Paused" onDismiss={props.onResume} class="stacker-overlay" testId="stacker-paused">
        {props.restored && (
          <p data-testid="stacker-restored">Your unfinished game is back. Resume when you are ready.</p>
        )}
        {props.ranked && (
          <p data-testid="ranked-pause">
            A ranked game runs on the server's clock, which a pause does not stop: after more than a second,
            the next move comes late and the game goes on unranked.
          </p>
        )}
        <button type="button" class="button primary" onClick={props.onResume}>
          Resume
        </button>
        <button type="button" class="button" onClick={props.onNewGame}>
          New game / size
        </button>
        <button type="button" class="button" onClick={props.onExit}>
          Back to the arcade
        </button>
        <p class="stacker-dialog-keys">
          <BoundKeys game="stacker" action="pause" /> resumes
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
      <Dialog title="Game over" class="stacker-overlay" testId="stacker-game-over">
        <NewBest score={state.score} previous={props.previousBest} />
        <p>
          Score <strong>{state.score}</strong> · Lines {state.lines} · Level {state.level}
        </p>
        <p>Best {Math.max(props.best, state.score)}</p>
        <button type="button" class="button primary" onClick={props.onPlayAgain}>
          Play again
        </button>
        <button type="button" class="button" onClick={props.onChangeSize}>
          Change size
        </button>
        <BoardLink game="stacker" config={state.config} class="button" />
        <button type="button" class="button" onClick={props.onExit}>
          Back to the arcade
        </button>
        <WatchReplayLink game="stacker" />
        {props.children}
      </Dialog>
    </Backdrop>
  );
}
