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
import { t } from "./help-messages";
import { t as gameText } from "./messages";
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
      <h2>{t("howToTitle")}</h2>
      <ol>
        <li>{t("how1", { ms: arcadeFallInterval(1), preview: ARCADE_PREVIEW })}</li>
        <li>
          <strong>{t("howVanishTitle")}</strong> {t("howVanish")}
          <Picture
            rows={[".....", "..^..", ".^*..", "^*@~."]}
            gone={["1,2", "2,1", "3,0"]}
            label={t("howVanishPicture")}
          />
        </li>
        <li>
          <strong>{t("howFallTitle")}</strong> {t("howFall")}
        </li>
        <li>
          <strong>{t("howChainsTitle")}</strong> {t("howChains", { cell: CELL_POINTS, combo: COMBO_POINTS })}
          <Picture
            rows={["..~..", "..^..", "..^..", "~~^.."]}
            gone={["1,2", "2,2", "3,2"]}
            label={t("howChainsPicture")}
          />
        </li>
        <li>
          <strong>{t("howLevelsTitle")}</strong>{" "}
          {t("howLevels", { bricks: BRICKS_PER_LEVEL, max: MAX_LEVEL })}
        </li>
        <li>{t("howEnd")}</li>
      </ol>
      <h3>{t("keys")}</h3>
      <p>{t("howKeys")}</p>
      <button type="button" class="button primary" onClick={props.onBack} data-testid="match3-howto-back">
        {gameText("backToMatch3")}
      </button>
    </section>
  );
}
