/** "Leaderboard" in a game-over dialog: the game's leaderboard page, opened on the config just played. */
import { leaderboardHref } from "./board-href";

export function BoardLink(props: { game: string; config?: unknown; class: string }) {
  return (
    <a
      class={`${props.class} board-link`}
      href={leaderboardHref(props.game, props.config)}
      data-testid="board-link"
    >
      Leaderboard
    </a>
  );
}
