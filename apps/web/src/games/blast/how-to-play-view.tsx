/**
 * The How to Play page. Every number comes from the engine's constants, so the page and the rules
 * never disagree (docs/games/blast.md "Scoring", "Game over and revives").
 */
import {
  COMBO_BASE_BONUS,
  COMBO_INCREMENT,
  GRID_SIZE,
  PERFECT_CLEAR_BONUS,
  POINTS_PER_CELL,
  REVIVE_CELLS_CLEARED,
  REVIVES_PER_GAME,
  STREAK_MULTIPLIER,
  TRAY_SIZE,
} from "@blockarcade/engine/games/blast";
import { BoundKeys } from "../../shell/bound-keys";
import { useTheme } from "../../shell/look";
import { themeStyle } from "./theme";

const K = ({ a }: { a: string }) => <BoundKeys game="blast" action={a} />;

export function HowToPlayPage() {
  return (
    <main class="blast-page blast-screen blast-text" style={themeStyle(useTheme())}>
      <h1>How to Play</h1>
      <ol>
        <li>
          Drag one of the {TRAY_SIZE} pieces onto the {GRID_SIZE}x{GRID_SIZE} board. Pieces never rotate. A
          drop that misses a free spot by up to one cell lands on it.
        </li>
        <li>
          A green shadow shows where it lands; red means it does not fit. The rows and columns it would
          complete light up before you let go.
        </li>
        <li>Fill a whole row or column to clear it. Blocks do not fall: the rest stay where they are.</li>
        <li>Place all {TRAY_SIZE} pieces, in any order, to get new ones.</li>
        <li>
          Each cleared cell scores {POINTS_PER_CELL} (a cell where a row and a column cross counts once).
          Every placement that clears at least one line adds a line bonus of {COMBO_BASE_BONUS}, plus{" "}
          {COMBO_INCREMENT} for each line after the first that it clears at the same time.
        </li>
        <li>
          Clear on consecutive placements to build a streak: each clear in a row before this one adds x
          {STREAK_MULTIPLIER} to the cells and line bonus it scores. A placement that clears nothing ends the
          streak.
        </li>
        <li>Emptying the whole board scores {PERFECT_CLEAR_BONUS} more.</li>
        <li>
          When none of your pieces fit, the game is over, but you have {REVIVES_PER_GAME} free revives: each
          removes up to {REVIVE_CELLS_CLEARED} random blocks (all of them if fewer are left), keeps your
          score, ends the streak and deals new pieces.
        </li>
      </ol>
      <h2>Keyboard</h2>
      <p>
        <K a="piece1" />, <K a="piece2" />, <K a="piece3" /> (or Tab) pick a piece; <K a="up" />{" "}
        <K a="down" /> <K a="left" /> <K a="right" /> move its shadow; <K a="place" /> places it;{" "}
        <K a="pause" /> pauses (keys: Settings).
      </p>
      <a class="blast-button primary" href="/games/blast">
        Back to Menu
      </a>
    </main>
  );
}
