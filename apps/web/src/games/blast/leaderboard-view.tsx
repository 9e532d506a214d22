/**
 * Block Blast's leaderboard page (shell/leaderboard-page.tsx) in its own look: one config, the
 * global boards and, beside them, the best finished games kept on this device (the rules' top 5,
 * which works offline and without a server).
 */
import { blastGame } from "@blockarcade/engine/games/blast";
import { useState } from "preact/hooks";
import { formatDate, formatNumber } from "../../shell/i18n";
import { boardChoices, LeaderboardPage } from "../../shell/leaderboard-page";
import { useTheme } from "../../shell/look";
import { t } from "./messages";
import { loadLeaderboard } from "./storage";
import { themeStyle } from "./theme";

const READER = { parseConfig: (raw: unknown) => blastGame.parseConfig(raw), label: () => t("title") };

export function BlastLeaderboard({ search }: { search: string }) {
  const [entries] = useState(() => loadLeaderboard());
  const { choices, open } = boardChoices(READER, [{}], []);
  return (
    <LeaderboardPage
      game="blast"
      title={t("title")}
      search={search}
      choices={choices}
      open={open}
      mainClass="blast-page blast-screen blast-text blast-boards-page"
      style={themeStyle(useTheme())}
      buttonClass="blast-button"
      back={{ href: "/games/blast", label: t("backToMenu") }}
      local={() =>
        entries.length === 0 ? (
          <p class="blast-secondary">{t("noLocalGames")}</p>
        ) : (
          <ol class="blast-scores" data-testid="blast-leaderboard">
            {entries.map((e, i) => (
              <li key={i}>
                <span class="blast-rank">{i + 1}</span>
                <span class="blast-score-value">{formatNumber(e.score)}</span>
                <span class="blast-date">{formatDate(e.date, { dateStyle: "medium" })}</span>
              </li>
            ))}
          </ol>
        )
      }
    />
  );
}
