/**
 * How to Play, in a dialog over the menu or the game: the rules and the scoring in plain words. Every
 * number comes from the engine (its constants, and its own scoring functions for the worked
 * examples), so this page and the rules never disagree (docs/games/puzzle.md "Rules", "Scoring").
 */
import {
  DEFAULT_CONFIG,
  FULL_CLEAR_BONUS,
  LINE_POINTS,
  linePoints,
  MAX_SIDE,
  MIN_SIDE,
  placementScore,
  TRAY_SIZE,
} from "@blockarcade/engine/games/puzzle";
import { BoundKeys } from "../../shell/bound-keys";
import { Dialog } from "../../shell/dialog";

/** Lines cleared at once, for the table of line points. */
const LINE_COUNTS = [1, 2, 3, 4] as const;

const K = ({ a }: { a: string }) => <BoundKeys game="puzzle" action={a} />;

export function HowToPlay({ onClose }: { onClose: () => void }) {
  // A row and a column at once, with and without the doubling, straight from the engine's scoring.
  const crossed = placementScore(0, 1, 1, false).lines;
  const square = placementScore(4, 0, 0, false).points;
  return (
    <div class="puzzle-overlay">
      <Dialog title="How to play" onDismiss={onClose} class="puzzle-card puzzle-help" testId="puzzle-help">
        <button type="button" class="puzzle-button primary puzzle-help-close" onClick={onClose}>
          Close
        </button>
        <h3>The game</h3>
        <ul>
          <li>
            You get {TRAY_SIZE} blocks at a time. Drag each one onto the board, or choose it and tap where it
            goes. Blocks never turn. You get {TRAY_SIZE} new ones once all {TRAY_SIZE} are placed.
          </li>
          <li>
            While you drag, a shadow shows where the block lands. <strong>Red means it does not fit</strong>:
            let go there and the block shakes back to the tray.
          </li>
          <li>
            Fill a whole row or column and it clears. Lines about to clear glow before you let go. Nothing
            falls: the other blocks stay where they are.
          </li>
          <li>The game ends when none of your blocks fits anywhere on the board.</li>
          <li>
            Pick the board's size: {MIN_SIDE} to {MAX_SIDE} rows and columns ({DEFAULT_CONFIG.rows} x{" "}
            {DEFAULT_CONFIG.cols} to start). Each size keeps its own best score.
          </li>
        </ul>
        <h3>Scoring</h3>
        <ul>
          <li>
            Each block scores one point per cell: a 2 x 2 square is worth {square}. A "+" shows what each move
            scored.
          </li>
          <li>
            Lines cleared by one move score {LINE_POINTS} for the first, and more for each one after it:
            <table class="puzzle-help-table">
              <thead>
                <tr>
                  <th scope="col">Lines at once</th>
                  <th scope="col">Line points</th>
                </tr>
              </thead>
              <tbody>
                {LINE_COUNTS.map((n) => (
                  <tr key={n}>
                    <td>{n}</td>
                    <td>{linePoints(n)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
          <li>
            Clear a row <em>and</em> a column with one move and the line points double: one of each scores{" "}
            {crossed}, not {linePoints(2)}.
          </li>
          <li>Empty the whole board for {FULL_CLEAR_BONUS} more.</li>
        </ul>
        <h3>Keyboard</h3>
        <p>
          <K a="piece1" />, <K a="piece2" />, <K a="piece3" /> choose a block (then Tab for the next);{" "}
          <K a="up" /> <K a="down" /> <K a="left" /> <K a="right" /> move it; <K a="place" /> places it;{" "}
          <K a="cancel" /> puts it back. <K a="hint" /> shows a hint, <K a="watch" /> lets the computer play
          (keys: Settings).
        </p>
      </Dialog>
    </div>
  );
}
