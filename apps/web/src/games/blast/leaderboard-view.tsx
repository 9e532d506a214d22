/**
 * The leaderboard page: the best finished games kept on this device (the rules' top 5, which works
 * offline and without a server) beside the global boards of ranked games (played alone, and with
 * Hint or Watch), and "How ranking works".
 */
import { useState } from "preact/hooks";
import { GlobalBoard } from "../../shell/global-board";
import { HowRankingWorks } from "../../shell/how-ranking-works";
import { loadLeaderboard } from "./storage";
import { themeStyle } from "./theme";

export function LeaderboardPage() {
  const [entries] = useState(() => loadLeaderboard());
  return (
    <main class="blast-page blast-screen blast-text blast-boards-page" style={themeStyle()}>
      <h1>Leaderboard</h1>
      <div class="blast-boards">
        <section aria-labelledby="blast-local-title">
          <h2 id="blast-local-title">This device</h2>
          {entries.length === 0 ? (
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
          )}
        </section>
        <section aria-labelledby="blast-global-title" data-testid="blast-global">
          <h2 id="blast-global-title">Global</h2>
          <GlobalBoard game="blast" listClass="blast-scores" />
        </section>
        <section aria-labelledby="blast-help-title" data-testid="blast-global-help">
          <h2 id="blast-help-title">Global, with help</h2>
          <GlobalBoard game="blast" listClass="blast-scores" board="help" />
        </section>
      </div>
      <HowRankingWorks class="blast-text" />
      <a class="blast-button primary" href="/games/blast">
        Back to Menu
      </a>
    </main>
  );
}
