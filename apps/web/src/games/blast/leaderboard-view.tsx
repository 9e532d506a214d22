/** The leaderboard page: the best finished games, kept on this device. */
import { useState } from "preact/hooks";
import { loadLeaderboard } from "./storage";
import { themeStyle } from "./theme";

export function LeaderboardPage() {
  const [entries] = useState(() => loadLeaderboard());
  return (
    <main class="blast-page blast-screen blast-text" style={themeStyle()}>
      <h1>Leaderboard</h1>
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
      <a class="blast-button primary" href="/games/blast">
        Back to Menu
      </a>
    </main>
  );
}
