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
import { formatNumber } from "../../shell/i18n";
import { rich } from "../../shell/rich";
import { t } from "./messages";

/** Lines cleared at once, for the table of line points. */
const LINE_COUNTS = [1, 2, 3, 4] as const;

const K = ({ a }: { a: string }) => <BoundKeys game="puzzle" action={a} />;

export function HowToPlay({ onClose }: { onClose: () => void }) {
  // A row and a column at once, with and without the doubling, straight from the engine's scoring.
  const crossed = placementScore(0, 1, 1, false).lines;
  const square = placementScore(4, 0, 0, false).points;
  return (
    <div class="puzzle-overlay">
      <Dialog title={t("howToPlay")} onDismiss={onClose} class="puzzle-card puzzle-help" testId="puzzle-help">
        <button type="button" class="puzzle-button primary puzzle-help-close" onClick={onClose}>
          {t("close")}
        </button>
        <h3>{t("theGame")}</h3>
        <ul>
          <li>{t("rule1", { tray: TRAY_SIZE })}</li>
          <li>{rich(t("rule2"), { red: <strong>{t("rule2Red")}</strong> })}</li>
          <li>{t("rule3")}</li>
          <li>{t("rule4")}</li>
          <li>
            {t("rule5", {
              min: MIN_SIDE,
              max: MAX_SIDE,
              rows: DEFAULT_CONFIG.rows,
              cols: DEFAULT_CONFIG.cols,
            })}
          </li>
        </ul>
        <h3>{t("scoring")}</h3>
        <ul>
          <li>{t("score1", { square })}</li>
          <li>
            {t("score2", { points: LINE_POINTS })}
            <table class="puzzle-help-table">
              <thead>
                <tr>
                  <th scope="col">{t("linesAtOnce")}</th>
                  <th scope="col">{t("linePoints")}</th>
                </tr>
              </thead>
              <tbody>
                {LINE_COUNTS.map((n) => (
                  <tr key={n}>
                    <td>{n}</td>
                    <td>{formatNumber(linePoints(n))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
          <li>{t("score3", { crossed, plain: linePoints(2) })}</li>
          <li>{t("score4", { bonus: FULL_CLEAR_BONUS })}</li>
        </ul>
        <h3>{t("keyboard")}</h3>
        <p>
          {rich(t("keyboardHelp"), {
            piece1: <K a="piece1" />,
            piece2: <K a="piece2" />,
            piece3: <K a="piece3" />,
            up: <K a="up" />,
            down: <K a="down" />,
            left: <K a="left" />,
            right: <K a="right" />,
            place: <K a="place" />,
            cancel: <K a="cancel" />,
            hint: <K a="hint" />,
            watch: <K a="watch" />,
          })}
        </p>
      </Dialog>
    </div>
  );
}
