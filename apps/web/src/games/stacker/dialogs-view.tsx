/** The pause and game-over dialogs over the board, through the shell's one Dialog. */
import type { StackerState } from "@blockarcade/engine/games/stacker";
import type { ComponentChildren } from "preact";
import { Dialog } from "../../shell/dialog";

export function PauseView(props: {
  /** A saved game just came back: say so until the player resumes. */
  restored: boolean;
  onResume: () => void;
  onNewGame: () => void;
  onExit: () => void;
}) {
  return (
    <Dialog title="Paused" onDismiss={props.onResume} class="stacker-overlay" testId="stacker-paused">
      {props.restored && (
        <p data-testid="stacker-restored">Your unfinished game is back. Resume when you are ready.</p>
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
    </Dialog>
  );
}

export function GameOverView(props: {
  state: StackerState;
  best: number;
  onPlayAgain: () => void;
  onChangeSize: () => void;
  /** Posting the score to the global leaderboard (shell/post-score.tsx). */
  children?: ComponentChildren;
}) {
  const { state } = props;
  return (
    <Dialog title="Game over" class="stacker-overlay" testId="stacker-game-over">
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
      {props.children}
    </Dialog>
  );
}
