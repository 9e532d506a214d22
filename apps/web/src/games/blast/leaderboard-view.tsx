/**
 * Block Blast's leaderboard page (shell/leaderboard-page.tsx) in its own look: one config, the
 * global boards and, beside them, the best finished games kept on this device (the rules' top 5,
 * which works offline and without a server).
 */
import { blastGame } from "@blockarcade/engine/games/blast";
import { useState } from "preact/hooks";
import { boardChoices, LeaderboardPage } from "../../shell/leaderboard-page";
import { useTheme } from "../../shell/look";
import { loadLeaderboard } from "./storage";
import { themeStyle } from "./theme";

const READER = { parseConfig: (raw: unknown) => blastGame.parseConfig(raw), label: () => "Block Blast" };

export function BlastLeaderboard({ search }: { search: string }) {
  const [entries] = useState(() => loadLeaderboard());
  const { choices, open } = boardChoices(READER, [{}], []);
  return (
    <LeaderboardPage
      game="blast"
      title="Block Blast"
      search={search}
      choices={choices}
      open={open}
      mainClass="blast-page blast-screen blast-text blast-boards-page"
      style={themeStyle(useTheme())}
      buttonClass="blast-button"
      back={{ href: "/games/blast", label: "Back to Menu" }}
      local={() =>
        entries.length === 0 ? (
          <p class="blast-secondary">No games finished yet. Play one!</p>
        ) : (
          <ol class="blast-scores" data-testid="blast-leaderboard">
            {entries.map((e, i) => (
              <li key={i}>
                <span class="blast-rank">{i + 1}</span>
                <span class="blast-score-value">{e.score}</span>
                <span class="blast-date">{new Date(e.date).toLocaleDateString()}</span>
              </li>
            ))}
          </ol>
        )
      }
    />
  );
}
