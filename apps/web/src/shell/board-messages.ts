/** The leaderboard page's words (shell/leaderboard-page.tsx), loaded with the page. */
import { messages } from "./i18n";

export const en = {
  title: "{game}: leaderboard",
  board: "Board",
  whoPlayed: "Who played",
  when: "When",
  kind_unaided: "Played alone",
  kind_help: "With help",
  period_today: "Today",
  period_week: "This week",
  period_all: "All time",
  thisDevice: "This device",
  loading: "Loading the leaderboard…",
  offline: "The leaderboard is offline right now, and this device has no copy of this board yet.",
  leaderboard: "Leaderboard",
  offlineSince: "Offline: last updated {when}",
  noMore: "No more entries.",
  noHelpGames: "No games with help on this board yet.",
  noGames: "No games on this board yet. Finish a ranked game to be the first!",
  pages: "Pages",
  previous: "Previous",
  next: "Next",
  pageLabel: "{from}–{to} of {total}",
  yourPlace: "Your place",
  notOnBoard: "None of your games is on this board yet.",
  rankOf: "#{rank} of {total}",
  you: " (you)",
  watch: "Watch",
  watchGame: " the game of {name}, #{rank}",
  localBest: "{label}: {score}",
  thisBoard: " (this board)",
};

export const t = messages("boards", en);
