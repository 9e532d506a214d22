/** The start page: the board size (with its best score), Start, the controls (folded) and the way back. */
import { GAME_INFO } from "@blockarcade/engine/core";
import { MAX_SIZE, MIN_SIZE } from "@blockarcade/engine/games/stacker";
import { BoundKeys } from "../../shell/bound-keys";
import { CompetitionLinks } from "../../shell/competition-links";

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
      <h1>{GAME_INFO.stacker.title}</h1>
      <p class="stacker-tagline">{GAME_INFO.stacker.tagline}</p>
      <div class="stacker-size">
        <label for="stacker-size">
          Board size: <strong data-testid="stacker-size-value">{size}</strong> x {size}
        </label>
        <div class="stacker-size-row">
          <button
            type="button"
            class="button"
            aria-label="Smaller board"
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
            aria-label="Bigger board"
            onClick={() => props.onSize(Math.min(MAX_SIZE, size + 1))}
          >
            +
          </button>
        </div>
        <p class="stacker-best-line">
          Best on {size} x {size}: <strong>{props.best}</strong>
        </p>
      </div>
      <button type="button" class="button primary stacker-go" onClick={props.onStart}>
        Start
      </button>
      <CompetitionLinks game="stacker" linkClass="button" />
      {/* Folded, so the start page fits a phone without scrolling; the play page has the buttons. */}
      <details class="stacker-help">
        <summary>Controls</summary>
        <ul>
          <li>
            <K a="left" /> or <K a="right" /> move; hold to slide
          </li>
          <li>
            <K a="rotate_cw" /> rotate clockwise, <K a="rotate_ccw" /> counter-clockwise
          </li>
          <li>
            <K a="soft_drop" /> soft drop (pressed on a landed piece: lock it), <K a="hard_drop" /> hard drop,{" "}
            <K a="hold" /> hold
          </li>
          <li>
            <K a="pause" /> pause and resume, <K a="hint" /> hint, <K a="watch" /> watch the computer play,{" "}
            <K a="restart" /> play again after a game over (keys: Settings)
          </li>
          <li>
            These keys work wherever the focus is on the play page (Space drops, even after a click on Pause);{" "}
            <kbd>Enter</kbd> presses a focused button, <kbd>Tab</kbd> moves between them.
          </li>
          <li>
            Touch: the buttons, or swipe on the board (sideways to move, down to drop, tap to rotate, up to
            hold).
          </li>
        </ul>
      </details>
      <button type="button" class="button" onClick={props.onExit}>
        Back to the arcade
      </button>
    </main>
  );
}
