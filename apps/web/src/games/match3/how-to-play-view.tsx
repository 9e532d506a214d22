/**
 * How to play Arcade (docs/games/match3.md "Arcade mode"): why symbols vanish and why the others
 * fall, with small pictures of the engine's own cases. Every number comes from the engine's
 * constants, so the page and the rules never disagree.
 */
import {
  ARCADE_PREVIEW,
  arcadeFallInterval,
  BRICKS_PER_LEVEL,
  type BrickSymbol,
  CELL_POINTS,
  COMBO_POINTS,
  MAX_LEVEL,
} from "@blockarcade/engine/games/match3";
import { SymbolGlyph } from "./symbols";

/** A small field picture: `.` empty, `#` stone, a symbol; `!` marks the cells about to vanish. */
function Picture(props: { rows: string[]; gone?: string[]; label: string }) {
  const gone = new Set(props.gone ?? []);
  const width = props.rows[0]?.length ?? 0;
  return (
    <figure class="match3-howto-figure">
      <div
        class="match3-field match3-howto-field"
        role="img"
        aria-label={props.label}
        style={{ "--cols": String(width), "--rows": String(props.rows.length) }}
      >
        {props.rows.flatMap((row, r) =>
          [...row].map((ch, c) => (
            <div
              key={`${r},${c}`}
              class={`match3-cell${ch === "#" ? " is-stone" : ""}${gone.has(`${r},${c}`) ? " is-going" : ""}`}
            >
              {ch !== "." && ch !== "#" && <SymbolGlyph symbol={ch as BrickSymbol} />}
            </div>
          )),
        )}
      </div>
      <figcaption>{props.label}</figcaption>
    </figure>
  );
}

export function ArcadeHowToPlay(props: { onBack: () => void }) {
  return (
    <section class="match3-howto" data-testid="match3-howto">
      <h2>How to play Arcade</h2>
      <ol>
        <li>
          Bricks of three symbols fall on their own, one row every {arcadeFallInterval(1)} ms at level 1.
          Steer the falling brick with Left and Right; Drop sends it down at once. Bricks never turn. The next{" "}
          {ARCADE_PREVIEW} bricks are shown beside the field.
        </li>
        <li>
          <strong>Why symbols vanish:</strong> three or more equal symbols in a line (across, down or
          diagonal) vanish as soon as the brick lands.
          <Picture
            rows={[".....", "..^..", ".^*..", "^*@~."]}
            gone={["1,2", "2,1", "3,0"]}
            label="The brick lands in the middle column; its triangle lines up with two on the diagonal: all three vanish."
          />
        </li>
        <li>
          <strong>Why symbols fall:</strong> nothing floats. A symbol with an empty cell under it falls into
          the gap: the parts of a lying brick that hang over a hole, and everything above a match that
          vanished.
        </li>
        <li>
          <strong>Chains:</strong> symbols that fall can line up into a new match, which vanishes too, and so
          on. Each cell scores {CELL_POINTS} points times its link in the chain (x2 for the second, x3 for the
          third), times the level; a landing that matches right after another that matched adds {COMBO_POINTS}{" "}
          per landing in the combo.
          <Picture
            rows={["..~..", "..^..", "..^..", "~~^.."]}
            gone={["1,2", "2,2", "3,2"]}
            label="The three triangles vanish; the wave above falls beside two waves, and they vanish as the second link."
          />
        </li>
        <li>
          <strong>Levels:</strong> every {BRICKS_PER_LEVEL} bricks the level goes up (to {MAX_LEVEL}), the
          bricks fall faster, and the floor rises a row of stone. Stone never matches, so the room shrinks:
          keep the field low.
        </li>
        <li>
          The game ends when a new brick has no room at the top, or the rising floor would push a symbol out
          of the field.
        </li>
      </ol>
      <h3>Keys</h3>
      <p>
        Left arrow, A or L moves left; Right arrow or R moves right; Down, S, D or Space drops. P or Esc
        pauses, H shows a hint, V lets the computer play. On a phone: the buttons under the field, or swipe on
        it.
      </p>
      <button type="button" class="button primary" onClick={props.onBack} data-testid="match3-howto-back">
        Back to Match-3
      </button>
    </section>
  );
}
