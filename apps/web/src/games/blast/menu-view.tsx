/** The Block Blast menu page: play (or continue), how to play, and the daily, leaderboard and replays. */
import { useState } from "preact/hooks";
import { CompetitionLinks } from "../../shell/competition-links";
import { useTheme } from "../../shell/look";
import type { GameScreenProps } from "../../shell/types";
import { t } from "./messages";
import { isFinal, loadLeaderboard, savedGame } from "./storage";
import { themeStyle } from "./theme";

export function MenuPage(props: GameScreenProps) {
  const [best] = useState(() => loadLeaderboard()[0]?.score ?? 0);
  const [resumable] = useState(() => {
    const saved = savedGame.restore();
    return saved !== undefined && !isFinal(saved);
  });
  return (
    <main class="blast-page blast-screen blast-menu" style={themeStyle(useTheme())}>
      <h1 class="blast-title">
        <span>{t("titleBlock")}</span> <span>{t("titleBlast")}</span>
      </h1>
      <p class="blast-secondary">{t("bestScore", { score: best })}</p>
      <nav class="blast-menu-buttons" aria-label={t("menu")}>
        <a class="blast-button primary" href="/games/blast/play">
          {resumable ? t("playContinue") : t("play")}
        </a>
        <a class="blast-button" href="/games/blast/how-to-play">
          {t("howToPlay")}
        </a>
      </nav>
      <CompetitionLinks game="blast" linkClass="blast-button" />
      <button type="button" class="blast-link" onClick={props.exit}>
        {t("backToArcade")}
      </button>
    </main>
  );
}
