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
import { rich } from "../../shell/rich";
import { t } from "./help-messages";
import { t as gameText } from "./messages";
import { themeStyle } from "./theme";

const K = ({ a }: { a: string }) => <BoundKeys game="blast" action={a} />;

export function HowToPlayPage() {
  return (
    <main class="blast-page blast-screen blast-text" style={themeStyle(useTheme())}>
      <h1>{gameText("howToPlay")}</h1>
      <ol>
        <li>{t("rule1", { tray: TRAY_SIZE, size: GRID_SIZE })}</li>
        <li>{t("rule2")}</li>
        <li>{t("rule3")}</li>
        <li>{t("rule4", { tray: TRAY_SIZE })}</li>
        <li>{t("rule5", { cell: POINTS_PER_CELL, base: COMBO_BASE_BONUS, increment: COMBO_INCREMENT })}</li>
        <li>{t("rule6", { streak: STREAK_MULTIPLIER })}</li>
        <li>{t("rule7", { perfect: PERFECT_CLEAR_BONUS })}</li>
        <li>{t("rule8", { revives: REVIVES_PER_GAME, cells: REVIVE_CELLS_CLEARED })}</li>
      </ol>
      <h2>{t("keyboard")}</h2>
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
          pause: <K a="pause" />,
        })}
      </p>
      <a class="blast-button primary" href="/games/blast">
        {gameText("backToMenu")}
      </a>
    </main>
  );
}
